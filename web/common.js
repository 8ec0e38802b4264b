// What every part of the page uses: the API's requests (with the token the page was opened with),
// the status line, list items.
const token = new URLSearchParams(location.search).get("token");
export const $ = (id) => document.getElementById(id);

// An address of the API for a link (a download): the token in the address, as a link sends no header.
export function withToken(path) {
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

export async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Dipadj-Token"] = token;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = response.headers.get("Content-Type") || "";
  const value = type.startsWith("application/json") ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, value };
}

export function say(text, isError = false) {
  $("status").textContent = text;
  $("status").className = isError ? "error" : "";
}

export function item(text, className) {
  const li = document.createElement("li");
  li.textContent = text;
  if (className) li.className = className;
  return li;
}

export function link(text, action) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.addEventListener("click", action);
  li.append(button);
  return li;
}

export function problemText(p) {
  return `${p.file}${p.line ? ":" + p.line : ""}: ${p.message}`;
}

