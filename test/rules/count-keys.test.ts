import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import type { AdStore } from "../../src/store/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// Launch counts by request id, on memory and a real Redis: an id counts once however often it is
// sent, its repeat holds past the cap, and only taking it back (a definite refusal) frees its place.

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

describe.each([
  ["memory", () => memoryStore()],
  ["redis", () => shared],
] as [string, () => AdStore][])("counts by request id on %s", (_name, make) => {
  it("an id counts once; its repeat holds at the cap; undo frees the place, once", async () => {
    const store = make();
    const group = `g-${Math.random()}`;
    const first = await store.holdCount!(group, "act_1", 1, 60_000, 600_000, "req-1");
    await store.settleCount!(group, "act_1", first, true, 600_000, "req-1");
    expect(await store.viewCounts!(group)).toEqual({ act_1: { done: 1, held: 0 } });
    // Another launch: refused at the cap. The repeat of req-1: held, and it adds nothing.
    expect(await store.holdCount!(group, "act_1", 1, 60_000, 600_000, "req-2")).toBeNull();
    const repeat = await store.holdCount!(group, "act_1", 1, 60_000, 600_000, "req-1");
    expect(repeat).not.toBeNull();
    await store.settleCount!(group, "act_1", repeat, true, 600_000, "req-1");
    expect(await store.viewCounts!(group)).toEqual({ act_1: { done: 1, held: 0 } });
    // Shown not applied: taken back once.
    await store.settleCount!(group, "act_1", null, "undo", 600_000, "req-1");
    await store.settleCount!(group, "act_1", null, "undo", 600_000, "req-1");
    expect(await store.viewCounts!(group)).toEqual({ act_1: { done: 0, held: 0 } });
    expect(await store.holdCount!(group, "act_1", 1, 60_000, 600_000, "req-2")).not.toBeNull();
  });
});
