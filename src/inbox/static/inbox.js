// The approval inbox page: live updates by polling, and decisions posted without leaving the page.
// Every piece of HTML inserted here was rendered and escaped by the server.

const POLL_MS = 1500;
const known = new Map();

function $(id) {
  return document.getElementById(id);
}

function fromHtml(html) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  return template.content.firstElementChild;
}

function announce(text) {
  const region = $("announce");
  if (region) region.textContent = text;
}

function showConnection(text) {
  const banner = $("connection");
  if (!banner) return;
  banner.textContent = text || "";
  banner.hidden = !text;
}

function place(items) {
  const pending = $("pending");
  const history = $("history");
  let added = 0;
  for (const item of items) {
    const existing = $(`item-${item.id}`);
    const before = known.get(item.id);
    known.set(item.id, item.version);
    if (
      existing &&
      existing.dataset.state === item.state &&
      (item.state === "pending" || before === undefined || before === item.version)
    ) {
      continue;
    }
    const fresh = fromHtml(item.html);
    const hadFocus = existing?.contains(document.activeElement);
    if (existing) existing.remove();
    if (item.state === "pending") {
      pending.prepend(fresh);
      if (!existing) added++;
    } else {
      history.prepend(fresh);
    }
    // What happened is now in the item's own history text; a stale "sending" message would mislead.
    if (hadFocus) {
      fresh.tabIndex = -1;
      fresh.focus();
    }
  }
  // History stays newest first, in the server's order.
  const order = items.filter((i) => i.state !== "pending").map((i) => $(`item-${i.id}`));
  for (const el of order) if (el) history.append(el);
  const count = pending.querySelectorAll("article").length;
  $("pending-count").textContent = String(count);
  $("pending-empty").hidden = count > 0;
  if (added > 0)
    announce(added === 1 ? "A new request is waiting for a decision." : `${added} new requests are waiting.`);
}

async function poll() {
  try {
    const response = await fetch("items.json", {
      headers: { accept: "application/json" },
      cache: "no-store",
    });
    if (response.status === 401) {
      location.reload();
      return;
    }
    const body = await response.json();
    if (!response.ok) {
      showConnection(body.error || "The inbox cannot be read right now.");
      return;
    }
    showConnection("");
    place(body.items);
  } catch {
    showConnection("The inbox server does not answer: the list may be out of date.");
  }
}

async function submitDecision(form) {
  const article = form.closest("article");
  const result = article.querySelector(".result");
  const buttons = article.querySelectorAll("button");
  for (const button of buttons) button.disabled = true;
  result.textContent = "Sending your decision...";
  let ok = false;
  let final = false;
  try {
    const response = await fetch(form.getAttribute("action"), {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)),
    });
    const body = await response.json().catch(() => ({ message: `The inbox answered ${response.status}.` }));
    ok = response.ok;
    final = response.status === 409 || response.status === 410 || response.status === 404;
    result.textContent = body.message;
  } catch {
    result.textContent = "Not recorded: the inbox server does not answer. Try again.";
  }
  if (!ok && !final) for (const button of buttons) button.disabled = false;
  result.tabIndex = -1;
  result.focus();
  await poll();
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.action) return;
  event.preventDefault();
  submitDecision(form);
});

if ($("pending")) {
  for (const article of document.querySelectorAll("article[data-id]"))
    known.set(article.dataset.id, undefined);
  setInterval(poll, POLL_MS);
}
