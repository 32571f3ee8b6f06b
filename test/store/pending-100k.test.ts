import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdStore, ApprovalRecordInput } from "../../src/store/index.js";
import { keyScoped, memoryStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// 100,000 requests wait on one key: none is dropped, and the oldest is still listed first,
// answered and redeemed.

const N = 100_000;
let redis: (TestRedis & { close(): Promise<void> }) | undefined;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.close();
});

const payload = (i: number) => `{"account_id":"act_1","headline":"Ad ${i}","status":"ACTIVE"}`;

/** Seeds `n` pending requests, a thousand creates in flight at a time (node-redis pipelines them). */
async function seed(store: AdStore, n: number): Promise<void> {
  const now = await store.clock();
  const make = (i: number): ApprovalRecordInput => ({
    id: `apr_${i}`,
    tool: "push-creative",
    payload: payload(i),
    fingerprint: `fp${i}`,
    scope: i === N - 1 ? "late-thread" : `thread-${i % 499}`,
    channel: "inbox",
    askedAt: now - n + i,
    expiresAt: now + 3_600_000,
    summary: { headline: `Ad ${i}` },
    message: `Create an ACTIVE ad "Ad ${i}".`,
  });
  for (let from = 0; from < n; from += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let i = from; i < Math.min(n, from + 1000); i++) batch.push(store.createApproval("", make(i)));
    const made = (await Promise.all(batch)) as { created: boolean }[];
    expect(made.every((m) => m.created)).toBe(true);
  }
}

async function oldestStillWorks(store: AdStore) {
  const first = await store.pendingApprovals("", { limit: 3 });
  expect(first.map((r) => r.id)).toEqual(["apr_0", "apr_1", "apr_2"]);
  expect((await store.pendingApprovals("", { scope: "late-thread" })).map((r) => r.id)).toEqual([
    `apr_${N - 1}`,
  ]);
  const page = await store.pendingApprovals("", { limit: 1000, after: `apr_${N - 1001}` });
  expect(page.length).toBe(1000);
  expect(page.at(-1)!.id).toBe(`apr_${N - 1}`);
  const at = await store.clock();
  expect(
    await store.answerApproval("", "apr_0", { approved: true, text: "Yes", channel: "inbox", at }),
  ).toMatchObject({
    ok: true,
  });
  expect(await store.redeemApproval("", "apr_0", payload(0))).toMatchObject({ ok: true });
  expect((await store.pendingApprovals("", { limit: 1 })).map((r) => r.id)).toEqual(["apr_1"]);
}

describe("100,000 pending requests on one key", () => {
  it("redis: all are kept and indexed, and the oldest is listed, answered and redeemed", async () => {
    const prefix = "big";
    const store = keyScoped(redisStore({ url: redis!.url, prefix, commandTimeoutMs: 10_000 }), "key-1");
    const raw = createClient({ url: redis!.url });
    await raw.connect();
    try {
      await seed(store, N);
      const records = await raw.eval(`return #redis.call('KEYS', ARGV[1])`, {
        arguments: [`${prefix}:apr:*`],
      });
      expect(records).toBe(N);
      const [queue] = await raw.keys(`${prefix}:aprq:*`);
      expect(await raw.zCard(queue!)).toBe(2 * N);
      await oldestStillWorks(store);
    } finally {
      await raw.close();
      await store.close();
    }
  }, 300_000);

  it("memory: all are kept, and the oldest is listed, answered and redeemed", async () => {
    const store = keyScoped(memoryStore(), "key-1");
    await seed(store, N);
    await oldestStillWorks(store);
  }, 120_000);
});
