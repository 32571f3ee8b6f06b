import { describe, expect, it } from "vitest";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit } from "../../src/types.js";
import { chatRequest, person, scriptedModel, type Which, YES } from "./ai-host.js";
import { TOLD, unique, useWorld } from "./support.js";

// Issue 29, sequence 2: AI SDK native approvals. The person approves an ACTIVE push; the service
// commits it and the answer is lost; the model repeats the push under a new tool call id; the
// person is shown an identical form and approves it. On the base commit the second form says
// nothing of the first send and a second ad goes live. Safe outcome: one ACTIVE ad, and the second
// form tells the person the first send may already be live.

const w = useWorld({ redis: true });

function toolkit(store?: ReturnType<typeof redisStore>): AdToolkit {
  return createAdTools({
    apiKey: w.sim.apiKey,
    baseUrl: w.sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...(store ? { store } : {}),
  });
}

async function sequence(which: Which, kitPerRequest: () => AdToolkit) {
  const headline = unique(`AI SDK lost answer ${which}`);
  const input = w.push(headline);
  const model = scriptedModel(which, [
    [{ id: "call_first", name: "push-creative", input }],
    [{ id: "call_repeat", name: "push-creative", input }],
  ]);
  const dana = person(YES, YES);
  let messages: unknown[] = [{ role: "user", content: "Launch the ad now." }];
  // Request 1 asks; the person approves; request 2 runs the push, whose answer is lost, and the
  // model repeats it; the person approves the repeat; request 3 runs it.
  for (let i = 0; i < 3; i++) {
    if (i === 1) w.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const step = await chatRequest(which, kitPerRequest(), model, messages, dana.ask);
    messages = step.messages;
    if (step.answered === 0) break;
  }
  return { headline, dana };
}

describe.each(["ai6", "ai7"] as const)("sequence 2 (%s): a repeat after a lost answer", (which) => {
  it("one toolkit: one ACTIVE ad, and the second form says the first send may be live", async () => {
    const kit = toolkit();
    const { headline, dana } = await sequence(which, () => kit);
    expect(w.lost(headline), "the first push went live and its answer was lost").toBe(1);
    expect(dana.shown).toHaveLength(2);
    expect(w.live(headline)).toBe(1);
    expect(dana.shown[1]!.message).toMatch(TOLD);
  });

  it("a tool set per request on one Redis: one ACTIVE ad, and the second form says so", async () => {
    const opened: ReturnType<typeof redisStore>[] = [];
    try {
      const { headline, dana } = await sequence(which, () => {
        const store = redisStore({ url: w.redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
        opened.push(store);
        return toolkit(store);
      });
      expect(w.lost(headline), "the first push went live and its answer was lost").toBe(1);
      expect(dana.shown).toHaveLength(2);
      expect(w.live(headline)).toBe(1);
      expect(dana.shown[1]!.message).toMatch(TOLD);
    } finally {
      await Promise.all(opened.map((s) => s.close()));
    }
  });
});
