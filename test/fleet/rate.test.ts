import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bucketOf } from "../../src/client/limiter.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { redisStore } from "../../src/store/redis.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { shares, startWorkers, type Worker, wireReport } from "./fleet.js";

// A short window keeps the suite fast: 10 requests per 2 s per key, at the service and configured.
const LIMIT = 10;
const WINDOW_MS = 2000;
let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
let workers: Worker[];

beforeAll(async () => {
  [sim, redis] = await Promise.all([
    startSimulator({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } }),
    startRedis(),
  ]);
  workers = await startWorkers(4, {
    simUrl: sim.url,
    apiKey: sim.apiKey,
    redisUrl: redis.url,
    kit: { rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all((workers ?? []).map((w) => w.close()));
  await Promise.all([sim?.close(), redis?.close()]);
});
beforeEach(async () => {
  await redis.flush();
  sim.control.reset();
});

const reads = (n: number) => Array.from({ length: n }, () => ({ tool: "list-accounts", input: {} }));

describe("four processes on one key", () => {
  it("with Redis: no 429 on the wire and at least 0.90 of the ceiling; with memory stores: 429s", async () => {
    // Each process fires three times its share of a window at once: 30 reads in all.
    const load = shares(3 * LIMIT, 4);
    const shared = await Promise.all(workers.map((w, i) => w.run("redis", reads(load[i]!))));
    const onRedis = wireReport(sim, LIMIT, WINDOW_MS);

    sim.control.reset();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const separate = await Promise.all(workers.map((w, i) => w.run("memory", reads(load[i]!))));
    const onMemory = wireReport(sim, LIMIT, WINDOW_MS);

    expect(shared.flatMap((r) => r.results).every((r) => r.ok === true)).toBe(true);
    expect(onRedis).toMatchObject({ tooMany: 0, ok: 30, requests: 30 });
    expect(onRedis.fraction).toBeGreaterThanOrEqual(0.9);
    // The same load with each process on its own memory collects 429s from the service.
    expect(onMemory.tooMany).toBeGreaterThan(0);
    expect(separate.flatMap((r) => r.results)).toHaveLength(30);
  });

  it("a 429 with Retry-After seen by one process holds every process until the wait is over", async () => {
    sim.control.fault({ kind: "429", retryAfterS: 2 });
    const first = workers[0]!.run("redis", reads(1));
    // Wait until the pause is in the shared store, then let the other processes try.
    const watcher = redisStore({ url: redis.url });
    const bucket = bucketOf(sim.url, sim.apiKey);
    const rule = { limit: LIMIT, windowMs: WINDOW_MS, marginMs: 0, probeMs: 0, holdMs: 0 };
    while ((await watcher.viewRate(bucket, rule)).pausedMs === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await watcher.close();
    const others = await Promise.all(workers.slice(1).map((w) => w.run("redis", reads(3))));
    const mine = await first;

    expect([...others.flatMap((r) => r.results), ...mine.results].every((r) => r.ok === true)).toBe(true);
    const requests = sim.control.requests().filter((r) => r.tool !== null);
    const refused = requests.find((r) => r.status === 429)!;
    const after = requests.filter((r) => r.seq > refused.seq);
    expect(after).toHaveLength(10);
    for (const r of after) expect(Date.parse(r.at) - Date.parse(refused.at)).toBeGreaterThanOrEqual(2000);
  });
});
