import { describe, expect, it, vi } from "vitest";
import { createClient } from "../../src/client/index.js";
import { createLimiter, marginFor, resetMs } from "../../src/client/limiter.js";
import { memoryStore } from "../../src/store/index.js";
import type { Reply } from "./fixture-server.js";
import { wrapped } from "./fixture-server.js";
import { newKey, scanOutcomesForKeys, sleep, track, trackedClient, useFixture } from "./helpers.js";

const fixture = useFixture();

/** The fixture as a strict service: `limit` requests per fixed window, 429 beyond. */
function enforceRate(limit: number, windowMs: number) {
  let windowStart = 0;
  let count = 0;
  const refused: number[] = [];
  fixture.server.fallback = (request): Reply => {
    if (request.at - windowStart >= windowMs) {
      windowStart = request.at;
      count = 0;
    }
    count++;
    const resetS = Math.ceil((windowStart + windowMs - request.at) / 1000);
    const headers = {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(Math.max(0, limit - count)),
      "X-RateLimit-Reset": String(resetS),
    };
    if (count > limit) {
      refused.push(request.at);
      return {
        status: 429,
        json: { error: "Too many requests" },
        headers: { ...headers, "Retry-After": "1" },
      };
    }
    return { json: wrapped({ n: count }), headers };
  };
  return refused;
}

describe("limiter", () => {
  it("queues the 4th call of a burst (limit 3 per second) instead of collecting a 429", async () => {
    const refused = enforceRate(3, 1000);
    const client = trackedClient(fixture.server, { rateLimit: { limit: 3, windowMs: 1000 } });
    const calls = [1, 2, 3, 4].map(() => client.call("results", {}));
    await vi.waitFor(() => expect(fixture.server.requests).toHaveLength(3));
    expect(client.rateLimit()).toMatchObject({ enabled: true, limit: 3, available: 0, queued: 1 });
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => o.kind)).toEqual(["success", "success", "success", "success"]);
    expect(outcomes.every((o) => o.attempts === 1)).toBe(true);
    expect(refused).toEqual([]);
    const times = fixture.server.requests.map((r) => r.at);
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(990);
  });

  it("serves the queue first come, first served", async () => {
    const client = trackedClient(fixture.server, { rateLimit: { limit: 1, windowMs: 200 } });
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2].map((i) =>
        client.call("health", { account_id: `act_${i}` }).then(() => {
          order.push(i);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2]);
    expect(fixture.server.requests.map((r) => JSON.parse(r.body).account_id)).toEqual([
      "act_0",
      "act_1",
      "act_2",
    ]);
  });

  it("is shared by clients of the same key and service", async () => {
    const apiKey = newKey();
    const options = { apiKey, baseUrl: fixture.server.url, rateLimit: { limit: 2, windowMs: 800 } };
    const a = createClient(options);
    const b = createClient(options);
    const other = createClient({ ...options, apiKey: newKey() });
    const started = Date.now();
    track(await a.call("results", {}));
    track(await a.call("results", {}));
    expect(b.rateLimit()).toMatchObject({ available: 0 });
    expect(other.rateLimit()).toMatchObject({ available: 2 });
    track(await other.call("results", {}));
    track(await b.call("results", {}));
    const arrivals = fixture.server.requests.map((r) => r.at);
    expect(arrivals[3]! - started).toBeGreaterThanOrEqual(800);
  });

  it("drains to X-RateLimit-Remaining when the service counts more, and waits for the reset", async () => {
    const client = trackedClient(fixture.server, { rateLimit: { limit: 50, windowMs: 60_000 } });
    const headers = (remaining: number) => ({
      "X-RateLimit-Limit": "50",
      "X-RateLimit-Remaining": String(remaining),
      "X-RateLimit-Reset": "1",
    });
    fixture.server.script(
      { json: wrapped({}), headers: headers(1) },
      { json: wrapped({}), headers: headers(0) },
    );
    await client.call("results", {});
    expect(client.rateLimit()).toMatchObject({
      available: 1,
      server: { limit: 50, remaining: 1, resetS: 1 },
    });
    await client.call("results", {});
    expect(client.rateLimit().available).toBe(0);
    const started = Date.now();
    const third = await client.call("results", {});
    expect(third.kind).toBe("success");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Our own three requests still count for the rest of our 60 s window.
    expect(client.rateLimit().available).toBe(47);
  });

  it("does not raise the bucket when the service counts fewer", async () => {
    const client = trackedClient(fixture.server, { rateLimit: { limit: 5, windowMs: 60_000 } });
    fixture.server.fallback = {
      json: wrapped({}),
      headers: { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59" },
    };
    await client.call("results", {});
    await client.call("results", {});
    expect(client.rateLimit().available).toBe(3);
  });

  it("holds other calls back after a 429 until Retry-After has passed", async () => {
    const client = trackedClient(fixture.server, {
      rateLimit: { limit: 60, windowMs: 60_000 },
      retry: { maxWaitS: 5 },
    });
    fixture.server.script({
      status: 429,
      json: { error: "Too many requests" },
      headers: { "Retry-After": "1" },
    });
    const first = client.call("results", {});
    await vi.waitFor(() => expect(client.rateLimit().blockedUntil).toBeGreaterThan(Date.now()));
    const second = client.call("health", {});
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.map((o) => o.kind)).toEqual(["success", "success"]);
    const [refused, ...later] = fixture.server.requests.map((r) => r.at);
    expect(later).toHaveLength(2);
    for (const at of later) expect(at - refused!).toBeGreaterThanOrEqual(990);
  });

  it("after a 429 asking for more than maxWaitS, later calls answer 429 at once without sending", async () => {
    const client = trackedClient(fixture.server, {
      rateLimit: { limit: 60, windowMs: 60_000 },
      retry: { maxWaitS: 5 },
    });
    fixture.server.script({
      status: 429,
      json: { error: "Too many requests" },
      headers: { "Retry-After": "120" },
    });
    expect(await client.call("results", {})).toMatchObject({ status: 429, retryAfterS: 120, attempts: 1 });
    // Answered without waiting: a wait of 120 s would outlast the test's timeout.
    const held = await client.call("health", {});
    expect(held).toMatchObject({ kind: "http-error", status: 429, attempts: 0 });
    expect((held as { retryAfterS: number }).retryAfterS).toBeGreaterThan(115);
    expect((held as { error: string }).error).toMatch(/not sent/);
    expect(fixture.server.requests).toHaveLength(1);
    expect(client.rateLimit().blockedUntil).toBeGreaterThan(Date.now() + 100_000);
  });

  it("lets a queued call be aborted without sending it", async () => {
    const client = trackedClient(fixture.server, { rateLimit: { limit: 1, windowMs: 5000 } });
    await client.call("results", {});
    const controller = new AbortController();
    const queued = client.call("results", {}, { signal: controller.signal });
    await vi.waitFor(() => expect(client.rateLimit().queued).toBe(1));
    controller.abort();
    expect(await queued).toMatchObject({ kind: "network-error", cause: "aborted", attempts: 0 });
    expect(client.rateLimit().queued).toBe(0);
    expect(fixture.server.requests).toHaveLength(1);
  });

  it("rateLimit: false sends at once and still reports the service's headers", async () => {
    const client = trackedClient(fixture.server, { rateLimit: false });
    fixture.server.fallback = {
      json: wrapped({}),
      headers: { "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0" },
    };
    await Promise.all([1, 2, 3].map(() => client.call("results", {})));
    expect(client.rateLimit()).toMatchObject({
      enabled: false,
      queued: 0,
      server: { limit: 60, remaining: 0 },
    });
  });
});

describe("limiter parts", () => {
  const turn = (limiter: ReturnType<typeof createLimiter>, signal?: AbortSignal) =>
    limiter.acquire({ signal, maxWaitMs: 60_000, mayFallBack: false });

  it("a spent turn comes back one window (and its small margin) after its answer", async () => {
    const limiter = createLimiter(memoryStore(), "b", 2, 100);
    limiter.heard(await turn(limiter), undefined);
    const second = await turn(limiter);
    expect(second.kind).toBe("go");
    expect(limiter.state().available).toBe(0);
    await sleep(100 + marginFor(100) + 20);
    // The unanswered second request may still be on its way: it keeps counting.
    expect(limiter.state().available).toBe(1);
    limiter.heard(second, undefined);
    await sleep(100 + marginFor(100) + 20);
    expect(limiter.state().available).toBe(2);
  });

  it("the first request of a key goes alone until its answer is heard", async () => {
    const limiter = createLimiter(memoryStore(), "b", 10, 60_000);
    const first = await turn(limiter);
    const second = turn(limiter);
    await sleep(60);
    expect(limiter.state().queued).toBe(1);
    limiter.heard(first, undefined);
    expect((await second).kind).toBe("go");
  });

  it("never jumps the queue, and an aborted turn leaves it", async () => {
    const limiter = createLimiter(memoryStore(), "b", 1, 100);
    limiter.heard(await turn(limiter), undefined);
    const controller = new AbortController();
    const aborted = turn(limiter, controller.signal);
    const queued = turn(limiter);
    controller.abort();
    expect(await aborted).toEqual({ kind: "aborted" });
    expect((await queued).kind).toBe("go");
    expect(limiter.state().queued).toBe(0);
  });

  it("a huge limit costs nothing: no per-slot memory, no recursion, every turn granted", async () => {
    const store = memoryStore();
    const limiter = createLimiter(store, "b", 1e9, 60_000);
    limiter.heard(await turn(limiter), { limit: 1e9, remaining: 1e9 - 1, resetS: 60 });
    const turns = await Promise.all(Array.from({ length: 50_000 }, () => turn(limiter)));
    expect(turns.every((t) => t.kind === "go")).toBe(true);
    expect(new Set(turns.map((t) => (t.kind === "go" ? t.seq : 0))).size).toBe(50_000);
    expect(limiter.state()).toMatchObject({ queued: 0, available: 1e9 - 50_001 });
  });

  it("follows the service when its headers allow fewer than the configured limit", async () => {
    const limiter = createLimiter(memoryStore(), "b", 60, 60_000);
    const first = await turn(limiter);
    limiter.heard(first, { limit: 3, remaining: 2, resetS: 1 });
    await sleep(10);
    expect((await turn(limiter)).kind).toBe("go");
    expect((await turn(limiter)).kind).toBe("go");
    expect(limiter.state().available).toBe(0);
    const started = Date.now();
    expect((await turn(limiter)).kind).toBe("go");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("reads X-RateLimit-Reset as seconds from now, or as an epoch when it is one", () => {
    const now = 1_700_000_000_000;
    expect(resetMs(30, now, 5)).toBe(30_000);
    expect(resetMs(now / 1000 + 12, now, 5)).toBe(12_000);
    expect(resetMs(undefined, now, 5)).toBe(5);
    expect(resetMs(now / 1000 - 10, now, 5)).toBe(0);
  });
});

scanOutcomesForKeys();
