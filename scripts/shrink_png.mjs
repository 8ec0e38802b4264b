// Scales PNG pictures to a width, in Debian's Chromium through playwright-core (what the browser
// tests already need: no image tool is required). Used by scripts/update-serve-screenshots.sh.
//
//   node scripts/shrink_png.mjs WIDTH IN.png OUT.png [IN.png OUT.png ...]
import { existsSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [width, ...files] = process.argv.slice(2);
const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
if (!executablePath || !Number(width) || files.length % 2) {
  console.error("usage: node scripts/shrink_png.mjs WIDTH IN.png OUT.png ... (Chromium and playwright-core needed)");
  process.exit(2);
}
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 100 } });
  for (let k = 0; k < files.length; k += 2) {
    const data = readFileSync(files[k]).toString("base64");
    await page.setContent(`<body style="margin:0"><img style="display:block;width:${width}px" src="data:image/png;base64,${data}"></body>`);
    await page.locator("img").evaluate((img) => img.decode());
    await page.locator("img").screenshot({ path: files[k + 1] });
    console.log(files[k + 1]);
  }
} finally {
  await browser.close();
}
