import { Agent, run } from "@openai/agents";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  approveAdCall,
  openaiAgentsDynamicTools,
  openaiAgentsTools,
} from "../../src/adapters/openai-agents.js";
import { providerSchema } from "../../src/adapters/shared.js";
import { agentsText, agentsToolCalls, ScriptedAgentsModel } from "./agents-model.js";
import { type Env, startEnv } from "./harness.js";
import { agentFor, keptResults, readBy, script, simulatorOf } from "./openai-agents-support.js";

// The adapter through the Agents SDK's own run() loop: a scripted Model answers each turn and the
// tools run against the simulator over loopback. Results and dynamic mode here; native approval
// in openai-agents-approval.test.ts, serialized run states in openai-agents-state.test.ts.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const { pushes, adsOf, push } = simulatorOf(() => env);

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
