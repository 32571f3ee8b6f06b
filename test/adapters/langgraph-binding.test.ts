import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import type { AdToolkit } from "../../src/types.js";
import { activePush, type Env, type ScriptedCall, startEnv, toolMessagesShown } from "./harness.js";

// Sequence 1 of issue 12: LangGraph hands one resume value to every interrupt pending in a step.
// An approval that does not name what the person saw must not approve the ad nobody was shown.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const push = (id: string, headline: string) => activePush(env, id, headline);

type Pending = { id: string; value: InterruptRequest };
type Invoked = { messages: BaseMessage[]; __interrupt__?: Pending[] };

function agentWith(toolkit: AdToolkit, calls: ScriptedCall[]) {
  const model = fakeModel()
    .respondWithTools(calls.map((c) => ({ name: c.name, args: c.input, id: c.id })))
    .respond(new AIMessage("done"));
  const agent = createAgent({
    model,
    tools: langchainTools(toolkit, { approval: "interrupt" }),
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: `binding-${Math.random()}` } };
  return {
    start: () =>
      agent.invoke({ messages: [{ role: "user", content: "Launch both." }] }, config) as Promise<Invoked>,
    resume: (resume: unknown) => agent.invoke(new Command({ resume }), config) as Promise<Invoked>,
  };
}

const live = () => env.sim.control.ads().filter((ad) => ad.status === "ACTIVE");
const pushesSent = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");

describe("LangGraph: one resume value for two pending ACTIVE pushes", () => {
  for (const [label, decision] of [
    ["with text", { approved: true, text: "Yes, launch the summer ad" }],
    ["without text", { approved: true }],
  ] as const) {
    it(`an approval naming no payload (${label}) creates neither ad, and says which payloads are pending`, async () => {
      const run = agentWith(env.toolkit(), [push("c1", "Summer gear"), push("c2", "Never shown")]);
      const paused = await run.start();
      const pending = paused.__interrupt__ ?? [];
      expect(pending).toHaveLength(2);
      // The host shows the person the first interrupt only, and resumes as a single-ad example would.
      const done = await run.resume(decision);
      expect(pushesSent()).toEqual([]);
      expect(env.sim.control.ads()).toEqual([]);
      const seen = toolMessagesShown(done.messages);
      for (const id of ["c1", "c2"]) {
        expect(seen.get(id)).toMatchObject({ error: true, result: { blocked: "hard-confirmation" } });
        for (const p of pending)
          expect(seen.get(id)?.result).toMatchObject({ error: expect.stringContaining(p.value.fingerprint) });
      }
    });
  }

  it("an approval naming the shown payload creates that ad only; the other is never ACTIVE", async () => {
    const run = agentWith(env.toolkit(), [push("c1", "Summer gear"), push("c2", "Never shown")]);
    const paused = await run.start();
    const shown = paused.__interrupt__!.find((p) => p.value.toolCallId === "c1")!.value;
    const done = await run.resume({ approved: true, text: "Summer only", fingerprint: shown.fingerprint });
    expect(live().map((ad) => [ad.headline, ad.hard_confirm_text])).toEqual([["Summer gear", "Summer only"]]);
    expect(pushesSent().map((r) => (r.body as { headline?: string }).headline)).toEqual(["Summer gear"]);
    expect(toolMessagesShown(done.messages).get("c2")).toMatchObject({
      error: true,
      result: { blocked: "hard-confirmation" },
    });
  });

  it("two identical ACTIVE pushes: a fingerprint alone does not approve both; naming the tool call does one", async () => {
    const run = agentWith(env.toolkit(), [push("c1", "Twin"), push("c2", "Twin")]);
    const paused = await run.start();
    const [first] = paused.__interrupt__!;
    await run.resume({ approved: true, fingerprint: first!.value.fingerprint });
    expect(env.sim.control.ads()).toEqual([]);

    const again = agentWith(env.toolkit(), [push("c1", "Twin"), push("c2", "Twin")]);
    const asked = await again.start();
    const c1 = asked.__interrupt__!.find((p) => p.value.toolCallId === "c1")!.value;
    await again.resume({ approved: true, fingerprint: c1.fingerprint, toolCallId: "c1" });
    expect(live().map((ad) => ad.headline)).toEqual(["Twin"]);
  });

  it("the map by interrupt id answers each interrupt for itself", async () => {
    const run = agentWith(env.toolkit(), [push("c1", "Summer gear"), push("c2", "Winter gear")]);
    const paused = await run.start();
    const idOf = (call: string) => paused.__interrupt__!.find((p) => p.value.toolCallId === call)!.id;
    const done = await run.resume({
      [idOf("c1")]: { approved: true, text: "Summer yes" },
      [idOf("c2")]: { approved: false, reason: "Not winter yet." },
    });
    expect(live().map((ad) => ad.headline)).toEqual(["Summer gear"]);
    const c2 = toolMessagesShown(done.messages).get("c2");
    expect(c2?.text).toContain("Not winter yet.");
    expect(c2?.text).not.toContain("..");
  });

  it("a map answering one interrupt asks again for the other, which stays unsent", async () => {
    const run = agentWith(env.toolkit(), [push("c1", "Summer gear"), push("c2", "Winter gear")]);
    const paused = await run.start();
    const c1 = paused.__interrupt__!.find((p) => p.value.toolCallId === "c1")!;
    const next = await run.resume({ [c1.id]: { approved: true } });
    expect(live().map((ad) => ad.headline)).toEqual(["Summer gear"]);
    expect(next.__interrupt__?.map((p) => p.value.toolCallId)).toEqual(["c2"]);
    expect(pushesSent()).toHaveLength(1);
  });

  it("one ACTIVE push alone may be approved without naming it, as the README shows", async () => {
    const run = agentWith(env.toolkit(), [push("c1", "Summer gear")]);
    await run.start();
    await run.resume({ approved: true, text: "Go live" });
    expect(live().map((ad) => [ad.headline, ad.hard_confirm_text])).toEqual([["Summer gear", "Go live"]]);
  });
});

describe("tool call ids that repeat across messages", () => {
  it("an approval of a later payload under a reused tool call id is its own approval", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "push-creative", args: push("0", "Summer gear").input, id: "0" }])
      .respondWithTools([{ name: "push-creative", args: push("0", "Winter gear").input, id: "0" }])
      .respond(new AIMessage("done"));
    const agent = createAgent({
      model,
      tools: langchainTools(env.toolkit(), { approval: "interrupt" }),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: `reused-${Math.random()}` } };
    const first = (await agent.invoke(
      { messages: [{ role: "user", content: "Launch two." }] },
      config,
    )) as Invoked;
    const second = (await agent.invoke(
      new Command({ resume: { approved: true, fingerprint: first.__interrupt__![0]!.value.fingerprint } }),
      config,
    )) as Invoked;
    await agent.invoke(
      new Command({ resume: { approved: true, fingerprint: second.__interrupt__![0]!.value.fingerprint } }),
      config,
    );
    expect(live().map((ad) => ad.headline)).toEqual(["Summer gear", "Winter gear"]);
  });
});

describe("a graph of its own with ToolNode", () => {
  function toolGraph(calls: ScriptedCall[]) {
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tools", new ToolNode(langchainTools(env.toolkit(), { approval: "interrupt" })))
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: `tool-node-${Math.random()}` } };
    const message = new AIMessage({
      content: "",
      tool_calls: calls.map((c) => ({ id: c.id, name: c.name, args: c.input, type: "tool_call" as const })),
    });
    return {
      start: () => graph.invoke({ messages: [message] }, config) as Promise<Invoked>,
      resume: (resume: unknown) => graph.invoke(new Command({ resume }), config) as Promise<Invoked>,
    };
  }

  it("binds an unnamed answer to the one pending push, and refuses it for two", async () => {
    const one = toolGraph([push("c1", "Alone")]);
    expect((await one.start()).__interrupt__).toHaveLength(1);
    await one.resume({ approved: true });
    expect(live().map((ad) => ad.headline)).toEqual(["Alone"]);

    // ToolNode runs both calls in one task, which asks one interrupt at a time.
    const two = toolGraph([push("c1", "First"), push("c2", "Second")]);
    const [asked] = (await two.start()).__interrupt__!;
    const next = await two.resume({ approved: true });
    expect(live().map((ad) => ad.headline)).toEqual(["Alone"]);
    const [again] = next.__interrupt__ ?? [];
    expect(again?.value.toolCallId).not.toBe(asked!.value.toolCallId);
    await two.resume({ approved: true, fingerprint: again!.value.fingerprint });
    expect(live()).toHaveLength(2);
  });
});
