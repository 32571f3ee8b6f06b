import {
  type FunctionTool,
  type FunctionToolCustomDataContext,
  type RunContext,
  type RunItem,
  type ToolErrorFormatter,
  type ToolInputParameters,
  tool,
} from "@openai/agents";
import {
  AWAIT_APPROVAL,
  AWAIT_APPROVAL_SCHEMA,
  AWAIT_APPROVAL_STRICT_SCHEMA,
  awaitApprovalTool,
  requireDesk,
  runAwaitApproval,
} from "../await-approval.js";
import { createToolDiscovery, type DiscoveryOptions, FIND_TOOLS } from "../discovery.js";
import type { AdTool, AdToolkit, AdToolsOptions, CallContext, ToolResult } from "../types.js";
import {
  answerFor,
  askPerson,
  CONTEXT_KEY,
  forgetAsk,
  hookApprove,
  origins,
} from "./openai-agents-approval.js";
import { adapterFault, providerSchema, resolveToolkit, stringField } from "./shared.js";

export { adConfirmationRequest, approveAdCall, rejectAdCall } from "./openai-agents-approval.js";

/** Options of {@link openaiAgentsTools}. */
export interface OpenAIAgentsAdapterOptions {
  /**
   * How an ACTIVE `push-creative` gets its human confirmation.
   * - `"callback"` (default): the toolkit's `confirm` channel.
   * - `"native"`: the Agents SDK's tool approval. Such a call sets `needsApproval`, so the run stops
   *   with an interruption carrying an approval request for that call; answer it with
   *   {@link approveAdCall} (or `state.approve(item)`) or {@link rejectAdCall} (or
   *   `state.reject()`), then run the state again, in this process or another one
   *   (`RunState.fromString`). Approving an item records the person's answer to that call's own
   *   request in the run's context; the call runs only by redeeming it, once. `alwaysApprove`
   *   answers only the item it is given; the SDK's approved list alone (edited saved state) answers
   *   nothing. A rejected call never runs.
   * - `"inbox"`: for agents that run unattended (needs a toolkit with a `desk`). A call that needs a
   *   person returns the pending result (`ok: "pending"`, with `approve_url`) instead of an
   *   interruption, and the tools gain `await-approval`, which returns that call's result once the
   *   person decided in the inbox.
   */
  approval?: "native" | "callback" | "inbox";
  /** Scope for request ids (a conversation id) when the run's context carries no `sessionId`. */
  sessionId?: string;
  /**
   * Strict schemas (default true, as the Agents SDK sends tools): the shared strict policy, with
   * optional fields nullable; tools whose input has open parts stay `strict: false`. With false,
   * every tool is sent with the model schema and `strict: false`. Either way a null in an optional
   * field is read as an absent field.
   */
  strict?: boolean;
  /**
   * A secret (kept out of the run state) that signs the answers native approval records in the
   * run's context, when the toolkit has no `approvalSecret` of its own (which does the same for
   * every channel). Without one, an edit of a saved state's arguments or of the SDK's approved list
   * is refused, but someone who rewrites the whole saved state could also write an answer; with
   * one, an answer edited or written without the secret is refused too. Every process that resumes
   * the state needs the same secret.
   */
  approvalSecret?: string;
}

/** An adrails tool for the Agents SDK: the model reads `toolkit.toModelText(result)`. */
// Any context: the tools read only `sessionId` from it and go into an agent of any context type.
export type OpenAIAgentsAdTool = FunctionTool<any, any, string>;

/** The SDK-only data on a tool output item of an adrails tool: the full ToolResult. */
export interface AdToolOutputData {
  adrails: ToolResult;
}

// The call details the SDK hands `execute` (its type is not exported).
type ToolCallDetails = { toolCall?: { callId: string }; signal?: AbortSignal };
type StrictParameters = Extract<ToolInputParameters, { additionalProperties: false }>;
type OpenParameters = Extract<ToolInputParameters, { additionalProperties: true }>;

// Full results between `execute` and the output item's custom data, per run context and call id.
const pending = new WeakMap<object, Map<string, ToolResult>>();

/**
 * The toolkit's tools for the OpenAI Agents SDK (`new Agent({ tools })`), under the service's tool
 * names. Each `execute` runs the guarded toolkit call: the model reads `toolkit.toModelText(result)`
 * and the host gets the full ToolResult as the output item's custom data (read it with
 * {@link adToolResult} from `result.newItems`). Nothing is thrown into the run: API errors,
 * refusals and invalid input come back as ToolResults the model can act on.
 *
 * Schemas follow the shared provider-schema policy in strict mode, as the Agents SDK sends tools:
 * optional fields are nullable and the nulls a model sends for them are dropped before the toolkit
 * sees them; tools whose input has open parts are sent with `strict: false` (`strict: false` sends
 * every tool non-strict).
 *
 * Per-call context: the abort signal, the call id, and a session scope for request ids from the
 * run's context (`run(agent, input, { context: { sessionId } })`) or the `sessionId` option.
 */
export function openaiAgentsTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  adapterOptions: OpenAIAgentsAdapterOptions = {},
): OpenAIAgentsAdTool[] {
  const toolkit = resolveToolkit(toolkitOrOptions);
  if (adapterOptions.approval === "inbox") requireDesk(toolkit, "openaiAgentsTools");
  const tools = toolkit.tools.map((adTool) => toAgentsTool(toolkit, adTool, adapterOptions));
  return adapterOptions.approval === "inbox" ? [...tools, awaitAgentsTool(toolkit, adapterOptions)] : tools;
}

/** The await-approval tool: the result of a call that returned a pending result. */
function awaitAgentsTool(toolkit: AdToolkit, adapterOptions: OpenAIAgentsAdapterOptions): OpenAIAgentsAdTool {
  const execute = async (input: unknown, _runContext?: RunContext, details?: ToolCallDetails) => {
    let result: ToolResult;
    try {
      result = await runAwaitApproval(toolkit, input, {
        ...(details?.signal ? { signal: details.signal } : {}),
      });
    } catch {
      result = adapterFault(AWAIT_APPROVAL);
    }
    return toolkit.toModelText(result);
  };
  const made: OpenAIAgentsAdTool =
    adapterOptions.strict === false
      ? tool({
          name: AWAIT_APPROVAL,
          description: awaitApprovalTool.description,
          parameters: AWAIT_APPROVAL_SCHEMA as OpenParameters,
          strict: false,
          execute,
        })
      : tool({
          name: AWAIT_APPROVAL,
          description: awaitApprovalTool.description,
          parameters: AWAIT_APPROVAL_STRICT_SCHEMA as StrictParameters,
          strict: true,
          execute,
        });
  made.name = AWAIT_APPROVAL;
  return made;
}

/** Options of {@link openaiAgentsDynamicTools}: the adapter's options plus discovery's. */
export interface OpenAIAgentsDynamicOptions extends OpenAIAgentsAdapterOptions, DiscoveryOptions {}

/** What dynamic mode hands the Agents SDK: the agent's tools and a run option. */
export interface OpenAIAgentsDynamic {
  /** For `new Agent({ tools })`: find-tools, and every adrails tool, enabled once a search found it. */
  tools: OpenAIAgentsAdTool[];
  /** For `run(agent, input, { toolErrorFormatter })`: a call of a tool not found yet reads "search first". */
  toolErrorFormatter: ToolErrorFormatter;
}

/**
 * The toolkit in dynamic mode for the Agents SDK: the model is sent only `find-tools` at first; the
 * tools a search finds are enabled (`isEnabled`) from the next model call on. What was found is kept
 * in the run's context (under `adrails`, serialized with the run state), so pass the same context
 * object to every run of a conversation. A call of a tool not found yet gets, through
 * `toolErrorFormatter`, a result saying to search first; nothing is sent.
 */
export function openaiAgentsDynamicTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  options: OpenAIAgentsDynamicOptions = {},
): OpenAIAgentsDynamic {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const discovery = createToolDiscovery(toolkit, options);
  const initial = options.active ?? [];
  const found = (runContext: RunContext | undefined, create: boolean): string[] | undefined => {
    const holder = runContext?.context;
    if (holder === null || typeof holder !== "object") return undefined;
    const slot = (holder as Record<string, unknown>)[CONTEXT_KEY] as { found?: unknown } | undefined;
    if (slot && typeof slot === "object" && Array.isArray(slot.found)) return slot.found as string[];
    if (!create || !Object.isExtensible(holder)) return undefined;
    const list: string[] = [];
    if (slot && typeof slot === "object") slot.found = list;
    else (holder as Record<string, unknown>)[CONTEXT_KEY] = { found: list };
    return list;
  };
  const isActive = (runContext: RunContext | undefined, name: string) =>
    initial.includes(name) || (found(runContext, false)?.includes(name) ?? false);

  const finder: OpenAIAgentsAdTool = tool({
    name: FIND_TOOLS,
    description: discovery.tool.description,
    parameters: discovery.tool.inputSchema as StrictParameters,
    strict: true,
    execute: async (input: unknown, runContext?: RunContext) => {
      let result: ToolResult;
      try {
        const outcome = discovery.find(input);
        const list = found(runContext, true);
        for (const name of outcome.found) if (list && !list.includes(name)) list.push(name);
        result = outcome.result;
      } catch {
        result = adapterFault(FIND_TOOLS);
      }
      return toolkit.toModelText(result);
    },
  });
  finder.name = FIND_TOOLS;
  const tools = toolkit.tools.map((adTool) => {
    const made = toAgentsTool(toolkit, adTool, options);
    made.isEnabled = async (runContext: RunContext) => isActive(runContext, adTool.name);
    return made;
  });
  return {
    tools: [finder, ...tools],
    toolErrorFormatter: ({ kind, toolName }) =>
      kind === "tool_not_found" && toolName !== undefined && discovery.isDeferred(toolName)
        ? toolkit.toModelText(discovery.notActive(toolName))
        : undefined,
  };
}

function toAgentsTool(
  toolkit: AdToolkit,
  adTool: AdTool,
  adapterOptions: OpenAIAgentsAdapterOptions,
): OpenAIAgentsAdTool {
  const sent = providerSchema(adTool, { strict: adapterOptions.strict ?? true });
  const argsOf = sent.toInput;
  // The SDK interrupts for input it cannot parse when needsApproval is a function, so only the
  // tools that can change something ask; reads and calculators never need a person.
  const effect = adTool.definition.effect;
  const asks = adapterOptions.approval === "native" && (effect === "write" || effect === "workflow");
  if (asks) hookApprove();
  const secret = adapterOptions.approvalSecret;
  const sessionOf = (runContext: RunContext | undefined) =>
    stringField(runContext?.context, "sessionId") ?? adapterOptions.sessionId;

  const remember = (runContext: RunContext | undefined, callId: string | undefined, result: ToolResult) => {
    if (!runContext || callId === undefined) return;
    let byCall = pending.get(runContext);
    if (!byCall) {
      byCall = new Map();
      pending.set(runContext, byCall);
    }
    byCall.set(callId, result);
  };

  const common = {
    name: adTool.name,
    description: adTool.description,
    needsApproval: asks
      ? async (runContext: RunContext, input: unknown, callId?: string) =>
          askPerson(adTool, runContext, argsOf(input), callId, sessionOf(runContext))
      : false,
    execute: async (input: unknown, runContext?: RunContext, details?: ToolCallDetails) => {
      const callId = details?.toolCall?.callId;
      let result: ToolResult;
      try {
        const args = argsOf(input);
        const context: CallContext = {
          toolCallId: callId,
          signal: details?.signal,
          sessionId: sessionOf(runContext),
        };
        if (adapterOptions.approval === "inbox") context.pending = true;
        let note: string | undefined;
        const asked = asks
          ? adTool.confirmationRequest(args, { toolCallId: callId, sessionId: context.sessionId })
          : null;
        if (asked) {
          const found = answerFor(runContext, callId, secret, asked.fingerprint);
          if (found.answer) context.answer = found.answer;
          note = found.note;
        }
        result = await adTool.call(args, context);
        if (note) result = { ...result, note: result.note ? `${result.note} ${note}` : note };
        if (asked && callId !== undefined) forgetAsk(runContext?.context, callId, asked.fingerprint);
      } catch {
        result = adapterFault(adTool.name);
      }
      remember(runContext, callId, result);
      return toolkit.toModelText(result);
    },
    errorFunction: (runContext: RunContext, _error: unknown, details?: ToolCallDetails) => {
      // Reached only by a fault in the tool layer: its message is not for the model.
      const result = adapterFault(adTool.name);
      remember(runContext, details?.toolCall?.callId, result);
      return toolkit.toModelText(result);
    },
    customDataExtractor: ({ runContext, toolCall }: FunctionToolCustomDataContext) => {
      const byCall = pending.get(runContext);
      const result = byCall?.get(toolCall.callId);
      if (!result) return undefined;
      byCall?.delete(toolCall.callId);
      const data: AdToolOutputData = { adrails: result };
      return { ...data };
    },
  };
  // The SDK types strict and open schemas apart; both are the shared policy's JSON Schemas.
  const made: OpenAIAgentsAdTool = sent.strict
    ? tool({ ...common, parameters: sent.schema as StrictParameters, strict: true })
    : tool({ ...common, parameters: sent.schema as OpenParameters, strict: false });
  // The SDK turns "-" into "_" in names it is given; OpenAI accepts the service's own names as
  // they are, and every other adapter shows those.
  made.name = adTool.name;
  origins.set(made, { toolkit, adTool, argsOf, secret });
  return made;
}

/** The full ToolResult an adrails tool returned, from a run item (`result.newItems`), if it is one. */
export function adToolResult(item: RunItem | unknown): ToolResult | undefined {
  if (item === null || typeof item !== "object") return undefined;
  const data = (item as { type?: unknown; customData?: unknown }).customData;
  if ((item as { type?: unknown }).type !== "tool_call_output_item") return undefined;
  if (data === null || typeof data !== "object") return undefined;
  return (data as Partial<AdToolOutputData>).adrails;
}
