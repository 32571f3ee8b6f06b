import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import { wentLiveSinceAsked } from "../../src/guards/approval/launch.js";
import { createLiveLedger } from "../../src/guards/live-record.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { type AdStore, memoryStore, StoreError } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, ConfirmRequest, ToolResult } from "../../src/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// Issue 21, "Repeated identical live ad": the record of ACTIVE pushes that tells a person approving
// an identical payload which ad went live and when, shared by every process on one Redis and scoped
// by API key and account.

let redis: TestRedis & { close(): Promise<void> };
let sim: Simulator;
let account: string;
let adset: string;
const opened: AdStore[] = [];

const redisOf = () => {
  const store = redisStore({ url: redis.url });
  opened.push(store);
  return store;
};

const toolkit = (extra: AdToolsOptions) =>
  createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...extra,
  });

const dataOf = (result: ToolResult) => (result as { data: Record<string, unknown> }).data;

beforeAll(async () => {
  redis = await startRedis();
  sim = await startSimulator({ rateLimit: { limit: 100_000 }, writeBudget: { limit: 100_000 } });
  const setup = toolkit({});
  account = (dataOf(await setup.call("list-accounts", {})).accounts as { id: string }[])[0]!.id;
  const rows = dataOf(await setup.call("results", { account_id: account, level: "adset" })).rows as {
    id: string;
  }[];
  adset = rows[0]!.id;
}, 30_000);
afterAll(async () => {
  for (const store of opened) await store.close();
  await sim?.close();
  await redis?.close();
});
beforeEach(() => sim.control.reset());

const body = (headline: string) => ({
  account_id: account,
  adset_id: adset,
  image_url: "https://cdn.example.com/creative/live.png",
  website_url: "https://northwind.example.com/live",
  headline,
  status: "ACTIVE",
});

/** A person behind the confirm callback: approves or declines, remembering what they were shown. */
function person(approve: boolean) {
  const shown: ConfirmRequest[] = [];
  return {
    shown,
    confirm: (request: ConfirmRequest) => {
      shown.push(request);
      return approve ? { approved: true as const, text: "Go live." } : { approved: false as const };
    },
  };
}

describe("the live record", () => {
  it("on one Redis, a second process's person is told which ad went live and when, through confirm", async () => {
    const first = person(true);
    const second = person(false);
    const a = toolkit({ store: redisOf(), confirm: first.confirm });
    const b = toolkit({ store: redisOf(), confirm: second.confirm });
    const made = await a.call("push-creative", body("Fleet"));
    expect(made.ok).toBe(true);
    const adId = String(dataOf(made).ad_id);
    const before = Date.now();

    expect(await b.call("push-creative", body("Fleet"))).toMatchObject({ blocked: "hard-confirmation" });
    expect(first.shown[0]!.previousLive).toBeUndefined();
    const told = second.shown[0]!;
    expect(told.previousLive).toEqual({ adId, at: expect.any(Number) });
    expect(told.previousLive!.at).toBeLessThanOrEqual(before);
    expect(told.message).toMatch(
      new RegExp(`^An identical ad already went live: ad ${adId}, at \\S+Z \\(\\d+ s ago\\)`),
    );
    // The host reads the same thing before asking through a framework.
    expect((await b.get("push-creative")!.ask(body("Fleet")))?.previousLive?.adId).toBe(adId);
    // Another payload, or a PAUSED one, has nothing to be told.
    expect((await b.get("push-creative")!.ask(body("Other")))?.previousLive).toBeUndefined();
    expect(await b.get("push-creative")!.ask({ ...body("Fleet"), status: "PAUSED" })).toBeNull();
    expect(sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toHaveLength(1);
  });

  it("is scoped by the API key's identity: another key on the same Redis is told nothing", async () => {
    const store = redisOf();
    const mine = createLiveLedger(store, "adk_key_one");
    const theirs = createLiveLedger(store, "adk_key_two");
    const request = toolkit({}).get("push-creative")!.confirmationRequest(body("Scoped"))!;
    await mine.note(
      { def: { name: "push-creative" }, body: body("Scoped"), change: request.fingerprint, log: [] },
      {
        kind: "success",
        status: 200,
        data: { ad_id: "ad_1", status: "ACTIVE" },
        tool: "push-creative",
        attempts: 1,
        durationMs: 1,
      },
    );
    expect((await mine.annotate(request)).previousLive?.adId).toBe("ad_1");
    expect((await theirs.annotate(request)).previousLive).toBeUndefined();
    // No key, no record in any result: the Redis keys are hashes.
    const { createClient } = await import("redis");
    const client = createClient({ url: redis.url });
    await client.connect();
    const keys = await client.keys("*");
    await client.close();
    expect(keys.join(" ")).not.toContain("adk_key_one");
  });

  it("a store without the live record keeps it in the toolkit; a failing one says it could not check", async () => {
    const { noteLive: _n, lastLive: _l, ...plain } = memoryStore();
    const shown = person(false);
    const kit = toolkit({
      store: plain as AdStore,
      confirm: (r) => {
        shown.shown.push(r);
        return { approved: true, text: "Go" };
      },
    });
    const made = await kit.call("push-creative", body("Plain"));
    expect(made.ok).toBe(true);
    await kit.call("push-creative", body("Plain"));
    expect(shown.shown[1]!.previousLive?.adId).toBe(String(dataOf(made).ad_id));

    const broken: AdStore = {
      ...memoryStore(),
      lastLive: () => Promise.reject(new StoreError("redis at 127.0.0.1:1", "down")),
    };
    const request = await createLiveLedger(broken, "adk_x").annotate(
      kit.get("push-creative")!.confirmationRequest(body("Broken"))!,
    );
    expect(request.previousLive).toBeUndefined();
    expect(request.message).toContain("could not check whether an identical ad went live recently");
  });

  it("a LangGraph interrupt for an identical payload carries previousLive and the sentence", async () => {
    const kit = toolkit({ store: redisOf() });
    const tools = langchainTools(kit, { approval: "interrupt" });
    const launch = async (thread: string, id: string) => {
      const model = fakeModel()
        .respondWithTools([{ name: "push-creative", args: body("Graph"), id }])
        .respond(new AIMessage("done"));
      const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
      const config = { configurable: { thread_id: thread } };
      const paused = (await agent.invoke({ messages: [{ role: "user", content: "Launch." }] }, config)) as {
        __interrupt__?: { value: InterruptRequest }[];
      };
      const shown = paused.__interrupt__![0]!.value;
      await agent.invoke(new Command({ resume: { approved: true, text: "Go live." } }), config);
      return shown;
    };
    const first = await launch("graph-1", "g1");
    expect(first.previousLive).toBeUndefined();
    const [ad] = sim.control.ads().filter((a) => a.headline === "Graph");
    const second = await launch("graph-2", "g2");
    expect(second.previousLive?.adId).toBe(String(ad!.ad_id));
    expect(second.message).toMatch(new RegExp(`^An identical ad already went live: ad ${ad!.ad_id}`));
    expect(second.toolCallId).toBe("g2");
  });
});

describe("an ad that went live in the millisecond of the ask", () => {
  const call = (fingerprint: string) => ({
    body: { account_id: "act_1" },
    change: fingerprint,
    log: [],
    notes: [],
  });
  const live = (adId: string) => ({ kind: "success", data: { ad_id: adId, status: "ACTIVE" } }) as never;
  const push = { name: "push-creative" };

  it("goes on when it is the ad the person was told of, and is refused when it is another", async () => {
    const ledger = createLiveLedger(memoryStore(), "adk_same_ms");
    const at = Date.now() + 60_000;
    // Recorded at `at` exactly, the ask's own millisecond.
    vi.useFakeTimers({ toFake: ["Date"], now: at });
    try {
      await ledger.note(
        { def: push, body: { account_id: "act_1", status: "ACTIVE" }, change: "fp", log: [] },
        live("111"),
      );
      expect(await wentLiveSinceAsked(ledger, call("fp"), at, "111")).toBeUndefined();
      await ledger.note(
        { def: push, body: { account_id: "act_1", status: "ACTIVE" }, change: "fp", log: [] },
        live("222"),
      );
      const refused = await wentLiveSinceAsked(ledger, call("fp"), at, "111");
      expect(refused).toMatchObject({ ok: false, blocked: "hard-confirmation" });
      expect((refused as { error: string }).error).toMatch(/ad 222/);
      // Told of nothing: an ad recorded in the ask's millisecond counts as after it.
      expect(await wentLiveSinceAsked(ledger, call("fp"), at)).toMatchObject({
        blocked: "hard-confirmation",
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
