// The page of `dipadj serve`: plain modules, no framework. Everything it shows comes from the
// JSON API (docs/serve.md); nothing is adjudicated here.
import { $, api, item, link, problemText, say, withToken } from "./common.js";
import { hideCases, showCases } from "./cases.js";

async function loadVariants() {
  const { value } = await api("GET", "/api/variants");
  $("variants").replaceChildren(...value.variants.map((v) => link(v.title || `${v.id} (does not load)`, () => showVariant(v.id))));
  $("new-game-variant").replaceChildren(...value.variants.map((v) => new Option(v.title || v.id, v.id)));
  $("new-game-variant").value = value.variants.some((v) => v.id === "standard") ? "standard" : $("new-game-variant").value;
  await loadRuleOptions();
}

// The variant's rule options as a form: each with its DATC issue, its choices (the variant's own
// selected) and one line of meaning; the options chosen in it become the game's house rules.
async function loadRuleOptions() {
  const variant = $("new-game-variant").value;
  if (!variant) return;
  const { ok, value } = await api("GET", `/api/variants/${variant}/rules`);
  if (!ok) return $("rule-options").replaceChildren(item(value.error, "bad"));
  const profile = $("new-game-profile").value;
  $("new-game-profile").replaceChildren(new Option("the variant's rules", ""), ...value.profiles.map((p) => new Option(p, p)));
  $("new-game-profile").value = profile;
  $("rule-options").replaceChildren(...value.options.map((option) => {
    const label = document.createElement("label");
    label.className = "rule";
    label.title = option.key;
    label.append(`${option.issue ? option.issue + " " : ""}${option.title} `);
    let input;
    if (option.number) {
      input = document.createElement("input");
      input.type = "text";
      input.placeholder = option.number.may_be_none ? `${option.number.min}-${option.number.max} or none` : `${option.number.min}-${option.number.max}`;
    } else {
      input = document.createElement("select");
      for (const choice of option.choices) {
        const entry = new Option(`${choice.letter}: ${choice.name}`, choice.name);
        entry.title = choice.meaning;
        entry.disabled = !choice.supported;
        input.append(entry);
      }
    }
    input.name = option.key;
    input.value = option.value;
    input.addEventListener("change", () => { input.dataset.chosen = "yes"; });
    label.append(input);
    return label;
  }));
}

function houseRules() {
  const rules = {};
  for (const input of $("rule-options").querySelectorAll("select, input")) {
    // A choice made in the form is a house rule, over the variant's and the profile's.
    if (input.dataset.chosen !== "yes" || input.value === "") continue;
    rules[input.name] = /^-?\d+$/.test(input.value) ? Number(input.value) : input.value;
  }
  return rules;
}

// The variant shown, and what its files said when last read: the page asks again every two
// seconds and draws anew when that changed, so a designer editing the files sees each change.
const shownVariant = { id: null, problems: null, map: null };

// The page's address names what it shows (#/games/NAME, #/variants/ID): it can be shared, and
// opening it shows that again.
function showInAddress(kind, name) {
  const target = `#/${kind}/${encodeURIComponent(name)}`;
  if (location.hash !== target) history.pushState(null, "", `${location.pathname}${location.search}${target}`);
}

async function showFromAddress() {
  const [, kind, name] = /^#\/(games|variants)\/([A-Za-z0-9._-]+)$/.exec(location.hash) || [];
  if (kind === "games" && !(game && game.name === name && !$("game-view").hidden)) await showGame(name);
  if (kind === "variants" && !(shownVariant.id === name && !$("variant-view").hidden)) await showVariant(name);
}

async function showVariant(id) {
  showInAddress("variants", id);
  $("game-view").hidden = true;
  $("variant-view").hidden = false;
  $("variant-title").textContent = id;
  Object.assign(shownVariant, { id, problems: null, map: null });
  hideCases();
  await refreshVariant();
}

async function refreshVariant() {
  const id = shownVariant.id;
  if (!id || $("variant-view").hidden) return;
  const problems = await api("GET", `/api/variants/${id}/problems`);
  const map = await api("GET", `/api/variants/${id}/map.svg`);
  if (id !== shownVariant.id) return;  // another variant was chosen meanwhile
  const listed = JSON.stringify([problems.value.problems || [], problems.value.warnings || []]);
  if (listed !== shownVariant.problems) {
    const list = problems.value.problems || [];
    // Warnings (dipadj validate's): the variant plays, but a designer wants to know.
    const warnings = (problems.value.warnings || []).map((w) => item(`warning: ${w}`, "warning"));
    $("problems").replaceChildren(...(list.length ? list.map((p) => item(problemText(p), "problem")) : [item("No problems found.")]), ...warnings);
    shownVariant.problems = listed;
  }
  const picture = map.ok ? map.value : "";
  if (picture !== shownVariant.map) {
    $("variant-map").innerHTML = picture;
    shownVariant.map = picture;
  }
}

setInterval(() => refreshVariant(), 2000);

async function loadGames() {
  const { value } = await api("GET", "/api/games");
  $("games").replaceChildren(...value.games.map((name) => link(name, () => showGame(name))));
}

let game = null;  // { name, file }
// The orders' saves under way: a phase is adjudicated or taken back once they are done.
const savesUnderWay = new Set();
function track(save) {
  const done = save.catch((error) => say(String(error), true));
  savesUnderWay.add(done);
  done.finally(() => savesUnderWay.delete(done));
}
const savesDone = () => Promise.all([...savesUnderWay]);

function powersOf(file) {
  const owners = new Set([...Object.keys(file.units || {}), ...Object.keys(file.supply_centres || {})]);
  owners.delete("Neutral");
  return [...owners];
}

async function checkOrders(power, textarea, feedback) {
  const orders = textarea.value.split("\n").map((s) => s.trim()).filter((s) => s);
  const { ok, value } = await api("POST", `/api/games/${game.name}/check`, { power, orders });
  if (!ok) return feedback.replaceChildren(item(value.error, "bad"));
  const meant = (l) => (l.did_you_mean ? ` Did you mean ${l.did_you_mean}?` : "");
  feedback.replaceChildren(...value.lines.map((l) => {
    if (l.error) return item(`${l.text}: ${l.error}.${meant(l)}`, "bad");
    if (!l.legal) return item(`${l.text}: read as ${l.read_as}, illegal here${l.reason ? `: ${l.reason}` : ""}.${meant(l)}`, "bad");
    if (l.listed === false) return item(`${l.text}: read as ${l.read_as}, which the rules let stand, though no possible order is written so.${meant(l)}`, "note");
    return item(l.corrected || l.read_as !== l.text ? `${l.text}: read as ${l.read_as}` : l.read_as, l.corrected ? "note" : "");
  }));
}

function orderForm(power, given) {
  const box = document.createElement("div");
  box.className = "power";
  const label = document.createElement("label");
  label.textContent = power;
  const textarea = document.createElement("textarea");
  textarea.name = power;
  textarea.value = (given || []).join("\n");
  const feedback = document.createElement("ul");
  feedback.className = "feedback";
  textarea.addEventListener("input", () => checkOrders(power, textarea, feedback));
  // A box's orders are saved when it changes (a box left fires its change again: what is saved
  // already is not sent twice). The save names the phase the orders were written for, and the
  // server refuses it for another; adjudicate and undo wait for the saves under way first.
  let saved = textarea.value;
  textarea.addEventListener("change", () => {
    if (textarea.value === saved) return;
    saved = textarea.value;
    const orders = saved.split("\n").map((s) => s.trim()).filter((s) => s);
    track(api("PUT", `/api/games/${game.name}/orders`, { power, orders, phase: game.file.phase }).then(({ ok, value }) => {
      if (!ok) saved = null;  // not saved: the next change sends the box again
      say(ok ? `${power}: orders saved` : value.error, !ok);
    }));
  });
  label.append(textarea);
  box.append(label, feedback, legalOrders(power, textarea));
  return box;
}

// The power's legal orders, by unit, fetched when opened; a click adds one to the box.
function legalOrders(power, textarea) {
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "Legal orders";
  const list = document.createElement("ul");
  list.className = "legal";
  details.append(summary, list);
  details.addEventListener("toggle", async () => {
    if (!details.open || list.childElementCount) return;
    const { orders, error } = await legalFor(power);
    if (error) return list.replaceChildren(item(error, "bad"));
    list.replaceChildren(...orders.map((order) => link(order, () => addOrder(textarea, order))));
  });
  return details;
}

async function showGame(name) {
  $("variant-view").hidden = true;
  // One picture in the page at a time: the map's shapes have the same ids as the game's.
  shownVariant.id = null;
  $("variant-map").replaceChildren();
  $("game-view").hidden = false;
  const { ok, value } = await api("GET", `/api/games/${name}`);
  if (!ok) return say(value.error, true);
  game = { name, file: value };
  showInAddress("games", name);
  $("game-name").textContent = name;
  $("download-game").href = withToken(`/api/games/${name}/game.yaml`);
  $("download-history").href = withToken(`/api/games/${name}/history.json`);
  $("game-link").href = $("game-link").textContent = location.href;
  $("game-phase").textContent = value.phase;
  $("orders").replaceChildren(...powersOf(value).map((p) => orderForm(p, value.orders[p])));
  const picture = await api("GET", `/api/games/${name}/picture.svg`);
  $("game-picture").innerHTML = picture.ok ? picture.value : "";
  const history = await api("GET", `/api/games/${name}/history`);
  $("history").replaceChildren(...(history.value.phases || []).map((p, k) => link(p.phase, () => showHistoryPhase(k, p))));
}

// Orders by clicking on the map, by the kind of phase (its name says it: "... Retreats",
// "... Adjustments"). Movement: a unit, then a province (a move; the unit's own: hold). A unit,
// then another unit, then a province: a support of that unit's move (its own province: a support
// to hold), or, for a fleet and an army, a convoy. Retreats: a dislodged unit, then a province (its
// own: disband). Adjustments: an empty home centre (a build; army or fleet asked where both fit),
// or a unit (its removal). Each order is checked against the phase's legal orders; where several
// fit (a coast to choose), the page asks which. The order then goes into the power's box as if typed.
const clicking = { first: null, second: null };

function unitAt(element) {
  const unit = element.closest && element.closest("g.unit");
  if (!unit) return null;
  // The unit's title is its power and the unit as orders write it: "Italy A Venice".
  const title = unit.querySelector("title");
  const written = title ? title.textContent.slice(unit.dataset.power.length + 1) : "";
  const type = written.startsWith("F ") || unit.classList.contains("fleet") ? "F" : "A";
  return { power: unit.dataset.power, province: unit.dataset.province, type, dislodged: unit.classList.contains("dislodged") };
}

function provinceAt(x, y) {
  for (const element of document.elementsFromPoint(x, y)) {
    const unit = unitAt(element);
    if (unit) return { unit, province: unit.province };
    if (element.id && element.id.startsWith("shape-")) return { unit: null, province: element.id.slice(6) };
  }
  return null;
}

// The power's legal orders as one list (the API groups them by unit, build site or neither).
async function legalFor(power) {
  const { ok, value } = await api("GET", `/api/games/${game.name}/legal?power=${encodeURIComponent(power)}`);
  if (!ok) return { orders: [], error: value.error };
  const orders = [];
  for (const group of Object.values(value.powers[power] || {})) orders.push(...(Array.isArray(group) ? group : Object.values(group).flat()));
  return { orders };
}

// An order added to a power's box as if typed: read back, then saved.
function addOrder(textarea, order) {
  textarea.value = (textarea.value.trim() ? textarea.value.trim() + "\n" : "") + order;
  textarea.dispatchEvent(new Event("input"));
  textarea.dispatchEvent(new Event("change"));
}

// The legal orders a written order may be: the one it reads as, or those it is but for a coast.
async function fitsOf(power, written) {
  const checked = await api("POST", `/api/games/${game.name}/check`, { power, orders: [written] });
  const read = checked.ok && checked.value.lines[0].read_as;
  const { orders: legal } = await legalFor(power);
  if (read && legal.includes(read)) return [read];
  const base = (read || written).replace(/\([a-z]+\)/g, "");
  return legal.filter((order) => order.replace(/\([a-z]+\)/g, "") === base);
}

// One of the orders that fit, asked when there are several.
function pick(fits, written) {
  if (fits.length === 1) return fits[0];
  if (fits.length > 1) {
    const answer = prompt(`Which one?\n${fits.map((o, k) => `${k + 1}: ${o}`).join("\n")}`, "1");
    return fits[Number(answer) - 1] || null;
  }
  say(`${written}: not a legal order here`, true);
  return null;
}

function enter(power, order) {
  const box = document.querySelector(`textarea[name="${power}"]`);
  if (order && box) addOrder(box, order);
}

// A click in an adjustment phase: a unit is removed; an empty province is built in, by the power
// whose build site it is.
async function adjustmentClick(at) {
  if (at.unit) {
    const written = `Remove ${at.unit.type} ${at.unit.province}`;
    return enter(at.unit.power, pick(await fitsOf(at.unit.power, written), written));
  }
  const { ok, value } = await api("GET", `/api/games/${game.name}/legal`);
  if (!ok) return say(value.error, true);
  const builders = Object.keys(value.powers).filter((power) => Object.keys(value.powers[power].builds || {}).length);
  const fits = [];
  for (const power of builders)
    for (const type of ["A", "F"])
      for (const order of await fitsOf(power, `Build ${type} ${at.province}`)) fits.push({ power, order });
  const chosen = pick(fits.map((f) => `${f.power}: ${f.order}`), `a build in ${at.province}`);
  const fit = fits.find((f) => `${f.power}: ${f.order}` === chosen);
  if (fit) enter(fit.power, fit.order);
}

// The order two or three clicks make in a movement or retreat phase.
function writtenOrder(first, second, province, retreats) {
  const unit = `${first.type} ${first.province}`;
  if (retreats) return province === first.province ? `${unit} Disband` : `${unit} - ${province}`;
  if (!second) return province === first.province ? `${unit} H` : `${unit} - ${province}`;
  const other = `${second.type} ${second.province}`;
  if (province === second.province) return `${unit} S ${other}`;
  const kind = first.type === "F" && second.type === "A" ? "C" : "S";
  return `${unit} ${kind} ${other} - ${province}`;
}

async function clickOrder(event) {
  const at = provinceAt(event.clientX, event.clientY);
  if (!at) return;
  if (/\bAdjustments\b/.test(game.file.phase)) return adjustmentClick(at);
  const retreats = /\bRetreats\b/.test(game.file.phase);
  if (!clicking.first) {
    if (at.unit && (!retreats || at.unit.dislodged)) clicking.first = at.unit;
    say(clicking.first ? `${at.unit.type} ${at.unit.province}: now a province${retreats ? " (its own: disband)" : ", or another unit to support or convoy"}`
                       : retreats ? "a dislodged unit first" : "");
    return;
  }
  if (!retreats && !clicking.second && at.unit && at.unit.province !== clicking.first.province) {
    clicking.second = at.unit;
    say(`${clicking.first.type} ${clicking.first.province} with ${at.unit.type} ${at.unit.province}: now the province`);
    return;
  }
  const { first, second } = clicking;
  clicking.first = clicking.second = null;
  const written = writtenOrder(first, second, at.province, retreats);
  enter(first.power, pick(await fitsOf(first.power, written), written));
}

async function showHistoryPhase(index, phase) {
  const picture = await api("GET", `/api/games/${game.name}/picture.svg?phase=${index}`);
  $("game-picture").innerHTML = picture.ok ? picture.value : "";
  showResults(phase.results);
}

function showResults(results) {
  $("results").replaceChildren(...(results.orders || []).map((o) =>
    item(`${o.power}: ${o.order} -> ${o.result}${o.reason ? ": " + o.reason : ""}`, o.result)));
}

async function adjudicate(allowMissing = false) {
  await savesDone();
  const phase = game.file.phase;
  const { ok, status, value } = await api("POST", `/api/games/${game.name}/adjudicate`, { phase, allow_missing: allowMissing });
  if (!ok && status === 409 && value.missing && !allowMissing) {
    if (confirm(`Adjudicate with ${value.missing.length} power(s) holding (${value.missing.join(", ")})?`)) return adjudicate(true);
    return;
  }
  if (!ok) return say(value.error, true);
  say(`${phase} adjudicated`);
  await showGame(game.name);
  showResults(value);
}

// Orders entered for the phase are lost when the phase before it is taken back: the page asks
// first, and the server refuses unless told to drop them.
async function undo() {
  await savesDone();
  const entered = [...document.querySelectorAll("#orders textarea")].filter((box) => box.value.trim()).map((box) => box.name);
  if (entered.length && !confirm(`Undo loses the orders entered for ${game.file.phase} (${entered.join(", ")}): take the phase back anyway?`)) return;
  const { ok, value } = await api("POST", `/api/games/${game.name}/undo`, { phase: game.file.phase, drop_entered_orders: entered.length > 0 });
  if (!ok) return say(value.error, true);
  say(`${value.phase} taken back`);
  await showGame(game.name);
}

$("new-game-variant").addEventListener("change", () => loadRuleOptions());
$("run-cases").addEventListener("click", () => showCases(shownVariant.id));
$("game-picture").addEventListener("click", (event) => clickOrder(event));
$("adjudicate").addEventListener("click", () => adjudicate());
$("undo").addEventListener("click", () => undo());
$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const { ok, value } = await api("POST", "/api/games",
    { name: form.get("name"), variant: form.get("variant"), profile: form.get("profile"), rules: houseRules() });
  if (!ok) return say(value.error, true);
  await loadGames();
  await showGame(form.get("name"));
});

// A game made from files saved before (the game file, and its history if kept): the server reads
// them as it reads its own and says what is wrong with them.
$("upload-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const history = form.get("history");
  const { ok, value } = await api("POST", "/api/games", {
    name: form.get("name"), game: await form.get("game").text(), history: history && history.size ? await history.text() : "" });
  if (!ok) return say(`${value.error}${value.problems && value.problems[0].line ? ` (${problemText(value.problems[0])})` : ""}`, true);
  say(`${form.get("name")}: uploaded`);
  await loadGames();
  await showGame(form.get("name"));
});
window.addEventListener("popstate", () => showFromAddress());

await loadVariants();
await loadGames();
await showFromAddress();
