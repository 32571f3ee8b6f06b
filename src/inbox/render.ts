import type { ConfirmSummary } from "../types.js";
import { approvalRows, decisionForms, history, type Viewer } from "./decision-render.js";
import { isPlanItem, planFields, renderPlan } from "./plan-render.js";
import { contactableUrl } from "./security.js";
import type { InboxItem } from "./types.js";

/** Characters of one field shown before "Show all"; the page stays small whatever an agent sends. */
export const FIELD_CAP = 600;

/** What rendering needs besides the item: the inbox's own host names and the redaction. */
export interface RenderContext {
  /** Host names whose URLs are shown as text only (the session cookie would go there). */
  ownHosts: ReadonlySet<string>;
  /** Removes the inbox token and API keys from any text shown. */
  clean(text: string): string;
  /** Who is signed in: the decision forms say what this person may do. */
  viewer?: Viewer;
}

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

export const time = (ms: number | undefined) => {
  if (ms === undefined || !Number.isFinite(ms)) return "";
  const text = `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return `<time datetime="${esc(new Date(ms).toISOString())}">${esc(text)}</time>`;
};

/**
 * Filled and ticked by the page's script from the expiry (the server's answer stays the same from
 * one poll to the next, so unchanged lists still come back as 304). A timer is never announced.
 */
export const timeLeft = (expiresAt: number) =>
  `<span class="time-left" role="timer" data-expires="${esc(expiresAt)}">${time(expiresAt)}</span>`;

export const STATE_LABEL: Record<InboxItem["state"], string> = {
  pending: "Waiting for a decision",
  approved: "Approved",
  declined: "Declined",
  expired: "Expired: nobody decided in time",
  abandoned: "Abandoned: the agent stopped waiting",
};

/** The badge of a closed item whose recorded decision does not verify. */
const UNVERIFIED_LABEL = "Not decided: the recorded decision does not verify";

/**
 * The fields of an item the page can show in full on request (`field?id=&name=`), as text.
 * Everything comes from the request's structured fields, never from its free text.
 */
export function fieldsOf(item: InboxItem): Record<string, string> {
  if (isPlanItem(item)) return planFields(item);
  const ad = adOf(item);
  const r = item.requester;
  const common = {
    message: item.request.message,
    agent: r.agent ?? "",
    conversation: r.conversation ?? "",
    host: String(r.host ?? ""),
  };
  if (!ad) {
    const s = item.request.summary as { description?: string; arguments?: unknown };
    return {
      ...common,
      description: String(s.description ?? ""),
      arguments: JSON.stringify(s.arguments ?? {}, null, 2),
    };
  }
  return {
    ...common,
    headline: ad.headline ?? "",
    primary_text: ad.primary_text ?? "",
    destination: ad.destination,
    media: ad.media,
    thumbnail: ad.thumbnail ?? "",
  };
}

// Redaction reads only what is shown, plus room for a secret that straddles the cut.
const WINDOW = FIELD_CAP + 400;

/** The start of a value, cleaned: never more than a window of it is scanned, whatever its size. */
export function head(value: string, ctx: RenderContext, cap: number): string {
  return ctx.clean(value.length > WINDOW ? value.slice(0, WINDOW) : value).slice(0, cap);
}

/** A value cut to {@link FIELD_CAP}, with a button that fetches the whole of it. */
export function capped(item: InboxItem, name: string, value: string, ctx: RenderContext): string {
  // Redaction never lengthens a text, so a short value stays whole.
  if (value.length <= FIELD_CAP) return `<span class="value">${esc(ctx.clean(value))}</span>`;
  const shown = head(value, ctx, FIELD_CAP);
  return `<span class="value">${esc(shown)}…</span> <button type="button" class="link show-all" data-id="${esc(item.id)}" data-field="${esc(name)}">Show all ${value.length} characters</button>`;
}

function preview(ad: ConfirmSummary, ctx: RenderContext): string {
  const kind = ad.media.startsWith("video ") ? "video" : "image";
  const url = ad.media.replace(/^(image|video) /, "");
  const shown = kind === "image" ? url : ad.thumbnail;
  const src = contactableUrl(shown, ctx.ownHosts, false);
  const text = (why: string) => `<p class="no-preview">${esc(why)}</p>`;
  let out: string;
  if (src) {
    out = `<img class="preview" src="${esc(src)}" alt="${kind === "image" ? "Ad image" : "Video thumbnail"}" loading="lazy" referrerpolicy="no-referrer">`;
  } else if (shown) {
    out = text(
      `No preview: the ${kind === "image" ? "image" : "thumbnail"} URL is not a public https address (shown as text below).`,
    );
  } else {
    out = text("No thumbnail for this video.");
  }
  const video = kind === "video" ? contactableUrl(url, ctx.ownHosts, false) : null;
  if (video) out += `<p>${link(video, "Open the video")}</p>`;
  return out;
}

const link = (url: string, label: string) =>
  `<a href="${esc(url)}" target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">${esc(label)}</a>`;

/** A short structured value (an id, a tool name), cut and escaped. */
export const short = (value: unknown, ctx: RenderContext) => esc(head(String(value ?? ""), ctx, 200));

export function row(label: string, html: string): string {
  return `<div class="row"><dt>${esc(label)}</dt><dd>${html}</dd></div>`;
}

function destination(item: InboxItem, value: string, ctx: RenderContext): string {
  const url = contactableUrl(value, ctx.ownHosts, true);
  // The text is always shown as written; only a public http(s) URL is also a link.
  const text = `<span class="url">${capped(item, "destination", value, ctx)}</span>`;
  return url && url.length <= 2000 ? `${text} ${link(url, "open")}` : text;
}

export function asker(item: InboxItem, ctx: RenderContext): string {
  const r = item.requester;
  return [
    r.agent ? `agent ${capped(item, "agent", r.agent, ctx)}` : "",
    `process ${esc(r.pid)} on ${capped(item, "host", String(r.host ?? ""), ctx)}`,
    r.conversation ? `conversation ${capped(item, "conversation", r.conversation, ctx)}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** One item as an article: the exact payload (each field capped), who asked, the forms or history. */
export function renderItem(item: InboxItem, ctx: RenderContext): string {
  if (isPlanItem(item)) return renderPlan(item, ctx);
  const ad = adOf(item);
  const id = esc(item.id);
  const f = fieldsOf(item);
  const field = (name: string) => capped(item, name, f[name] ?? "", ctx);
  const common = [
    row("Payload fingerprint", short(item.request.fingerprint, ctx)),
    row("Asked by", asker(item, ctx)),
    row("Asked at", time(item.createdAt)),
    row("Expires at", time(item.request.expiresAt)),
    ...(item.state === "pending" ? [row("Time left", timeLeft(item.request.expiresAt))] : []),
    row("Full request", field("message")),
    ...approvalRows(item, ctx),
    ...(item.request.rule
      ? [
          row(
            "Money rule",
            short(
              `${item.request.rule.name}: ${item.request.rule.reason}${item.request.rule.override ? " (approving overrides it)" : ""}`,
              ctx,
            ),
          ),
        ]
      : []),
  ];
  const rows = ad
    ? [
        row("Tool", short(item.request.tool, ctx)),
        row("Account", short(ad.account_id, ctx)),
        row("Ad set", short(ad.adset_id, ctx)),
        row("Headline", ad.headline === undefined ? "(none)" : field("headline")),
        row("Primary text", ad.primary_text === undefined ? "(none)" : field("primary_text")),
        row("Destination", destination(item, ad.destination, ctx)),
        row("Media", field("media")),
        ...(ad.thumbnail !== undefined ? [row("Thumbnail", field("thumbnail"))] : []),
        row("Status asked", short(ad.status, ctx)),
      ]
    : [
        row("Tool", short(item.request.tool, ctx)),
        row("Account", short(item.request.account ?? "(none)", ctx)),
        row("What it does", field("description")),
        row("Exact arguments", `<pre>${field("arguments")}</pre>`),
      ];
  const headline = ad?.headline ? head(ad.headline, ctx, 121) : undefined;
  const title = ad
    ? headline
      ? headline.slice(0, 120) + (headline.length > 120 ? "…" : "")
      : "Untitled ad"
    : `Call of ${head(String(item.request.tool), ctx, 120)}`;
  const account = ad?.account_id ?? item.request.account ?? "";
  return `<article class="item state-${esc(item.state)}" id="item-${id}" data-id="${id}" data-state="${esc(item.state)}" aria-labelledby="title-${id}">
<h3 id="title-${id}"><span class="badge">${esc(item.unverifiedDecision ? UNVERIFIED_LABEL : STATE_LABEL[item.state])}</span> ${esc(title)} <span class="sub">· ${short(account, ctx)}</span></h3>
<div class="body"><div class="media">${ad ? preview(ad, ctx) : ""}</div><dl>${[...rows, ...common].join("")}</dl></div>
${item.state === "pending" ? decisionForms(item, ctx) : history(item, ctx)}
<p class="result" role="status" aria-live="polite"></p></article>`;
}

/**
 * An item in a few hundred bytes whatever it holds: what it is, who asked, and a button that
 * loads the whole of it (`item?id=`). Used when a page of the list would grow past its bound.
 */
export function renderCompact(item: InboxItem, ctx: RenderContext): string {
  const id = esc(item.id);
  const tiny = (value: unknown) => esc(head(String(value ?? ""), ctx, 60));
  const account = adOf(item)?.account_id ?? item.request.account ?? "(none)";
  return `<article class="item compact state-${esc(item.state)}" id="item-${id}" data-id="${id}" data-state="${esc(item.state)}" aria-labelledby="title-${id}">
<h3 id="title-${id}"><span class="badge">${esc(item.unverifiedDecision ? UNVERIFIED_LABEL : STATE_LABEL[item.state])}</span> Call of ${tiny(item.request.tool)} <span class="sub">· ${tiny(account)}</span></h3>
<p>Asked by ${tiny(item.requester.agent ?? "an agent")} at ${time(item.createdAt)}; payload fingerprint ${tiny(item.request.fingerprint)}. This request is too large to show with the others.</p>
<button type="button" class="secondary load-item" data-id="${id}">Show this request${item.state === "pending" ? " to decide" : ""}</button>
<p class="result" role="status" aria-live="polite"></p></article>`;
}

/** An item the store holds but the inbox cannot read: named, never decidable. */
export function renderUnreadable(id: string, reason: string): string {
  const shown = esc(id.slice(0, 100));
  return `<article class="item unreadable" data-id="${shown}" data-state="unreadable">
<h3><span class="badge">Unreadable</span> Item ${shown}</h3>
<p>The inbox store holds this item but it cannot be read (${esc(reason.slice(0, 100))}). It cannot be decided here; whoever runs the inbox can look at it in the store and remove it. The agent that asked, if any, gets no decision from it.</p></article>`;
}
