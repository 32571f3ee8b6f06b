import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, ConfirmDecision, ConfirmRequest, ToolResult } from "../../src/types.js";
import { startFleetProcess } from "./fleet-process.js";
import { TOLD, unique, useWorld } from "./support.js";

// Issue 29, sequence 10. (a) A Redis with `maxmemory-policy volatile-ttl` evicts the keys adrails
// gave a TTL (its ledger: request ids, pins), while the epoch marker, which has none, survives: the
// loss goes unseen, and a repeat of a push whose answer was lost goes out under a new id: a second
// ad. Safe outcome: adrails refuses a store whose eviction policy can drop its keys (and says which
// setting), or detects the loss of the records it relies on; either way no second ad. The eviction
// is done as volatile-ttl does it (every key with a TTL dropped), so it is deterministic. (b) A
// fresh process without a sessionId repeats a push whose answer was lost, trusting the hint that
// the same input reuses the same request_id: on the base commit a second ad. PAUSED pushes: the
// request-id ledger is what is under test, not a person's answer (an answer is a change of its own).

const w = useWorld({ redis: true, cli: true });
const opened: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  const admin = createClient({ url: w.redis.url });
  await admin.connect();
  await admin.configSet({ maxmemory: "256mb", "maxmemory-policy": "volatile-ttl" });
  await admin.close();
});
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

function fleetProcess(extra: Partial<AdToolsOptions> = {}) {
  const store = redisStore({ url: w.redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
  opened.push(store);
  return createAdTools({
    apiKey: w.sim.apiKey,
    baseUrl: w.sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    store,
    ...extra,
  });
}

/** Drops what a volatile-ttl eviction drops: every key with a TTL. Returns how many. */
async function evictVolatile(): Promise<number> {
  const admin = createClient({ url: w.redis.url });
  await admin.connect();
  let dropped = 0;
  try {
    for await (const keys of admin.scanIterator({ COUNT: 500 })) {
      for (const key of keys) {
        if ((await admin.pTTL(key)) > 0) dropped += await admin.del(key);
      }
    }
  } finally {
    await admin.close();
  }
  return dropped;
}

/** No second ad: one at most, and every push sent for it carried the same request id. */
function noSecondAd(headline: string, detail: unknown) {
  expect(w.ads(headline), JSON.stringify(detail)).toBeLessThanOrEqual(1);
  expect(new Set(w.sent(headline).map((b) => b.request_id)).size, JSON.stringify(detail)).toBeLessThanOrEqual(
    1,
  );
}

const refusedForPolicy = (r: ToolResult) =>
  r.ok === false && r.status === null && /maxmemory-policy|volatile-ttl|evict/i.test(JSON.stringify(r));

/** A person who declines a form that says an identical ad is or may be live, and approves any other. */
const carefulPerson = (request: ConfirmRequest): ConfirmDecision =>
  TOLD.test(request.message)
    ? { approved: false, reason: "It may already be live." }
    : { approved: true, text: "I, Dana, approve this ad going live." };

describe("sequence 10a: Redis volatile-ttl eviction of adrails' keys", { timeout: 40_000 }, () => {
  it("ACTIVE: a repeat from a fresh process after a lost answer and an eviction makes no second ad", async () => {
    const headline = unique("Evicted, ACTIVE");
    const input = w.push(headline);
    const options = { sessionId: "evicted-session", confirm: carefulPerson };
    w.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const first = await fleetProcess(options).call("push-creative", input);
    if (refusedForPolicy(first)) {
      // Refused to run on a store that can evict its keys: nothing was sent.
      w.sim.control.clearFaults();
      expect(w.sent(headline)).toEqual([]);
      return;
    }
    expect(w.lost(headline), JSON.stringify(first)).toBe(1);
    expect(await evictVolatile()).toBeGreaterThan(0);
    const repeat = await fleetProcess(options).call("push-creative", input);
    expect(w.live(headline), JSON.stringify(repeat)).toBe(1);
  });

  it("PAUSED (regression guard, passes on base): a repeat in this and a fresh process after an eviction", async () => {
    const headline = unique("Evicted, PAUSED");
    const input = w.push(headline, { status: "PAUSED" });
    const a = fleetProcess({ sessionId: "evicted-session" });
    w.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const first = await a.call("push-creative", input);
    if (refusedForPolicy(first)) {
      w.sim.control.clearFaults();
      expect(w.sent(headline)).toEqual([]);
      return;
    }
    expect(w.lost(headline), JSON.stringify(first)).toBe(1);
    expect(await evictVolatile()).toBeGreaterThan(0);
    noSecondAd(headline, await a.call("push-creative", input));
    noSecondAd(headline, await fleetProcess({ sessionId: "evicted-session" }).call("push-creative", input));
  });
});

describe("sequence 10b: a fresh process without sessionId repeats a push whose answer was lost", {
  timeout: 40_000,
}, () => {
  it("the repeat goes out under the first send's id, or is refused: one ad", async () => {
    const headline = unique("Fresh process repeat");
    const input = w.push(headline, { status: "PAUSED" });
    const job = { url: w.sim.url, apiKey: w.sim.apiKey, redisUrl: w.redis.url, input };
    w.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const a = startFleetProcess("confirm", job);
    const first = await a.result();
    if (refusedForPolicy(first as ToolResult)) {
      w.sim.control.clearFaults();
      expect(w.sent(headline)).toEqual([]);
      return;
    }
    expect(w.lost(headline), JSON.stringify(first)).toBe(1);
    expect(JSON.stringify(first)).toMatch(/same request_id/);
    const repeat = await startFleetProcess("confirm", job).result();
    expect(w.ads(headline), JSON.stringify(repeat)).toBe(1);
    noSecondAd(headline, repeat);
  });
});
