// dipadj serve's page in a real headless Chromium (Debian's), driven by playwright-core (issue 31):
// a broken variant shows its problem with file and line, and a one-way trap its warning; a Standard
// game is created, orders are typed for some powers (each line read back), the phase adjudicated after the page asks about the
// powers without orders, the results listed and drawn, the phase taken back and adjudicated again,
// the history stepped through, the files downloaded and uploaded, the game's address opened; Colonial's test cases run from the page. A screenshot of each step lands in SCREENSHOTS.
//
//   node tests/serve/in_browser.mjs DIPADJ SOURCE_DIR SCREENSHOTS
//
// Exit 77 (skipped) without Chromium or without playwright-core (scripts/setup.sh installs both).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, cpSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";

const [dipadj, source, screenshots] = process.argv.slice(2);
const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
if (!chromiumPath) {
  console.log("skipped: no Chromium (scripts/setup.sh installs Debian's chromium)");
  process.exit(77);
}
let chromium;
try {
  ({ chromium } = await import("playwright-core"));
} catch {
  console.log("skipped: playwright-core is not installed (scripts/setup.sh runs npm ci)");
  process.exit(77);
}

const failures = [];
function check(condition, what) {
  if (!condition) {
    failures.push(what);
    console.log("FAILED:", what);
  }
}

// The Standard variant with a border to a province that is not on the map.
function brokenVariant(work) {
  const folder = path.join(work, "broken");
  cpSync(path.join(source, "variants", "standard"), folder, { recursive: true, filter: (p) => !p.includes("examples") });
  const map = path.join(folder, "map.yaml");
  writeFileSync(map, readFileSync(map, "utf8").replace("army: [bre, pic, bur, gas]", "army: [bre, pic, bur, gas, atlantis]"));
  return folder;
}

function startServer(work) {
  const server = spawn(dipadj, ["serve", "--port", "0", "--games", path.join(work, "games"), brokenVariant(work)]);
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: server.stdout });
    lines.once("line", (line) => {
      const url = line.split(" ")[2];
      if (!url || !url.startsWith("http://")) reject(new Error(`the server did not start: ${line}`));
      else resolve({ server, url });
    });
    server.once("exit", (code) => reject(new Error(`the server stopped (${code})`)));
  });
}

// The whole page, or (`fullPage` false) what the window shows.
async function shot(page, name, fullPage = true) {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage });
}

// Clicks a province's shape where nothing is drawn over it (no unit, no label): the click must
// land on the province itself, as a player's would.
async function clickProvince(page, province) {
  const point = await page.evaluate((id) => {
    const shape = document.querySelector(`#game-picture [id="shape-${id}"]`);
    shape.scrollIntoView({ block: "center", inline: "center" });
    const box = shape.getBoundingClientRect();
    // Well inside the shape: the point and the points 5 px around it are the shape's.
    const inside = (x, y) => [[0, 0], [5, 0], [-5, 0], [0, 5], [0, -5]].every(([dx, dy]) => document.elementFromPoint(x + dx, y + dy) === shape);
    for (let fy = 0.1; fy < 1; fy += 0.05)
      for (let fx = 0.1; fx < 1; fx += 0.05) {
        const x = box.left + box.width * fx, y = box.top + box.height * fy;
        if (inside(x, y)) return { x, y };
      }
    return null;
  }, province);
  if (!point) throw new Error(`no free point in the shape of ${province}`);
  await page.mouse.click(point.x, point.y);
}

// Clicks a unit's own mark (not a label beside it); `which` picks among units (".dislodged").
async function clickUnit(page, province, which = "") {
  const point = await page.evaluate(([id, kind]) => {
    const unit = document.querySelector(`#game-picture g.unit${kind}[data-province="${id}"]`);
    if (!unit) return { missing: document.querySelectorAll("#game-picture g.unit").length };
    unit.scrollIntoView({ block: "center", inline: "center" });
    const mark = unit.querySelector("rect, polygon, path, circle") || unit;
    const box = mark.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    return unit.contains(document.elementFromPoint(x, y)) ? { x, y } : null;
  }, [province, which]);
  if (!point || point.missing !== undefined) throw new Error(`the unit in ${province} is covered or missing: ${JSON.stringify(point)}`);
  await page.mouse.click(point.x, point.y);
}

async function typeOrders(page, power, orders) {
  const box = page.locator(`textarea[name="${power}"]`);
  await box.fill(orders.join("\n"));
  await box.dispatchEvent("change");
  await page.locator("#status", { hasText: `${power}: orders saved` }).waitFor();
}

// Colonial's test cases run from the page: every one passes; one opened shows its boards.
async function runCases(page) {
  await page.locator("#variants li button", { hasText: "Colonial Diplomacy" }).click();
  await page.click("#run-cases");
  const totals = page.locator("#case-totals", { hasText: "passed" });
  await totals.waitFor();
  const counted = /(\d+) passed, (\d+) failed/.exec(await totals.textContent());
  check(counted && Number(counted[1]) >= 10 && counted[2] === "0", `Colonial's cases all pass: ${await totals.textContent()}`);
  check(await page.locator("#cases li.fails").count() === 0, "no case is listed as failing");
  await page.locator("#cases li button", { hasText: "7.A.1 Hong Kong is not" }).click();
  await page.locator("#case-title", { hasText: "7.A.1" }).waitFor();
  // Two phases (Fall, then Winter's builds), each drawn before and after: four pictures, loaded.
  const drawn = await page.waitForFunction(() => [...document.querySelectorAll("#case-phases img")]
    .filter((img) => img.complete && img.naturalWidth > 0).length >= 4).then(() => true, () => false);
  check(drawn, "the case's boards are drawn before and after each phase");
  check((await page.locator("#case-phases .case-orders tr", { hasText: "A Canton - Hong Kong" }).textContent()).includes("succeeds"),
        "the case's orders are listed with what they expect and what came");
  await page.locator("#run-cases").evaluate((button) => button.scrollIntoView({ block: "start" }));
  await shot(page, "1c-test-cases", false);
}

async function play(page) {
  await page.fill('#new-game input[name="name"]', "e2e");
  // The Standard variant is chosen to begin with; its rule options are in the form once loaded.
  await page.locator('#rule-options select[name="convoy_paradox"]').waitFor({ state: "attached" });
  check(await page.inputValue("#new-game-variant") === "standard", "the Standard variant is chosen to begin with");
  // House rules: the 1971 rulebook's profile, and one chapter-4 option changed on top.
  await page.selectOption("#new-game-profile", "rulebook-1971");
  await page.click("#house-rules summary");
  await page.selectOption('#rule-options select[name="convoy_paradox"]', "dptg");
  await page.click('#new-game button[type="submit"]');
  await page.locator("#game-phase", { hasText: "Spring 1901 Movement" }).waitFor();
  const file = await page.evaluate(async () => (await fetch("/api/games/e2e")).json());
  // The game file keeps the profile's choices, option by option, and the one changed on top.
  const rules = file.rules || {};
  check(rules.convoy_paradox === "dptg" && rules.adjacent_convoy === "land_unless_opposite_move_and_convoy_succeeds",
        `the game keeps its profile's and house rules: ${JSON.stringify(rules)}`);
  await shot(page, "2-new-game");

  await page.locator('textarea[name="France"]').fill("A Par - Burgundyy\nF Bre - Mao\nA Mar - Mun");
  await page.locator('textarea[name="France"]').dispatchEvent("input");
  const feedback = page.locator(".power", { has: page.locator('textarea[name="France"]') }).locator(".feedback li");
  await feedback.nth(2).waitFor();
  check((await feedback.nth(0).textContent()).includes("read as A Paris - Burgundy"), "a misspelt order is read back");
  const impossible = await feedback.nth(2).textContent();
  // This game's house rules let every order stand (it will fail): flagged, with the nearest possible order.
  check(impossible.includes("read as A Marseilles - Munich") && impossible.includes("Did you mean A Marseilles - "),
        `an impossible move is flagged with the nearest possible order: ${impossible}`);
  await shot(page, "3-orders-read");

  // An order taken from the legal orders of a unit, by a click.
  const italy = page.locator(".power", { has: page.locator('textarea[name="Italy"]') });
  await italy.locator("summary", { hasText: "Legal orders" }).click();
  await italy.locator(".legal button", { hasText: "A Venice - Tyrolia" }).click();
  await page.locator("#status", { hasText: "Italy: orders saved" }).waitFor();
  check((await page.locator('textarea[name="Italy"]').inputValue()) === "A Venice - Tyrolia", "a legal order is taken by a click");

  // Orders by clicking on the map: Russia's army from Warsaw into Galicia (a unit, a province);
  // Austria's army in Vienna supporting the one from Budapest into Galicia (a unit, a unit, a province).
  await page.locator("#game-picture g.unit").first().waitFor({ state: "attached" });
  await clickUnit(page, "war");
  await clickProvince(page, "gal");
  await page.locator("#status", { hasText: "Russia: orders saved" }).waitFor();
  const russia = await page.locator('textarea[name="Russia"]').inputValue();
  check(russia === "A Warsaw - Galicia", `a move entered by two clicks: ${russia}`);
  await clickUnit(page, "vie");
  await clickUnit(page, "bud");
  await clickProvince(page, "gal");
  await page.locator("#status", { hasText: "Austria: orders saved" }).waitFor();
  const austria = await page.locator('textarea[name="Austria"]').inputValue();
  check(austria === "A Vienna Supports A Budapest - Galicia", `a support entered by three clicks: ${austria}`);
  await shot(page, "3b-orders-clicked");

  await typeOrders(page, "France", ["A Par - Bur", "F Bre - Mao", "A Mar H"]);
  // Germany's orders typed and the button clicked at once: the box's save, fired by the click that
  // leaves it, is waited for before the phase is adjudicated.
  await page.locator('textarea[name="Germany"]').fill(["A Mun - Ruh", "F Kie - Den", "A Ber - Kie"].join("\n"));
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    dialog.accept();
  });
  await page.click("#adjudicate");
  await page.locator("#game-phase", { hasText: "Fall 1901 Movement" }).waitFor();
  check(asked.includes("2 power(s) holding"), `the page asks before powers hold: '${asked}'`);
  const results = page.locator("#results");
  await results.locator("li", { hasText: "France: A Paris - Burgundy -> succeeds" }).waitFor();
  check(await results.locator("li", { hasText: "Germany: A Munich - Ruhr -> succeeds" }).count() === 1,
        "orders typed just before the click on adjudicate are adjudicated");
  check(await page.locator('#game-picture [data-power="France"][data-province="bur"]').count() > 0, "the French army is drawn in Burgundy");
  await shot(page, "4-adjudicated");

  // An order entered for Fall: the page asks before undo drops it.
  await typeOrders(page, "France", ["A Bur - Bel"]);
  let warned = "";
  page.once("dialog", (dialog) => {
    warned = dialog.message();
    dialog.accept();
  });
  await page.click("#undo");
  await page.locator("#game-phase", { hasText: "Spring 1901 Movement" }).waitFor();
  check(warned.includes("Undo loses the orders entered for Fall 1901 Movement (France)"), `the page asks before orders are lost: '${warned}'`);
  check((await page.locator('textarea[name="France"]').inputValue()).includes("A Par - Bur"), "undo brings the orders back");
  await shot(page, "5-undone");

  page.once("dialog", (dialog) => dialog.accept());
  await page.click("#adjudicate");
  await page.locator("#game-phase", { hasText: "Fall 1901 Movement" }).waitFor();
  await page.locator("#history li button", { hasText: "Spring 1901 Movement" }).click();
  await results.locator("li", { hasText: "Germany: A Munich - Ruhr -> succeeds" }).waitFor();
  check(await page.locator("#game-picture svg").count() === 1, "a phase of the history is drawn");
  await shot(page, "6-history");
}

// The game's files downloaded from the page and uploaded as another game; the game's address
// opened in a new page shows the game.
async function filesAndAddress(browser, page) {
  const [game] = await Promise.all([page.waitForEvent("download"), page.click("#download-game")]);
  const [history] = await Promise.all([page.waitForEvent("download"), page.click("#download-history")]);
  check(game.suggestedFilename() === "e2e.game.yaml" && history.suggestedFilename() === "e2e.history.json",
        `the files are saved under their names: ${game.suggestedFilename()} ${history.suggestedFilename()}`);
  await page.fill('#upload-game input[name="name"]', "e2e-copy");
  await page.setInputFiles('#upload-game input[name="game"]', await game.path());
  await page.setInputFiles('#upload-game input[name="history"]', await history.path());
  await page.click('#upload-game button[type="submit"]');
  await page.locator("#game-name", { hasText: "e2e-copy" }).waitFor();
  check((await page.textContent("#game-phase")) === "Fall 1901 Movement", "the uploaded game is at its phase");
  // The history is listed once the picture is drawn: waited for, then counted.
  await page.locator("#history li").first().waitFor();
  check(await page.locator("#history li").count() === 1, "the uploaded game has its history");
  check(page.url().endsWith("#/games/e2e-copy"), `the page's address names the game: ${page.url()}`);
  await shot(page, "7-uploaded");
  const shared = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await shared.goto(page.url().replace("e2e-copy", "e2e"));
  await shared.locator("#game-name", { hasText: "e2e" }).waitFor();
  check((await shared.textContent("#game-phase")) === "Fall 1901 Movement", "the game's address opens the game");
  await shared.close();
}

// The uploaded game's Fall 1901 played (every unit holding): Germany, which took Denmark in
// Spring, builds in Winter; a click on Munich, an empty home centre, enters the build.
async function adjustmentByClick(page) {
  page.once("dialog", (dialog) => dialog.accept());
  await page.click("#adjudicate");
  await page.locator("#game-phase", { hasText: "Winter 1901 Adjustments" }).waitFor();
  // The Winter picture, not the Fall one it replaces.
  await page.locator("#game-picture svg", { hasText: "Winter 1901 Adjustments" }).waitFor({ state: "attached" });
  await clickProvince(page, "mun");
  await page.locator("#status", { hasText: "Germany: orders saved" }).waitFor();
  const germany = await page.locator('textarea[name="Germany"]').inputValue();
  check(germany === "Build A Munich", `a build entered by a click on its home centre: ${germany}`);
  await shot(page, "8-build-clicked");
}

// A retreat by clicking: Fall 1901 Retreats with the Italian army in Venice dislodged (a game file
// uploaded through the API), the dislodged unit clicked, then Tuscany.
const retreatGame = `format: dipadj-game/1
variant: standard
phase: Fall 1901 Retreats
units:
  Austria: [A Budapest, F Trieste, A Vienna]
  Germany: [A Berlin, F Kiel, A Venice]
  Italy: [F Naples, A Rome]
dislodged:
  Italy:
    - unit: A Venice
      attacker_from: Tyrolia
      retreats: [Apulia, Piedmont, Tuscany]
supply_centres:
  Austria: [Budapest, Trieste, Vienna]
  Germany: [Berlin, Kiel, Munich]
  Italy: [Naples, Rome, Venice]
`;

async function retreatByClick(page, url) {
  const status = await page.evaluate(async (game) =>
    (await fetch("/api/games", { method: "POST", body: JSON.stringify({ name: "retreat", game }) })).status, retreatGame);
  check(status === 200, `a game at a retreat phase is uploaded: ${status}`);
  await page.goto(`${url}#/games/retreat`);
  await page.locator("#game-phase", { hasText: "Fall 1901 Retreats" }).waitFor();
  await page.locator("#game-picture g.unit.dislodged").waitFor({ state: "attached" });
  await clickUnit(page, "ven", ".dislodged");
  await clickProvince(page, "tus");
  await page.locator("#status", { hasText: "Italy: orders saved" }).waitFor();
  const italy = await page.locator('textarea[name="Italy"]').inputValue();
  check(italy === "A Venice - Tuscany", `a retreat entered by clicking the dislodged unit, then a province: ${italy}`);
  await shot(page, "9-retreat-clicked");
}

async function main() {
  mkdirSync(screenshots, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "dipadj-browser-"));
  const { server, url } = await startServer(work);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync"],
  });
  let page;
  try {
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
    page.setDefaultTimeout(15000);
    await page.goto(url);
    await page.locator("#variants li button", { hasText: "Diplomacy (Standard map, 2000 rulebook)" }).first().waitFor();
    await page.locator("#variants li button", { hasText: "broken (does not load)" }).click();
    const problem = page.locator("#problems li", { hasText: "atlantis" });
    await problem.waitFor();
    check(/map\.yaml:\d+: /.test(await problem.textContent()), "the broken border is named with its file and line");
    await shot(page, "1-broken-variant");
    // The designer mends the border in an editor: the page follows, with no click.
    const map = path.join(work, "broken", "map.yaml");
    writeFileSync(map, readFileSync(map, "utf8").replace("army: [bre, pic, bur, gas, atlantis]", "army: [bre, pic, bur, gas]"));
    await page.locator("#problems li", { hasText: "No problems found." }).waitFor();
    check(await page.locator("#variant-map svg").count() === 1, "the mended variant's map is drawn");
    await shot(page, "1b-variant-mended");
    // A one-way border into a pit: the variant plays, and the page warns of the trap as validate does.
    const mended = readFileSync(map, "utf8");
    writeFileSync(map, mended + "  - id: pit\n    name: Pit\n    at: [300, 300]\n    kind: land\none_way:\n  - {army: [bur, pit]}\n");
    await page.locator("#problems li.warning", { hasText: "a unit that enters pit can never leave" }).waitFor();
    check(await page.locator("#problems li", { hasText: "No problems found." }).count() === 1, "a warning is no problem: the variant plays");
    writeFileSync(map, mended);
    await page.locator("#problems li.warning").first().waitFor({ state: "detached" });
    await runCases(page);
    await play(page);
    await filesAndAddress(browser, page);
    await adjustmentByClick(page);
    await retreatByClick(page, url);
  } catch (error) {
    failures.push(String(error));
    console.log("FAILED:", error, "; the page said:", page ? await page.textContent("#status").catch(() => "?") : "?");
  } finally {
    await browser.close();
    server.kill();
    rmSync(work, { recursive: true, force: true });
  }
  if (failures.length) {
    console.log(`${failures.length} check(s) failed; screenshots in ${screenshots}`);
    process.exit(1);
  }
  console.log(`serve in Chromium: every check passed; screenshots in ${screenshots}`);
}

await main();
