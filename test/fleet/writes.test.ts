import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { startWorkers, type Worker } from "./fleet.js";

let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
let workers: Worker[];
let accountId: string;
let adsetId: string;

beforeAll(async () => {
  [sim, redis] = await Promise.all([
    startSimulator({
      rateLimit: { limit: 1_000_000, windowMs: 60_000 },
      writeBudget: { limit: 1, windowMs: 2500 },
    }),
    startRedis(),
  ]);
  const caller = sim.control.world().callers.pro;
  accountId = caller.accounts[0]!.id;
  adsetId = caller.accounts[0]!.adsets[0]!.id;
  workers = await startWorkers(2, {
    simUrl: sim.url,
    apiKey: sim.apiKey,
    redisUrl: redis.url,
    // Fail fast when Redis is gone; one session, so both processes derive the same ids.
    redis: { connectTimeoutMs: 500, commandTimeoutMs: 500 },
    kit: { sessionId: "fleet-session", retry: { maxRetries: 0 } },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all((workers ?? []).map((w) => w.close()));
  await Promise.all([sim?.close(), redis?.close()]);
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
  it("a budget refusal seen by one process gives the next identical attempt in another a fresh id", async () => {
    await budgetFree();
    expect((await workers[0]!.run("redis", [push("filler")])).results[0]!.ok).toBe(true);
    const slot = `push-creative\n${accountId}\nbudget-case`;
    const refused = await workers[0]!.ledgerPush(slot, push("after-budget").input);
    expect(refused.result).toMatchObject({ ok: false, status: 409 });
    await budgetFree();
    const retried = await workers[1]!.ledgerPush(slot, push("after-budget").input);
    expect(retried.result.ok).toBe(true);
    expect(retried.requestId).not.toBe(refused.requestId);
    expect(adsNamed("after-budget").map((ad) => ad.request_id)).toEqual([retried.requestId]);
  });

  it("Redis stopped mid-run: writes refused at once naming the store, nothing sent; Redis back: work resumes", async () => {
    await budgetFree();
    expect((await workers[0]!.run("redis", [push("before-outage")])).results[0]!.ok).toBe(true);
    await budgetFree();
    await redis.stop();
    const sentBefore = sim.control.requests().length;
    const during = await Promise.all(workers.map((w) => w.run("redis", [push("during-outage")])));
    for (const { results, elapsedMs } of during) {
      expect(results[0]).toMatchObject({ ok: false, status: null });
      const refused = results[0] as { error: string; hint: string };
      expect(refused.error).toContain(`redis at 127.0.0.1:${redis.port}`);
      expect(refused.hint).toMatch(/Nothing was sent/);
      // Bounded by the store's timeouts (500 ms), not by a hang.
      expect(elapsedMs).toBeLessThan(5000);
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
