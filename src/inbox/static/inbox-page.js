// The approval inbox page's state and its small helpers. The session key handed out at sign-in
// lives in this tab's sessionStorage (this origin only) and goes with every request as a header:
// the cookie alone, which the browser also sends to other ports of this host, reads and decides
// nothing. Every piece of HTML the page's modules insert was rendered and escaped by the server.

// How often the list is read again: the server may set it (createInboxHandler's refreshMs).
export const POLL_MS = Number(document.body.dataset.refreshMs) || 1500;
const KEY = "adrails-inbox-key";
const HEADER = "x-adrails-inbox-key";
/** Item id -> the version this page shows. */
export const known = new Map();
export const pages = { pending: 1, history: 1 };
// Items opened whole from their compact form (`item?id=`): id -> the compact version they replaced.
export const expanded = new Map();
// `lost`: an answer left out the HTML of an item this page no longer holds: the next poll asks for all.
export const state = { etag: "", timer: undefined, lost: false };

export function $(id) {
  return document.getElementById(id);
}

export function key() {
  return sessionStorage.getItem(KEY) || "";
}

export function keepKey(value) {
  sessionStorage.setItem(KEY, value);
}

export function fromHtml(html) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  return template.content.firstElementChild;
}

export function announce(text) {
  $("announce").textContent = text;
}

export function showConnection(text) {
  const banner = $("connection");
  banner.textContent = text || "";
  banner.hidden = !text;
}

export function showSignIn(problem) {
  clearTimeout(state.timer);
  sessionStorage.removeItem(KEY);
  known.clear();
  state.etag = "";
  $("inbox").hidden = true;
  $("signin").hidden = false;
  const error = $("signin-error");
  error.textContent = problem || "";
  error.hidden = !problem;
}

export function headers(extra) {
  return { accept: "application/json", [HEADER]: key(), ...extra };
}
