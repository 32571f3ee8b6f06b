// The sweeper reaches every waiting request with bounded work per sweep: page 1 and a cursor over
// the other pages that wraps around. An expired and an abandoned request deep in the list are ended
// in the audit and notified within a known number of sweeps; a malformed item is skipped and said
// once. The memory queue and a real redis-server; the notifications go to a real loopback webhook.
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { createInbox } from "../../src/inbox/inbox.js";
import { memoryQueue } from "../../src/inbox/memory-queue.js";
import { createNotifier } from "../../src/inbox/notify.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import type { InboxAudit, InboxItem, InboxQueue } from "../../src/inbox/types.js";
import { startRedis } from "../support/redis.js";
import { until } from "./helpers.js";
import { webhookReceiver } from "./notify-helpers.js";
import { addMany, waitingItem } from "./scale-helpers.js";

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

const N = 30;
const PAGING = { size: 5, pages: 1 };
/** Sweeps in which every waiting request is read at least once: ceil(N / (size * pages)). */
const K = Math.ceil(N / (PAGING.size * PAGING.pages));
/** Page 1, the newest, the cursor's pages, and as many again after requests were ended. */
const PER_SWEEP = PAGING.size * (2 * PAGING.pages + 2);

/** The queue as it is, with the items its reads hand out counted. */
function counted(queue: InboxQueue) {
  const reads = { items: 0, lists: 0 };
  const page = queue.page!;
  return {
    reads,
    queue: {
      ...queue,
      page: async (query: Parameters<typeof page>[0]) => {
        const answer = await page(query);
        reads.items += answer.pending.items.length;
        return answer;
      },
      list: async (limit: number) => {
        const items = await queue.list(limit);
        reads.lists += 1;
        reads.items += items.length;
        return items;
      },
    } satisfies InboxQueue,
  };
}

/** 30 waiting requests of one asker (the fair order is their age): item-20 expired, item-15 lost its agent. */
async function fill(queue: InboxQueue) {
  const t = Date.now() - 100_000;
  await addMany(queue, N, (i) => {
    const item = waitingItem(i, {}, t + i);
    if (i === 20) return { ...item, request: { ...item.request, expiresAt: Date.now() - 1000 } };
    if (i === 15) return { ...item, detached: false };
    return item;
  });
  // item-15's agent stops beating at once.
  const stale = await queue.get("item-15");
  await queue.add(stale!, 1);
  await new Promise((r) => setTimeout(r, 20));
}

async function scenario(queue: InboxQueue, audit: InboxAudit | undefined, prepare?: () => Promise<void>) {
  const receiver = await webhookReceiver();
  closers.push(receiver.close);
  const { queue: countedQueue, reads } = counted(queue);
  const notifier = createNotifier(countedQueue, {
    urls: [receiver.url],
    publicUrl: "https://inbox.example.com/",
    backoffMs: 50,
  });
  closers.push(async () => notifier.close());
  const watched: string[] = [];
  const inbox = createInbox({
    queue: countedQueue,
    ...(audit ? { audit } : {}),
    sweepPaging: PAGING,
    watch: async (items) => {
      for (const item of items) watched.push(item.id);
      await notifier.watch(items);
    },
  });
  closers.push(() => inbox.close());
  await fill(countedQueue);
  await prepare?.();

  const state = async (id: string) => (await inbox.queue.get(id))?.state;
  const endedAt: Record<string, number> = {};
  for (let sweep = 1; sweep <= K; sweep++) {
    const before = reads.items;
    await inbox.sweep();
    expect(reads.items - before, `items read by sweep ${sweep}`).toBeLessThanOrEqual(PER_SWEEP);
    for (const id of ["item-20", "item-15"])
      if (endedAt[id] === undefined && (await state(id)) !== "pending") endedAt[id] = sweep;
  }
  expect(reads.lists).toBe(K);
  // Neither is on the pages the first sweep reads; both are ended within K sweeps.
  expect(endedAt["item-20"]).toBeGreaterThan(1);
  expect(endedAt["item-15"]).toBeGreaterThan(1);
  expect(await state("item-20")).toBe("expired");
  expect(await state("item-15")).toBe("abandoned");
  const trail = await inbox.audit.read();
  expect(trail.filter((e) => e.id === "item-20").map((e) => e.event)).toEqual(["expire"]);
  expect(trail.filter((e) => e.id === "item-15").map((e) => e.event)).toEqual(["abandon"]);
  const expiredSent = () =>
    receiver
      .delivered()
      .filter((b) => b.event === "approval.expired")
      .map((b) => b.id);
  await until(() => expiredSent().includes("item-20") && expiredSent().includes("item-15"));
  expect(expiredSent().sort()).toEqual(["item-15", "item-20"]);

  // The cursor wraps around: each next K sweeps read every request still waiting, again.
  const waiting = Array.from({ length: N }, (_, i) => `item-${i}`).filter(
    (id) => !["item-20", "item-15"].includes(id),
  );
  for (let round = 0; round < 2; round++) {
    watched.length = 0;
    for (let sweep = 0; sweep < K; sweep++) await inbox.sweep();
    const readable: string[] = [];
    for (const id of waiting) if ((await state(id)) === "pending") readable.push(id);
    expect(readable.length).toBeGreaterThan(N - 4);
    expect(readable.filter((id) => !watched.includes(id))).toEqual([]);
  }
  return { inbox, watched };
}

describe("the sweeper reaches every waiting request", { timeout: 60_000 }, () => {
  it("memory queue: deep expired and abandoned requests are ended and notified within K sweeps", async () => {
    await scenario(memoryQueue(), undefined);
  });

  it("redis queue: the same, and a malformed item on the way is skipped and said once", async () => {
    const redis = await startRedis();
    closers.push(() => redis.close());
    const { queue, audit } = redisInbox({ url: redis.url, commandTimeoutMs: 5000 });
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => {
      if (w.code === "ADRAILS_INBOX_UNREADABLE") warnings.push(w.message);
    };
    process.on("warning", onWarning);
    closers.push(async () => process.off("warning", onWarning));
    const raw = createClient({ url: redis.url });
    await raw.connect();
    closers.push(() => raw.close());
    const { watched } = await scenario(queue, audit, async () => {
      await raw.set("adrails:inbox:item:item-8", "{not json");
    });
    expect(watched).not.toContain("item-8");
    await until(() => warnings.length > 0);
    expect(warnings.filter((m) => m.includes("item-8"))).toHaveLength(1);
  });

  it("a request on the page a person looks at is ended by the sweep that page asks for", async () => {
    const inbox = createInbox({ sweepPaging: PAGING });
    closers.push(() => inbox.close());
    await fill(inbox.queue);
    const shown = (await inbox.queue.get("item-15")) as InboxItem;
    await expect(inbox.sweep([shown])).resolves.toBeGreaterThanOrEqual(1);
    expect((await inbox.queue.get("item-15"))?.state).toBe("abandoned");
  });
});
