// The approval inbox page's loop: reads the list again and again, signs in, routes the clicks.

import { loadItem, loadPayloads, showFull, submitDecision } from "./inbox-actions.js";
import { clockFrom, tick } from "./inbox-clock.js";
import { have, OPENED, place, showOpened } from "./inbox-list.js";
import { $, headers, keepKey, key, POLL_MS, pages, showConnection, showSignIn, state } from "./inbox-page.js";

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
  clearTimeout(state.timer);
  if (!key()) return showSignIn();
  try {
    const opened = OPENED ? `&item=${encodeURIComponent(OPENED)}` : "";
    const shown = state.lost ? "" : have();
    state.lost = false;
    const since = shown ? `&have=${shown}` : "";
    const response = await fetch(
      `items.json?pending=${pages.pending}&history=${pages.history}${opened}${since}`,
      {
        headers: headers(state.etag ? { "if-none-match": state.etag } : {}),
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
        state.etag = response.headers.get("etag") || "";
        $("signin").hidden = true;
        $("inbox").hidden = false;
        showConnection("");
        place(body);
        showOpened();
        if (state.lost) {
          state.etag = "";
          state.timer = setTimeout(poll, 0);
          return;
        }
      }
    } else {
      showConnection("");
    }
  } catch {
    showConnection("The inbox server does not answer: the list may be out of date.");
  }
  state.timer = setTimeout(poll, POLL_MS);
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
    keepKey(body.key);
    form.reset();
    globalThis.adrailsPasskeys?.load();
    await poll();
  } catch {
    showSignIn("The inbox server does not answer. Try again.");
  } finally {
    button.disabled = false;
  }
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  if (form.id === "signin-form") signIn(form);
  else if (form.dataset.action) submitDecision(form).then(poll);
});

document.addEventListener("click", async (event) => {
  const target = event.target;
  if (!(target instanceof HTMLButtonElement)) return;
  if (target.classList.contains("show-all")) showFull(target);
  if (target.classList.contains("load-item")) loadItem(target);
  if (target.classList.contains("load-payloads")) loadPayloads(target);
  if (target.classList.contains("page-to")) {
    pages[target.dataset.list] = Number(target.dataset.to);
    state.etag = "";
    poll();
  }
  if (target.id === "full-close") $("full").hidden = true;
  if (target.id === "signout") {
    await fetch("signout", { method: "POST", headers: headers({}) }).catch(() => {});
    showSignIn("Signed out.");
  }
});

// Four times a second, so the count never skips a second and reaches zero on time.
setInterval(tick, 250);
poll();
