import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import { createAdTools } from "../../src/toolkit.js";
import { unique, useWorld } from "./support.js";

// Issue 29, sequence 4: a LangGraph graph with two parallel branches, each pausing on its own
// ACTIVE push. The host shows the person one interrupt and resumes with a value that names no
// payload, as a single-ad example does; LangGraph hands that value to every pending interrupt.
// On the base commit each branch sees only its own pending push, so both go live, the one never
// shown included. Safe outcome: an answer naming no request approves nothing while two are
// pending across the branches: no ad is live and no push is sent; naming one approves that one.

const w = useWorld();

type Pending = { id: string; value: InterruptRequest };
type Invoked = { messages: BaseMessage[]; __interrupt__?: Pending[] };

function parallelGraph(shown: string, hidden: string) {
  const toolkit = createAdTools({
    apiKey: w.sim.apiKey,
    baseUrl: w.sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
  });
  // Each branch is a worker with its own plan: a ToolNode run on that branch's one tool call.
  const tools = new ToolNode(langchainTools(toolkit, { approval: "interrupt" }));
  const branch = (id: string, headline: string) => async () => {
    const plan = new AIMessage({
      content: "",
      tool_calls: [{ id, name: "push-creative", args: w.push(headline), type: "tool_call" as const }],
    });
    return (await tools.invoke({ messages: [plan] })) as { messages: BaseMessage[] };
  };
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("branch_a", branch("call_a", shown))
    .addNode("branch_b", branch("call_b", hidden))
    .addEdge(START, "branch_a")
    .addEdge(START, "branch_b")
    .addEdge("branch_a", END)
    .addEdge("branch_b", END)
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: unique("branches") } };
  return {
    start: () =>
      graph.invoke({ messages: [{ role: "user", content: "Launch both." }] }, config) as Promise<Invoked>,
    resume: (resume: unknown) => graph.invoke(new Command({ resume }), config) as Promise<Invoked>,
  };
}

describe("sequence 4: LangGraph, two parallel branches each paused on a push", () => {
  it("a resume value naming no payload approves neither branch's push", async () => {
    const shown = unique("Branch shown");
    const hidden = unique("Branch never shown");
    const run = parallelGraph(shown, hidden);
    const paused = await run.start();
    expect(paused.__interrupt__?.map((p) => p.value.summary)).toHaveLength(2);
    // The host shows the person the first interrupt only and resumes as a single-ad example would.
    await run.resume({ approved: true, text: "Yes, launch it - Dana" });
    expect(w.live(hidden), "the ad nobody was shown is live").toBe(0);
    expect(w.live(shown)).toBe(0);
    expect(w.sent(hidden)).toEqual([]);
    expect(w.sent(shown)).toEqual([]);
  });

  it("control: a map by interrupt id answers the one shown, and only it goes live", async () => {
    const shown = unique("Branch shown by id");
    const hidden = unique("Branch not answered");
    const run = parallelGraph(shown, hidden);
    const paused = await run.start();
    const a = paused.__interrupt__!.find((p) => p.value.toolCallId === "call_a")!;
    await run.resume({ [a.id]: { approved: true, text: "Yes, launch it - Dana" } });
    expect(w.live(shown)).toBe(1);
    expect(w.live(hidden)).toBe(0);
  });
});
