import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import type { AdStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// Real simulator, real redis-server (no persistence), toolkits on one prefix and one session.
const BUDGET_MS = 1500;
let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
const opened: AdStore[] = [];
let account: { id: string; adset: string };

beforeAll(async () => {
  [sim, redis] = await Promise.all([
    startSimulator({ writeBudget: { limit: 1, windowMs: BUDGET_MS } }),
    startRedis(),
  ]);
  const pro = sim.control.world().callers.pro.accounts[0]!;
  account = { id: pro.id, adset: pro.adsets[0]!.id };
});
afterAll(async () => {
  for (const store of opened) await store.close();
  await Promise.all([sim?.close(), redis?.close()]);
});

/** A toolkit of one process on the shared Redis: its own client, its own store instance. */
function kit(apiKey: string, sessionId: string) {
  const store = redisStore({ url: redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
  opened.push(store);
  return createAdTools({ apiKey, baseUrl: sim.url, store, sessionId, retry: { maxRetries: 0 } });
}

const push = (name: string) => ({
  account_id: account.id,
  adset_id: account.adset,
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://example.com",
  ad_name: name,
});
const adsNamed = (name: string) => sim.control.state().ads.filter((ad) => ad.name === name);
const budgetFree = () => new Promise((resolve) => setTimeout(resolve, BUDGET_MS + 100));

describe("two API keys on one Redis, same prefix and session", () => {
  it("one key's refusal never moves the id the other key sends: a repeat replays, no second ad", async () => {
    const a = kit(sim.keys.pro, "team-thread");
    const b = kit(sim.keys.agency, "team-thread");
    const first = await a.call("push-creative", push("shared-thread"));
    expect(first.ok).toBe(true);
    // Key B has no access to A's account: a definitive 403.
    const refused = await b.call("push-creative", push("shared-thread"));
    expect(refused).toMatchObject({ ok: false, status: 403 });
    await budgetFree();
    const again = await a.call("push-creative", push("shared-thread"));
    expect(again.ok).toBe(true);
    expect(adsNamed("shared-thread")).toHaveLength(1);
  });
});

describe("Redis restarted empty between an unknown outcome and its repeat", () => {
  it("another toolkit on a new client repeats the change: it fails closed, no second ad", async () => {
    await budgetFree();
    const first = kit(sim.keys.pro, "restart-thread");
    // The budget is spent: a definitive refusal moves the change on to its next id.
    expect((await first.call("push-creative", push("other-ad"))).ok).toBe(true);
    expect(await first.call("push-creative", push("after-restart"))).toMatchObject({
      ok: false,
      status: 409,
    });
    await budgetFree();
    // Applied at the service, the answer dropped: the outcome is unknown and its id pinned.
    sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const lost = await first.call("push-creative", push("after-restart"));
    expect(lost).toMatchObject({ ok: false, status: null });
    expect(adsNamed("after-restart")).toHaveLength(1);

    await redis.stop();
    await redis.start();
    await budgetFree();
    const second = kit(sim.keys.pro, "restart-thread");
    const sent = sim.control.requests().length;
    const repeat = await second.call("push-creative", push("after-restart"));
    expect(adsNamed("after-restart")).toHaveLength(1);
    expect(repeat).toMatchObject({ ok: false, status: null, blocked: "store" });
    const { error, hint } = repeat as { error: string; hint: string };
    expect(error).toMatch(/lost its state/);
    expect(error).toMatch(/Nothing was sent/);
    expect(hint).toMatch(/check the account/);
    expect(sim.control.requests().length).toBe(sent);
    // A change this process never relied on goes on under the store's new epoch.
    expect((await second.call("push-creative", push("new-after-restart"))).ok).toBe(true);
  });
});
