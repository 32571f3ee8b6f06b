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

const askerOf = (item: InboxItem) =>
  JSON.stringify([item.requester.agent ?? "", item.requester.host ?? "", item.requester.pid ?? 0]);

/**
 * Waiting items in a fair order: each asker's oldest first, taking turns between askers (the one
 * that asked first goes first), so one process's flood cannot push another's request off page one.
 */
export function fairOrder(pending: readonly InboxItem[]): InboxItem[] {
  const byAsker = new Map<string, InboxItem[]>();
  for (const item of [...pending].sort((a, b) => a.createdAt - b.createdAt)) {
    const key = askerOf(item);
    const list = byAsker.get(key);
    if (list) list.push(item);
    else byAsker.set(key, [item]);
  }
  const queues = [...byAsker.values()];
  const out: InboxItem[] = [];
  for (let round = 0; out.length < pending.length; round++) {
    for (const queue of queues) if (queue[round]) out.push(queue[round]!);
  }
  return out;
}

/** Page `page` (from 1, clamped) of `items`. */
export function pageOf(items: readonly InboxItem[], page: number, size = PAGE_SIZE): ListPage {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((at - 1) * size, at * size), page: at, pages, total: items.length };
}
