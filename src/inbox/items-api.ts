import { createHash } from "node:crypto";
import { viewerKey } from "./decision-render.js";
import type { Inbox } from "./inbox.js";
import { fairOrder, PAGE_SIZE, pageOf } from "./listing.js";
import { isPlanItem, renderPayloads, renderPlan } from "./plan-render.js";
import { fieldsOf, type RenderContext, renderCompact, renderItem, renderUnreadable } from "./render.js";
import type { InboxItem, QueuePage } from "./types.js";

/** The bound on every answer of the page's API, in bytes (documented in docs/inbox.md). */
export const MAX_ANSWER = 400_000;
/** What the items of one items.json answer may take: the rest is its frame. */
const ITEMS_BUDGET = MAX_ANSWER - 20_000;
/** One item shown whole in the list at most; a larger one is shown compact, loaded on demand. */
const ITEM_MAX = 24_000;
/** A compact item is far smaller (every value in it is cut to 60 characters): room kept for each. */
const COMPACT_MAX = 4_000;
/** Characters of a field one `field` answer carries (the page asks for the next ones). */
export const FIELD_CHUNK = 100_000;
/** How often a page read may run a sweep because its page shows a request that ran out. */
const SWEEP_EVERY_MS = 2000;

/** What the page's script asks items.json for. */
export interface ItemsQuery {
  pending: number;
  history: number;
  /** The request an approve_url opened: always in the answer, first. */
  item?: string;
  /** Versions the page shows already: those items come without their HTML. */
  have: ReadonlySet<string>;
}

/** One item as the page's script gets it; `html` is left out when the page has this version. */
export interface ShownItem {
  id: string;
  state: string;
  version: string;
  html?: string;
}

const bytes = (text: string) => Buffer.byteLength(JSON.stringify(text));

/** The item's version as this page shows it: its state, how it was fitted, and who looks. */
function versionOf(item: InboxItem, mode: string, ctx: RenderContext): string {
  const state = JSON.stringify([
    mode,
    viewerKey(item, ctx.viewer),
    item.state,
    item.decision ?? null,
    item.approvals ?? null,
    item.ignoredApprovals ?? 0,
    item.unverifiedDecision !== undefined,
    item.outcome ?? null,
    item.redeemedAt ?? null,
  ]);
  return createHash("sha256").update(state).digest("base64url").slice(0, 16);
}

/** The item whole, a plan with its payloads on demand, or compact: whichever fits `room`. */
export function fitted(item: InboxItem, ctx: RenderContext, room: number): { html: string; mode: string } {
  const limit = Math.min(ITEM_MAX, room);
  if (isPlanItem(item)) {
    if (item.request.plan.requests.length <= 10) {
      const whole = renderPlan(item, ctx);
      if (bytes(whole) <= limit) return { html: whole, mode: "whole" };
    }
    const summary = renderPlan(item, ctx, true);
    if (bytes(summary) <= limit) return { html: summary, mode: "summary" };
  } else {
    const whole = renderItem(item, ctx);
    if (bytes(whole) <= limit) return { html: whole, mode: "whole" };
  }
  return { html: renderCompact(item, ctx), mode: "compact" };
}

/** The page's data answers: the lists, one item, a plan's payloads, a field in chunks. */
export function createItemsApi(inbox: Inbox) {
  let lastSweep = 0;
  const fieldCache = new Map<string, { text: string; until: number }>();

  async function read(query: ItemsQuery): Promise<QueuePage> {
    const size = PAGE_SIZE;
    if (inbox.queue.page) return inbox.queue.page({ pending: query.pending, history: query.history, size });
    // A queue without paging of its own: its newest items, paged here.
    const items = await inbox.list(1000);
    return {
      pending: pageOf(fairOrder(items.filter((i) => i.state === "pending")), query.pending, size),
      history: pageOf(
        items.filter((i) => i.state !== "pending"),
        query.history,
        size,
      ),
      unreadable: [],
      unreadableTotal: 0,
    };
  }

  /** True when a request on the page ran out or lost its agent: a sweep ends it in the audit. */
  async function stale(items: InboxItem[]): Promise<boolean> {
    const now = Date.now();
    const pending = items.filter((i) => i.state === "pending");
    if (pending.some((i) => now >= i.request.expiresAt)) return true;
    const alive = await Promise.all(
      pending.filter((i) => !i.detached).map((i) => inbox.queue.alive(i.id).catch(() => true)),
    );
    return alive.includes(false);
  }

  async function items(query: ItemsQuery, ctx: RenderContext, name: string): Promise<string> {
    let page = await read(query);
    if (Date.now() - lastSweep >= SWEEP_EVERY_MS && (await stale(page.pending.items))) {
      lastSweep = Date.now();
      await inbox.sweep(page.pending.items).catch(() => 0);
      page = await read(query);
    }
    const opened = query.item ? await inbox.queue.get(query.item).catch(() => null) : null;
    const pending = page.pending.items.filter((i) => i.id !== opened?.id);
    const history = page.history.items.filter((i) => i.id !== opened?.id);
    if (opened?.state === "pending") pending.unshift(opened);
    else if (opened) history.unshift(opened);
    const count = pending.length + history.length;
    let used = 0;
    let left = count;
    const show = (item: InboxItem): ShownItem => {
      left -= 1;
      const { html, mode } = fitted(item, ctx, ITEMS_BUDGET - used - left * COMPACT_MAX);
      const version = versionOf(item, mode, ctx);
      if (query.have.has(version)) return { id: item.id, state: item.state, version };
      used += bytes(html);
      return { id: item.id, state: item.state, version, html };
    };
    const list = (shown: InboxItem[], at: QueuePage["pending"]) => ({
      page: at.page,
      pages: at.pages,
      total: at.total,
      items: shown.map(show),
    });
    return JSON.stringify({
      name,
      pending: list(pending, page.pending),
      history: list(history, page.history),
      unreadable: {
        total: page.unreadableTotal,
        items: page.unreadable.map((u) => ({ id: u.id, html: renderUnreadable(u.id, u.reason) })),
      },
    });
  }

  async function item(id: string, ctx: RenderContext): Promise<string | null> {
    const found = await inbox.queue.get(id).catch(() => null);
    if (!found) return null;
    const { html, mode } = fitted(found, ctx, MAX_ANSWER - 10_000);
    return JSON.stringify({ id: found.id, state: found.state, version: versionOf(found, mode, ctx), html });
  }

  async function plan(id: string, from: number, ctx: RenderContext): Promise<string | null> {
    const found = await inbox.queue.get(id).catch(() => null);
    if (!found || !isPlanItem(found)) return null;
    return JSON.stringify(renderPayloads(found, from, ctx, ITEMS_BUDGET / 2));
  }

  /** A field's cleaned text from `from` on, at most {@link FIELD_CHUNK} characters, and where the rest starts. */
  async function field(
    id: string,
    name: string,
    from: number,
    clean: (text: string) => string,
  ): Promise<{ text: string; next: number | null; length: number } | null> {
    // A long value is asked for in parts one after the other: it is read and cleaned once.
    const key = JSON.stringify([id, name]);
    const cached = fieldCache.get(key);
    let whole = cached && cached.until > Date.now() ? cached.text : undefined;
    if (whole === undefined) {
      const found = await inbox.queue.get(id).catch(() => null);
      const value = found ? fieldsOf(found)[name] : undefined;
      if (value === undefined) return null;
      whole = clean(value);
      if (whole.length > FIELD_CHUNK) {
        for (const [k, v] of fieldCache)
          if (v.until < Date.now() || fieldCache.size > 4) fieldCache.delete(k);
        fieldCache.set(key, { text: whole, until: Date.now() + 30_000 });
      }
    }
    const start = Math.min(Math.max(0, Math.floor(from) || 0), whole.length);
    const end = Math.min(whole.length, start + FIELD_CHUNK);
    return { text: whole.slice(start, end), next: end < whole.length ? end : null, length: whole.length };
  }

  return { items, item, plan, field };
}
