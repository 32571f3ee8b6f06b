import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memoryStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import type { AdStore } from "../../src/store/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// The counts behind launches.perDay and writesPerConversation, on memory and on a real Redis:
// a hold is taken only under the cap, atomically; settling counts or frees it; holds lapse.

let redis: TestRedis & { close(): Promise<void> };
let shared: AdStore;
beforeAll(async () => {
  redis = await startRedis();
  shared = redisStore({ url: redis.url });
});
afterAll(async () => {
  await shared?.close();
  await redis?.close();
});

const stores: [string, () => AdStore][] = [
  ["memory", () => memoryStore()],
  ["redis", () => shared],
];

describe.each(stores)("rule counts on %s", (_name, make) => {
  it("parallel holds never pass the cap; a settled hold counts, a released one frees its place", async () => {
    const store = make();
    const group = `g-${Math.random()}`;
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => store.holdCount!(group, "act_1", 3, 60_000, 600_000)),
    );
    expect(tokens.filter((t) => t !== null)).toHaveLength(3);
    expect(await store.viewCounts!(group)).toEqual({ act_1: { done: 0, held: 3 } });
    const [a, b] = tokens.filter((t) => t !== null) as string[];
    await store.settleCount!(group, "act_1", a!, true, 600_000);
    await store.settleCount!(group, "act_1", b!, false, 600_000);
    expect(await store.viewCounts!(group)).toEqual({ act_1: { done: 1, held: 1 } });
    expect(await store.holdCount!(group, "act_1", 3, 60_000, 600_000)).not.toBeNull();
    expect(await store.holdCount!(group, "act_1", 3, 60_000, 600_000)).toBeNull();
    // Another member has its own count; a count without a hold (advisory override) still adds.
    expect(await store.holdCount!(group, "act_2", 3, 60_000, 600_000)).not.toBeNull();
    await store.settleCount!(group, "act_1", null, true, 600_000);
    expect((await store.viewCounts!(group)).act_1).toEqual({ done: 2, held: 2 });
  });

  it("a hold nobody settles lapses (a process that died mid-launch)", async () => {
    const store = make();
    const group = `lapse-${Math.random()}`;
    expect(await store.holdCount!(group, "act_1", 1, 150, 600_000)).not.toBeNull();
    expect(await store.holdCount!(group, "act_1", 1, 150, 600_000)).toBeNull();
    await vi.waitFor(
      async () => expect(await store.holdCount!(group, "act_1", 1, 150, 600_000)).not.toBeNull(),
      {
        timeout: 3000,
        interval: 50,
      },
    );
  });
});
