import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { chatRequest, person, scriptedModel, YES } from "./ai-host.js";
import { langgraphThread } from "./langgraph-host.js";
import { fleetInstances, unique, useWorld } from "./support.js";

// Issue 29, sequence 5: `approvalTtlMs` is not enforced when another instance or process redeems
// the answer: there the ask time is rebuilt as "now". A person is asked, the TTL passes, and the
// answer is redeemed elsewhere. Safe outcome: the approval has expired, nothing is sent, no ad.
// The TTL is 1 s and the test waits 1.5 s of real time: the store's clock (Redis TIME) cannot be
// skewed from here, and the wait only has to be longer than the TTL, never shorter.

const w = useWorld({ redis: true, cli: true });
const TTL_MS = 1000;
const PAST_TTL_MS = 1500;
const instance = fleetInstances(w, { approvalTtlMs: TTL_MS });

describe("sequence 5: an approval redeemed elsewhere after approvalTtlMs", { timeout: 30_000 }, () => {
  it.each(["ai6", "ai7"] as const)("AI SDK (%s), another instance: expired, nothing sent", async (which) => {
    const headline = unique(`TTL ${which}`);
    const model = scriptedModel(which, [
      [{ id: "call_ttl", name: "push-creative", input: w.push(headline) }],
    ]);
    const dana = person(YES);
    const asked = await chatRequest(which, instance(), model, [{ role: "user", content: "Go." }], dana.ask);
    expect(asked.answered).toBe(1);
    await sleep(PAST_TTL_MS);
    await chatRequest(which, instance(), model, asked.messages, dana.ask);
    expect(w.live(headline)).toBe(0);
    expect(w.sent(headline)).toEqual([]);
  });

  it("AI SDK control: the instance that asked refuses it", async () => {
    const headline = unique("TTL same instance");
    const model = scriptedModel("ai6", [
      [{ id: "call_ttl", name: "push-creative", input: w.push(headline) }],
    ]);
    const dana = person(YES);
    const one = instance();
    const asked = await chatRequest("ai6", one, model, [{ role: "user", content: "Go." }], dana.ask);
    await sleep(PAST_TTL_MS);
    await chatRequest("ai6", one, model, asked.messages, dana.ask);
    expect(w.live(headline)).toBe(0);
  });

  it("LangGraph, another worker process: expired, nothing sent", async () => {
    const headline = unique("TTL LangGraph");
    const thread = langgraphThread(instance(), [{ id: "c1", input: w.push(headline) }]);
    const paused = await thread.start();
    expect(paused.__interrupt__).toHaveLength(1);
    await sleep(PAST_TTL_MS);
    const out = await thread.resumeElsewhere(
      { url: w.sim.url, apiKey: w.sim.apiKey, redisUrl: w.redis.url, options: { approvalTtlMs: TTL_MS } },
      { approved: true, text: "I, Dana, approve this ad going live." },
    );
    expect(w.live(headline), JSON.stringify(out)).toBe(0);
    expect(w.sent(headline)).toEqual([]);
  });
});
