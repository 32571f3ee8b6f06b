import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { MockLanguageModelV3 } from "ai/test";
import {
  type MastraAdapterOptions,
  type MastraDynamicOptions,
  mastraApprovalRequest,
  mastraDynamicTools,
  mastraTools,
} from "../../src/adapters/mastra.js";
import type { AdToolkit, ConfirmRequest } from "../../src/types.js";

// Mastra's real agent loop (Agent.generate, approveToolCallGenerate / declineToolCallGenerate on a
// suspended run, a Mastra instance with in-memory storage) with the AI SDK's mock language model
// scripting the model's turns. Mastra needs Node 22.13+.

export interface MastraCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}
export interface MastraTurn {
  calls?: MastraCall[];
  text?: string;
}
export interface ApprovalAsk {
  toolCallId: string;
  toolName: string;
  args: unknown;
  /** adrails' request for the exact payload, as shown (null for a call that needs none). */
  request: ConfirmRequest | null;
}
/** The person's answer: a yes with `text` resumes with their sentence; a yes without one uses approveToolCallGenerate. */
export type Decide = (ask: ApprovalAsk) => { approved: boolean; reason?: string; text?: string };

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model answering each of its calls with the next turn ("done" after the last). */
export function scriptedModel(turns: MastraTurn[]) {
  const prompts: unknown[][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt as unknown[]);
      const turn = turns[prompts.length - 1] ?? { text: "done" };
      const content = [
        ...(turn.text ? [{ type: "text" as const, text: turn.text }] : []),
        ...(turn.calls ?? []).map((call) => ({
          type: "tool-call" as const,
          toolCallId: call.id,
          toolName: call.name,
          input: JSON.stringify(call.input),
        })),
      ];
      return {
        content,
        finishReason: { unified: turn.calls?.length ? "tool-calls" : "stop", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  /** What the model read back for each tool call, by id. */
  const read = () => {
    const seen = new Map<string, string>();
    for (const prompt of prompts)
      for (const message of prompt as { role: string; content: unknown }[]) {
        if (message.role !== "tool" || !Array.isArray(message.content)) continue;
        for (const part of message.content as { type: string; toolCallId: string; output: unknown }[]) {
          if (part.type !== "tool-result") continue;
          const output = part.output as { type?: string; value?: unknown };
          seen.set(
            part.toolCallId,
            typeof output?.value === "string" ? output.value : JSON.stringify(output?.value),
          );
        }
      }
    return seen;
  };
  return { model, prompts, read };
}

/** How the agent gets adrails' tools: all of them, or find-tools discovery (with other tools of its own). */
export interface AgentSetup {
  dynamic?: MastraDynamicOptions;
  /** Tools of the agent that are not adrails'. */
  extraTools?: Record<string, unknown>;
}

export function agentWith(
  model: MockLanguageModelV3,
  toolkit: AdToolkit,
  adapterOptions: MastraAdapterOptions,
  setup: AgentSetup & { storage?: InMemoryStore } = {},
) {
  const dynamic = setup.dynamic
    ? mastraDynamicTools(toolkit, { ...adapterOptions, ...setup.dynamic })
    : undefined;
  const tools = {
    ...(dynamic?.tools ?? mastraTools(toolkit, adapterOptions)),
    ...setup.extraTools,
  } as ReturnType<typeof mastraTools>;
  const agent = new Agent({
    id: "launcher",
    name: "launcher",
    instructions: "Work the ad account.",
    model,
    tools,
    ...(dynamic ? { inputProcessors: [dynamic.processor] } : {}),
  });
  const mastra = new Mastra({
    agents: { launcher: agent },
    storage: setup.storage ?? new InMemoryStore(),
    logger: false,
  });
  return { run: mastra.getAgent("launcher"), tools };
}

/**
 * Runs one conversation through a Mastra agent with adrails' tools: every suspension for approval
 * goes to `decide` and is answered with resumeGenerate (the person's sentence) / declineToolCallGenerate.
 * `history` (model messages) goes before the user's message, as a second user turn would.
 */
export async function runMastra(
  toolkit: AdToolkit,
  turns: MastraTurn[],
  decide: Decide = () => ({ approved: false, reason: "No one is here." }),
  adapterOptions: MastraAdapterOptions = { approval: "native" },
  setup: AgentSetup & { history?: unknown[] } = {},
) {
  const { model, read, prompts } = scriptedModel(turns);
  const { run, tools } = agentWith(model, toolkit, adapterOptions, setup);
  const calls = model.doGenerateCalls;
  const asked: ApprovalAsk[] = [];
  const message = { role: "user", content: "Work the ad account." };
  let out = await run.generate((setup.history ? [...setup.history, message] : message.content) as never);
  let runId = out.runId;
  for (let round = 0; out.finishReason === "suspended" && round < 10; round++) {
    const payload = out.suspendPayload as { toolCallId: string; toolName: string; args: unknown };
    const ask = { ...payload, request: mastraApprovalRequest(tools, payload) };
    asked.push(ask);
    const decision = decide(ask);
    runId = out.runId ?? runId;
    const target = { runId: runId!, toolCallId: payload.toolCallId };
    out = decision.approved
      ? decision.text === undefined
        ? await run.approveToolCallGenerate(target)
        : await run.resumeGenerate({ approved: true, text: decision.text }, target)
      : await run.declineToolCallGenerate({
          runId: runId!,
          toolCallId: payload.toolCallId,
          ...(decision.reason ? { reason: decision.reason } : {}),
        });
  }
  return { out, asked, read: read(), prompts, calls, tools, run, runId };
}

/**
 * Starts a conversation and returns at its first suspension, for tests that resume by hand. The run
 * lives in `storage`, so another Agent instance on it can resume it.
 */
export async function startSuspended(
  toolkit: AdToolkit,
  turns: MastraTurn[],
  adapterOptions: MastraAdapterOptions = { approval: "native" },
  storage = new InMemoryStore(),
) {
  const { model, read } = scriptedModel(turns);
  const { run, tools } = agentWith(model, toolkit, adapterOptions, { storage });
  const out = await run.generate("Work the ad account.");
  return { out, run, tools, read, storage };
}
