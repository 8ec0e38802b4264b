// A variant's test cases on the page: the case files that concern it, run by the server (the core's
// case runner, as `dipadj datc` runs them) and listed with pass or fail; one case opened shows each
// phase's board before (with the orders and their results) and after, and beside what came of it
// what the case expects.
import { $, api, item, link, problemText, say } from "./common.js";

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

// A picture as an image of its own: the case's pictures share ids with each other and the map.
function picture(svg, caption) {
  const figure = element("figure", undefined, "case-picture");
  const image = element("img");
  image.alt = caption;
  image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  figure.append(image, element("figcaption", caption));
  return figure;
}

function cell(row, text, className) {
  row.append(element("td", text ?? "", className));
}

// Each order of the case: what the case expects beside the result it got.
function ordersTable(orders) {
  const table = element("table", undefined, "case-orders");
  const head = element("tr");
  for (const title of ["Power", "Order", "Expected", "Result", "Why"]) head.append(element("th", title));
  table.append(head);
  for (const order of orders) {
    const row = element("tr");
    if (order.expected && order.expected !== order.result) row.className = "differs";
    cell(row, order.power);
    cell(row, order.order);
    cell(row, order.expected || "(not said)");
    cell(row, order.result || "(no result)", order.result);
    cell(row, order.reason);
    table.append(row);
  }
  return table;
}

// The board the case expects after the phase beside the one that came, power by power.
function boardsTable(expected, results) {
  const table = element("table", undefined, "case-boards");
  const head = element("tr");
  for (const title of ["", "Expected", "Came"]) head.append(element("th", title));
  table.append(head);
  for (const key of ["units", "supply_centres"]) {
    if (!expected[key]) continue;
    const powers = new Set([...Object.keys(expected[key]), ...Object.keys(results[key] || {})]);
    for (const power of powers) {
      const want = (expected[key][power] || []).slice().sort().join(", ");
      const got = ((results[key] || {})[power] || []).slice().sort().join(", ");
      const row = element("tr");
      if (want !== got) row.className = "differs";
      cell(row, `${power} ${key === "units" ? "units" : "centres"}`);
      cell(row, want);
      cell(row, got);
      table.append(row);
    }
  }
  return table;
}

function showPhase(phase, passed) {
  const section = element("section", undefined, "case-phase");
  section.append(element("h4", phase.phase));
  const pictures = element("div", undefined, "case-pictures");
  pictures.append(picture(phase.before, "Before, with the orders and their results"), picture(phase.after, "After"));
  if (!passed && phase.expected_after) pictures.append(picture(phase.expected_after, "After, as the case expects"));
  section.append(pictures, ordersTable(phase.orders));
  if (!passed && (phase.expected.units || phase.expected.supply_centres)) section.append(boardsTable(phase.expected, phase.results));
  return section;
}

async function openCase(variant, listed) {
  const { ok, value } = await api("GET", `/api/variants/${variant}/cases/${encodeURIComponent(listed.id)}?file=${encodeURIComponent(listed.file)}`);
  if (!ok) return say(value.error, true);
  $("case-view").hidden = false;
  $("case-title").textContent = `${value.id} ${value.title} (${value.file}): ${value.problems ? "cannot be read" : value.passed ? "passes" : "FAILS"}`;
  $("case-note").textContent = value.note || "";
  const differences = value.problems ? value.problems.map(problemText) : value.differences;
  $("case-differences").replaceChildren(...differences.map((d) => item(d, "problem")));
  $("case-phases").replaceChildren(...(value.phases || []).map((phase) => showPhase(phase, value.passed)));
  $("case-view").scrollIntoView();
}

function caseEntry(variant, listed) {
  const verdict = listed.problems ? "cannot be read" : listed.passed ? "pass" : "FAIL";
  const entry = link(`${listed.id} ${listed.title}`, () => openCase(variant, listed));
  entry.className = listed.passed ? "case passes" : "case fails";
  entry.prepend(element("span", verdict, "verdict"));
  // Two files may have cases of one id (6.A.1 in DATC v2.4 and v3.1): the file tells them apart.
  entry.append(element("span", listed.file, "case-file"));
  return entry;
}

// Runs the variant's cases on the server and lists them, the failing ones first.
export async function showCases(variant) {
  $("case-view").hidden = true;
  $("case-totals").textContent = "running...";
  const { ok, value } = await api("GET", `/api/variants/${variant}/cases`);
  if (!ok) {
    $("case-totals").textContent = "";
    return say(value.error, true);
  }
  const ordered = [...value.cases.filter((c) => !c.passed), ...value.cases.filter((c) => c.passed)];
  $("case-totals").textContent = value.cases.length
    ? `${value.passed} passed, ${value.failed} failed`
    : "no case file names this variant";
  $("cases").replaceChildren(...value.files.map((f) => item(`${f.file}: ${f.problems.map(problemText).join("; ")}`, "problem")),
                             ...ordered.map((c) => caseEntry(variant, c)));
}

export function hideCases() {
  $("cases").replaceChildren();
  $("case-totals").textContent = "";
  $("case-view").hidden = true;
}
