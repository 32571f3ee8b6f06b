import type { RunResult } from "@openai/agents";
import { Agent } from "@openai/agents";
import {
  adToolResult,
  type OpenAIAgentsAdapterOptions,
  openaiAgentsTools,
} from "../../src/adapters/openai-agents.js";
import type { AdToolkit, ToolResult } from "../../src/types.js";
import {
  type AgentsTurn,
  agentsText,
  agentsToolCalls,
  ScriptedAgentsModel,
  shownToAgentsModel,
} from "./agents-model.js";
import { type Env, IMAGE, type ScriptedCall, SITE } from "./harness.js";

// What the Agents SDK adapter's test files share: a scripted agent, the pushes and ads the
// simulator saw, and what the model read and the host kept.

/** The simulator's view, for the file's own env. */
export function simulatorOf(envOf: () => Env) {
  return {
    pushes: () =>
      envOf()
        .sim.control.requests()
        .filter((r) => r.tool === "push-creative"),
    adsOf: () =>
      envOf()
        .sim.control.ads()
        .map((a) => [a.status, a.hard_confirm_text ?? null]),
    push: (id: string, status: string, fields: Record<string, unknown> = {}): ScriptedCall => ({
      id,
      name: "push-creative",
      input: {
        account_id: envOf().account,
        adset_id: envOf().adset,
        image_url: IMAGE,
        website_url: SITE,
        headline: "Summer gear",
        status,
        ...fields,
      },
    }),
  };
}

export function agentFor(
  toolkit: AdToolkit,
  turns: AgentsTurn[],
  options: OpenAIAgentsAdapterOptions = { approval: "native" },
) {
  const model = new ScriptedAgentsModel(turns);
  const agent = new Agent({ name: "launcher", model, tools: openaiAgentsTools(toolkit, options) });
  return { model, agent };
}

/** One step of tool calls, then the model's closing text. */
export const script = (...calls: ScriptedCall[]): AgentsTurn[] => [
  agentsToolCalls(calls),
  agentsText("done"),
];

/** The full ToolResults the host kept, by call id. */
export function keptResults(result: RunResult<any, any>): Map<string, ToolResult> {
  const kept = new Map<string, ToolResult>();
  for (const item of result.newItems) {
    const full = adToolResult(item);
    if (full) kept.set((item.rawItem as { callId: string }).callId, full);
  }
  return kept;
}

/** What the model read for a call, from the last request it was sent. */
export function readBy(model: ScriptedAgentsModel, callId: string): string {
  const text = shownToAgentsModel(model.requests.at(-1)!).get(callId);
  if (text === undefined) throw new Error(`the model read nothing for ${callId}`);
  return text;
}
