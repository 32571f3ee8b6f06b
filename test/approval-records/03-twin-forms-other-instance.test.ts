import { fileURLToPath } from "node:url";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import type { AdToolkit } from "../../src/types.js";
import { chatRequest, person, scriptedModel, YES } from "./ai-host.js";
import { dumpSaver, runChild } from "./checkpoints.js";
import { fleetInstances, unique, useWorld } from "./support.js";

// Issue 29, sequence 3: two identical ACTIVE pushes in one step, so two identical forms are shown
// at once, neither naming a live ad (none is live yet); the person approves both. The first answer
// puts one ad live; the second is redeemed by another instance (a tool set per request on one
// Redis) or, with LangGraph, by another process. In the instance that asked, the second is refused
// (the identical ad went live after its ask); elsewhere the base rebuilds the ask time as "now"
// and a second ad goes live. Safe outcome: one ACTIVE ad wherever the second answer is redeemed.

const w = useWorld({ redis: true, cli: true });
const CHILD = fileURLToPath(new URL("./child/langgraph-resume.mjs", import.meta.url));
/** A new instance of the app: its own toolkit on the fleet's Redis. */
const instance = fleetInstances(w);

describe.each(["ai6", "ai7"] as const)(
  "sequence 3, AI SDK (%s): twin forms, the second redeemed elsewhere",
  (which) => {
    // Two conversations (two tabs of one person) each ask for the same ACTIVE push; both forms are
    // up at once and approved. Each conversation's next request runs where the route sends it.
    async function twinForms(askedBy: () => AdToolkit) {
      const headline = unique(`Twin forms ${which}`);
      const input = w.push(headline);
      const dana = person(YES, YES);
      const tabs = await Promise.all(
        ["call_one", "call_two"].map(async (id) => {
          const model = scriptedModel(which, [[{ id, name: "push-creative", input }]]);
          const start = [{ role: "user", content: "Launch it." }];
          const asked = await chatRequest(which, askedBy(), model, start, dana.ask);
          expect(asked.answered).toBe(1);
          return { model, messages: asked.messages };
        }),
      );
      expect(dana.shown.map((r) => r.previousLive)).toEqual([undefined, undefined]);
      return { headline, dana, tabs };
    }

    it("redeemed by another instance (a tool set per request, one Redis): one ACTIVE ad", async () => {
      const { headline, dana, tabs } = await twinForms(instance);
      await chatRequest(which, instance(), tabs[0]!.model, tabs[0]!.messages, dana.ask);
      expect(w.live(headline)).toBe(1);
      const out = await chatRequest(which, instance(), tabs[1]!.model, tabs[1]!.messages, dana.ask);
      expect(w.live(headline), JSON.stringify(out.result.content)).toBe(1);
    });

    it("control: redeemed by the instance that asked, the second is refused", async () => {
      const one = instance();
      const { headline, dana, tabs } = await twinForms(() => one);
      await chatRequest(which, one, tabs[0]!.model, tabs[0]!.messages, dana.ask);
      await chatRequest(which, one, tabs[1]!.model, tabs[1]!.messages, dana.ask);
      expect(w.live(headline)).toBe(1);
    });
  },
);

type Pending = { id: string; value: InterruptRequest };
type Invoked = { messages: BaseMessage[]; __interrupt__?: Pending[] };

describe("sequence 3, LangGraph: twin interrupts, the second answer resumed by another process", () => {
  it("one ACTIVE ad", async () => {
    const headline = unique("Twin interrupts");
    const input = w.push(headline);
    const saver = new MemorySaver();
    const model = fakeModel()
      .respondWithTools([
        { name: "push-creative", args: input, id: "c1" },
        { name: "push-creative", args: input, id: "c2" },
      ])
      .respond(new AIMessage("done"));
    const agent = createAgent({
      model,
      tools: langchainTools(instance(), { approval: "interrupt" }),
      checkpointer: saver,
    });
    const threadId = unique("twin-thread");
    const config = { configurable: { thread_id: threadId } };
    const paused = (await agent.invoke(
      { messages: [{ role: "user", content: "Launch it." }] },
      config,
    )) as Invoked;
    const pending = paused.__interrupt__ ?? [];
    // Both forms are shown at once; neither names a live ad.
    expect(pending.map((p) => p.value.toolCallId).sort()).toEqual(["c1", "c2"]);
    expect(pending.map((p) => p.value.previousLive)).toEqual([undefined, undefined]);
    const idOf = (call: string) => pending.find((p) => p.value.toolCallId === call)!.id;
    const answer = { approved: true, text: "I, Dana, approve this ad going live." };
    // This worker redeems the first answer: one ad goes live; the thread waits for the second.
    await agent.invoke(new Command({ resume: { [idOf("c1")]: answer } }), config);
    expect(w.live(headline)).toBe(1);
    // Another worker process resumes the thread with the person's answer to the second form.
    const out = await runChild(CHILD, {
      url: w.sim.url,
      apiKey: w.sim.apiKey,
      redisUrl: w.redis.url,
      threadId,
      checkpoints: dumpSaver(saver),
      resume: { [idOf("c2")]: answer },
    });
    expect(w.live(headline), JSON.stringify(out)).toBe(1);
  });
});
