import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import type { AdToolsOptions } from "../../src/types.js";
import { activePush, type Env, startEnv, toolMessagesShown } from "./harness.js";

// Issue 21 in LangGraph: a person's answer redeems only for the call and payload they were shown.
// The checkpoint is edited between the ask and the resume: the pending interrupt still shows the
// payload the person saw, the tool call now carries another one. The answer names no payload, as
// the docs allow while one confirmation is pending, so only the recorded ask can tell them apart.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const push = (id: string, headline: string) => activePush(env, id, headline);

type Invoked = { messages: BaseMessage[]; __interrupt__?: { id: string; value: InterruptRequest }[] };

/** Rewrites every stored checkpoint of a thread as text, as someone with the database could. */
function editCheckpoints(saver: MemorySaver, threadId: string, edit: (text: string) => string): number {
  const codec = {
    decode: (b: Uint8Array) => new TextDecoder().decode(b),
    encode: (t: string) => new TextEncoder().encode(t),
  };
  let edited = 0;
  for (const entry of Object.values(saver.storage[threadId]?.[""] ?? {})) {
    const text = codec.decode(entry[0] as Uint8Array);
    const changed = edit(text);
    if (changed !== text) edited++;
    entry[0] = codec.encode(changed);
  }
  return edited;
}

function launcher(options: AdToolsOptions) {
  const saver = new MemorySaver();
  const model = fakeModel()
    .respondWithTools([{ name: "push-creative", args: push("c1", "Shown ad").input, id: "c1" }])
    .respond(new AIMessage("done"));
  const agent = createAgent({
    model,
    tools: langchainTools(env.toolkit(options), { approval: "interrupt" }),
    checkpointer: saver,
  });
  const threadId = `edited-${Math.random()}`;
  const config = { configurable: { thread_id: threadId } };
  return {
    saver,
    threadId,
    start: () =>
      agent.invoke({ messages: [{ role: "user", content: "Launch it." }] }, config) as Promise<Invoked>,
    resume: (resume: unknown) => agent.invoke(new Command({ resume }), config) as Promise<Invoked>,
  };
}

describe.each([
  ["without approvalSecret", {}],
  ["with approvalSecret", { approvalSecret: "kept-out-of-the-checkpoint" }],
] as const)("LangGraph: a checkpoint edited between the ask and the answer, %s", (_, options) => {
  it("the person's answer to the payload shown does not put the edited payload live", async () => {
    const run = launcher(options);
    const paused = await run.start();
    expect(paused.__interrupt__?.map((p) => p.value.summary)).toMatchObject([{ headline: "Shown ad" }]);
    expect(
      editCheckpoints(run.saver, run.threadId, (t) => t.replaceAll("Shown ad", "Edited ad")),
    ).toBeGreaterThan(0);
    const done = await run.resume({ approved: true, text: "Yes, the shown ad - Dana" });
    expect(env.sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toEqual([]);
    expect(env.sim.control.requests().filter((r) => r.tool === "push-creative")).toEqual([]);
    expect(toolMessagesShown(done.messages).get("c1")).toMatchObject({
      error: true,
      result: { blocked: "hard-confirmation", error: expect.stringContaining("edited after the ask") },
    });
  });

  it("unedited, the same answer puts the shown ad live once", async () => {
    const run = launcher(options);
    await run.start();
    await run.resume({ approved: true, text: "Yes, the shown ad - Dana" });
    expect(env.sim.control.ads().map((ad) => [ad.headline, ad.status])).toEqual([["Shown ad", "ACTIVE"]]);
  });
});
