// Placing the server's answer in the page: the waiting list, the history, the unreadable items.

import { tick } from "./inbox-clock.js";
import { $, announce, expanded, fromHtml, known, state } from "./inbox-page.js";

/** The versions this page shows: the server sends those items without their HTML. */
export function have() {
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
      state.lost = true;
      continue;
    }
    // A version kept unseen because of typing is shown once the fields are empty.
    if ((!keep || before === item.version) && item.html !== undefined) known.set(item.id, item.version);
    if (!keep) {
      expanded.delete(item.id);
      const fresh = fromHtml(item.html);
      const hadFocus = el?.contains(document.activeElement);
      // A request still waiting keeps what the page last said on it (a first approval of two:
      // "your approval is recorded").
      const said = el?.dataset.state === item.state ? el.querySelector(".result")?.textContent : "";
      if (said) fresh.querySelector(".result").textContent = said;
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
      button.className = "secondary page-to";
      button.textContent = label;
      button.disabled = to < 1 || to > list.pages;
      // inbox.js turns the page on click.
      button.dataset.list = name;
      button.dataset.to = String(to);
      pager.append(button, " ");
    }
  }
  return added;
}

// The request a link opened (`?item=<id>`, from an agent's pending result): shown first, once scrolled to.
export const OPENED = new URLSearchParams(location.search).get("item") || "";
let openedShown = false;
export function showOpened() {
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

export function place(body) {
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
