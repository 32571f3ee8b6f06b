import { createTool } from "@mastra/core/tools";
import { createToolDiscovery, type DiscoveryOptions, FIND_TOOLS } from "../discovery.js";
import type {
  AdTool,
  AdToolkit,
  AdToolsOptions,
  CallContext,
  ConfirmRequest,
  JsonSchema,
  ToolResult,
} from "../types.js";
import { type MastraAsks, mastraAsks } from "./mastra-approval.js";
import { findToolsProcessor, type MastraFindToolsProcessor } from "./mastra-discovery.js";
import { adapterFault, providerSchema, resolveToolkit, stringField } from "./shared.js";

export type { MastraApproval } from "./mastra-approval.js";
export type { MastraFindToolsProcessor } from "./mastra-discovery.js";

/** Options of {@link mastraTools}. */
export interface MastraAdapterOptions {
  /**
   * How a call that needs a person (an ACTIVE `push-creative`) gets its answer.
   * - `"callback"` (default): the toolkit's `confirm` channel, asked inside the tool.
   * - `"native"`: Mastra's tool approval. The tool sets `requireApproval` for such an input, so the
   *   run suspends with a `tool-call-approval` for that call. The person's yes is
   *   `agent.resumeGenerate({ approved: true, text }, { runId, toolCallId })` (or `resumeStream`):
   *   their sentence, sent as `hard_confirm_text`, travels in Mastra's resume data, so any Agent
   *   instance on the run's storage can resume it. It answers that call's own request (for the
   *   input first shown), redeemed once. A yes without a sentence (`approveToolCall`) sends
   *   nothing and the model reads why. `agent.declineToolCall({ runId, toolCallId, reason })`
   *   sends nothing and the model reads the reason. Use a Mastra instance with storage, as Mastra
   *   requires to resume a run.
   */
  approval?: "native" | "callback";
  /** Scope for request ids (a conversation id). */
  sessionId?: string;
}

/** An adrails tool for Mastra: its output is the full ToolResult; the model reads `toolkit.toModelText(result)`. */
export type MastraAdTool = ReturnType<typeof createTool>;

/**
 * The toolkit's tools for Mastra (`new Agent({ tools })`), a record under the service's tool names,
 * made with Mastra's own `createTool` and the toolkit's zod input schemas. Each `execute` runs the
 * guarded toolkit call and returns its ToolResult; the model reads `toolkit.toModelText(result)`.
 * Nothing is thrown into the run. With `approval: "native"` a call that needs a person suspends
 * the run through Mastra's approval (see {@link MastraAdapterOptions.approval}).
 */
export function mastraTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  adapterOptions: MastraAdapterOptions = {},
): Record<string, MastraAdTool> {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const native = adapterOptions.approval === "native";
  const sessionId = adapterOptions.sessionId;
  // What the input schema's validate makes of a model's input (Mastra skips it on a resume with
  // data, and hands requireApproval and onInputAvailable the input as the model sent it).
  const asks = mastraAsks(sessionId, (adTool, value) => providerSchema(adTool).toInput(value));
  const tools: Record<string, MastraAdTool> = {};

  for (const adTool of toolkit.tools) {
    const needsPerson = (input: unknown) => {
      try {
        return adTool.confirmationRequest(providerSchema(adTool).toInput(input)) !== null;
      } catch {
        // Asking is the safe side: without an answer the toolkit sends nothing that needs one.
        return true;
      }
    };
    tools[adTool.name] = createTool({
      id: adTool.name,
      description: adTool.description,
      inputSchema: anyInput(adTool),
      ...(native && asksPerson(adTool)
        ? {
            requireApproval: async (input: unknown) => needsPerson(input),
            // The raw input, resume data of the model's included: asks.shown keeps that in mind.
            onInputAvailable: async ({ toolCallId, input }: { toolCallId: string; input: unknown }) => {
              await asks.shown(adTool, input, toolCallId).catch(() => undefined);
            },
          }
        : {}),
      toModelOutput: (output: unknown) => ({
        type: "text",
        value: toolkit.toModelText(output as ToolResult),
      }),
      execute: async (value: unknown, context: unknown) => {
        try {
          const input = providerSchema(adTool).toInput(value);
          const agent = (context as { agent?: unknown } | undefined)?.agent;
          const toolCallId = stringField(agent, "toolCallId");
          const signal = (context as { abortSignal?: unknown } | undefined)?.abortSignal;
          const call: CallContext = {
            ...(toolCallId === undefined ? {} : { toolCallId }),
            ...(sessionId === undefined ? {} : { sessionId }),
            ...(signal instanceof AbortSignal ? { signal } : {}),
          };
          // Reached in an agent's run only after Mastra's approval of this call (requireApproval
          // gated it); outside an agent's run nobody approved, and the toolkit decides alone.
          if (native && toolCallId !== undefined && needsPerson(input)) {
            const resumeData = (agent as { resumeData?: unknown }).resumeData;
            const answered = await asks.answer(adTool, input, toolCallId, resumeData);
            if (answered && "refusal" in answered) return answered.refusal;
            if (answered) call.answer = answered.answer;
          }
          return await adTool.call(input, call);
        } catch {
          return adapterFault(adTool.name);
        }
      },
    }) as MastraAdTool;
    origins.set(tools[adTool.name]!, { toolkit, adTool, asks, sessionId });
  }
  return tools;
}

/** Options of {@link mastraDynamicTools}: the adapter's options plus discovery's. */
export interface MastraDynamicOptions extends MastraAdapterOptions, DiscoveryOptions {}

/** What dynamic mode hands a Mastra agent: `new Agent({ tools, inputProcessors: [processor] })`. */
export interface MastraDynamicTools {
  /** find-tools and every toolkit tool; give the agent all of them. */
  tools: Record<string, MastraAdTool>;
  /** Sends the model, at each step, find-tools and the tools a search has found so far. */
  processor: MastraFindToolsProcessor;
}

/**
 * The toolkit in dynamic mode for Mastra: the model is sent only find-tools at first, and a tool
 * becomes callable from the step after a find-tools search found it, for the rest of the
 * conversation. The found set is derived from the conversation's messages (its completed
 * find-tools calls), so it survives new `generate` calls, approval suspensions and memory threads.
 * A call of a tool no search has found yet never runs (Mastra refuses it), and the model reads
 * adrails' refusal saying to search first; nothing is sent. Other tools of the agent pass through.
 */
export function mastraDynamicTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  options: MastraDynamicOptions = {},
): MastraDynamicTools {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const discovery = createToolDiscovery(toolkit, options);
  const finder = createTool({
    id: FIND_TOOLS,
    description: discovery.tool.description,
    inputSchema: passThrough(() => discovery.tool.inputSchema),
    toModelOutput: (output: unknown) => ({ type: "text", value: toolkit.toModelText(output as ToolResult) }),
    execute: async (input: unknown) => {
      try {
        return discovery.find(input).result;
      } catch {
        return adapterFault(FIND_TOOLS);
      }
    },
  }) as MastraAdTool;
  return {
    tools: { [FIND_TOOLS]: finder, ...mastraTools(toolkit, options) },
    processor: findToolsProcessor(discovery),
  };
}

/**
 * The input schema Mastra is given: it shows the model the toolkit's model schema, and lets every
 * input through, so the toolkit validates it and the model reads a ToolResult (a dropped
 * hard_confirm_text noted, an invalid field named) as through every other adapter.
 */
function anyInput(adTool: AdTool) {
  return passThrough(
    () => providerSchema(adTool).schema,
    (value) => providerSchema(adTool).toInput(value),
  );
}

/** A standard schema that shows `schema` and lets every value through (mapped by `toInput`). */
function passThrough(schema: () => JsonSchema, toInput: (value: unknown) => unknown = (value) => value) {
  return {
    "~standard": {
      version: 1 as const,
      vendor: "adrails",
      validate: (value: unknown) => ({ value: toInput(value) }),
      jsonSchema: { input: schema, output: schema },
    },
  };
}

/** Tools that can change something can need a person; reads and calculators never do. */
function asksPerson(adTool: AdTool): boolean {
  const effect = adTool.definition.effect;
  return effect === "write" || effect === "workflow";
}

interface Origin {
  toolkit: AdToolkit;
  adTool: AdTool;
  asks: MastraAsks;
  sessionId: string | undefined;
}
const origins = new WeakMap<object, Origin>();

function originOf(tools: Record<string, unknown>, toolName: unknown): Origin | undefined {
  const tool = typeof toolName === "string" ? tools[toolName] : undefined;
  return tool !== null && typeof tool === "object" ? origins.get(tool) : undefined;
}

/**
 * What to show the person for a `tool-call-approval` of an adrails tool from `tools` (the chunk's
 * payload: `toolCallId`, `toolName`, `args`): the approval request of the exact payload as first
 * shown (summary, message, fingerprint; `previousLive` and a first sentence saying so when an
 * identical ad is already live), or null when the call needs none or is not an adrails tool.
 */
export function mastraApprovalRequest(
  tools: Record<string, unknown>,
  payload: { toolCallId?: unknown; toolName?: unknown; args?: unknown },
): ConfirmRequest | null {
  const origin = originOf(tools, payload?.toolName);
  if (!origin || typeof payload.toolCallId !== "string") return null;
  try {
    return origin.asks.request(origin.adTool, payload.args, payload.toolCallId);
  } catch {
    return null;
  }
}

/**
 * A person's no to a `tool-call-approval` of an adrails tool, as the toolkit records it (audit
 * event, nothing sent): resolves to the text to pass as `declineToolCall`'s `reason`, adrails'
 * refusal with the person's `reason`, which the model then reads as it would through any other
 * adapter. Resolves to `reason` itself for a tool that is not adrails'.
 */
export async function mastraDeclineReason(
  tools: Record<string, unknown>,
  payload: { toolCallId?: unknown; toolName?: unknown; args?: unknown },
  reason?: string,
): Promise<string | undefined> {
  const origin = originOf(tools, payload?.toolName);
  if (!origin) return reason;
  const toolCallId = typeof payload.toolCallId === "string" ? payload.toolCallId : undefined;
  let result: ToolResult;
  try {
    result = await origin.adTool.call(payload.args, {
      ...(toolCallId === undefined ? {} : { toolCallId }),
      ...(origin.sessionId === undefined ? {} : { sessionId: origin.sessionId }),
      denial: reason === undefined ? { via: "mastra" } : { via: "mastra", reason },
    });
  } catch {
    result = adapterFault(origin.adTool.name);
  }
  return origin.toolkit.toModelText(result);
}
