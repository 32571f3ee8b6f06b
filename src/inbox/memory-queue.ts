import type { DecideResult, InboxItem, InboxQueue, ItemDecision, ItemOutcome } from "./types.js";

/** Items kept by a memory queue before the oldest are dropped. */
const MAX_ITEMS = 1000;

/** An inbox queue in this process's memory: for an inbox mounted in the same server as its agents. */
export function memoryQueue(): InboxQueue {
  const items = new Map<string, InboxItem>();
  const seenUntil = new Map<string, number>();
  const copy = (item: InboxItem): InboxItem => structuredClone(item);
  const alive = (id: string) => (seenUntil.get(id) ?? 0) > Date.now();

  return {
    name: "memory",
    async add(item, aliveMs) {
      items.set(item.id, copy(item));
      seenUntil.set(item.id, Date.now() + aliveMs);
      for (const id of items.keys()) {
        if (items.size <= MAX_ITEMS) break;
        items.delete(id);
        seenUntil.delete(id);
      }
    },
    async beat(id, aliveMs) {
      if (items.has(id)) seenUntil.set(id, Date.now() + aliveMs);
    },
    async get(id) {
      const item = items.get(id);
      return item ? copy(item) : null;
    },
    async list(limit) {
      return [...items.values()]
        .sort((a, b) => b.createdAt - a.createdAt)
        .slice(0, limit)
        .map(copy);
    },
    async alive(id) {
      return alive(id);
    },
    async decide(id: string, decision: ItemDecision, graceMs: number): Promise<DecideResult> {
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
      item.state = decision.approved ? "approved" : "declined";
      item.decision = { ...decision };
      return { ok: true, item: copy(item) };
    },
    async close(id, state, at) {
      const item = items.get(id);
      if (item?.state !== "pending") return false;
      item.state = state;
      item.closedAt = at;
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
    async shutdown() {},
  };
}
