import { describe, expect, it } from "vitest";
import { RESET_UNCERTAINTY_MS } from "../../src/store/types.js";
import { bothStores, rule, sleep, stopwatch } from "./both-stores.js";

const { kinds, fresh } = bothStores();

// The request rate every process on a store shares: the same behaviour from memory and Redis.

describe.each(kinds)("%s store: the request rate", (_kind, make) => {
  it("grants a first request alone, then up to the limit once an answer was heard", async () => {
    const store = make();
    const bucket = fresh("rate");
    const probe = await store.takeRate(bucket, rule(3, 1000), 5);
    expect(probe).toMatchObject({ granted: 1, seq: 1 });
    const held = await store.takeRate(bucket, rule(3, 1000), 5);
    expect(held.granted).toBe(0);
    expect(held.waitMs).toBeLessThanOrEqual(25);
    const sinceAnswer = stopwatch();
    await store.heardRate(bucket, rule(3, 1000), { seq: 1, run: probe.run });
    expect(await store.takeRate(bucket, rule(3, 1000), 5)).toMatchObject({ granted: 2, seq: 3 });
    const full = await store.takeRate(bucket, rule(3, 1000), 1);
    expect(full.granted).toBe(0);
    // The answered request counts a window after its answer; the unanswered two would count longer.
    expect(full.waitMs).toBeGreaterThanOrEqual(1000 - sinceAnswer());
    expect(full.waitMs).toBeLessThanOrEqual(1020);
    expect(await store.viewRate(bucket, rule(3, 1000))).toMatchObject({ used: 3, pausedMs: 0 });
  });

  it("a first request that takes long holds the others back only for the probe time", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = { ...rule(10, 1000), probeMs: 100 };
    expect((await store.takeRate(bucket, r, 5)).granted).toBe(1);
    expect((await store.takeRate(bucket, r, 5)).granted).toBe(0);
    await sleep(150);
    expect((await store.takeRate(bucket, r, 5)).granted).toBe(5);
  });

  it("counts a request until a window after its answer, or after the hold when no answer came", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = rule(1, 200, 5000);
    // An answer was heard on the key before, so the first request is no probe.
    await store.heardRate(bucket, r, { seq: 0, run: "" });
    const sinceSent = stopwatch();
    const first = await store.takeRate(bucket, r, 1);
    expect(first.granted).toBe(1);
    // Unanswered, it may still be on its way: it counts for the hold and a window after it.
    expect((await store.takeRate(bucket, r, 1)).waitMs).toBeGreaterThanOrEqual(5200 - sinceSent());
    await store.heardRate(bucket, r, { seq: 1, run: first.run });
    const answered = await store.takeRate(bucket, r, 1);
    expect(answered.granted).toBe(0);
    expect(answered.waitMs).toBeGreaterThan(0);
    expect(answered.waitMs).toBeLessThanOrEqual(220);
    await sleep(answered.waitMs + 5);
    expect((await store.takeRate(bucket, r, 1)).granted).toBe(1);
  });

  it("follows the service's headers when they allow fewer, counting requests sent after the answered one", async () => {
    const store = make();
    const bucket = fresh("rate");
    const probe = await store.takeRate(bucket, rule(100, 60_000), 1);
    await store.heardRate(bucket, rule(100, 60_000), { seq: 1, run: "" });
    expect((await store.takeRate(bucket, rule(100, 60_000), 2)).seq).toBe(3);
    // The answer to request 1 says 4 are left; requests 2 and 3 were not counted in it yet.
    const sinceHeaders = stopwatch();
    await store.heardRate(bucket, rule(100, 60_000), {
      seq: 1,
      run: probe.run,
      limit: 5,
      remaining: 4,
      resetMs: 600,
    });
    expect((await store.takeRate(bucket, rule(100, 60_000), 10)).granted).toBe(2);
    const wait = await store.takeRate(bucket, rule(100, 60_000), 1);
    expect(wait.granted).toBe(0);
    expect(wait.waitMs).toBeGreaterThanOrEqual(600 - sinceHeaders());
    expect((await store.viewRate(bucket, rule(100, 60_000))).server).toMatchObject({
      limit: 5,
      remaining: 0,
    });
    await sleep(wait.waitMs + 20);
    // After the service's reset, its whole limit is open again (our own limit still counts).
    expect((await store.takeRate(bucket, rule(100, 60_000), 10)).granted).toBe(5);
  });

  it("answers heard out of grant order, with nobody else on the key, never hold the window's last request", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = rule(10, 2000);
    const probe = await store.takeRate(bucket, r, 1);
    await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 10, remaining: 9, resetMs: 2000 });
    // Three processes take 8 more; the requests of the last take reach the service first.
    const takes = [
      await store.takeRate(bucket, r, 3),
      await store.takeRate(bucket, r, 3),
      await store.takeRate(bucket, r, 2),
    ];
    expect(takes.map((t) => t.granted)).toEqual([3, 3, 2]);
    // Request 2 arrived last: the service counted all 9. Read as if the 7 granted after it were
    // still to come, nothing would be left for a whole window; all 9 are ours, so one is.
    await store.heardRate(bucket, r, { seq: 2, run: takes[0]!.run, limit: 10, remaining: 1, resetMs: 2000 });
    expect((await store.takeRate(bucket, r, 5)).granted).toBe(1);
    expect((await store.takeRate(bucket, r, 5)).granted).toBe(0);
  });

  it("counts another client on the key from the headers: the service counted more than we sent", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = rule(10, 2000);
    const probe = await store.takeRate(bucket, r, 1);
    // One request of ours, and the service counted 6.
    await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 10, remaining: 4, resetMs: 2000 });
    expect((await store.takeRate(bucket, r, 10)).granted).toBe(4);
    expect((await store.takeRate(bucket, r, 10)).granted).toBe(0);
  });

  it("a service window longer than ours, heard once, keeps its headers in force when later resets look short", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = rule(10, 2000);
    const probe = await store.takeRate(bucket, r, 1);
    // Early in its window the service's reset says 4 s: more than whole seconds (rounded either
    // way, relative or epoch) can add to a window of our 2 s, so its window is longer.
    await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 10, remaining: 9, resetMs: 4000 });
    const more = await store.takeRate(bucket, r, 4);
    expect(more.granted).toBe(4);
    // Later in the same window a reset of 1 s alone would pass for a window like ours.
    await store.heardRate(bucket, r, { seq: 5, run: more.run, limit: 10, remaining: 5, resetMs: 1000 });
    expect((await store.viewRate(bucket, r)).server).toMatchObject({ limit: 10, remaining: 5 });
  });

  it("a reset in whole seconds up to a second past our window is read as our window: the headers hold nothing back", async () => {
    const store = make();
    const r = rule(10, 3000);
    for (const resetMs of [3000, 3999, 4000]) {
      const bucket = fresh("rate");
      const probe = await store.takeRate(bucket, r, 1);
      // An epoch rounded up, heard at the start of a 3 s window: up to 4 s from now.
      await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 10, remaining: 9, resetMs });
      expect((await store.viewRate(bucket, r)).server).toBeUndefined();
      expect((await store.takeRate(bucket, r, 9)).granted).toBe(9);
    }
    const longer = fresh("rate");
    const probe = await store.takeRate(longer, r, 1);
    await store.heardRate(longer, r, { seq: 1, run: probe.run, limit: 10, remaining: 9, resetMs: 4100 });
    expect((await store.viewRate(longer, r)).server).toMatchObject({ limit: 10, remaining: 9 });
  });

  it("after the service's reset, its next headers replace our guess of the new window's end", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = rule(100, 60_000);
    const probe = await store.takeRate(bucket, r, 1);
    await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 2, remaining: 0, resetMs: 150 });
    await sleep(200 + RESET_UNCERTAINTY_MS);
    // The reset passed: a fresh window of 2, whose end we can only guess (a second at least)...
    const opened = await store.takeRate(bucket, r, 5);
    expect(opened.granted).toBe(2);
    // ...until the service says it ends later: its rounded-up reset never runs early, so it wins.
    const sinceLater = stopwatch();
    await store.heardRate(bucket, r, { seq: 3, run: opened.run, limit: 2, remaining: 0, resetMs: 2000 });
    const held = await store.takeRate(bucket, r, 1);
    expect(held.granted).toBe(0);
    expect(held.waitMs).toBeGreaterThanOrEqual(2000 - sinceLater());
  });

  it("an answer heard late from the window before the one we hold does not empty it", async () => {
    const store = make();
    const bucket = fresh("rate");
    const r = rule(100, 60_000);
    const probe = await store.takeRate(bucket, r, 1);
    await store.heardRate(bucket, r, { seq: 1, run: probe.run, limit: 3, remaining: 2, resetMs: 150 });
    const late = await store.takeRate(bucket, r, 1);
    expect(late.granted).toBe(1);
    await sleep(200 + RESET_UNCERTAINTY_MS);
    // The reset passed: a fresh window of 3, two of it taken now.
    expect((await store.takeRate(bucket, r, 2)).granted).toBe(2);
    // The earlier request's answer arrives only now, describing the window that ended.
    await store.heardRate(bucket, r, { seq: late.seq, run: late.run, limit: 3, remaining: 1, resetMs: 1000 });
    expect((await store.takeRate(bucket, r, 5)).granted).toBe(1);
  });

  it("a pause holds every take of the key and says it is a pause", async () => {
    const store = make();
    const bucket = fresh("rate");
    const sincePause = stopwatch();
    await store.pauseRate(bucket, 300);
    await store.pauseRate(bucket, 100);
    const paused = await store.takeRate(bucket, rule(10, 1000), 1);
    expect(paused).toMatchObject({ granted: 0, paused: true });
    expect(paused.waitMs).toBeGreaterThanOrEqual(300 - sincePause());
    expect((await store.viewRate(bucket, rule(10, 1000))).pausedMs).toBeGreaterThanOrEqual(
      300 - sincePause(),
    );
    await sleep(paused.waitMs + 10);
    expect((await store.takeRate(bucket, rule(10, 1000), 1)).granted).toBe(1);
  });
});
