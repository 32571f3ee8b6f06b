import { describe, expect, it } from "vitest";
import type { RateRule } from "../../src/store/index.js";
import { RESET_UNCERTAINTY_MS } from "../../src/store/types.js";
import { bothStores } from "./both-stores.js";

// A reset in whole seconds (relative or epoch, rounded up or down) read with its second of
// uncertainty, in the memory store and through the real Redis scripts: learn mode, where the
// service's headers govern (our own limit is the default 60 a minute).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rule = (limit: number, windowMs: number): RateRule => ({
  limit,
  windowMs,
  marginMs: 20,
  probeMs: 2000,
  holdMs: 5000,
});
const { kinds, fresh } = bothStores();

describe.each(kinds)("%s store", (_kind, make) => {
  it("a reset in whole seconds is read a second late: a rounded-down epoch never lets a burst in early", async () => {
    const store = make();
    const bucket = fresh("rate");
    // Learn mode: our own limit is the default 60 a minute, the service allows 5.
    const r = rule(60, 60_000);
    const probe = await store.takeRate(bucket, r, 1);
    // The service's window ends 1.9 s from now; its epoch rounded down says 1 s.
    const started = Date.now();
    await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 5, remaining: 4, resetMs: 1000 });
    expect((await store.takeRate(bucket, r, 10)).granted).toBe(4);
    await sleep(1100);
    // The rounded-down reset has passed, the service's window has not: nothing may go yet.
    const held = await store.takeRate(bucket, r, 10);
    expect(held.granted).toBe(0);
    // Read a second late (2 s from the answer), less the time that really passed since.
    expect(held.waitMs).toBeGreaterThanOrEqual(1800 - (Date.now() - started + 1));
    await sleep(held.waitMs + 20);
    expect((await store.takeRate(bucket, r, 10)).granted).toBe(5);
  });

  it("a window opened after the service's reset is held a second past the longest reset until its headers come", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = rule(60, 60_000);
    const probe = await store.takeRate(bucket, r, 1);
    // The service allows 2 per window, none left; its reset (rounded either way) says 1 s.
    await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 2, remaining: 0, resetMs: 1000 });
    await sleep(1000 + RESET_UNCERTAINTY_MS + 50);
    expect((await store.takeRate(bucket, r, 5)).granted).toBe(2);
    // No answer of the new window yet: a second past the reset heard, its window may still run.
    await sleep(1100);
    expect((await store.takeRate(bucket, r, 1)).granted).toBe(0);
  });
});
