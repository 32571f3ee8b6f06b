import {
  type JSONSchema7,
  jsonSchema,
  type ModelMessage,
  type Tool,
  type ToolExecutionOptions,
  tool,
} from "ai";
import {
  AWAIT_APPROVAL,
  AWAIT_APPROVAL_SCHEMA,
  AWAIT_APPROVAL_STRICT_SCHEMA,
  awaitApprovalTool,
  requireDesk,
  runAwaitApproval,
} from "../await-approval.js";
import { createToolDiscovery, type DiscoveryOptions, FIND_TOOLS, NOT_ACTIVE_FIELD } from "../discovery.js";
import type {
  AdTool,
  AdToolkit,
  AdToolsOptions,
  CallContext,
  ConfirmDecision,
  ConfirmRequest,
  ToolResult,
} from "../types.js";
import { answerFrom, asksPerson, messageParts } from "./ai-sdk-answers.js";
import {
  type AiSdkApprovalRound,
  type AiSdkOtherApproval,
  type AiSdkStepResult,
  approvalRound,
  approvalScope,
} from "./ai-sdk-approvals.js";
import { adToolResult, keepResult } from "./ai-sdk-results.js";
import {
  type AskLog,
  adapterFault,
  createAskLog,
  isErrorResult,
  isToolkit,
  providerSchema,
  resolveToolkit,
  stringField,
} from "./shared.js";

/** Options of {@link aiSdkTools}. */
export interface AiSdkAdapterOptions {
  /**
   * How an ACTIVE `push-creative` gets its human confirmation.
   * - `"callback"` (default): the toolkit's `confirm` channel.
   * - `"native"`: the AI SDK's tool approval (`needsApproval` in ai@6, or pass
   *   {@link aiSdkToolApproval} as `toolApproval` in ai@7). An approval response becomes the
   *   person's answer to that tool call's own request, for the payload they were shown, redeemed
   *   once (signed with the toolkit's `approvalSecret`); the approval's `reason` is the
   *   confirmation text. A payload edited in the conversation after the ask never redeems. The
   *   push sends a request id derived from the tool call's request, so the same approval response
   *   delivered again (a retry, a double submit, another server instance, another conversation)
   *   replays the first push instead of creating a second ad. A denied call never runs: the AI
   *   SDK calls no hook of the tool and shows the model the denial's `reason`. Answer approval
   *   requests with {@link aiSdkApprovalRound}: it shows the person the toolkit's request (with
   *   `previousLive` when an identical ad went live recently), and after a "no" it runs the call
   *   as a denial (audited, nothing sent) and makes adrails' ToolResult, hint included, the reason.
   * - `"inbox"`: for agents that run unattended (needs a toolkit with a `desk`). A call that needs a
   *   person returns the pending result (`ok: "pending"`, with `approve_url`) instead of pausing,
   *   and the tool set gains `await-approval`, which returns that call's result once the person
   *   decided in the inbox.
   */
  approval?: "native" | "callback" | "inbox";
  /**
   * Produce OpenAI strict-mode schemas: every property required, optional ones nullable, and
   * nulls mapped back to absent fields before the call. Tools whose input has open parts (objects
   * whose fields the spec does not show) cannot be strict and are sent with `strict: false`.
   * Default false: the normal schemas, sent with `strict: false`. On Gemini, strict tools switch
   * function calling to its VALIDATED mode; leave it off for Anthropic, which caps strict tools
   * at 20 a request.
   */
  strict?: boolean;
  /**
   * Scope for request ids (a conversation id) when a call carries none. With ai@7 this is the typed
   * way to scope a conversation: build the tool set per conversation.
   */
  sessionId?: string;
}

/** The input a model sends: a JSON object, checked by the toolkit rather than the framework. */
export type AdToolInput = Record<string, unknown>;

/** An adrails tool as the AI SDK sees it: its `execute` resolves to the full ToolResult. */
export type AiSdkAdTool = Tool<AdToolInput, ToolResult>;

// The toolkit tool behind each AI SDK tool, so aiSdkToolApproval also works on a merged tool set.
const origins = new WeakMap<object, { toolkit: AdToolkit; adTool: AdTool }>();
// One log of asked confirmations per toolkit, shared by needsApproval and aiSdkToolApproval.
const askLogs = new WeakMap<AdToolkit, AskLog>();

function askLogOf(toolkit: AdToolkit): AskLog {
  let log = askLogs.get(toolkit);
  if (!log) {
    log = createAskLog();
    askLogs.set(toolkit, log);
  }
  return log;
}

/**
 * The toolkit's tools for the Vercel AI SDK (ai@6 and ai@7), keyed by the service's tool names.
 * Each `execute` runs the guarded toolkit call and returns the full ToolResult; the model reads
 * `toolkit.toModelText(result)`, as an error output when the result is not a plain success.
 * Input is checked by the toolkit, so invalid input reaches the model as a ToolResult that names
 * the fields, the same in every framework.
 *
 * Per-call context: the abort signal, the tool call id, and a session scope for request ids taken
 * from `experimental_context.sessionId` (ai@6), the tool's `context.sessionId` (ai@7
 * `toolsContext`; ai@7's types only accept it for tools that declare a context type, so typed
 * hosts use the `sessionId` option instead), or the `sessionId` option.
 */
export function aiSdkTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  adapterOptions: AiSdkAdapterOptions = {},
): Record<string, AiSdkAdTool> {
  const toolkit = resolveToolkit(toolkitOrOptions);
  if (adapterOptions.approval === "inbox") requireDesk(toolkit, "aiSdkTools");
  const tools: Record<string, AiSdkAdTool> = {};
  for (const adTool of toolkit.tools) {
    const made = toAiSdkTool(toolkit, adTool, adapterOptions);
    origins.set(made, { toolkit, adTool });
    tools[adTool.name] = made;
  }
  if (adapterOptions.approval === "inbox") tools[AWAIT_APPROVAL] = awaitTool(toolkit, adapterOptions);
  return tools;
}

function toAiSdkTool(toolkit: AdToolkit, adTool: AdTool, adapterOptions: AiSdkAdapterOptions): AiSdkAdTool {
  const native = adapterOptions.approval === "native";
  const sent = providerSchema(adTool, { strict: adapterOptions.strict });
  const asks = askLogOf(toolkit);

  const inputSchema = jsonSchema<AdToolInput>(sent.schema as JSONSchema7, {
    // The toolkit validates, so a bad input becomes a ToolResult the model can act on.
    validate: (value) => ({ success: true, value: sent.toInput(value) as AdToolInput }),
  });

  return tool<AdToolInput, ToolResult>({
    description: adTool.description,
    inputSchema,
    strict: sent.strict,
    ...(native
      ? {
          needsApproval: (
            input: AdToolInput,
            options: { toolCallId: string; messages?: readonly unknown[] },
          ) =>
            asksPerson(
              adTool,
              asks,
              input,
              options,
              sessionOf(options as ToolExecutionOptions) ?? adapterOptions.sessionId,
            ),
        }
      : {}),
    execute: async (input, options) => {
      try {
        const context: CallContext = {
          toolCallId: options.toolCallId,
          signal: options.abortSignal,
          sessionId: sessionOf(options) ?? adapterOptions.sessionId,
        };
        if (adapterOptions.approval === "inbox") context.pending = true;
        if (native) {
          const answer = answerFrom(adTool, asks, input, options);
          // The answer names its request; the call keeps its session, so a repeat of the same
          // change under a new tool call id goes out under the first send's id.
          if (answer) {
            context.answer = answer;
            context.requestScope = approvalScope(options.toolCallId);
          }
        }
        const result = await adTool.call(input, context);
        keepResult(options.toolCallId, result);
        return result;
      } catch {
        return adapterFault(adTool.name);
      }
    },
    toModelOutput: ({ output }) => {
      const value = toolkit.toModelText(output);
      return isErrorResult(output) ? { type: "error-text", value } : { type: "text", value };
    },
  });
}

/** The await-approval tool: the result of a call that returned a pending result. */
function awaitTool(toolkit: AdToolkit, adapterOptions: AiSdkAdapterOptions): AiSdkAdTool {
  const schema = adapterOptions.strict ? AWAIT_APPROVAL_STRICT_SCHEMA : AWAIT_APPROVAL_SCHEMA;
  return tool<AdToolInput, ToolResult>({
    description: awaitApprovalTool.description,
    inputSchema: jsonSchema<AdToolInput>(schema as JSONSchema7, {
      validate: (value) => ({ success: true, value: value as AdToolInput }),
    }),
    strict: adapterOptions.strict === true,
    execute: (input, options) => runAwaitApproval(toolkit, input, { signal: options.abortSignal }),
    toModelOutput: ({ output }) => {
      const value = toolkit.toModelText(output);
      return isErrorResult(output) ? { type: "error-text", value } : { type: "text", value };
    },
  });
}

/** The session scope of a call: ai@6 `experimental_context.sessionId` or ai@7 `context.sessionId`. */
function sessionOf(options: ToolExecutionOptions): string | undefined {
  return (
    stringField(options.experimental_context, "sessionId") ??
    stringField((options as { context?: unknown }).context, "sessionId")
  );
}

/** A tool approval decision as ai@7's `toolApproval` takes it. */
export type AiSdkApprovalStatus = "user-approval" | "not-applicable";

/** One tool's entry of ai@7's `toolApproval`, as {@link aiSdkToolApproval} makes it. */
export type ToolApprovalOf = (
  input: unknown,
  options: { toolCallId: string; messages?: readonly unknown[] },
) => Promise<AiSdkApprovalStatus>;

/**
 * The `toolApproval` setting for ai@7's `generateText` / `streamText` / agents: a person must
 * approve exactly the calls the toolkit needs a hard confirmation for (an ACTIVE `push-creative`).
 * Use it with `aiSdkTools(toolkit, { approval: "native" })`. Takes the toolkit, or a tool set
 * holding tools from aiSdkTools (other tools in it get no entry).
 */
export function aiSdkToolApproval(
  toolkitOrTools: AdToolkit | Record<string, unknown>,
): Record<string, ToolApprovalOf> {
  const entries: [string, AdToolkit, AdTool][] = [];
  if (isToolkit(toolkitOrTools)) {
    for (const adTool of toolkitOrTools.tools) entries.push([adTool.name, toolkitOrTools, adTool]);
  } else {
    for (const [name, value] of Object.entries(toolkitOrTools)) {
      const origin = value !== null && typeof value === "object" ? origins.get(value) : undefined;
      if (origin) entries.push([name, origin.toolkit, origin.adTool]);
    }
  }
  if (entries.length === 0) {
    throw new TypeError("aiSdkToolApproval takes an adrails toolkit or a tool set from aiSdkTools");
  }
  const approval: Record<string, ToolApprovalOf> = {};
  for (const [name, toolkit, adTool] of entries) {
    const asks = askLogOf(toolkit);
    approval[name] = async (input, options) =>
      (await asksPerson(adTool, asks, input, options)) ? "user-approval" : "not-applicable";
  }
  return approval;
}

export type { AiSdkApprovalRound, AiSdkOtherApproval, AiSdkStepResult };
export { adToolResult };

/**
 * The host's side of native approval, the same on ai@6 and ai@7: after each `generateText` (tools
 * from `aiSdkTools(toolkit, { approval: "native" })`), pass its result here and append the
 * `messages` it gives back; while `answered` is not 0, call `generateText` again with them. Each
 * approval request of an adrails tool goes to `askPerson` as the toolkit's request for the exact
 * payload (`message`, `fingerprint`, and `previousLive` when an identical ad went live recently).
 * An approval's `text` is sent as `hard_confirm_text`; after a "no" the model reads adrails'
 * ToolResult for the refusal, with its hint, as the denial's reason. Requests of other tools in the
 * set go to `askOther`, or are denied. On ai@7 the call's `responseMessages` are used, so the
 * results of earlier steps and of approved calls stay in the conversation.
 */
export function aiSdkApprovalRound(
  tools: Record<string, unknown>,
  result: AiSdkStepResult,
  askPerson: (request: ConfirmRequest) => ConfirmDecision | Promise<ConfirmDecision>,
  askOther?: (request: AiSdkOtherApproval) => ConfirmDecision | Promise<ConfirmDecision>,
): Promise<AiSdkApprovalRound> {
  const originOf = (tool: unknown) =>
    tool !== null && typeof tool === "object" ? origins.get(tool) : undefined;
  return approvalRound(originOf, tools, result, askPerson, askOther);
}

/** Options of {@link aiSdkDynamicTools}: the adapter's options plus discovery's. */
export interface AiSdkDynamicOptions extends AiSdkAdapterOptions, DiscoveryOptions {}

/** A tool call as the AI SDK hands it to a repair function. */
export interface RepairableToolCall {
  type: "tool-call";
  toolCallId: string;
  toolName: string;
  input: string;
}

/**
 * What to spread into `generateText` / `streamText` (ai@6 and ai@7) for on-demand discovery:
 * `tools` (find-tools and every toolkit tool), `prepareStep` (which sends the model only find-tools
 * and the tools a search has found so far in the conversation) and `experimental_repairToolCall`
 * (which answers a call of a tool not found yet with a ToolResult saying to search first, instead
 * of the framework's "unavailable tool" error; in the messages that call appears as a find-tools
 * call with input `{ not_active: "<tool>" }`, under the model's tool call id).
 */
export interface AiSdkDynamicTools {
  tools: Record<string, AiSdkAdTool>;
  prepareStep: (options: { messages: readonly ModelMessage[] }) => { activeTools: string[] };
  experimental_repairToolCall: <T extends RepairableToolCall>(options: {
    toolCall: T;
    error: unknown;
  }) => Promise<T | null>;
}

/**
 * The toolkit in dynamic mode for the AI SDK: the model starts with only find-tools, and a tool
 * becomes callable from the step after a find-tools search found it, for the rest of the
 * conversation. The active set is derived from the conversation's own messages (the completed
 * find-tools calls), so it survives new `generateText` calls, approval round-trips and stateless
 * chat routes. ai@7's own deferred `toolSearch` keeps its finds for one `generateText` call only,
 * which loses them at every user turn and approval; this mode works the same on ai@6 and ai@7.
 */
export function aiSdkDynamicTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  options: AiSdkDynamicOptions = {},
): AiSdkDynamicTools {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const discovery = createToolDiscovery(toolkit, options);
  const finder = tool<AdToolInput, ToolResult>({
    description: discovery.tool.description,
    inputSchema: jsonSchema<AdToolInput>(discovery.tool.inputSchema as JSONSchema7, {
      validate: (value) => ({ success: true, value: value as AdToolInput }),
    }),
    strict: false,
    execute: async (input) => discovery.find(input).result,
    toModelOutput: ({ output }) => {
      const value = toolkit.toModelText(output);
      return isErrorResult(output) ? { type: "error-text", value } : { type: "text", value };
    },
  });
  return {
    tools: { [FIND_TOOLS]: finder, ...aiSdkTools(toolkit, options) },
    prepareStep: ({ messages }) => ({
      activeTools: [
        FIND_TOOLS,
        ...(options.approval === "inbox" ? [AWAIT_APPROVAL] : []),
        ...activeIn(toolkit, discovery.activeAfter(completedFinds(messages))),
      ],
    }),
    experimental_repairToolCall: async ({ toolCall, error }) => {
      const unavailable = (error as { name?: unknown } | null)?.name === "AI_NoSuchToolError";
      if (!unavailable || !discovery.isDeferred(toolCall.toolName)) return null;
      return {
        ...toolCall,
        toolName: FIND_TOOLS,
        input: JSON.stringify({ [NOT_ACTIVE_FIELD]: toolCall.toolName }),
      };
    },
  };
}

const activeIn = (toolkit: AdToolkit, active: ReadonlySet<string>) =>
  toolkit.tools.map((t) => t.name).filter((name) => active.has(name));

/** The inputs of the find-tools calls of a conversation that have a result. */
function completedFinds(messages: readonly unknown[]): unknown[] {
  const inputs = new Map<string, unknown>();
  const answered = new Set<string>();
  for (const part of messageParts(messages)) {
    if (part.toolName !== FIND_TOOLS) continue;
    if (part.type === "tool-call") inputs.set(String(part.toolCallId), part.input);
    else if (part.type === "tool-result") answered.add(String(part.toolCallId));
  }
  return [...inputs].filter(([id]) => answered.has(id)).map(([, input]) => input);
}
