import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { Agent, run } from "@openai/agents";
import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { createAgent } from "langchain";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { langchainTools } from "../../src/adapters/langchain.js";
import { adToolResult, openaiAgentsTools } from "../../src/adapters/openai-agents.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { memoryStore } from "../../src/store/index.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit, AdToolsOptions, ToolResult } from "../../src/types.js";
import { agentsText, agentsToolCalls, ScriptedAgentsModel, shownToAgentsModel } from "./agents-model.js";

// Drives the real agent loops of ai@6, ai@7, LangChain and the OpenAI Agents SDK with scripted
// models, so the same fixtures can be run through every framework and compared.

export type Framework = "ai6" | "ai7" | "langchain" | "openai-agents";
export const FRAMEWORKS: readonly Framework[] = ["ai6", "ai7", "langchain", "openai-agents"];

/** One tool call a scripted model makes. */
export interface ScriptedCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** What the model read back for one call, and the full result the host kept. */
export interface Seen {
  text: string;
  error: boolean;
  result: ToolResult | undefined;
}

/** The tool as the framework described it to the model. */
export interface SentTool {
  description: string | undefined;
  parameters: Record<string, unknown>;
  /** The strict flag, where the framework sends one per tool. */
  strict?: boolean;
}

export interface Run {
  seen: Map<string, Seen>;
  /** Tools as sent to the model on its first call, by name. */
  sent: Map<string, SentTool>;
}

export interface Env {
  sim: Simulator;
  /** The pro key's first account. */
  account: string;
  /** An ad set of that account. */
  adset: string;
  /** An account the service knows that the pro key cannot reach. */
  foreignAccount: string;
  toolkit(options?: AdToolsOptions): AdToolkit;
  close(): Promise<void>;
}

/** Starts a simulator with limits out of the way and finds the ids the fixtures need. */
export async function startEnv(): Promise<Env> {
  const sim = await startSimulator({ rateLimit: { limit: 100_000 }, writeBudget: { limit: 100_000 } });
  // Scripted models repeat tool call ids ("c1") with the same payload from test to test; toolkits of
  // one process share their records per key and service, so each test's toolkit keeps its own
  // store here, and the tests of that sharing (per-request.test.ts) build theirs without one.
  const toolkit = (options: AdToolsOptions = {}) =>
    createAdTools({
      apiKey: sim.apiKey,
      baseUrl: sim.url,
      rateLimit: false,
      retry: { maxRetries: 0 },
      store: memoryStore(),
      ...options,
    });
  const setup = toolkit();
  const accounts = dataOf(await setup.call("list-accounts", {})).accounts as { id: string }[];
  const account = accounts[0]!.id;
  const rows = dataOf(await setup.call("results", { account_id: account, level: "adset" })).rows as {
    id: string;
  }[];
  const agency = toolkit({ apiKey: sim.keys.agency });
  const foreign = dataOf(await agency.call("list-accounts", {})).accounts as { id: string }[];
  sim.control.reset();
  return {
    sim,
    account,
    adset: rows[0]!.id,
    foreignAccount: foreign[0]!.id,
    toolkit,
    close: () => sim.close(),
  };
}

function dataOf(result: ToolResult): Record<string, unknown> {
  if (result.ok !== true) throw new Error(`setup call failed: ${JSON.stringify(result)}`);
  return result.data as Record<string, unknown>;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model response making these tool calls. */
export function callsResponse(calls: readonly ScriptedCall[]) {
  return {
    content: calls.map((c) => ({
      type: "tool-call" as const,
      toolCallId: c.id,
      toolName: c.name,
      input: JSON.stringify(c.input),
    })),
    finishReason: { unified: "tool-calls" as const, raw: undefined },
    usage,
    warnings: [],
  };
}

/** A model response with only text. */
export function textResponse(text: string) {
  return {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage,
    warnings: [],
  };
}

type PromptMessage = { role: string; content: unknown };
type ToolOutput = { type: string; value?: unknown; reason?: string };

/** The tool results a model was shown in its prompt, by tool call id. */
export function shownToModel(
  prompt: readonly PromptMessage[],
): Map<string, { text: string; error: boolean }> {
  const shown = new Map<string, { text: string; error: boolean }>();
  for (const message of prompt) {
    if (message.role !== "tool" || !Array.isArray(message.content)) continue;
    for (const part of message.content as { type: string; toolCallId: string; output: ToolOutput }[]) {
      if (part.type !== "tool-result") continue;
      const output = part.output;
      const text =
        output.type === "execution-denied"
          ? `denied: ${output.reason ?? ""}`
          : typeof output.value === "string"
            ? output.value
            : JSON.stringify(output.value);
      shown.set(part.toolCallId, {
        text,
        error: output.type.startsWith("error") || output.type === "execution-denied",
      });
    }
  }
  return shown;
}

type AiModule = typeof ai6 | typeof ai7;

function aiModule(framework: "ai6" | "ai7") {
  return framework === "ai6"
    ? { ai: ai6 as AiModule, Mock: MockV6 as unknown as typeof MockV6 }
    : { ai: ai7 as AiModule, Mock: MockV7 as unknown as typeof MockV6 };
}

/** Runs the scripted steps through one framework's loop and reports what the model read. */
export async function runScript(
  framework: Framework,
  toolkit: AdToolkit,
  steps: readonly (readonly ScriptedCall[])[],
): Promise<Run> {
  if (framework === "langchain") return runLangChain(toolkit, steps);
  if (framework === "openai-agents") return runOpenAIAgents(toolkit, steps);
  return runAiSdk(framework, toolkit, steps);
}

async function runAiSdk(
  framework: "ai6" | "ai7",
  toolkit: AdToolkit,
  steps: readonly (readonly ScriptedCall[])[],
): Promise<Run> {
  const { ai, Mock } = aiModule(framework);
  const model = new Mock({ doGenerate: [...steps.map(callsResponse), textResponse("done")] });
  const tools = aiSdkTools(toolkit);
  // One driver for two majors whose option types differ.
  const generateText = ai.generateText as (options: any) => Promise<any>;
  const result = await generateText({
    model,
    tools,
    prompt: "Run the scripted calls.",
    stopWhen: ai.stepCountIs(steps.length + 1),
  });
  const last = model.doGenerateCalls.at(-1)!;
  const shown = shownToModel(last.prompt as PromptMessage[]);
  const outputs = new Map<string, ToolResult>();
  for (const step of result.steps as { toolResults: { toolCallId: string; output: ToolResult }[] }[]) {
    for (const r of step.toolResults) outputs.set(r.toolCallId, r.output);
  }
  const seen = new Map<string, Seen>();
  for (const [id, s] of shown) seen.set(id, { ...s, result: outputs.get(id) });
  const sent = new Map<string, SentTool>();
  for (const t of model.doGenerateCalls[0]!.tools ?? []) {
    if (t.type !== "function") continue;
    sent.set(t.name, { description: t.description, parameters: t.inputSchema as Record<string, unknown> });
  }
  return { seen, sent };
}

/** A fake LangChain chat model that also records the tools bound to it, as a provider would send them. */
export function recordingFakeModel() {
  const model = fakeModel();
  const bound: StructuredToolInterface[][] = [];
  const bindTools = model.bindTools.bind(model);
  model.bindTools = (tools: Parameters<typeof bindTools>[0]) => {
    bound.push([...tools] as StructuredToolInterface[]);
    return bindTools(tools);
  };
  const sent = () => {
    const map = new Map<string, SentTool>();
    for (const t of bound[0] ?? []) {
      const fn = convertToOpenAITool(t).function;
      map.set(fn.name, { description: fn.description, parameters: fn.parameters as Record<string, unknown> });
    }
    return map;
  };
  return { model, sent };
}

/** The tool messages a LangChain model was shown, by tool call id. */
export function toolMessagesShown(messages: readonly BaseMessage[]): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  for (const message of messages) {
    if (!ToolMessage.isInstance(message)) continue;
    seen.set(message.tool_call_id, {
      text: typeof message.content === "string" ? message.content : JSON.stringify(message.content),
      error: message.status === "error",
      result: message.artifact as ToolResult | undefined,
    });
  }
  return seen;
}

async function runLangChain(toolkit: AdToolkit, steps: readonly (readonly ScriptedCall[])[]): Promise<Run> {
  const { model, sent } = recordingFakeModel();
  for (const step of steps)
    model.respondWithTools(step.map((c) => ({ name: c.name, args: c.input, id: c.id })));
  model.respond(new AIMessage("done"));
  const agent = createAgent({ model, tools: langchainTools(toolkit) });
  await agent.invoke({ messages: [{ role: "user", content: "Run the scripted calls." }] });
  const last = model.calls.at(-1)!;
  return { seen: toolMessagesShown(last.messages), sent: sent() };
}

/** Model-visible text with the parts that differ between two runs (times) blanked out. */
export function stable(text: string): string {
  return text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, "<time>");
}

/** A public image URL the simulator accepts. */
export const IMAGE = "https://cdn.example.com/creative/summer-1.png";
export const SITE = "https://northwind.example.com/summer";

/** A model's call of push-creative for an ACTIVE image ad in the env's account and ad set. */
export function activePush(env: Env, id: string, headline: string): ScriptedCall {
  return {
    id,
    name: "push-creative",
    input: {
      account_id: env.account,
      adset_id: env.adset,
      image_url: IMAGE,
      website_url: SITE,
      headline,
      status: "ACTIVE",
    },
  };
}

async function runOpenAIAgents(
  toolkit: AdToolkit,
  steps: readonly (readonly ScriptedCall[])[],
): Promise<Run> {
  const model = new ScriptedAgentsModel([...steps.map(agentsToolCalls), agentsText("done")]);
  const agent = new Agent({ name: "contract", model, tools: openaiAgentsTools(toolkit) });
  const result = await run(agent, "Run the scripted calls.", { maxTurns: steps.length + 1 });
  const kept = new Map<string, ToolResult>();
  for (const item of result.newItems) {
    const full = adToolResult(item);
    const callId = (item.rawItem as { callId?: string }).callId;
    if (full && callId) kept.set(callId, full);
  }
  const seen = new Map<string, Seen>();
  for (const [id, text] of shownToAgentsModel(model.requests.at(-1)!)) {
    const full = kept.get(id);
    // The Responses API has no error flag on a tool output: the model tells a failure by the
    // text (`"ok":false`), so the flag compared here is the host's ToolResult's.
    seen.set(id, { text, error: full === undefined || full.ok !== true, result: full });
  }
  const sent = new Map<string, SentTool>();
  for (const t of model.requests[0]!.tools) {
    if (t.type !== "function") continue;
    sent.set(t.name, {
      description: t.description,
      parameters: t.parameters as Record<string, unknown>,
      strict: t.strict,
    });
  }
  return { seen, sent };
}
