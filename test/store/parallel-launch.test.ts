import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import type { AdStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit, AdToolsOptions, ConfirmRequest, ToolResult } from "../../src/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// Issue 21: two identical ACTIVE pushes in flight at once (a host or model repeating a call), the
// person approving both, neither form able to mention a live ad since none went live yet. One ad
// goes live; the other call is refused with nothing sent, or its person is told of the first ad.

let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
const opened: AdStore[] = [];
let account: { id: string; adset: string };

beforeAll(async () => {
  [sim, redis] = await Promise.all([
    startSimulator({ rateLimit: { limit: 100_000 }, writeBudget: { limit: 100_000 } }),
    startRedis(),
  ]);
  const pro = sim.control.world().callers.pro.accounts[0]!;
  account = { id: pro.id, adset: pro.adsets[0]!.id };
});
afterAll(async () => {
  for (const store of opened) await store.close();
  await Promise.all([sim?.close(), redis?.close()]);
});

const push = (headline: string) => ({
  account_id: account.id,
  adset_id: account.adset,
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://example.com",
  headline,
  status: "ACTIVE",
});
const liveAds = (headline: string) =>
  sim.control.state().ads.filter((ad) => ad.headline === headline && ad.status === "ACTIVE");

/** A person who approves every form, answering once both forms are up (or after a short while). */
function approvingPerson() {
  const shown: ConfirmRequest[] = [];
  let release: () => void = () => {};
  const bothAsked = new Promise<void>((resolve) => {
    release = resolve;
  });
  const confirm = async (request: ConfirmRequest) => {
    shown.push(request);
    if (shown.length >= 2) release();
    await Promise.race([bothAsked, new Promise((resolve) => setTimeout(resolve, 300))]);
    return { approved: true, text: "I, Dana, approve this ad going live." };
  };
  return { shown, confirm };
}

function kit(
  confirm: ReturnType<typeof approvingPerson>["confirm"],
  store?: AdStore,
  extra: Partial<AdToolsOptions> = {},
): AdToolkit {
  return createAdTools({
    apiKey: sim.keys.pro,
    baseUrl: sim.url,
    sessionId: "parallel-thread",
    retry: { maxRetries: 0 },
    rateLimit: false,
    confirm,
    ...(store ? { store } : {}),
    ...extra,
  });
}

function redisKit(confirm: ReturnType<typeof approvingPerson>["confirm"]): AdToolkit {
  const store = redisStore({ url: redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
  opened.push(store);
  return kit(confirm, store);
}

function expectOneLaunched(results: ToolResult[], headline: string) {
  expect(liveAds(headline)).toHaveLength(1);
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  const refused = results.find((r) => !r.ok) as { blocked: string; error: string; hint: string };
  expect(refused).toMatchObject({ blocked: "hard-confirmation" });
  expect(refused.error).toMatch(/identical/);
  expect(refused.error).toMatch(/Nothing was sent/);
}

describe("two identical ACTIVE pushes approved in parallel", () => {
  it("memory store, one toolkit: one ACTIVE ad", async () => {
    const person = approvingPerson();
    const tools = kit(person.confirm);
    const results = await Promise.all([
      tools.call("push-creative", push("Parallel memory")),
      tools.call("push-creative", push("Parallel memory")),
    ]);
    expectOneLaunched(results, "Parallel memory");
  });

  it("Redis store, two processes' toolkits on one Redis: one ACTIVE ad", async () => {
    const person = approvingPerson();
    const a = redisKit(person.confirm);
    const b = redisKit(person.confirm);
    const results = await Promise.all([
      a.call("push-creative", push("Parallel redis")),
      b.call("push-creative", push("Parallel redis")),
    ]);
    expectOneLaunched(results, "Parallel redis");
  });

  it("once the first is done, a repeat asks again and the form names the live ad", async () => {
    const person = approvingPerson();
    const tools = redisKit(person.confirm);
    expect((await tools.call("push-creative", push("Parallel then repeat"))).ok).toBe(true);
    const again = await tools.call("push-creative", push("Parallel then repeat"));
    expect(again, JSON.stringify(again)).toMatchObject({ ok: true });
    expect(person.shown).toHaveLength(2);
    expect(person.shown[1]!.previousLive?.adId).toBe(String(liveAds("Parallel then repeat")[0]!.ad_id));
    expect(liveAds("Parallel then repeat")).toHaveLength(2);
  });

  it("a repeat asked in the very millisecond the first went live: the form named it, so it goes on", async () => {
    // Date.now() stands still, as it does when the store answers within a millisecond.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const person = approvingPerson();
      const tools = kit(person.confirm);
      expect((await tools.call("push-creative", push("Same millisecond"))).ok).toBe(true);
      const again = await tools.call("push-creative", push("Same millisecond"));
      expect(again, JSON.stringify(again)).toMatchObject({ ok: true });
      expect(person.shown[1]!.previousLive?.adId).toBe(String(liveAds("Same millisecond")[0]!.ad_id));
      expect(liveAds("Same millisecond")).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the same through a framework's answer: it carries the ad the form named, signed with the rest", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const tools = kit(approvingPerson().confirm, undefined, { approvalSecret: "a-secret-of-this-test" });
      const input = push("Same millisecond, handed in");
      expect((await tools.call("push-creative", input)).ok).toBe(true);
      const [first] = liveAds("Same millisecond, handed in");
      const tool = tools.get("push-creative")!;
      const request = (await tool.ask(input, { toolCallId: "call-2" }))!;
      expect(request.previousLive?.adId).toBe(String(first!.ad_id));
      const answer = tool.answer(request, { approved: true, text: "" }, "test-host");
      expect(answer.request.toldOfLive).toBe(String(first!.ad_id));
      // Edited where it was kept: the signature no longer holds, nothing is sent.
      const edited = { ...answer, request: { ...answer.request, toldOfLive: "another-ad" } };
      expect(
        await tools.call("push-creative", input, { toolCallId: "call-2", answer: edited }),
      ).toMatchObject({
        ok: false,
        blocked: "hard-confirmation",
        error: expect.stringMatching(/signature/),
      });
      const again = await tools.call("push-creative", input, { toolCallId: "call-2", answer });
      expect(again, JSON.stringify(again)).toMatchObject({ ok: true });
      expect(liveAds("Same millisecond, handed in")).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers handed in, both given before either ad went live: one ACTIVE ad (memory and Redis)", async () => {
    for (const tools of [kit(approvingPerson().confirm), redisKit(approvingPerson().confirm)]) {
      const headline = `Handed in ${Math.random()}`;
      const input = push(headline);
      const tool = tools.get("push-creative")!;
      const answers = await Promise.all(
        ["call-1", "call-2"].map(async (toolCallId) => {
          const request = (await tool.ask(input, { toolCallId }))!;
          return { toolCallId, answer: tool.answer(request, { approved: true, text: "" }, "test-host") };
        }),
      );
      const results = await Promise.all(
        answers.map(({ toolCallId, answer }) => tools.call("push-creative", input, { toolCallId, answer })),
      );
      expectOneLaunched(results, headline);
    }
  });
});
