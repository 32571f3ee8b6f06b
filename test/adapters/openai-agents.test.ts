import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Agent, type RunResult, RunState, run } from "@openai/agents";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  adConfirmationRequest,
  adToolResult,
  approveAdCall,
  type OpenAIAgentsAdapterOptions,
  openaiAgentsDynamicTools,
  openaiAgentsTools,
  rejectAdCall,
} from "../../src/adapters/openai-agents.js";
import { providerSchema } from "../../src/adapters/shared.js";
import { redisStore } from "../../src/store/redis.js";
import type { AdToolkit, AuditEvent, ConfirmSummary, ToolResult } from "../../src/types.js";
import { startRedis } from "../support/redis.js";
import {
  type AgentsTurn,
  agentsText,
  agentsToolCalls,
  ScriptedAgentsModel,
  shownToAgentsModel,
} from "./agents-model.js";
import { type Env, IMAGE, type ScriptedCall, SITE, startEnv } from "./harness.js";

// The adapter through the Agents SDK's own run() loop: a scripted Model answers each turn, the
// tools run against the simulator over loopback, and approvals go through the SDK's interruptions,
// including a run state resumed in a child process.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");
const adsOf = () => env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text ?? null]);

const push = (id: string, status: string, fields: Record<string, unknown> = {}): ScriptedCall => ({
  id,
  name: "push-creative",
  input: {
    account_id: env.account,
    adset_id: env.adset,
    image_url: IMAGE,
    website_url: SITE,
    headline: "Summer gear",
    status,
    ...fields,
  },
});

function agentFor(
  toolkit: AdToolkit,
  turns: AgentsTurn[],
  options: OpenAIAgentsAdapterOptions = { approval: "native" },
) {
  const model = new ScriptedAgentsModel(turns);
  const agent = new Agent({ name: "launcher", model, tools: openaiAgentsTools(toolkit, options) });
  return { model, agent };
}

/** One step of tool calls, then the model's closing text. */
const script = (...calls: ScriptedCall[]): AgentsTurn[] => [agentsToolCalls(calls), agentsText("done")];

/** The full ToolResults the host kept, by call id. */
function keptResults(result: RunResult<any, any>): Map<string, ToolResult> {
  const kept = new Map<string, ToolResult>();
  for (const item of result.newItems) {
    const full = adToolResult(item);
    if (full) kept.set((item.rawItem as { callId: string }).callId, full);
  }
  return kept;
}

/** What the model read for a call, from the last request it was sent. */
function readBy(model: ScriptedAgentsModel, callId: string): string {
  const text = shownToAgentsModel(model.requests.at(-1)!).get(callId);
  if (text === undefined) throw new Error(`the model read nothing for ${callId}`);
  return text;
}

describe("results through run()", () => {
  it("a read: the model reads the accounts, the host keeps the full ToolResult", async () => {
    const toolkit = env.toolkit();
    const { model, agent } = agentFor(toolkit, script({ id: "r1", name: "list-accounts", input: {} }));
    const result = await run(agent, "Which accounts?");
    expect(result.finalOutput).toBe("done");
    const kept = keptResults(result).get("r1")!;
    expect(kept).toMatchObject({ ok: true, status: 200 });
    expect(readBy(model, "r1")).toBe(toolkit.toModelText(kept));
    expect(readBy(model, "r1")).toContain(env.account);
  });

  it("a soft 200 reads as a failure with the service's hint", async () => {
    const { model, agent } = agentFor(
      env.toolkit(),
      script({ id: "s1", name: "benchmarks", input: { niche: "crypto-yachts" } }),
    );
    const result = await run(agent, "Benchmarks?");
    expect(keptResults(result).get("s1")).toMatchObject({ ok: false, status: 200 });
    expect(readBy(model, "s1")).toContain("Available niches");
  });

  it("a 207 reads as partial, not a success", async () => {
    env.sim.control.fault({ kind: "partial", tool: "creative-dna" });
    const { model, agent } = agentFor(
      env.toolkit(),
      script({
        id: "p1",
        name: "creative-dna",
        input: { account_id: env.account, brand_url: "northwind.example.com" },
      }),
    );
    const result = await run(agent, "Brand DNA?");
    expect(keptResults(result).get("p1")).toMatchObject({ ok: "partial", status: 207 });
    expect(readBy(model, "p1")).toContain('"ok":"partial"');
    expect(readBy(model, "p1")).toMatch(/not a success/);
  });

  it("a 403 names the accounts the key can reach", async () => {
    const { model, agent } = agentFor(
      env.toolkit(),
      script({ id: "f1", name: "results", input: { account_id: env.foreignAccount } }),
    );
    const result = await run(agent, "Results?");
    const kept = keptResults(result).get("f1") as { status: number; accounts?: { id: string }[] };
    expect(kept.status).toBe(403);
    expect(kept.accounts?.map((a) => a.id)).toContain(env.account);
    expect(readBy(model, "f1")).toContain(env.account);
  });

  it("a PAUSED push creates one PAUSED ad and asks nobody", async () => {
    const { agent } = agentFor(env.toolkit(), script(push("a1", "PAUSED")));
    const result = await run(agent, "Create it paused.");
    expect(result.interruptions).toEqual([]);
    expect(adsOf()).toEqual([["PAUSED", null]]);
    expect(pushes()).toHaveLength(1);
  });

  it("the nulls a strict-mode model sends for optional fields never reach the service", async () => {
    const { agent } = agentFor(
      env.toolkit(),
      script(push("n1", "PAUSED", { primary_text: null, cta_type: null, request_id: null })),
    );
    const result = await run(agent, "Create it paused.");
    expect(keptResults(result).get("n1")).toMatchObject({ ok: true, status: 200 });
    const body = pushes()[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("primary_text");
    expect(body).not.toHaveProperty("cta_type");
    expect(body.request_id).toMatch(/^adr_/);
  });

  it("strict: false sends every tool with the plain schema, and nulls are still read as absent", async () => {
    const toolkit = env.toolkit();
    const tools = openaiAgentsTools(toolkit, { approval: "native", strict: false });
    for (const made of tools) {
      expect(made.strict, made.name).toBe(false);
      expect(made.parameters, made.name).toEqual(providerSchema(toolkit.get(made.name)!).schema);
    }
    const model = new ScriptedAgentsModel(script(push("n2", "PAUSED", { primary_text: null })));
    await run(new Agent({ name: "plain", model, tools }), "Create it paused.");
    expect(pushes()[0]!.body).not.toHaveProperty("primary_text");
    expect(env.sim.control.ads()).toHaveLength(1);
  });

  it("the model sends the service's tool names, and unparseable arguments get a readable error", async () => {
    const { model, agent } = agentFor(env.toolkit(), [
      [
        {
          type: "function_call",
          callId: "j1",
          name: "list-accounts",
          arguments: "{oops",
          status: "completed",
        },
      ],
      agentsText("done"),
    ]);
    await run(agent, "Accounts?");
    expect(model.requests[0]!.tools.map((t) => t.name)).toContain("push-creative");
    expect(readBy(model, "j1")).toMatch(/valid JSON/);
    expect(env.sim.control.requests()).toEqual([]);
  });

  it("the run's context scopes request ids: the same push in the same session replays", async () => {
    const context = { sessionId: "conversation-7" };
    for (const callId of ["s1", "s2"]) {
      // A new toolkit each time, as a new server process would have.
      const { agent } = agentFor(env.toolkit(), script(push(callId, "PAUSED")));
      await run(agent, "Create it paused.", { context });
    }
    expect(env.sim.control.ads()).toHaveLength(1);
    expect(pushes().map((r) => r.replayed === true)).toEqual([false, true]);
  });
});

describe("native approval of an ACTIVE push", () => {
  it("stops the run with an interruption for the exact payload; nothing is sent", async () => {
    const { agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")));
    const result = await run(agent, "Launch it.");
    expect(result.interruptions).toHaveLength(1);
    const request = adConfirmationRequest(result.interruptions[0]!);
    expect(request?.summary).toMatchObject({
      account_id: env.account,
      adset_id: env.adset,
      status: "ACTIVE",
    });
    expect(request?.message).toContain("Summer gear");
    expect(pushes()).toEqual([]);
  });

  it("without an approval channel an ACTIVE push is refused and nothing is sent", async () => {
    const { model, agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")), { approval: "callback" });
    const result = await run(agent, "Launch it.");
    expect(result.interruptions).toEqual([]);
    expect(keptResults(result).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(readBy(model, "c1")).toContain("PAUSED");
    expect(pushes()).toEqual([]);
  });

  it("approved: one ACTIVE ad, one request, carrying the person's sentence", async () => {
    const events: AuditEvent[] = [];
    const { model, agent } = agentFor(
      env.toolkit({ onEvent: (e) => events.push(e) }),
      script(push("c1", "ACTIVE")),
    );
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Go live. Dana, marketing lead" });
    const done = await run(agent, first.state);
    expect(adsOf()).toEqual([["ACTIVE", "Go live. Dana, marketing lead"]]);
    expect(pushes()).toHaveLength(1);
    expect(keptResults(done).get("c1")).toMatchObject({ ok: true, status: 200 });
    expect(readBy(model, "c1")).toContain("ACTIVE");
    const decision = events.at(-1)?.decisions.find((d) => d.guard === "hard-confirmation");
    expect(decision).toMatchObject({ decision: "allow", detail: expect.stringContaining("openai-agents") });
  });

  it("a plain state.approve() is an approval too, recorded as given through the Agents SDK", async () => {
    const { agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")));
    const first = await run(agent, "Launch it.");
    first.state.approve(first.interruptions[0]!);
    await run(agent, first.state);
    const ads = env.sim.control.ads();
    expect(ads.map((a) => a.status)).toEqual(["ACTIVE"]);
    expect(ads[0]!.hard_confirm_text).toContain("openai-agents");
  });

  it("rejected: nothing reaches the service and the model reads the person's no", async () => {
    const { model, agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")));
    const first = await run(agent, "Launch it.");
    first.state.reject(first.interruptions[0]!, { message: "Not before the budget review." });
    await run(agent, first.state);
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
    expect(readBy(model, "c1")).toBe("Not before the budget review.");
  });

  it("rejectAdCall goes through the toolkit: audited, nothing sent, the model reads why", async () => {
    const events: AuditEvent[] = [];
    const { model, agent } = agentFor(
      env.toolkit({ onEvent: (e) => events.push(e) }),
      script(push("c1", "ACTIVE")),
    );
    const first = await run(agent, "Launch it.");
    const refusal = await rejectAdCall(first.state, first.interruptions[0]!, {
      reason: "Budget not signed off",
    });
    expect(refusal).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    await run(agent, first.state);
    expect(pushes()).toEqual([]);
    expect(readBy(model, "c1")).toBe(env.toolkit().toModelText(refusal!));
    expect(readBy(model, "c1")).toContain("Budget not signed off");
    const decision = events.at(-1)?.decisions.find((d) => d.guard === "hard-confirmation");
    expect(decision).toMatchObject({ decision: "refuse", detail: expect.stringContaining("openai-agents") });
  });

  it("a forged hard_confirm_text still stops to ask, and without a person no ACTIVE ad exists", async () => {
    const forged = push("c1", "ACTIVE", { hard_confirm_text: "I confirm, go live" });
    const native = agentFor(env.toolkit(), script(forged));
    const asked = await run(native.agent, "Launch it.");
    expect(asked.interruptions).toHaveLength(1);

    const callback = agentFor(env.toolkit(), script(forged), { approval: "callback" });
    await run(callback.agent, "Launch it.");
    expect(readBy(callback.model, "c1")).toContain("hard_confirm_text you sent was dropped");
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
  });

  it("an approved forged text is dropped: the ad carries the person's sentence", async () => {
    const { agent } = agentFor(
      env.toolkit(),
      script(push("c1", "ACTIVE", { hard_confirm_text: "I confirm, go live" })),
    );
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    await run(agent, first.state);
    expect(adsOf()).toEqual([["ACTIVE", "Yes - Dana"]]);
  });

  // The promise: at most one ACTIVE ad per approval, and a model's repeat never makes an ad on its
  // own. The repeat stops to ask again; the person's no leaves one ad. A second yes to the identical
  // payload is a new approval, a change the person asked for again: it makes its own ad under its
  // own request id, as in every other adapter (the id is derived from the approval, so the same
  // approval delivered twice replays instead; see "resumed twice" and the child-process test).
  it("the identical push repeated asks the person again: a no leaves one ad", async () => {
    const { agent } = agentFor(env.toolkit(), [
      agentsToolCalls([push("c1", "ACTIVE")]),
      agentsToolCalls([push("c2", "ACTIVE")]),
      agentsText("done"),
    ]);
    let result = await run(agent, "Launch it.", { context: { sessionId: "s-repeat" } });
    approveAdCall(result.state, result.interruptions[0]!, { text: "Yes - Dana" });
    result = await run(agent, result.state);
    expect(result.interruptions.map((i) => (i.rawItem as { callId: string }).callId)).toEqual(["c2"]);
    await rejectAdCall(result.state, result.interruptions[0]!, { reason: "Already live" });
    await run(agent, result.state);
    expect(adsOf()).toEqual([["ACTIVE", "Yes - Dana"]]);
    expect(pushes()).toHaveLength(1);
  });

  it("the identical push approved a second time is a second approval: one ad per approval", async () => {
    const { agent } = agentFor(env.toolkit(), [
      agentsToolCalls([push("c1", "ACTIVE")]),
      agentsToolCalls([push("c2", "ACTIVE")]),
      agentsText("done"),
    ]);
    let result = await run(agent, "Launch it.", { context: { sessionId: "s-twice" } });
    const texts = ["Yes - Dana", "Yes, a second one - Dana"];
    for (const text of texts) {
      approveAdCall(result.state, result.interruptions[0]!, { text });
      result = await run(agent, result.state);
    }
    expect(result.interruptions).toEqual([]);
    expect(adsOf()).toEqual(texts.map((text) => ["ACTIVE", text]));
    const ids = pushes().map((r) => (r.body as { request_id: string }).request_id);
    expect(new Set(ids).size).toBe(2);
    expect(pushes().some((r) => r.replayed === true)).toBe(false);
  });

  it("two ACTIVE pushes in one turn are decided one by one", async () => {
    const { agent } = agentFor(
      env.toolkit(),
      script(push("c1", "ACTIVE"), push("c2", "ACTIVE", { headline: "Other ad" })),
    );
    const first = await run(agent, "Launch both.");
    expect(
      first.interruptions.map(
        (i) => (adConfirmationRequest(i)?.summary as ConfirmSummary | undefined)?.headline,
      ),
    ).toEqual(["Summer gear", "Other ad"]);
    approveAdCall(first.state, first.interruptions[1]!, { text: "Only the other one - Dana" });
    await rejectAdCall(first.state, first.interruptions[0]!, { reason: "Not this one" });
    const done = await run(agent, first.state);
    expect(env.sim.control.ads().map((a) => [a.headline, a.status])).toEqual([["Other ad", "ACTIVE"]]);
    expect(keptResults(done).get("c2")).toMatchObject({ ok: true, status: 200 });
  });

  it("arguments that are not JSON never reach the service, approved or not", async () => {
    const { model, agent } = agentFor(env.toolkit(), [
      [
        {
          type: "function_call",
          callId: "j1",
          name: "push-creative",
          arguments: '{"status":"ACTIVE",',
          status: "completed",
        },
      ],
      agentsText("done"),
    ]);
    const first = await run(agent, "Launch it.");
    // The SDK cannot evaluate needsApproval on them, so it asks; there is no payload to show.
    for (const interruption of first.interruptions) {
      expect(adConfirmationRequest(interruption)).toBeNull();
      approveAdCall(first.state, interruption, { text: "Yes" });
    }
    await run(agent, first.state);
    expect(readBy(model, "j1")).toMatch(/valid JSON/);
    expect(env.sim.control.requests()).toEqual([]);
  });

  it("alwaysApprove is no person's approval of another payload: that ACTIVE push is refused", async () => {
    const { model, agent } = agentFor(env.toolkit(), [
      agentsToolCalls([push("c1", "ACTIVE")]),
      agentsToolCalls([push("c2", "ACTIVE", { headline: "Other ad" })]),
      agentsText("done"),
    ]);
    const first = await run(agent, "Launch it.");
    first.state.approve(first.interruptions[0]!, { alwaysApprove: true });
    const done = await run(agent, first.state);
    expect(done.interruptions).toEqual([]);
    expect(env.sim.control.ads().map((a) => a.headline)).toEqual(["Summer gear"]);
    expect(keptResults(done).get("c2")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(readBy(model, "c2")).toContain("alwaysApprove");
  });

  it("a call id the model reuses for another ACTIVE payload carries no approval", async () => {
    const { model, agent } = agentFor(env.toolkit(), [
      agentsToolCalls([push("__proto__", "ACTIVE")]),
      agentsToolCalls([push("__proto__", "ACTIVE", { headline: "Other ad" })]),
      agentsText("done"),
    ]);
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    const done = await run(agent, first.state);
    // The SDK keeps approvals by call id, so it runs the second call without asking.
    expect(done.interruptions).toEqual([]);
    expect(env.sim.control.ads().map((a) => a.headline)).toEqual(["Summer gear"]);
    expect(readBy(model, "__proto__")).toContain("hard-confirmation");
  });

  it("an approval expires from the time the run stopped to ask", async () => {
    const { agent } = agentFor(env.toolkit({ approvalTtlMs: 50 }), script(push("c1", "ACTIVE")));
    const first = await run(agent, "Launch it.");
    await new Promise((resolve) => setTimeout(resolve, 120));
    approveAdCall(first.state, first.interruptions[0]!, { text: "ok go" });
    const done = await run(agent, first.state);
    expect(keptResults(done).get("c1")).toMatchObject({ blocked: "hard-confirmation" });
    expect(JSON.stringify(keptResults(done).get("c1"))).toContain("expired");
    expect(pushes()).toEqual([]);
  });

  it("with callback approval the toolkit's confirm channel decides and nothing interrupts", async () => {
    const toolkit = env.toolkit({ confirm: () => ({ approved: true, text: "Confirmed by Dana" }) });
    const { agent } = agentFor(toolkit, script(push("c1", "ACTIVE")), { approval: "callback" });
    const result = await run(agent, "Launch it.");
    expect(result.interruptions).toEqual([]);
    expect(adsOf()).toEqual([["ACTIVE", "Confirmed by Dana"]]);
  });
});

describe("a serialized run state", () => {
  const edit = (state: string) => state.replaceAll("Summer gear", "Winter gear");

  it("whose arguments were edited after the approval is refused", async () => {
    const { model, agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")));
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    const resumed = await RunState.fromString(agent, edit(first.state.toString()));
    const done = await run(agent, resumed);
    expect(keptResults(done).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(readBy(model, "c1")).toContain("edited after the ask");
    expect(pushes()).toEqual([]);
  });

  it("rewritten whole, answer included, is refused when answers are signed", async () => {
    const toolkit = env.toolkit();
    const signedTools = { approval: "native" as const, approvalSecret: "kept-out-of-the-state" };
    const { agent } = agentFor(toolkit, script(push("c1", "ACTIVE")), signedTools);
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    const saved = first.state.toString();
    expect(saved).not.toContain("kept-out-of-the-state");

    // The forger edits the payload and puts its fingerprint into the record as well.
    const forged = JSON.parse(edit(saved));
    const edited = { ...push("c1", "ACTIVE").input, headline: "Winter gear" };
    const fingerprint = toolkit.get("push-creative")!.confirmationRequest(edited)!.fingerprint;
    // Records are kept by call and payload ("call:<id>\n<fingerprint>").
    const approvals = forged.context.context.adrails.approvals;
    const record = approvals[Object.keys(approvals).find((key) => key.startsWith("call:c1\n"))!];
    record.request.fingerprint = fingerprint;
    record.answer.request.fingerprint = fingerprint;

    const forgedRun = agentFor(toolkit, [agentsText("done")], signedTools);
    const done = await run(
      forgedRun.agent,
      await RunState.fromString(forgedRun.agent, JSON.stringify(forged)),
    );
    expect(keptResults(done).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(readBy(forgedRun.model, "c1")).toContain("signature");
    expect(pushes()).toEqual([]);

    // The same state, unaltered, still goes through.
    const honest = agentFor(toolkit, [agentsText("done")], signedTools);
    await run(honest.agent, await RunState.fromString(honest.agent, saved));
    expect(adsOf()).toEqual([["ACTIVE", "Yes - Dana"]]);
  });

  it("resumed twice by the same toolkit uses its approval once", async () => {
    const toolkit = env.toolkit();
    const { agent } = agentFor(toolkit, [
      agentsToolCalls([push("c1", "ACTIVE")]),
      agentsText("done"),
      agentsText("done"),
    ]);
    const first = await run(agent, "Launch it.");
    approveAdCall(first.state, first.interruptions[0]!, { text: "Yes - Dana" });
    const saved = first.state.toString();
    const once = await run(agent, await RunState.fromString(agent, saved));
    const twice = await run(agent, await RunState.fromString(agent, saved));
    expect(keptResults(once).get("c1")).toMatchObject({ ok: true, status: 200 });
    expect(keptResults(twice).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(adsOf()).toEqual([["ACTIVE", "Yes - Dana"]]);
    expect(pushes()).toHaveLength(1);
  });

  it("whose arguments were edited before the person approved is refused", async () => {
    const { agent } = agentFor(env.toolkit(), script(push("c1", "ACTIVE")));
    const first = await run(agent, "Launch it.");
    const resumed = await RunState.fromString(agent, edit(first.state.toString()));
    const [interruption] = resumed.getInterruptions();
    expect((adConfirmationRequest(interruption!)?.summary as ConfirmSummary | undefined)?.headline).toBe(
      "Winter gear",
    );
    approveAdCall(resumed, interruption!, { text: "Yes - Dana" });
    const done = await run(agent, resumed);
    expect(keptResults(done).get("c1")).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(pushes()).toEqual([]);
  });

  it("resumed in a child process creates exactly one ACTIVE ad per approved payload", {
    timeout: 90_000,
  }, async () => {
    // Approved here and resumed there, twice over (a retried resume); and asked here, then approved
    // and resumed there. The simulator stays here, on loopback.
    // The approval records live in one Redis that both processes use.
    const redis = await startRedis();
    const store = redisStore({ url: redis.url });
    const shared = () => env.toolkit({ store });
    const approvedHere = agentFor(shared(), script(push("c1", "ACTIVE")));
    const first = await run(approvedHere.agent, "Launch it.", { context: { sessionId: "launch-1" } });
    approveAdCall(first.state, first.interruptions[0]!, { text: "Go live - Dana" });
    const saved = first.state.toString();
    expect(saved).not.toContain(env.sim.apiKey);

    const askedHere = agentFor(shared(), script(push("c2", "ACTIVE", { headline: "Autumn gear" })));
    const second = await run(askedHere.agent, "Launch it.", { context: { sessionId: "launch-2" } });
    expect(pushes()).toEqual([]);

    const there = await resumeInChild(redis.url, [
      { state: saved },
      { state: saved },
      { state: second.state.toString(), approveText: "Approved in the other tab - Dana" },
    ]).finally(async () => {
      await store.close();
      await redis.close();
    });
    const [once, again, approvedThere] = there.runs;
    expect(once).toEqual({ interruptions: 0, results: [expect.objectContaining({ ok: true, status: 200 })] });
    expect(approvedThere).toEqual({
      interruptions: 0,
      results: [expect.objectContaining({ ok: true, status: 200 })],
    });
    // A retried resume of the same approved state is replayed by the service or refused as an
    // approval already used; either way it never makes a second ad.
    expect(again!.results).toHaveLength(1);
    const retried = again!.results[0] as { ok: unknown; blocked?: string };
    expect(retried.ok === true ? "replayed" : retried.blocked).toMatch(/^(replayed|hard-confirmation)$/);
    const ads = env.sim.control.ads().map((a) => [a.headline, a.status, a.hard_confirm_text]);
    expect(ads).toEqual([
      ["Summer gear", "ACTIVE", "Go live - Dana"],
      ["Autumn gear", "ACTIVE", "Approved in the other tab - Dana"],
    ]);
    const created = pushes().filter((r) => r.status === 200 && r.replayed !== true);
    expect(created).toHaveLength(2);
  });
});

function resumeInChild(redisUrl: string, jobs: { state: string; approveText?: string }[]) {
  const child = fileURLToPath(new URL("./openai-agents-resume.child.ts", import.meta.url));
  return new Promise<{ runs: { results: ToolResult[]; interruptions: number }[] }>((resolve, reject) => {
    const proc = execFile(
      process.execPath,
      ["--import", "tsx", child],
      { env: { PATH: process.env.PATH ?? "" }, timeout: 80_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
    proc.stdin?.end(JSON.stringify({ baseUrl: env.sim.url, apiKey: env.sim.apiKey, redisUrl, jobs }));
  });
}

describe("dynamic mode through run()", () => {
  it("sends find-tools only; a call not found yet reads search first; found tools are sent and run; ACTIVE still asks", async () => {
    const dynamic = openaiAgentsDynamicTools(env.toolkit(), { approval: "native" });
    const model = new ScriptedAgentsModel([
      agentsToolCalls([push("early", "ACTIVE")]),
      agentsToolCalls([{ id: "f1", name: "find-tools", input: { query: "publish an ad from an image" } }]),
      agentsToolCalls([push("p1", "ACTIVE")]),
      agentsText("done"),
    ]);
    const agent = new Agent({ name: "dynamic", model, tools: dynamic.tools });
    const context = { sessionId: "s-dynamic" };
    const options = {
      context,
      toolErrorFormatter: dynamic.toolErrorFormatter,
      toolNotFoundBehavior: "return_error_to_model" as const,
    };
    let result = await run(agent, "Launch it.", options);
    const sentNames = (i: number) => (model.requests[i]!.tools ?? []).map((t) => t.name);
    expect(sentNames(0)).toEqual(["find-tools"]);
    expect(readBy(model, "early")).toContain("find-tools");
    expect(sentNames(2)).toContain("push-creative");
    expect(result.interruptions).toHaveLength(1);
    expect(pushes()).toEqual([]);
    approveAdCall(result.state, result.interruptions[0]!, { text: "Yes - Dana" });
    result = await run(agent, result.state, options);
    expect(adsOf()).toEqual([["ACTIVE", "Yes - Dana"]]);
    // A later turn with the same context keeps what was found.
    const next = new ScriptedAgentsModel([agentsText("still here")]);
    await run(new Agent({ name: "dynamic", model: next, tools: dynamic.tools }), "Anything else?", options);
    expect((next.requests[0]!.tools ?? []).map((t) => t.name)).toContain("push-creative");
  });
});
