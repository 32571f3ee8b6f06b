import { createHash } from "node:crypto";
import type { InboxItem } from "./types.js";

/** Items on one page of the inbox, for each list. */
export const PAGE_SIZE = 25;

/** One page of a list, and how many items the other pages hold. */
export interface ListPage {
  items: InboxItem[];
  page: number;
  pages: number;
  total: number;
}

const short = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16);

/**
 * The group a waiting request takes turns in: its account. Hashed, so that a key in the store
 * stays short whatever the request holds.
 */
export function accountKey(item: InboxItem): string {
  const request = item.request as { account?: unknown; summary?: { account_id?: unknown } };
  const account = request.account ?? request.summary?.account_id;
  return short(typeof account === "string" ? account : "");
}

/**
 * Who asked, for taking turns: the agent's name on its host. Not the process id, which any flood
 * can vary: a thousand processes of one job are one asker.
 */
export function askerKey(item: InboxItem): string {
  return short(JSON.stringify([String(item.requester?.agent ?? ""), String(item.requester?.host ?? "")]));
}

/** One account's askers, oldest waiting first, with how many requests each has waiting. */
export interface AccountTurns {
  key: string;
  askers: { key: string; count: number }[];
}

/** A request's place in the fair order: which account, which of its askers, which of that asker's requests (oldest 0). */
export interface FairPick {
  account: number;
  asker: number;
  index: number;
}

/**
 * Which participant holds position `p` of a round robin over `counts` (each takes one turn a
 * round, in order, while it has items left), and the round: in O(n log max) whatever the total.
 */
function roundRobinAt(counts: readonly number[], p: number): { which: number; round: number } {
  const before = (round: number) => counts.reduce((sum, n) => sum + Math.min(n, round), 0);
  let lo = 0;
  let hi = counts.reduce((m, n) => Math.max(m, n), 0);
  // The last round that starts at or before p.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (before(mid) <= p) lo = mid;
    else hi = mid - 1;
  }
  let rest = p - before(lo);
  for (let i = 0; i < counts.length; i++) {
    if (counts[i]! <= lo) continue;
    if (rest === 0) return { which: i, round: lo };
    rest -= 1;
  }
  return { which: -1, round: lo };
}

/**
 * The fair order of waiting requests, positions `offset` to `offset + size`: accounts take turns
 * (the one waiting longest first), within an account its askers take turns, and each asker's
 * requests come oldest first. A request is never pushed further down by another account's or
 * another asker's volume: at most one request of each other asker is ahead of it per round.
 */
export function fairPicks(accounts: readonly AccountTurns[], offset: number, size: number): FairPick[] {
  const perAccount = accounts.map((a) => a.askers.map((k) => k.count));
  const totals = perAccount.map((counts) => counts.reduce((s, n) => s + n, 0));
  const total = totals.reduce((s, n) => s + n, 0);
  const out: FairPick[] = [];
  for (let p = Math.max(0, offset); p < Math.min(total, offset + size); p++) {
    const at = roundRobinAt(totals, p);
    const inner = roundRobinAt(perAccount[at.which]!, at.round);
    out.push({ account: at.which, asker: inner.which, index: inner.round });
  }
  return out;
}

/** The turns of `pending` items (any order): accounts and askers ordered by their oldest request. */
export function turnsOf(pending: readonly InboxItem[]): { turns: AccountTurns[]; queues: InboxItem[][][] } {
  const sorted = [...pending].sort((a, b) => a.createdAt - b.createdAt);
  const accounts = new Map<string, Map<string, InboxItem[]>>();
  for (const item of sorted) {
    const a = accountKey(item);
    const k = askerKey(item);
    const askers = accounts.get(a) ?? new Map<string, InboxItem[]>();
    accounts.set(a, askers);
    const list = askers.get(k);
    if (list) list.push(item);
    else askers.set(k, [item]);
  }
  const turns: AccountTurns[] = [];
  const queues: InboxItem[][][] = [];
  for (const [key, askers] of accounts) {
    turns.push({ key, askers: [...askers].map(([k, list]) => ({ key: k, count: list.length })) });
    queues.push([...askers.values()]);
  }
  return { turns, queues };
}

/**
 * Waiting items in the fair order of {@link fairPicks} (all of them): for a list already in
 * memory. The queues page through theirs without reading every item.
 */
export function fairOrder(pending: readonly InboxItem[]): InboxItem[] {
  const { turns, queues } = turnsOf(pending);
  return fairPicks(turns, 0, pending.length).map((p) => queues[p.account]![p.asker]![p.index]!);
}

/** The page number (from 1) clamped to the pages `total` items fill. */
export function clampPage(page: number, total: number, size = PAGE_SIZE): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  return { page: Math.min(Math.max(1, Math.floor(page) || 1), pages), pages };
}

/** Page `page` (from 1, clamped) of `items`. */
export function pageOf(items: readonly InboxItem[], page: number, size = PAGE_SIZE): ListPage {
  const at = clampPage(page, items.length, size);
  return {
    items: items.slice((at.page - 1) * size, at.page * size),
    page: at.page,
    pages: at.pages,
    total: items.length,
  };
}
