import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bucketOf } from "../../src/client/limiter.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { redisStore } from "../../src/store/redis.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { shares, startWorkers, type Worker, wireReport } from "./fleet.js";

// Separate processes, one simulator, one real redis-server. Short windows keep the suite fast:
// 10 requests per 2 s per key (at the service and configured), 1 write per 2.5 s per account.
const LIMIT = 10;
const WINDOW_MS = 2000;
let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
let workers: Worker[];
let accountId: string;
let adsetId: string;

const reads = (n: number) => Array.from({ length: n }, () => ({ tool: "list-accounts", input: {} }));

beforeAll(async () => {
  [sim, redis] = await Promise.all([
    startSimulator({
      rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
      writeBudget: { limit: 1, windowMs: 2500 },
    }),
    startRedis(),
  ]);
  const caller = sim.control.world().callers.pro;
  accountId = caller.accounts[0]!.id;
  adsetId = caller.accounts[0]!.adsets[0]!.id;
  workers = await startWorkers(4, {
    simUrl: sim.url,
    apiKey: sim.apiKey,
    redisUrl: redis.url,
    // Fail fast when Redis is gone; one session, so every process derives the same ids.
    redis: { connectTimeoutMs: 500, commandTimeoutMs: 500 },
    kit: { rateLimit: { limit: LIMIT, windowMs: WINDOW_MS }, sessionId: "fleet-session" },
  });
  // One read per process on each store first, so the measured rounds meet warm processes,
  // open connections and loaded scripts rather than start-up costs.
  await Promise.all(workers.map((w) => w.run("redis", reads(1))));
  await Promise.all(workers.map((w) => w.run("memory", reads(1))));
}, 90_000);
afterAll(async () => {
  await Promise.all((workers ?? []).map((w) => w.close()));
  await Promise.all([sim?.close(), redis?.close()]);
});

describe("four processes on one key", () => {
  beforeEach(async () => {
    await redis.flush();
    sim.control.reset();
    // Every window of the service and of the processes' own limiters has passed.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 300));
  });

  it("with Redis: every read answered and no 429 on the wire; with memory stores: 429s", async () => {
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

const push = (name: string) => ({
  tool: "push-creative",
  input: {
    account_id: accountId,
    adset_id: adsetId,
    image_url: "https://cdn.example.com/a.png",
    website_url: "https://example.com",
    ad_name: name,
  },
});
const adsNamed = (name: string) => sim.control.ads().filter((ad) => ad.name === name);
const untilOk = async (worker: Worker, call: ReturnType<typeof push>) => {
  for (let i = 0; i < 100; i++) {
    if ((await worker.run("redis", [call])).results[0]!.ok === true) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};
const budgetFree = async () => {
  while (sim.control.writesUsed(accountId) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe("writes across processes on one Redis", () => {
  const SESSION = { sessionId: "fleet-writes" };
  const sentIds = (name: string) =>
    sim.control
      .requests()
      .filter((r) => r.tool === "push-creative" && (r.body as { ad_name?: string } | null)?.ad_name === name)
      .map((r) => ({ id: (r.body as { request_id: string }).request_id, status: r.status }));

  it("one approval delivered to two processes at once: one ACTIVE ad, the other told it was used", async () => {
    await budgetFree();
    const call = push("approved-once");
    const input = { ...call.input, status: "ACTIVE" };
    const request = (await workers[0]!.confirmationRequest(input))!;
    const approval = {
      fingerprint: request.fingerprint,
      via: "fleet host",
      id: "approval-1",
      approvedAt: Date.now(),
      text: "Yes, launch it",
    };
    const both = await Promise.all(
      workers.slice(0, 2).map((w) => w.run("redis", [{ ...call, input, context: { approval, ...SESSION } }])),
    );
    const results = both.map((r) => r.results[0]!);
    expect(results.filter((r) => r.ok === true)).toHaveLength(1);
    const refused = results.find((r) => r.ok === false)!;
    expect(refused).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect((refused as { error: string }).error).toMatch(/already used/);
    expect(adsNamed("approved-once").map((ad) => ad.status)).toEqual(["ACTIVE"]);
    expect(sentIds("approved-once")).toHaveLength(1);
  });

  it("an approval past its expiry is refused in every process, nothing sent", async () => {
    const call = push("approved-too-late");
    const input = { ...call.input, status: "ACTIVE" };
    const request = (await workers[0]!.confirmationRequest(input))!;
    // The toolkits' approvalTtlMs is the default five minutes.
    const approval = {
      fingerprint: request.fingerprint,
      via: "fleet host",
      id: "approval-late",
      approvedAt: Date.now() - 5 * 60_000 - 1000,
      text: "Yes",
    };
    const all = await Promise.all(
      workers.map((w) => w.run("redis", [{ ...call, input, context: { approval, ...SESSION } }])),
    );
    for (const { results } of all) {
      expect(results[0]).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
      expect((results[0] as { error: string }).error).toMatch(/expired/);
    }
    expect(sentIds("approved-too-late")).toEqual([]);
  });

  it("a budget refusal seen by one process gives the next identical attempt in another a fresh id", async () => {
    await budgetFree();
    expect((await workers[0]!.run("redis", [push("filler")])).results[0]!.ok).toBe(true);
    const call = { ...push("after-budget"), context: SESSION };
    const refused = (await workers[0]!.run("redis", [call])).results[0]!;
    expect(refused).toMatchObject({ ok: false, status: 409 });
    await budgetFree();
    const retried = (await workers[1]!.run("redis", [call])).results[0]!;
    expect(retried.ok).toBe(true);
    const [first, second] = sentIds("after-budget");
    expect(first!.status).toBe(409);
    expect(second!.status).toBe(200);
    expect(second!.id).not.toBe(first!.id);
    expect(adsNamed("after-budget").map((ad) => ad.request_id)).toEqual([second!.id]);
  });

  it("an unknown outcome in one process pins its id for another: a model's own request_id is replaced", async () => {
    await budgetFree();
    const call = { ...push("unknown-outcome"), context: SESSION };
    // The write is applied, then every answer to it and to its retries is lost.
    sim.control.fault({ kind: "timeout-after-write", tool: "push-creative", count: 10 });
    const lost = (await workers[2]!.run("redis", [call])).results[0]!;
    sim.control.clearFaults();
    expect(lost).toMatchObject({ ok: false, status: null });
    const pinned = sentIds("unknown-outcome")[0]!.id;
    const repeat = { ...call, input: { ...call.input, request_id: "model-chosen-0001" } };
    const again = (await workers[3]!.run("redis", [repeat])).results[0]!;
    expect(again.ok).toBe(true);
    expect((again as { note?: string }).note).toContain(pinned);
    expect(new Set(sentIds("unknown-outcome").map((r) => r.id))).toEqual(new Set([pinned]));
    expect(adsNamed("unknown-outcome")).toHaveLength(1);
  });

  it("Redis stopped mid-run: writes refused at once naming the store, nothing sent; Redis back: work resumes", async () => {
    await budgetFree();
    expect((await workers[0]!.run("redis", [push("before-outage")])).results[0]!.ok).toBe(true);
    await budgetFree();
    await redis.stop();
    const sentBefore = sim.control.requests().length;
    const during = await Promise.all(workers.map((w) => w.run("redis", [push("during-outage")])));
    for (const { results } of during) {
      // The guards refuse before the send: single use and the id ledger need the store.
      expect(results[0]).toMatchObject({ ok: false, status: null, blocked: "store" });
      const refused = results[0] as { error: string; hint: string };
      expect(refused.error).toContain(`redis at 127.0.0.1:${redis.port}`);
      expect(refused.hint).toMatch(/Nothing was sent/);
    }
    // Reads refuse too: the store's default is to fail closed.
    expect((await workers[1]!.run("redis", [{ tool: "list-accounts", input: {} }])).results[0]).toMatchObject(
      {
        ok: false,
        status: null,
      },
    );
    expect(sim.control.requests().length).toBe(sentBefore);

    await redis.start();
    // Each process reconnects on its own, without a restart; until then its calls are refused unsent.
    expect(await untilOk(workers[0]!, push("during-outage"))).toBe(true);
    // The other process repeats the same change: one session, one id, so the service replays it.
    expect(await untilOk(workers[1]!, push("during-outage"))).toBe(true);
    expect(adsNamed("during-outage")).toHaveLength(1);
    expect(adsNamed("before-outage")).toHaveLength(1);
  });
});
