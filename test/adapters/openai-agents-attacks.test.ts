import { Agent, RunState, run } from "@openai/agents";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type OpenAIAgentsAdapterOptions, openaiAgentsTools } from "../../src/adapters/openai-agents.js";
import type { AdToolsOptions } from "../../src/types.js";
import { agentsText, agentsToolCalls, ScriptedAgentsModel } from "./agents-model.js";
import { activePush, type Env, startEnv } from "./harness.js";

// Issue 21, sequences 1 and 2, through the Agents SDK's own run() loop: two ACTIVE pushes pending
// at one stop, and only one of them answered by a person. Whatever the SDK keeps (an alwaysApprove
// for the whole tool, an approved list edited in a saved state) must not put the other one live.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const push = (id: string, headline: string) => activePush(env, id, headline);

const liveAds = () =>
  env.sim.control
    .ads()
    .filter((ad) => ad.status === "ACTIVE")
    .map((ad) => ad.headline);

/** The secret set nowhere, on the adapter (signs the run state's answers), or on the toolkit (every channel). */
const secrets: [string, OpenAIAgentsAdapterOptions, AdToolsOptions][] = [
  ["without approvalSecret", { approval: "native" }, {}],
  ["with the adapter's approvalSecret", { approval: "native", approvalSecret: "kept-out-of-state" }, {}],
  ["with the toolkit's approvalSecret", { approval: "native" }, { approvalSecret: "kept-out-of-state" }],
];

function launcher(adapter: OpenAIAgentsAdapterOptions, toolkitOptions: AdToolsOptions) {
  const model = new ScriptedAgentsModel([
    agentsToolCalls([push("c1", "First ad"), push("c2", "Second ad")]),
    agentsText("done"),
    agentsText("done"),
  ]);
  const tools = openaiAgentsTools(env.toolkit(toolkitOptions), adapter);
  return new Agent({ name: "launcher", model, tools });
}

describe.each(secrets)(
  "sequence 1: alwaysApprove on one of two pending ACTIVE pushes, %s",
  (_, adapter, kit) => {
    it("puts only the answered push live; the other is refused, nothing sent for it", async () => {
      const agent = launcher(adapter, kit);
      const first = await run(agent, "Launch both.", { context: { sessionId: "seq-1" } });
      expect(first.interruptions).toHaveLength(2);
      const [one] = first.interruptions;
      // The person clicks "always approve" on the first; the second is never answered.
      first.state.approve(one!, { alwaysApprove: true });
      await run(agent, first.state);
      expect(liveAds()).toEqual(["First ad"]);
      const sent = env.sim.control.requests().filter((r) => r.tool === "push-creative");
      expect(sent.map((r) => (r.body as { headline: string }).headline)).toEqual(["First ad"]);
    });
  },
);

describe.each(secrets)(
  "sequence 2: call 2 added to the SDK's approved list in a saved state, %s",
  (_, adapter, kit) => {
    it("puts only the answered push live after RunState.fromString", async () => {
      const agent = launcher(adapter, kit);
      const first = await run(agent, "Launch both.", { context: { sessionId: "seq-2" } });
      const [one] = first.interruptions;
      first.state.approve(one!);
      const saved = first.state.toString();
      // The SDK's own approved list names c1; the edit adds c2 as text, touching no adrails record.
      expect(saved).toContain('"approved":["c1"]');
      const edited = saved.replaceAll('"approved":["c1"]', '"approved":["c1","c2"]');
      const resumed = await RunState.fromString(agent, edited);
      const done = await run(agent, resumed);
      expect(done.interruptions).toEqual([]);
      expect(liveAds()).toEqual(["First ad"]);
      const sent = env.sim.control.requests().filter((r) => r.tool === "push-creative");
      expect(sent.map((r) => (r.body as { headline: string }).headline)).toEqual(["First ad"]);
    });
  },
);
