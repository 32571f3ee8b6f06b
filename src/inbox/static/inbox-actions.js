// What a person does on a card: decide, read a full value, open a compact item, load more payloads.

import { $, expanded, fromHtml, headers, known } from "./inbox-page.js";

export async function submitDecision(form) {
  const article = form.closest("article");
  const result = article.querySelector(".result");
  // Only those open to this person: one disabled with its reason stays disabled.
  const buttons = [...article.querySelectorAll("form button")].filter((button) => !button.disabled);
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
  // Recorded: nothing typed is left to keep, so the card shows the next version (a first approval
  // of two: waiting for a second person).
  if (ok) for (const each of article.querySelectorAll("form")) each.reset();
  result.tabIndex = -1;
  result.focus();
}

export async function showFull(button) {
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
export async function loadItem(button) {
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
export async function loadPayloads(button) {
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
