import {
  type FunctionTool,
  type FunctionToolCustomDataContext,
  RunContext,
  type RunItem,
  type RunState,
  type RunToolApprovalItem,
  type ToolErrorFormatter,
  type ToolInputParameters,
  tool,
} from "@openai/agents";
import { createToolDiscovery, type DiscoveryOptions, FIND_TOOLS } from "../discovery.js";
import type {
  AdTool,
  AdToolkit,
  AdToolsOptions,
  ApprovalAnswer,
  CallContext,
  ConfirmDecision,
  ConfirmRequest,
  ToolResult,
} from "../types.js";
import {
  adapterFault,
  answerRequest,
  providerSchema,
  readAnswer,
  resolveToolkit,
  stringField,
} from "./shared.js";

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
   */
  approval?: "native" | "callback";
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

const CONTEXT_KEY = "adrails";
const VIA = "openai-agents";

interface Origin {
  toolkit: AdToolkit;
  adTool: AdTool;
  argsOf(input: unknown): unknown;
  secret: string | undefined;
}
const origins = new WeakMap<object, Origin>();
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
  return toolkit.tools.map((adTool) => toAgentsTool(toolkit, adTool, adapterOptions));
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
        let note: string | undefined;
        if (asks && adTool.confirmationRequest(args, { toolCallId: callId, sessionId: context.sessionId })) {
          const found = answerFor(runContext, callId, secret);
          if (found.answer) context.answer = found.answer;
          note = found.note;
        }
        result = await adTool.call(args, context);
        if (note) result = { ...result, note: result.note ? `${result.note} ${note}` : note };
        if (asks && callId !== undefined) forgetAsk(runContext?.context, callId);
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

/** What a run's context keeps per tool call between asking a person and the resumed call. */
interface AskRecord {
  request: ConfirmRequest;
  answer?: ApprovalAnswer;
}

/**
 * True when this exact input needs a person; records the call's approval request in the run's
 * context (serialized with the state). A repeated ask (a resumed run that was not answered) keeps
 * the first request: a refresh would make a stale question look new.
 */
async function askPerson(
  adTool: AdTool,
  runContext: RunContext,
  args: unknown,
  callId: string | undefined,
  sessionId: string | undefined,
): Promise<boolean> {
  try {
    const request = await adTool.ask(args, { toolCallId: callId, sessionId });
    if (!request) return false;
    if (callId !== undefined) {
      const records = recordsOf(runContext?.context, true);
      const known = records?.[recordKey(callId)];
      if (records && known?.request?.fingerprint !== request.fingerprint)
        records[recordKey(callId)] = { request };
    }
    return true;
  } catch {
    // Asking is the safe answer: without an answer the toolkit sends nothing that needs one.
    return true;
  }
}

const NOT_ANSWERED =
  "The Agents SDK ran this call as approved, but no person answered this call's own approval request (alwaysApprove given for another call, or an approved list edited in a saved state, is not one), so it was left to the adrails confirm channel.";

/** The answer the run's context holds for this call, checked against the adapter's secret, or a note. */
function answerFor(
  runContext: RunContext | undefined,
  callId: string | undefined,
  secret: string | undefined,
): { answer?: ApprovalAnswer; note?: string } {
  if (!runContext || callId === undefined) return { note: NOT_ANSWERED };
  const answer = recordsOf(runContext.context, false)?.[recordKey(callId)]?.answer;
  if (answer === undefined) return { note: NOT_ANSWERED };
  if (secret === undefined) return { answer };
  const read = readAnswer(answer, secret);
  return "answer" in read
    ? { answer: read.answer }
    : { note: `The answer in the run state was not used: ${read.problem}.` };
}

/** The asks recorded in a run's context (serialized with the run state), created when asked to. */
function recordsOf(context: unknown, create: boolean): Record<string, AskRecord> | undefined {
  if (context === null || typeof context !== "object") return undefined;
  const holder = context as Record<string, unknown>;
  let slot = holder[CONTEXT_KEY] as { approvals?: Record<string, AskRecord> } | undefined;
  if (slot === undefined || slot === null || typeof slot !== "object") {
    if (!create || !Object.isExtensible(holder)) return undefined;
    slot = {};
    holder[CONTEXT_KEY] = slot;
  }
  if (slot.approvals === undefined || slot.approvals === null || typeof slot.approvals !== "object") {
    if (!create) return undefined;
    slot.approvals = {};
  }
  return slot.approvals;
}

// Call ids come from the model: a prefix keeps one like "__proto__" an ordinary key.
const recordKey = (callId: string) => `call:${callId}`;

function forgetAsk(context: unknown, callId: string): void {
  const records = recordsOf(context, false);
  if (records) delete records[recordKey(callId)];
}

/**
 * Records a person's answer to the request of an interruption's call in the run's context: the
 * request the run stopped with, never one made now, so an answer given after the arguments were
 * edited still names the payload the run asked about (and the edited call is refused). An answer
 * already recorded stays unless `replace`.
 */
function recordAnswer(
  context: unknown,
  interruption: RunToolApprovalItem,
  decision: ConfirmDecision,
  replace: boolean,
): void {
  const callId = stringField(interruption.rawItem, "callId");
  const found = originOf(interruption);
  if (!found || callId === undefined) return;
  const record = recordsOf(context, false)?.[recordKey(callId)];
  if (!record?.request || (record.answer !== undefined && !replace)) return;
  const { adTool, secret } = found.origin;
  record.answer =
    secret === undefined
      ? adTool.answer(record.request, decision, VIA)
      : answerRequest(record.request, decision, VIA, secret);
}

// The SDK's own approve (state.approve, and approveAdCall through it) is the person's click: for an
// item of an adrails tool it records an answer to that call's request, and only that call's, even
// with alwaysApprove. What the SDK keeps (its approved list, serialized with the state) answers nothing.
const PATCHED = Symbol.for("adrails.openai-agents.approveTool");
const proto = RunContext.prototype as unknown as Record<PropertyKey, unknown>;
if (!proto[PATCHED]) {
  const approveTool = RunContext.prototype.approveTool;
  RunContext.prototype.approveTool = function (
    this: RunContext,
    item: RunToolApprovalItem,
    options?: { alwaysApprove?: boolean },
  ) {
    try {
      recordAnswer(this.context, item, { approved: true, text: "" }, false);
    } catch {
      // No answer recorded is the safe side: the call is then refused.
    }
    return approveTool.call(this, item, options);
  };
  proto[PATCHED] = true;
}

/** The adrails tool behind an interruption, with the arguments it would run with. */
function originOf(interruption: RunToolApprovalItem): { origin: Origin; args: unknown } | undefined {
  const tools = (interruption.agent?.tools ?? []) as unknown[];
  const found = tools.find(
    (candidate): candidate is object =>
      candidate !== null &&
      typeof candidate === "object" &&
      (candidate as { name?: unknown }).name === interruption.name &&
      origins.has(candidate),
  );
  const origin = found ? origins.get(found) : undefined;
  if (!origin) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(interruption.arguments ?? "");
  } catch {
    return undefined;
  }
  return { origin, args: origin.argsOf(raw) };
}

/**
 * What to show the person for an interruption of an adrails tool: the confirmation request of the
 * exact payload (summary, message, fingerprint), or null when the call needs none. The SDK also
 * stops for a write whose arguments are not JSON; that gives null too, and it never runs.
 */
export function adConfirmationRequest(interruption: RunToolApprovalItem): ConfirmRequest | null {
  const found = originOf(interruption);
  return found ? found.origin.adTool.confirmationRequest(found.args) : null;
}

/**
 * Approves an interruption as the person's answer to that call's approval request, with their
 * sentence (`text`, sent to the service as the confirmation text), recorded in the run's context
 * (serialized with the state); then calls `state.approve()`. When the call later runs, it redeems
 * that answer once; an edited payload is refused. Works for any interruption; for one that is not
 * an adrails call needing a person it is `state.approve()`.
 */
export function approveAdCall(
  state: RunState<any, any>,
  interruption: RunToolApprovalItem,
  options: { text?: string } = {},
): void {
  recordAnswer(state._context.context, interruption, { approved: true, text: options.text ?? "" }, true);
  state.approve(interruption);
}

/**
 * Rejects an interruption as the person's no: the toolkit records the denial (audit event, nothing
 * sent) and the model reads the toolkit's refusal, with the person's `reason`, as it would through
 * any other adapter; then calls `state.reject()`. Resolves to the ToolResult the model will read
 * (undefined for an interruption of a tool that is not from adrails, which is just rejected).
 */
export async function rejectAdCall(
  state: RunState<any, any>,
  interruption: RunToolApprovalItem,
  options: { reason?: string } = {},
): Promise<ToolResult | undefined> {
  const found = originOf(interruption);
  let result: ToolResult | undefined;
  if (found) {
    const denial = { via: VIA, ...(options.reason === undefined ? {} : { reason: options.reason }) };
    const toolCallId = stringField(interruption.rawItem, "callId");
    result = await found.origin.adTool.call(found.args, { denial, toolCallId });
    if (toolCallId !== undefined) forgetAsk(state._context.context, toolCallId);
  }
  const message = result ? found!.origin.toolkit.toModelText(result) : options.reason;
  state.reject(interruption, message === undefined ? {} : { message });
  return result;
}

/** The full ToolResult an adrails tool returned, from a run item (`result.newItems`), if it is one. */
export function adToolResult(item: RunItem | unknown): ToolResult | undefined {
  if (item === null || typeof item !== "object") return undefined;
  const data = (item as { type?: unknown; customData?: unknown }).customData;
  if ((item as { type?: unknown }).type !== "tool_call_output_item") return undefined;
  if (data === null || typeof data !== "object") return undefined;
  return (data as Partial<AdToolOutputData>).adrails;
}
