import type { PlanRequest } from "../plan-types.js";
import type { CallSummary, ConfirmRequest, ConfirmSummary } from "../types.js";
import { approvalRows, decisionForms, history } from "./decision-render.js";
import { asker, capped, esc, type RenderContext, row, STATE_LABEL, short, time, timeLeft } from "./render.js";
import { contactableUrl } from "./security.js";
import type { InboxItem } from "./types.js";

// A plan is one inbox item: one decision over N exact payloads. Every payload is shown, each of
// its fields capped like any other field (with "Show all"), so the person reads what they approve.

/** True when the item is a plan (`toolkit.askMany`), not a single call. */
export function isPlanItem(item: InboxItem): item is InboxItem & { request: PlanRequest } {
  const plan = (item.request as Partial<PlanRequest>).plan;
  return typeof plan === "object" && plan !== null && Array.isArray(plan.requests);
}

const adOf = (r: ConfirmRequest): ConfirmSummary | undefined =>
  r.summary && "media" in r.summary ? r.summary : undefined;

/** The fields of one payload (`p<n>.<name>`) the page can show in full on request. */
export function planFields(item: InboxItem): Record<string, string> {
  if (!isPlanItem(item)) return {};
  const r = item.requester;
  const out: Record<string, string> = {
    message: item.request.message,
    agent: r.agent ?? "",
    conversation: r.conversation ?? "",
    host: String(r.host ?? ""),
  };
  item.request.plan.requests.forEach((request, i) => {
    const p = `p${i + 1}.`;
    out[`${p}message`] = request.message ?? "";
    const ad = adOf(request);
    if (ad) {
      out[`${p}headline`] = ad.headline ?? "";
      out[`${p}primary_text`] = ad.primary_text ?? "";
      out[`${p}destination`] = ad.destination;
      out[`${p}media`] = ad.media;
      out[`${p}thumbnail`] = ad.thumbnail ?? "";
    } else {
      const s = request.summary as Partial<CallSummary>;
      out[`${p}arguments`] = JSON.stringify(s.arguments ?? {}, null, 2);
    }
  });
  return out;
}

/** The destination as written; a public http(s) URL is also a link. */
function destination(item: InboxItem, n: number, value: string, ctx: RenderContext): string {
  const url = contactableUrl(value, ctx.ownHosts, true);
  const text = `<span class="url">${capped(item, `p${n}.destination`, value, ctx)}</span>`;
  if (!url || url.length > 2000) return text;
  return `${text} <a href="${esc(url)}" target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">open</a>`;
}

function payload(item: InboxItem, request: ConfirmRequest, n: number, ctx: RenderContext): string {
  const f = planFields(item);
  const field = (name: string) => capped(item, `p${n}.${name}`, f[`p${n}.${name}`] ?? "", ctx);
  const ad = adOf(request);
  const warned = request.previousLive || request.possiblyLive || request.rule;
  const rows = ad
    ? [
        row("Account", short(ad.account_id, ctx)),
        row("Ad set", short(ad.adset_id, ctx)),
        row("Headline", ad.headline === undefined ? "(none)" : field("headline")),
        row("Primary text", ad.primary_text === undefined ? "(none)" : field("primary_text")),
        row("Destination", destination(item, n, ad.destination, ctx)),
        row("Media", field("media")),
        ...(ad.thumbnail !== undefined ? [row("Thumbnail", field("thumbnail"))] : []),
        row("Status asked", short(ad.status, ctx)),
      ]
    : [
        row("Account", short(request.account ?? "(none)", ctx)),
        row("Exact arguments", `<pre>${field("arguments")}</pre>`),
      ];
  rows.push(row("Payload fingerprint", short(request.fingerprint, ctx)));
  if (warned) rows.unshift(row("Read first", field("message")));
  return `<li class="plan-payload${warned ? " warned" : ""}" data-payload="${n}"><h4>Payload ${n} of ${esc(
    (item.request as PlanRequest).plan.requests.length,
  )}</h4><dl>${rows.join("")}</dl></li>`;
}

/** Payloads one answer of `payloads?id=&from=` renders at most. */
export const PAYLOADS_PER_ANSWER = 8;

/**
 * Payloads `from` (from 1) on of a plan, as list items, at most {@link PAYLOADS_PER_ANSWER} and
 * about `budget` bytes (at least one): the page loads a large plan's payloads a few at a time.
 */
export function renderPayloads(
  item: InboxItem,
  from: number,
  ctx: RenderContext,
  budget: number,
): { html: string; next: number | null; total: number } {
  if (!isPlanItem(item)) return { html: "", next: null, total: 0 };
  const { requests } = item.request.plan;
  const parts: string[] = [];
  let size = 0;
  let n = Math.max(1, Math.floor(from) || 1);
  for (; n <= requests.length && parts.length < PAYLOADS_PER_ANSWER; n++) {
    const html = payload(item, requests[n - 1]!, n, ctx);
    if (parts.length > 0 && size + html.length > budget) break;
    parts.push(html);
    size += html.length;
  }
  return { html: parts.join(""), next: n <= requests.length ? n : null, total: requests.length };
}

/**
 * A plan too large to show whole in the list: one line a payload for the first few, and a button
 * that loads the payloads themselves a few at a time.
 */
function planSummary(item: InboxItem & { request: PlanRequest }, ctx: RenderContext): string {
  const { requests } = item.request.plan;
  const lines = requests.slice(0, 10).map((r, i) => {
    const ad = adOf(r);
    const what = ad ? `ad in ad set ${short(ad.adset_id, ctx)}` : short(r.tool, ctx);
    return `<li>Payload ${i + 1}: ${what} on ${short(ad?.account_id ?? r.account ?? "(no account)", ctx)}, fingerprint ${short(r.fingerprint, ctx)}</li>`;
  });
  const more = requests.length > 10 ? `<li>… and ${requests.length - 10} more.</li>` : "";
  return `<p class="plan-note">This plan is too large to show whole here: read its payloads before you decide.</p>
<ul class="plan-lines">${lines.join("")}${more}</ul>
<ol class="plan-payloads"></ol>
<button type="button" class="secondary load-payloads" data-id="${esc(item.id)}" data-from="1">Show the payloads (${requests.length})</button>`;
}

/**
 * A plan as one article: what approving means, every payload (or, with `summary`, one line a
 * payload and the payloads on demand), one pair of forms for the whole list.
 */
export function renderPlan(item: InboxItem, ctx: RenderContext, summary = false): string {
  if (!isPlanItem(item)) return "";
  const id = esc(item.id);
  const { requests } = item.request.plan;
  const n = requests.length;
  const tool = short(item.request.tool, ctx);
  const common = [
    row("Plan", short(item.request.plan.id, ctx)),
    row("What approving does", capped(item, "message", item.request.message, ctx)),
    row("Plan fingerprint", short(item.request.fingerprint, ctx)),
    row("Asked by", asker(item, ctx)),
    row("Asked at", time(item.createdAt)),
    row("Expires at", time(item.request.expiresAt)),
    ...(item.state === "pending" ? [row("Time left", timeLeft(item.request.expiresAt))] : []),
    ...approvalRows(item, ctx),
  ];
  const forms =
    item.state === "pending"
      ? decisionForms(item, ctx, {
          what: `these ${n} payloads`,
          launch: `Approve all ${n} and launch`,
          first: `Approve all ${n} (1 of 2)`,
          second: `Approve all ${n} (2 of 2) and launch`,
          decline: `Decline all ${n}`,
        })
      : history(item, ctx);
  return `<article class="item plan state-${esc(item.state)}" id="item-${id}" data-id="${id}" data-state="${esc(item.state)}" data-plan-size="${n}" aria-labelledby="title-${id}">
<h3 id="title-${id}"><span class="badge">${esc(STATE_LABEL[item.state])}</span> Plan of ${n} ${tool} calls <span class="sub">· ${short(item.request.account ?? "several accounts", ctx)}</span></h3>
<dl class="plan-head">${common.join("")}</dl>
${summary ? planSummary(item, ctx) : `<ol class="plan-payloads">${requests.map((r, i) => payload(item, r, i + 1, ctx)).join("")}</ol>`}
${forms}
<p class="result" role="status" aria-live="polite"></p></article>`;
}
