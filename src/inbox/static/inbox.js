// The approval inbox page. The session key handed out at sign-in lives in this tab's
// sessionStorage (this origin only) and goes with every request as a header: the cookie alone,
// which the browser also sends to other ports of this host, reads and decides nothing.
// Every piece of HTML inserted here was rendered and escaped by the server.

// How often the list is read again: the server may set it (createInboxHandler's refreshMs).
const POLL_MS = Number(document.body.dataset.refreshMs) || 1500;
const KEY = "adrails-inbox-key";
const HEADER = "x-adrails-inbox-key";
const known = new Map();
const pages = { pending: 1, history: 1 };
let etag = "";
let timer;

function $(id) {
  return document.getElementById(id);
}

function key() {
  return sessionStorage.getItem(KEY) || "";
}

function fromHtml(html) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  return template.content.firstElementChild;
}

function announce(text) {
  $("announce").textContent = text;
}

function showConnection(text) {
  const banner = $("connection");
  banner.textContent = text || "";
  banner.hidden = !text;
}

function showSignIn(problem) {
  clearTimeout(timer);
  sessionStorage.removeItem(KEY);
  known.clear();
  etag = "";
  $("inbox").hidden = true;
  $("signin").hidden = false;
  const error = $("signin-error");
  error.textContent = problem || "";
  error.hidden = !problem;
}

function headers(extra) {
  return { accept: "application/json", [HEADER]: key(), ...extra };
}

// Items opened whole from their compact form (`item?id=`): id -> the compact version they replaced.
const expanded = new Map();
// An answer left out the HTML of an item this page no longer holds: the next poll asks for all.
let lost = false;

/** The versions this page shows: the server sends those items without their HTML. */
function have() {
  const out = [];
  for (const el of document.querySelectorAll("#pending article[data-id], #history article[data-id]")) {
    const version = known.get(el.dataset.id);
    if (version) out.push(version);
  }
  return out.join(",");
}

function placeList(name, list) {
  const container = $(name);
  const wanted = new Set(list.items.map((i) => i.id));
  for (const el of [...container.children]) if (!wanted.has(el.dataset.id)) el.remove();
  let added = 0;
  let previous = null;
  for (const item of list.items) {
    let el = $(`item-${item.id}`);
    const before = known.get(item.id);
    // A waiting item keeps what the person is typing; anything else is replaced when it changed
    // (a waiting item too, e.g. a first approval of two, while nothing is typed in it).
    const typing =
      el && [...el.querySelectorAll("input[type=text], textarea")].some((field) => field.value !== "");
    const keep =
      el &&
      el.dataset.state === item.state &&
      (before === item.version ||
        expanded.get(item.id) === item.version ||
        (item.state === "pending" && typing));
    if (!keep && item.html === undefined) {
      // The server thought this page had it: ask again for everything.
      lost = true;
      continue;
    }
    // A version kept unseen because of typing is shown once the fields are empty.
    if ((!keep || before === item.version) && item.html !== undefined) known.set(item.id, item.version);
    if (!keep) {
      expanded.delete(item.id);
      const fresh = fromHtml(item.html);
      const hadFocus = el?.contains(document.activeElement);
      if (el) el.remove();
      else if (name === "pending") added++;
      el = fresh;
      if (hadFocus) {
        el.tabIndex = -1;
        queueMicrotask(() => el.focus());
      }
    }
    // Moved only when out of place: a node moved in the DOM loses the person's click or selection.
    if (previous ? previous.nextElementSibling !== el : container.firstElementChild !== el) {
      if (previous) previous.after(el);
      else container.prepend(el);
    }
    previous = el;
  }
  const pager = $(`${name}-pager`);
  pager.hidden = list.pages <= 1;
  pager.replaceChildren();
  if (list.pages > 1) {
    const hidden = list.total - list.items.length;
    const text = document.createElement("span");
    text.textContent = `Page ${list.page} of ${list.pages}: ${hidden} more on other pages. `;
    pager.append(text);
    for (const [label, to] of [
      ["Previous page", list.page - 1],
      ["Next page", list.page + 1],
    ]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.textContent = label;
      button.disabled = to < 1 || to > list.pages;
      button.addEventListener("click", () => {
        pages[name] = to;
        etag = "";
        poll();
      });
      pager.append(button, " ");
    }
  }
  return added;
}

// The server's clock decides expiry: the page counts down from it (the Date header of each
// answer), not from this computer's clock.
let skewMs = 0;
const SOON_MS = 60_000;
// The inbox takes a decision only until 1 s before expiry (the agent must still have time to take
// it): the countdown ends there.
const LAST_MS = 1000;

function left(ms) {
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${two(Math.floor((s % 3600) / 60))} min left`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${two(s % 60)} s left`;
  return `${s} s left`;
}

function tick() {
  const now = Date.now() + skewMs;
  for (const el of document.querySelectorAll(".time-left[data-expires]")) {
    const ms = Number(el.dataset.expires) - LAST_MS - now;
    const article = el.closest("article");
    if (ms > 0) {
      const text = left(ms);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("soon", ms <= SOON_MS);
      continue;
    }
    if (article.classList.contains("ran-out")) continue;
    // Until the server moves it to the history: say it ran out, and offer no decision.
    article.classList.add("ran-out");
    el.textContent = "Expired";
    el.classList.remove("soon");
    for (const button of article.querySelectorAll("form button")) button.disabled = true;
    article.querySelector(".result").textContent =
      "This request expired: nobody can approve it now. The agent can ask again by making the call again.";
  }
}

function clockFrom(response) {
  const date = Date.parse(response.headers.get("date") || "");
  // The Date header has whole seconds: a smaller difference is rounding, not skew.
  if (Number.isFinite(date) && Math.abs(date - Date.now()) > 2000) skewMs = date - Date.now();
}

// The request a link opened (`?item=<id>`, from an agent's pending result): shown first, once scrolled to.
const OPENED = new URLSearchParams(location.search).get("item") || "";
let openedShown = false;
function showOpened() {
  const el = OPENED && !openedShown ? $(`item-${OPENED}`) : null;
  if (!el) return;
  openedShown = true;
  el.classList.add("opened");
  el.scrollIntoView({ block: "start" });
}

function placeUnreadable(list) {
  const section = $("unreadable-section");
  section.hidden = !list || list.total === 0;
  if (section.hidden) return;
  $("unreadable-count").textContent = String(list.total);
  $("unreadable").replaceChildren(...list.items.map((u) => fromHtml(u.html)));
}

function place(body) {
  $("who").textContent = body.name;
  const added = placeList("pending", body.pending);
  placeList("history", body.history);
  placeUnreadable(body.unreadable);
  $("pending-count").textContent = String(body.pending.total);
  $("pending-empty").hidden = body.pending.total > 0;
  if (added > 0)
    announce(added === 1 ? "A new request is waiting for a decision." : `${added} new requests are waiting.`);
  tick();
}

// One poll at a time: the next starts only once this one has finished; a poll asked for
// meanwhile (a click) runs right after it.
let polling = false;
let again = false;
async function poll() {
  if (polling) {
    again = true;
    return;
  }
  polling = true;
  try {
    await pollOnce();
  } finally {
    polling = false;
  }
  if (again) {
    again = false;
    poll();
  }
}

async function pollOnce() {
  clearTimeout(timer);
  if (!key()) return showSignIn();
  try {
    const opened = OPENED ? `&item=${encodeURIComponent(OPENED)}` : "";
    const shown = lost ? "" : have();
    lost = false;
    const since = shown ? `&have=${shown}` : "";
    const response = await fetch(
      `items.json?pending=${pages.pending}&history=${pages.history}${opened}${since}`,
      {
        headers: headers(etag ? { "if-none-match": etag } : {}),
        cache: "no-store",
      },
    );
    if (response.status === 401) return showSignIn("Your session ended: sign in again.");
    clockFrom(response);
    if (response.status !== 304) {
      const body = await response.json();
      if (!response.ok) {
        showConnection(body.message || "The inbox cannot be read right now.");
      } else {
        etag = response.headers.get("etag") || "";
        $("signin").hidden = true;
        $("inbox").hidden = false;
        showConnection("");
        place(body);
        showOpened();
        if (lost) {
          etag = "";
          timer = setTimeout(poll, 0);
          return;
        }
      }
    } else {
      showConnection("");
    }
  } catch {
    showConnection("The inbox server does not answer: the list may be out of date.");
  }
  timer = setTimeout(poll, POLL_MS);
}

async function signIn(form) {
  const button = form.querySelector("button");
  button.disabled = true;
  try {
    const response = await fetch("signin", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)),
    });
    const body = await response.json().catch(() => ({ message: `The inbox answered ${response.status}.` }));
    if (!response.ok) return showSignIn(body.message);
    sessionStorage.setItem(KEY, body.key);
    form.reset();
    globalThis.adrailsPasskeys?.load();
    await poll();
  } catch {
    showSignIn("The inbox server does not answer. Try again.");
  } finally {
    button.disabled = false;
  }
}

async function submitDecision(form) {
  const article = form.closest("article");
  const result = article.querySelector(".result");
  const buttons = article.querySelectorAll("form button");
  for (const button of buttons) button.disabled = true;
  result.textContent = "Sending your decision...";
  let ok = false;
  let final = false;
  try {
    // A person with a passkey signs the decision on their device first (passkey.js).
    const fields = new URLSearchParams(new FormData(form));
    const proof = globalThis.adrailsPasskeys
      ? await globalThis.adrailsPasskeys.prove(fields, (text) => (result.textContent = text))
      : { fields };
    if (proof.message) {
      final = proof.final;
      result.textContent = proof.message;
    } else {
      const response = await fetch(form.getAttribute("action"), {
        method: "POST",
        headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
        body: proof.fields,
      });
      const body = await response.json().catch(() => ({ message: `The inbox answered ${response.status}.` }));
      ok = response.ok;
      final = response.status === 409 || response.status === 410 || response.status === 404;
      result.textContent = body.message;
    }
  } catch {
    result.textContent = "Not recorded: the inbox server does not answer. Try again.";
  }
  if (!ok && !final) for (const button of buttons) button.disabled = false;
  result.tabIndex = -1;
  result.focus();
  await poll();
}

async function showFull(button) {
  const base = `field?id=${encodeURIComponent(button.dataset.id)}&name=${encodeURIComponent(button.dataset.field)}`;
  // A long value comes in parts (each answer stays small): read them all.
  let text = "";
  let from = 0;
  for (let part = 0; part < 200 && from !== null; part++) {
    const response = await fetch(`${base}&from=${from}`, { headers: headers({}) }).catch(() => null);
    if (!response?.ok) {
      text = "The full value cannot be read now.";
      break;
    }
    text += await response.text();
    const next = response.headers.get("x-adrails-field-next");
    from = next === null ? null : Number(next);
  }
  $("full-text").textContent = text;
  $("full").hidden = false;
  $("full-close").focus();
}

/** Replaces a compact item by the whole of it (the page keeps it until the item changes). */
async function loadItem(button) {
  const article = button.closest("article");
  const response = await fetch(`item?id=${encodeURIComponent(button.dataset.id)}`, {
    headers: headers({}),
  }).catch(() => null);
  const body = response?.ok ? await response.json().catch(() => null) : null;
  if (!body) {
    article.querySelector(".result").textContent = "This request cannot be read now. Try again.";
    return;
  }
  const fresh = fromHtml(body.html);
  expanded.set(body.id, known.get(body.id));
  article.replaceWith(fresh);
}

/** Adds the next payloads of a large plan below those shown. */
async function loadPayloads(button) {
  button.disabled = true;
  const from = button.dataset.from;
  const response = await fetch(`payloads?id=${encodeURIComponent(button.dataset.id)}&from=${from}`, {
    headers: headers({}),
  }).catch(() => null);
  const body = response?.ok ? await response.json().catch(() => null) : null;
  button.disabled = false;
  if (!body) {
    button.closest("article").querySelector(".result").textContent =
      "The payloads cannot be read now. Try again.";
    return;
  }
  const list = button.closest("article").querySelector(".plan-payloads");
  const template = document.createElement("template");
  template.innerHTML = body.html;
  list.append(template.content);
  if (body.next === null) button.remove();
  else {
    button.dataset.from = String(body.next);
    button.textContent = `Show more payloads (${body.next} to ${body.total} of ${body.total})`;
  }
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  if (form.id === "signin-form") signIn(form);
  else if (form.dataset.action) submitDecision(form);
});

document.addEventListener("click", async (event) => {
  const target = event.target;
  if (!(target instanceof HTMLButtonElement)) return;
  if (target.classList.contains("show-all")) showFull(target);
  if (target.classList.contains("load-item")) loadItem(target);
  if (target.classList.contains("load-payloads")) loadPayloads(target);
  if (target.id === "full-close") $("full").hidden = true;
  if (target.id === "signout") {
    await fetch("signout", { method: "POST", headers: headers({}) }).catch(() => {});
    showSignIn("Signed out.");
  }
});

// Four times a second, so the count never skips a second and reaches zero on time.
setInterval(tick, 250);
poll();
