import type { InboxItem, InboxQueue } from "../../src/inbox/types.js";
import type { ConfirmRequest } from "../../src/types.js";
import { adRequest } from "./requests.js";

/** A waiting item as an agent's ask would post it; `n` makes it unique and sets its age. */
export function waitingItem(
  n: number,
  who: { agent?: string; pid?: number; account?: string; headline?: string } = {},
  at = Date.now(),
): InboxItem {
  const account = who.account ?? "act_1";
  // Built from its payload, as the toolkit records it: the inbox shows and signs what that says.
  const request: ConfirmRequest = adRequest({
    id: `apr_${n}`,
    account,
    headline: who.headline ?? `Request ${n}`,
    askedAt: at,
    expiresInMs: 3600_000,
  });
  return {
    id: `item-${n}`,
    request,
    requester: { agent: who.agent ?? "flood-job", pid: who.pid ?? 1000, host: "worker-1" },
    createdAt: at,
    state: "pending",
    detached: true,
  };
}

/** Adds `count` waiting items, `parallel` at a time; item i is `i` ms younger than `from`. */
export async function addMany(
  queue: InboxQueue,
  count: number,
  make: (i: number) => InboxItem,
  parallel = 200,
): Promise<void> {
  for (let start = 0; start < count; start += parallel) {
    const batch: Promise<void>[] = [];
    for (let i = start; i < Math.min(count, start + parallel); i++) batch.push(queue.add(make(i), 3600_000));
    await Promise.all(batch);
  }
}
