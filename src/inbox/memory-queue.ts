import { type AccountTurns, accountKey, askerKey, clampPage, fairPicks } from "./listing.js";
import type {
  ApprovalCount,
  DecideResult,
  InboxItem,
  InboxQueue,
  ItemDecision,
  ItemOutcome,
  QueuePage,
} from "./types.js";

/** Decided and closed items kept as history before the oldest of them go. Waiting ones never go. */
const HISTORY_MAX = 1000;

/** An inbox queue in this process's memory: for an inbox mounted in the same server as its agents. */
export function memoryQueue(): InboxQueue {
  const items = new Map<string, InboxItem>();
  const seenUntil = new Map<string, number>();
  const marks = new Map<string, Set<string>>();
  // Waiting items by account, then asker, each asker's oldest first: the page reads its fair order here.
  const waiting = new Map<string, Map<string, string[]>>();
  const placeOf = new Map<string, [string, string]>();
  // Items no longer waiting, in the order they stopped (oldest first).
  const history = new Set<string>();
  const copy = (item: InboxItem): InboxItem => structuredClone(item);
  const alive = (id: string) => (seenUntil.get(id) ?? 0) > Date.now();

  const unindex = (id: string) => {
    const at = placeOf.get(id);
    if (!at) return;
    placeOf.delete(id);
    const askers = waiting.get(at[0]);
    const list = askers?.get(at[1]);
    if (!askers || !list) return;
    const i = list.indexOf(id);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) askers.delete(at[1]);
    if (askers.size === 0) waiting.delete(at[0]);
  };
  const index = (item: InboxItem) => {
    const at: [string, string] = [accountKey(item), askerKey(item)];
    placeOf.set(item.id, at);
    const askers = waiting.get(at[0]) ?? new Map<string, string[]>();
    waiting.set(at[0], askers);
    const list = askers.get(at[1]) ?? [];
    askers.set(at[1], list);
    // Oldest first; an item is nearly always the newest of its asker.
    let i = list.length;
    while (i > 0 && items.get(list[i - 1]!)!.createdAt > item.createdAt) i--;
    list.splice(i, 0, item.id);
  };
  const ended = (item: InboxItem) => {
    unindex(item.id);
    history.delete(item.id);
    history.add(item.id);
    for (const id of history) {
      if (history.size <= HISTORY_MAX) break;
      history.delete(id);
      items.delete(id);
      seenUntil.delete(id);
      marks.delete(id);
    }
  };
  const oldest = (ids: string[]) => items.get(ids[0]!)!.createdAt;

  function page(query: { pending: number; history: number; size: number }): QueuePage {
    const accounts = [...waiting.values()]
      .map((askers) => [...askers.values()].sort((a, b) => oldest(a) - oldest(b)))
      .sort((a, b) => oldest(a[0]!) - oldest(b[0]!));
    const turns: AccountTurns[] = accounts.map((askers, i) => ({
      key: String(i),
      askers: askers.map((ids, k) => ({ key: String(k), count: ids.length })),
    }));
    const total = placeOf.size;
    const p = clampPage(query.pending, total, query.size);
    const pending = fairPicks(turns, (p.page - 1) * query.size, query.size).map((pick) =>
      copy(items.get(accounts[pick.account]![pick.asker]![pick.index]!)!),
    );
    const h = clampPage(query.history, history.size, query.size);
    const newest = [...history].reverse().slice((h.page - 1) * query.size, h.page * query.size);
    return {
      pending: { items: pending, page: p.page, pages: p.pages, total },
      history: {
        items: newest.map((id) => copy(items.get(id)!)),
        page: h.page,
        pages: h.pages,
        total: history.size,
      },
      unreadable: [],
      unreadableTotal: 0,
    };
  }

  return {
    name: "memory",
    async add(item, aliveMs) {
      if (items.has(item.id)) {
        // Asked again under the same id: it goes to the end, as a new item.
        unindex(item.id);
        history.delete(item.id);
        items.delete(item.id);
      }
      items.set(item.id, copy(item));
      seenUntil.set(item.id, Date.now() + aliveMs);
      if (item.state === "pending") index(item);
      else ended(item);
    },
    async beat(id, aliveMs) {
      if (items.has(id)) seenUntil.set(id, Date.now() + aliveMs);
    },
    async get(id) {
      const item = items.get(id);
      return item ? copy(item) : null;
    },
    async list(limit) {
      // Items go in nearly in time order: only the last ones need sorting.
      const all = [...items.values()];
      const tail = all.slice(-Math.max(limit * 2, limit + 100));
      return tail
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, limit)
        .map(copy);
    },
    async alive(id) {
      return alive(id);
    },
    async decide(
      id: string,
      decision: ItemDecision,
      graceMs: number,
      count: ApprovalCount = { needed: 1, prior: 0 },
    ): Promise<DecideResult> {
      const item = items.get(id);
      if (!item) return { ok: false, code: "not-found" };
      if (item.state === "expired" || item.state === "abandoned")
        return { ok: false, code: item.state, item: copy(item) };
      if (item.state !== "pending") return { ok: false, code: "already-decided", item: copy(item) };
      if (decision.fingerprint !== undefined && decision.fingerprint !== item.request.fingerprint)
        return { ok: false, code: "changed", item: copy(item) };
      if (Date.now() >= item.request.expiresAt - graceMs)
        return { ok: false, code: "expired", item: copy(item) };
      if (!item.detached && !alive(id)) return { ok: false, code: "abandoned", item: copy(item) };
      if (decision.approved && count.needed > 1) {
        const approvals = item.approvals ?? [];
        if (approvals.length !== count.prior) return { ok: false, code: "raced", item: copy(item) };
        if (approvals.some((a) => a.by === decision.by && (!count.held || count.held.includes(a.sig ?? ""))))
          return { ok: false, code: "same-person", item: copy(item) };
        item.approvals = [...approvals, { ...decision }];
        if (item.approvals.length < count.needed) return { ok: true, item: copy(item) };
      }
      item.state = decision.approved ? "approved" : "declined";
      item.decision = { ...decision };
      ended(item);
      return { ok: true, item: copy(item) };
    },
    async close(id, state, at) {
      const item = items.get(id);
      if (item?.state !== "pending") return false;
      item.state = state;
      item.closedAt = at;
      ended(item);
      return true;
    },
    async redeem(id, at) {
      const item = items.get(id);
      if (item?.state !== "approved" || item.redeemedAt !== undefined) return false;
      item.redeemedAt = at;
      return true;
    },
    async settle(id, outcome: ItemOutcome) {
      const item = items.get(id);
      if (item) item.outcome = { ...outcome };
    },
    async mark(id, tag) {
      const set = marks.get(id) ?? new Set<string>();
      marks.set(id, set);
      if (set.has(tag)) return false;
      set.add(tag);
      return true;
    },
    async page(query) {
      return page(query);
    },
    async shutdown() {},
  };
}
