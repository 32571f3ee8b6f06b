import type { ConfirmSummary } from "../types.js";
import type { InboxItem } from "./types.js";

/** The ad's summary when the request is an ACTIVE push, else undefined (a call of another tool). */
export function adOf(item: InboxItem): ConfirmSummary | undefined {
  const s = item.request.summary;
  return "media" in s ? s : undefined;
}

/** Text made safe for HTML element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The URL when it is an absolute http(s) URL, else null: nothing else becomes a link or an image. */
export function httpUrl(value: string | undefined): string | null {
  if (!value || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

const time = (ms: number | undefined) => {
  if (ms === undefined) return "";
  const text = `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return `<time datetime="${esc(new Date(ms).toISOString())}">${esc(text)}</time>`;
};

const STATE_LABEL: Record<InboxItem["state"], string> = {
  pending: "Waiting for a decision",
  approved: "Approved",
  declined: "Declined",
  expired: "Expired",
  abandoned: "Abandoned: the agent stopped waiting",
};

/** The media of a request: kind, URL, and a video's thumbnail (from the request's own text). */
function mediaOf(
  ad: ConfirmSummary,
  item: InboxItem,
): { kind: "image" | "video"; url: string; thumbnail?: string } {
  const media = ad.media;
  const kind = media.startsWith("video ") ? "video" : "image";
  const url = media.replace(/^(image|video) /, "");
  // The request lists every other field as `name "json string"`; the thumbnail is one of them.
  const thumb = /(?:^|[ ,:])thumbnail_url ("(?:[^"\\]|\\.)*")/.exec(item.request.message)?.[1];
  let thumbnail: string | undefined;
  try {
    thumbnail = thumb ? (JSON.parse(thumb) as string) : undefined;
  } catch {
    thumbnail = undefined;
  }
  return { kind, url, ...(thumbnail ? { thumbnail } : {}) };
}

function preview(ad: ConfirmSummary, item: InboxItem): string {
  const media = mediaOf(ad, item);
  const headline = ad.headline ?? "";
  if (media.kind === "image") {
    const src = httpUrl(media.url);
    return src
      ? `<img class="preview" src="${esc(src)}" alt="${esc(`Ad image${headline ? ` for "${headline}"` : ""}`)}" loading="lazy">`
      : `<p class="no-preview">No preview: the image URL is not http(s).</p>`;
  }
  const thumb = httpUrl(media.thumbnail);
  const video = httpUrl(media.url);
  return (
    (thumb
      ? `<img class="preview" src="${esc(thumb)}" alt="Video thumbnail" loading="lazy">`
      : `<p class="no-preview">No thumbnail for this video.</p>`) +
    (video
      ? `<p><a href="${esc(video)}" target="_blank" rel="noopener noreferrer">Open the video</a></p>`
      : "")
  );
}

function row(label: string, value: string, raw = false): string {
  return `<div class="row"><dt>${esc(label)}</dt><dd>${raw ? value : esc(value)}</dd></div>`;
}

function destination(value: string): string {
  const url = httpUrl(value);
  // The text is always shown as written; only an http(s) URL is also a link.
  const text = `<span class="url">${esc(value)}</span>`;
  return url ? `${text} <a href="${esc(url)}" target="_blank" rel="noopener noreferrer">open</a>` : text;
}

function asker(item: InboxItem): string {
  const r = item.requester;
  return [
    r.agent ? `agent ${r.agent}` : "",
    `process ${r.pid} on ${r.host}`,
    r.conversation ? `conversation ${r.conversation}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

function decisionForms(item: InboxItem, csrf: string): string {
  const id = esc(item.id);
  const hidden = `<input type="hidden" name="csrf" value="${esc(csrf)}"><input type="hidden" name="id" value="${id}">`;
  return `<div class="decide">
<form class="approve" method="post" action="decide" data-action="approve">${hidden}<input type="hidden" name="action" value="approve">
<label for="text-${id}">Type a sentence confirming this ad may go live now (sent to the service as the confirmation)</label>
<input id="text-${id}" name="text" type="text" required minlength="10" maxlength="500" autocomplete="off">
<button type="submit">Approve and launch</button></form>
<form class="decline" method="post" action="decide" data-action="decline">${hidden}<input type="hidden" name="action" value="decline">
<label for="reason-${id}">Reason for declining (the agent reads it)</label>
<textarea id="reason-${id}" name="reason" required maxlength="1000" rows="2"></textarea>
<button type="submit" class="secondary">Decline</button></form></div>`;
}

function history(item: InboxItem): string {
  const d = item.decision;
  const parts: string[] = [];
  if (d?.approved)
    parts.push(`Approved by ${esc(d.by)} at ${time(d.at)} with the sentence “${esc(d.text)}”.`);
  if (d && !d.approved) parts.push(`Declined by ${esc(d.by)} at ${time(d.at)}: “${esc(d.reason)}”.`);
  if (item.state === "expired")
    parts.push(`Expired at ${time(item.closedAt)} without a decision; nothing was sent.`);
  if (item.state === "abandoned") {
    parts.push(
      `The agent stopped waiting (noticed at ${time(item.closedAt)}); it cannot be approved and nothing was sent.`,
    );
  }
  const o = item.outcome;
  if (o?.ok === true) {
    parts.push(
      `Result: ad ${esc(o.adId ?? "?")} created ${esc(o.adStatus ?? "")} (request ${esc(o.requestId ?? "")}).`,
    );
  } else if (o) {
    parts.push(`Result: the write failed (${esc(o.status ?? "no answer")}): ${esc(o.error ?? "")}.`);
  } else if (d?.approved) {
    parts.push(
      item.redeemedAt
        ? "The agent took the approval and is sending it."
        : "Waiting for the agent to take the approval.",
    );
  }
  return `<p class="what-happened">${parts.join(" ")}</p>`;
}

/** One item as an article: the exact payload, who asked, and the forms or what happened. */
export function renderItem(item: InboxItem, csrf: string): string {
  const ad = adOf(item);
  const id = esc(item.id);
  const common = [
    row("Payload fingerprint", item.request.fingerprint),
    row("Asked by", asker(item)),
    row("Asked at", time(item.createdAt), true),
    row("Expires at", time(item.request.expiresAt), true),
    row("Full request", item.request.message),
    ...(item.request.rule
      ? [
          row(
            "Money rule",
            `${item.request.rule.name}: ${item.request.rule.reason}${item.request.rule.override ? " (approving overrides it)" : ""}`,
          ),
        ]
      : []),
  ];
  const rows = ad
    ? [
        row("Tool", item.request.tool),
        row("Account", ad.account_id),
        row("Ad set", ad.adset_id),
        row("Headline", ad.headline ?? "(none)"),
        row("Primary text", ad.primary_text ?? "(none)"),
        row("Destination", destination(ad.destination), true),
        row("Media", ad.media),
        row("Status asked", ad.status),
      ]
    : [
        row("Tool", item.request.tool),
        row("Account", item.request.account ?? "(none)"),
        row("What it does", "description" in item.request.summary ? item.request.summary.description : ""),
        row(
          "Exact arguments",
          JSON.stringify("arguments" in item.request.summary ? item.request.summary.arguments : {}, null, 2),
        ),
      ];
  const title = ad ? (ad.headline ?? "Untitled ad") : `Call of ${item.request.tool}`;
  const account = ad?.account_id ?? item.request.account ?? "";
  return `<article class="item state-${esc(item.state)}" id="item-${id}" data-id="${id}" data-state="${esc(item.state)}" aria-labelledby="title-${id}">
<h3 id="title-${id}"><span class="badge">${esc(STATE_LABEL[item.state])}</span> ${esc(title)} <span class="sub">· ${esc(account)}</span></h3>
<div class="body"><div class="media">${ad ? preview(ad, item) : ""}</div><dl>${[...rows, ...common].join("")}</dl></div>
${item.state === "pending" ? decisionForms(item, csrf) : history(item)}
<p class="result" role="status" aria-live="polite"></p></article>`;
}

const HEAD = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<link rel="stylesheet" href="inbox.css"><script src="inbox.js" defer></script></head>`;

/** The sign-in page. */
export function renderSignIn(title: string, problem?: string): string {
  return `${HEAD(title)}<body><main class="signin" aria-labelledby="signin-h"><h1 id="signin-h">${esc(title)}</h1>
<p>Sign in with the inbox token (printed once by <code>adrails inbox</code>, or set as ADRAILS_INBOX_TOKEN).</p>
${problem ? `<p class="error" role="alert">${esc(problem)}</p>` : ""}
<form method="post" action="signin"><label for="name">Your name (recorded with each decision)</label>
<input id="name" name="name" type="text" required maxlength="80" autocomplete="name">
<label for="token">Inbox token</label><input id="token" name="token" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button></form></main></body></html>`;
}

/** The inbox page: pending items first, then history, newest first in each. */
export function renderPage(
  title: string,
  items: InboxItem[],
  session: { name: string; csrf: string },
  flash?: string,
): string {
  const pending = items.filter((i) => i.state === "pending");
  const done = items.filter((i) => i.state !== "pending");
  return `${HEAD(title)}<body><header><h1>${esc(title)}</h1>
<p class="who">Signed in as ${esc(session.name)}</p>
<form method="post" action="signout"><input type="hidden" name="csrf" value="${esc(session.csrf)}"><button type="submit" class="secondary">Sign out</button></form></header>
<main><p id="connection" class="error" role="alert"${flash ? "" : " hidden"}>${esc(flash ?? "")}</p>
<div id="announce" class="visually-hidden" role="status" aria-live="polite"></div>
<section aria-labelledby="pending-h"><h2 id="pending-h">Waiting for a decision (<span id="pending-count">${pending.length}</span>)</h2>
<p class="empty" id="pending-empty"${pending.length ? " hidden" : ""}>Nothing is waiting.</p>
<div id="pending" class="list">${pending.map((i) => renderItem(i, session.csrf)).join("\n")}</div></section>
<section aria-labelledby="history-h"><h2 id="history-h">History</h2>
<div id="history" class="list">${done.map((i) => renderItem(i, session.csrf)).join("\n")}</div></section></main></body></html>`;
}
