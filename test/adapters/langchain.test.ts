import { AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { createAgent, createMiddleware, type HITLRequest, humanInTheLoopMiddleware } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hitlInterruptOn, type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import type { Outcome } from "../../src/client/outcome.js";
import type { AdToolkit, AuditEvent } from "../../src/types.js";
import { type Env, IMAGE, type ScriptedCall, SITE, startEnv, toolMessagesShown } from "./harness.js";

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");
const push = (id: string, status: string): ScriptedCall => ({
  id,
  name: "push-creative",
  input: {
    account_id: env.account,
    adset_id: env.adset,
    image_url: IMAGE,
    website_url: SITE,
    headline: "Summer gear",
    status,
  },
});
const read: ScriptedCall = { id: "r1", name: "list-accounts", input: {} };

function scriptedModel(...steps: ScriptedCall[][]) {
  const model = fakeModel();
  for (const step of steps)
    model.respondWithTools(step.map((c) => ({ name: c.name, args: c.input, id: c.id })));
  return model.respond(new AIMessage("done"));
}

type Invoked = { messages: BaseMessage[]; __interrupt__?: { id: string; value: unknown }[] };

/** An agent whose push-creative asks a person through LangGraph's interrupt. */
function interruptAgent(toolkit: AdToolkit, ...steps: ScriptedCall[][]) {
  const agent = createAgent({
    model: scriptedModel(...steps),
    tools: langchainTools(toolkit, { approval: "interrupt" }),
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: `thread-${Math.random()}` } };
  return {
    start: () =>
      agent.invoke(
        { messages: [{ role: "user", content: "Launch the summer ad." }] },
        config,
      ) as Promise<Invoked>,
    resume: (resume: unknown) => agent.invoke(new Command({ resume }), config) as Promise<Invoked>,
  };
}

describe("LangGraph interrupt approval", () => {
  it("pauses with the exact payload, then creates the approved ACTIVE ad with one request and the person's text", async () => {
    const run = interruptAgent(env.toolkit(), [push("c1", "ACTIVE")]);
    const paused = await run.start();
    const [pending] = paused.__interrupt__ ?? [];
    const request = pending?.value as InterruptRequest;
    expect(request.tool).toBe("push-creative");
    expect(request.toolCallId).toBe("c1");
    expect(request.fingerprint).toMatch(/\S/);
    expect(request.summary).toMatchObject({ account_id: env.account, adset_id: env.adset, status: "ACTIVE" });
    expect(request.message).toContain("ACTIVE");
    expect(pushes()).toEqual([]);

    const done = await run.resume({ approved: true, text: "Go live. Dana, marketing lead" });
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Go live. Dana, marketing lead"],
    ]);
    expect(pushes()).toHaveLength(1);
    const seen = toolMessagesShown(done.messages).get("c1")!;
    expect(seen.error).toBe(false);
    expect(seen.result).toMatchObject({ ok: true, status: 200 });
  });

  it("a denial sends nothing and gives the call an error result with the person's reason", async () => {
    const run = interruptAgent(env.toolkit(), [push("c1", "ACTIVE")]);
    await run.start();
    const done = await run.resume({ approved: false, reason: "Budget not signed off" });
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
    const seen = toolMessagesShown(done.messages).get("c1")!;
    expect(seen.error).toBe(true);
    expect(seen.text).toContain("Budget not signed off");
    expect(seen.result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
  });

  it("a denial goes through the toolkit: audited as a refusal, with where it came from", async () => {
    const events: AuditEvent[] = [];
    const run = interruptAgent(env.toolkit({ onEvent: (event) => events.push(event) }), [
      push("c1", "ACTIVE"),
    ]);
    await run.start();
    await run.resume({ approved: false, reason: "Budget not signed off" });
    expect(pushes()).toEqual([]);
    const denied = events.filter((event) => event.tool === "push-creative");
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({ toolCallId: "c1", ok: false, status: null });
    expect(denied[0]!.decisions).toContainEqual({
      guard: "hard-confirmation",
      decision: "refuse",
      detail: "a person declined: Budget not signed off (via langgraph)",
    });
  });

  it('a denial under onUnconfirmedActive "pause" creates the ad PAUSED, as a channel denial does', async () => {
    const run = interruptAgent(env.toolkit({ onUnconfirmedActive: "pause" }), [push("c1", "ACTIVE")]);
    await run.start();
    const done = await run.resume({ approved: false, reason: "Not live yet" });
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([["PAUSED", null]]);
    const seen = toolMessagesShown(done.messages).get("c1")!;
    expect(seen.result).toMatchObject({ ok: true, status: 200 });
    expect(seen.text).toContain("Not live yet");
    expect(seen.text).toContain("created PAUSED, not ACTIVE");
  });

  it("an approval given for another payload does not count", async () => {
    const run = interruptAgent(env.toolkit(), [push("c1", "ACTIVE")]);
    await run.start();
    const done = await run.resume({ approved: true, text: "yes", fingerprint: "fp_of_another_ad" });
    expect(env.sim.control.ads()).toEqual([]);
    expect(toolMessagesShown(done.messages).get("c1")?.result).toMatchObject({
      blocked: "hard-confirmation",
    });
  });

  it("answers every call of the message when one is denied, without repeating the others", async () => {
    const run = interruptAgent(env.toolkit(), [read, push("c1", "ACTIVE"), push("p1", "PAUSED")]);
    const paused = await run.start();
    expect(paused.__interrupt__).toHaveLength(1);
    const done = await run.resume({ approved: false });
    const seen = toolMessagesShown(done.messages);
    expect([...seen.keys()].sort()).toEqual(["c1", "p1", "r1"]);
    const ai = done.messages.filter((m) => AIMessage.isInstance(m));
    const called = ai.flatMap((m) => (m as AIMessage).tool_calls ?? []).map((c) => c.id);
    expect(called.every((id) => id !== undefined && seen.has(id))).toBe(true);
    expect(seen.get("c1")?.error).toBe(true);
    expect(env.sim.control.ads().map((a) => a.status)).toEqual(["PAUSED"]);
    expect(env.sim.control.requests().filter((r) => r.tool === "list-accounts")).toHaveLength(1);
    expect(pushes()).toHaveLength(1);
  });

  it("two ACTIVE pushes in one message are decided one by one, by interrupt id", async () => {
    const second = push("c2", "ACTIVE");
    second.input.headline = "Winter gear";
    const run = interruptAgent(env.toolkit(), [push("c1", "ACTIVE"), second]);
    const paused = await run.start();
    const pending = paused.__interrupt__ ?? [];
    expect(pending).toHaveLength(2);
    const idOf = (callId: string) =>
      pending.find((p) => (p.value as InterruptRequest).toolCallId === callId)!.id;
    const done = await run.resume({
      [idOf("c1")]: { approved: true, text: "Summer yes" },
      [idOf("c2")]: { approved: false, reason: "Not winter yet" },
    });
    expect(env.sim.control.ads().map((a) => [a.headline, a.status, a.hard_confirm_text])).toEqual([
      ["Summer gear", "ACTIVE", "Summer yes"],
    ]);
    const seen = toolMessagesShown(done.messages);
    expect(seen.get("c1")?.error).toBe(false);
    expect(seen.get("c2")?.text).toContain("Not winter yet");
  });

  it("without a checkpointer the ACTIVE ad is refused, not sent and not crashed", async () => {
    const agent = createAgent({
      model: scriptedModel([push("c1", "ACTIVE")]),
      tools: langchainTools(env.toolkit(), { approval: "interrupt" }),
    });
    const result = (await agent.invoke({ messages: [{ role: "user", content: "go" }] })) as Invoked;
    const seen = toolMessagesShown(result.messages).get("c1");
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
    expect(seen?.error).toBe(true);
    expect(seen?.text).toContain("checkpointer");
    expect(result.messages.at(-1)?.content).toBe("done");
  });

  it("with callback approval, the toolkit's confirm channel decides and nothing interrupts", async () => {
    const toolkit = env.toolkit({ confirm: () => ({ approved: true, text: "Confirmed by Dana" }) });
    const agent = createAgent({
      model: scriptedModel([push("c1", "ACTIVE")]),
      tools: langchainTools(toolkit),
      checkpointer: new MemorySaver(),
    });
    const result = (await agent.invoke(
      { messages: [{ role: "user", content: "go" }] },
      { configurable: { thread_id: "cb" } },
    )) as Invoked;
    expect(result.__interrupt__).toBeUndefined();
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Confirmed by Dana"],
    ]);
  });
});

describe("humanInTheLoopMiddleware config", () => {
  it("interrupts only ACTIVE pushes by default, describing the exact payload", () => {
    const toolkit = env.toolkit();
    const config = hitlInterruptOn(toolkit);
    const entry = config["push-creative"]!;
    expect(entry.allowedDecisions).toEqual(["approve", "reject"]);
    expect(entry.when?.({ toolCall: { args: push("x", "ACTIVE").input } })).toBe(true);
    expect(entry.when?.({ toolCall: { args: push("x", "PAUSED").input } })).toBe(false);
    const fingerprint = toolkit
      .get("push-creative")!
      .confirmationRequest(push("x", "ACTIVE").input)!.fingerprint;
    expect(entry.description({ name: "push-creative", args: push("x", "ACTIVE").input })).toContain(
      fingerprint,
    );
    expect(config["list-accounts"]).toBeUndefined();
    expect(hitlInterruptOn(toolkit, { writes: true })["creative-dna"]?.when).toBeUndefined();
  });

  it("fails closed: a middleware approval alone is no proof, so the ACTIVE ad is not sent", async () => {
    const toolkit = env.toolkit();
    const agent = createAgent({
      model: scriptedModel([push("c1", "ACTIVE")]),
      tools: langchainTools(toolkit),
      middleware: [humanInTheLoopMiddleware({ interruptOn: hitlInterruptOn(toolkit) })],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "hitl-1" } };
    const paused = (await agent.invoke({ messages: [{ role: "user", content: "go" }] }, config)) as Invoked;
    const value = paused.__interrupt__?.[0]?.value as HITLRequest;
    expect(value.actionRequests[0]?.name).toBe("push-creative");
    expect(value.actionRequests[0]?.description).toContain("Create an ACTIVE ad");
    const done = (await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      config,
    )) as Invoked;
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
    expect(toolMessagesShown(done.messages).get("c1")).toMatchObject({
      error: true,
      result: { blocked: "hard-confirmation" },
    });
  });

  it("with the middleware and interrupt approval, the tool's own interrupt is the proof", async () => {
    const toolkit = env.toolkit();
    const agent = createAgent({
      model: scriptedModel([push("c1", "ACTIVE")]),
      tools: langchainTools(toolkit, { approval: "interrupt" }),
      middleware: [humanInTheLoopMiddleware({ interruptOn: hitlInterruptOn(toolkit) })],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "hitl-2" } };
    await agent.invoke({ messages: [{ role: "user", content: "go" }] }, config);
    const asked = (await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      config,
    )) as Invoked;
    expect(asked.__interrupt__?.[0]?.value).toMatchObject({ tool: "push-creative" });
    expect(pushes()).toEqual([]);
    await agent.invoke(new Command({ resume: { approved: true, text: "Approved twice, go" } }), config);
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Approved twice, go"],
    ]);
  });
});

describe("LangChain loops", () => {
  it("error results never throw, even with a wrapToolCall middleware", async () => {
    const passThrough = createMiddleware({
      name: "PassThrough",
      wrapToolCall: (request, handler) => handler(request),
    });
    const agent = createAgent({
      model: scriptedModel([
        { id: "s1", name: "benchmarks", input: { niche: "crypto-yachts" } },
        { id: "v1", name: "fatigue", input: { frequency: "high" } },
        push("c1", "ACTIVE"),
      ]),
      tools: langchainTools(env.toolkit()),
      middleware: [passThrough],
    });
    const result = (await agent.invoke({ messages: [{ role: "user", content: "go" }] })) as Invoked;
    const seen = toolMessagesShown(result.messages);
    expect([...seen.values()].map((s) => s.error)).toEqual([true, true, true]);
    expect(seen.get("v1")?.result).toMatchObject({ blocked: "validation" });
    expect(seen.get("v1")?.text).toContain("frequency");
    expect(result.messages.at(-1)?.content).toBe("done");
  });

  it("ToolNode runs the tools: content for the model, the full ToolResult as artifact", async () => {
    const node = new ToolNode(langchainTools(env.toolkit()));
    const calls = [read, push("c1", "ACTIVE")].map((c) => ({
      name: c.name,
      args: c.input,
      id: c.id,
      type: "tool_call" as const,
    }));
    const out = (await node.invoke({ messages: [new AIMessage({ content: "", tool_calls: calls })] })) as {
      messages: ToolMessage[];
    };
    const byId = new Map(out.messages.map((m) => [m.tool_call_id, m]));
    expect(byId.get("r1")?.status).toBe("success");
    expect(byId.get("r1")?.artifact).toMatchObject({ ok: true, status: 200 });
    expect(String(byId.get("r1")?.content)).toContain(env.account);
    expect(byId.get("c1")?.status).toBe("error");
    expect(byId.get("c1")?.artifact).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(pushes()).toEqual([]);
  });

  it("the abort signal reaches the HTTP call", async () => {
    env.sim.control.fault({ kind: "latency", ms: 5_000, tool: "list-accounts" });
    const outcome = new Promise<Outcome>((resolve) => {
      const agent = createAgent({
        model: scriptedModel([read]),
        tools: langchainTools(env.toolkit({ onOutcome: resolve })),
      });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      agent
        .invoke({ messages: [{ role: "user", content: "go" }] }, { signal: controller.signal })
        .catch(() => undefined);
    });
    // Aborted, not answered after the 5 s latency.
    expect(await outcome).toMatchObject({ kind: "network-error", cause: "aborted" });
  });

  it("scopes request ids by context.sessionId, then by thread_id", async () => {
    const toolkit = env.toolkit();
    const tools = langchainTools(toolkit);
    const run = (config: Record<string, unknown>) =>
      createAgent({
        model: scriptedModel([push("p1", "PAUSED")]),
        tools,
        checkpointer: new MemorySaver(),
      }).invoke({ messages: [{ role: "user", content: "go" }] }, config);
    await run({ configurable: { thread_id: "t-1" } });
    await run({ configurable: { thread_id: "t-1" } });
    expect(env.sim.control.ads()).toHaveLength(1);
    await run({ configurable: { thread_id: "t-2" } });
    expect(env.sim.control.ads()).toHaveLength(2);
    await run({ configurable: { thread_id: "t-3" }, context: { sessionId: "t-1" } });
    expect(env.sim.control.ads()).toHaveLength(2);
  });
});
