import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { type DynamicStructuredTool, type ToolRuntime, tool } from "@langchain/core/tools";
import { isGraphBubbleUp } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { z } from "zod";
import {
  AWAIT_APPROVAL,
  AWAIT_APPROVAL_SCHEMA,
  AWAIT_APPROVAL_STRICT_SCHEMA,
  awaitApprovalTool,
  requireDesk,
  runAwaitApproval,
} from "../await-approval.js";
import { createToolDiscovery, type DiscoveryOptions, FIND_TOOLS } from "../discovery.js";
import type { AdTool, AdToolkit, AdToolsOptions, CallContext, ConfirmRequest, ToolResult } from "../types.js";
import { askPerson, NO_INTERRUPT } from "./langchain-approval.js";
import { langchainSchema } from "./schema-policy.js";
import {
  type AskLog,
  adapterFault,
  createAskLog,
  isErrorResult,
  nonStrictTools,
  type PendingConfirmation,
  pendingConfirmations,
  resolveToolkit,
  stringField,
} from "./shared.js";

export { nonStrictTools };

/** Options of {@link langchainTools}. */
export interface LangChainAdapterOptions {
  /**
   * How an ACTIVE `push-creative` gets its human confirmation.
   * - `"callback"` (default): the toolkit's `confirm` channel.
   * - `"interrupt"`: the tool pauses the graph with LangGraph's `interrupt()`, showing the
   *   {@link InterruptRequest}; resume with `new Command({ resume: { approved, text?, reason?,
   *   fingerprint } })`, naming the fingerprint shown. LangGraph hands one resume value to every
   *   interrupt pending in a step, so an approval that names no payload counts only when a single
   *   confirmation is pending; otherwise nothing is sent and the refusal lists the pending
   *   fingerprints. Answer several at once by interrupt id: `{ resume: { [interrupt.id]: decision } }`
   *   (such an answer reaches only its interrupt). Two identical payloads in one step are told
   *   apart by `toolCallId`. An approval counts as the person's confirmation of that exact payload,
   *   once. Needs a checkpointer and a `thread_id`; where the graph cannot pause, nobody is asked
   *   and the toolkit decides as without a framework approval (its `confirm` channel, else no
   *   ACTIVE ad).
   * - `"inbox"`: for agents that run unattended (needs a toolkit with a `desk`). A call that needs a
   *   person returns the pending result (`ok: "pending"`, with `approve_url`) instead of pausing
   *   the graph, and the tools gain `await-approval`, which returns that call's result once the
   *   person decided in the inbox.
   */
  approval?: "interrupt" | "callback" | "inbox";
  /**
   * Schemas for OpenAI strict mode. LangChain tools carry no strict flag of their own:
   * `@langchain/openai` sends one `strict` for all tools of a request, from the model's
   * `supportsStrictToolCalling` (unset: no flag on Chat Completions, `strict: null` on the
   * Responses API, which then rewrites the schemas into strict mode). So by default (or `true`)
   * every tool is sent with a schema already valid in strict mode: every property required,
   * optional ones nullable, open parts as JSON text, all read back before the toolkit validates.
   * Any `supportsStrictToolCalling`, set or not, then works. `false` sends the lean schemas, for
   * a model with `supportsStrictToolCalling: false` or a provider that never rewrites (Anthropic).
   */
  strict?: boolean;
  /** Scope for request ids when a call has no `context.sessionId` and no `thread_id`. */
  sessionId?: string;
}

/** What a person answers to the interrupt of an ACTIVE `push-creative`. */
export interface InterruptDecision {
  approved: boolean;
  /** The confirmation text sent to the service (approved only). */
  text?: string;
  /** Why the person declined (denied only); shown to the model. */
  reason?: string;
  /** The fingerprint the person approved; when given it must match the payload. */
  fingerprint?: string;
  /** The tool call the person answered (the interrupt's `toolCallId`); when given it must match. */
  toolCallId?: string;
}

/** What the interrupt carries to the host: the confirmation request of the exact payload. */
export type InterruptRequest = ConfirmRequest & { toolCallId?: string };

/** An adrails tool for LangChain: content is the model-readable result, the artifact the full ToolResult. */
export type LangChainAdTool = DynamicStructuredTool;

/**
 * The toolkit's tools as LangChain structured tools (`tool()` from `@langchain/core/tools`) with
 * `responseFormat: "content_and_artifact"`: the content is `toolkit.toModelText(result)`, the
 * artifact the full ToolResult. A tool never throws for an API error, a refusal or invalid input:
 * those come back as a ToolMessage with `status: "error"`. Input is checked by the toolkit, so
 * invalid input reaches the model as a ToolResult naming the fields, as with the AI SDK adapter.
 *
 * Per-call context: the abort signal, the tool call id, and a session scope for request ids from
 * `context.sessionId` (`agent.invoke(input, { context })`) or the `thread_id`.
 */
export function langchainTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  adapterOptions: LangChainAdapterOptions = {},
): LangChainAdTool[] {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const asks = createAskLog();
  const tools = toolkit.tools.map((adTool) => toLangChainTool(toolkit, adTool, adapterOptions, asks));
  return withAwait(toolkit, adapterOptions, tools, "langchainTools");
}

/** With `approval: "inbox"` (a toolkit with a desk): the tools and await-approval. */
function withAwait(toolkit: AdToolkit, o: LangChainAdapterOptions, tools: LangChainAdTool[], made: string) {
  if (o.approval !== "inbox") return tools;
  requireDesk(toolkit, made);
  const schema = o.strict === false ? AWAIT_APPROVAL_SCHEMA : AWAIT_APPROVAL_STRICT_SCHEMA;
  const run = (input: unknown, runtime: ToolRuntime | undefined) =>
    runAwaitApproval(toolkit, input, { signal: runtime?.signal });
  return [...tools, asTool(toolkit, AWAIT_APPROVAL, awaitApprovalTool.description, schema, run)];
}

function toLangChainTool(
  toolkit: AdToolkit,
  adTool: AdTool,
  adapterOptions: LangChainAdapterOptions,
  asks: AskLog,
  gate?: Gate,
): LangChainAdTool {
  const sent = langchainSchema(adTool, adapterOptions.strict);

  const run = async (modelInput: unknown, runtime: ToolRuntime | undefined): Promise<ToolResult> => {
    const refused = gate?.(adTool.name, runtime);
    if (refused) return refused;
    const input = sent.toInput(modelInput);
    const toolCallId = runtime?.toolCall?.id ?? runtime?.toolCallId;
    const threadId = stringField(runtime?.configurable, "thread_id");
    const context: CallContext = {
      toolCallId,
      signal: runtime?.signal,
      sessionId: stringField(runtime?.context, "sessionId") ?? threadId ?? adapterOptions.sessionId,
    };
    if (adapterOptions.approval === "inbox") context.pending = true;
    if (adapterOptions.approval === "interrupt" && adTool.confirmationRequest(input)) {
      const step = await wholeStep(
        toolkit,
        pendingConfirmations(toolkit, messagesOf(runtime?.state), toolCallId),
        context.sessionId,
      );
      const asked = await askPerson(adTool, input, asks, { threadId, context, step, runtime });
      // Every answer goes through the toolkit, so it is redeemed by its rule, audited, and follows
      // onUnconfirmedActive.
      if (asked.kind === "answered") context.answer = asked.answer;
      else if (asked.kind === "unbound") context.unbound = asked.unbound;
      else return withNote(await adTool.call(input, context), NO_INTERRUPT);
    }
    return adTool.call(input, context);
  };
  return asTool(toolkit, adTool.name, adTool.description, sent.schema, run);
}

/** A refusal for a call the tool must not run now, or undefined to run it. */
type Gate = (name: string, runtime: ToolRuntime | undefined) => ToolResult | undefined;

/**
 * A LangChain structured tool that answers with a ToolResult: the content is what the model reads,
 * the artifact the full result, and anything but a plain success is a ToolMessage with status error.
 */
function asTool(
  toolkit: AdToolkit,
  name: string,
  description: string,
  jsonSchema: Record<string, unknown>,
  run: (input: unknown, runtime: ToolRuntime | undefined) => Promise<ToolResult>,
): LangChainAdTool {
  // The model sees the shared JSON Schema; the carrier accepts any input so that the toolkit,
  // not LangChain's parser, answers invalid input with a ToolResult the model can act on.
  // LangChain converts the carrier with zod, which opens every schema with a `$schema` line
  // (about 17 tokens a tool on every request); an undefined member is left out of the JSON sent.
  const schema = z.unknown().meta({ $schema: undefined, ...jsonSchema });
  return tool(
    async (input: unknown, runtime: ToolRuntime) => {
      let result: ToolResult;
      try {
        result = await run(input, runtime);
      } catch (error) {
        // LangGraph pauses a graph by throwing; that must reach the graph untouched.
        if (isGraphBubbleUp(error)) throw error;
        result = adapterFault(name);
      }
      const content = toolkit.toModelText(result);
      const toolCallId = runtime?.toolCall?.id ?? runtime?.toolCallId;
      if (isErrorResult(result) && toolCallId) {
        const message = new ToolMessage({
          content,
          artifact: result,
          status: "error",
          tool_call_id: toolCallId,
          name,
        });
        return [message, result] as [ToolMessage, ToolResult];
      }
      return [content, result] as [string, ToolResult];
    },
    { name, description, schema, responseFormat: "content_and_artifact" },
  ) as LangChainAdTool;
}

/** The messages of a graph's state: `{ messages }`, or the list itself in a graph of messages only. */
function messagesOf(state: unknown): readonly unknown[] | undefined {
  if (Array.isArray(state)) return state;
  const messages = (state as { messages?: unknown } | null | undefined)?.messages;
  return Array.isArray(messages) ? messages : undefined;
}

function withNote(result: ToolResult, note: string): ToolResult {
  return { ...result, note: result.note ? `${result.note} ${note}` : note };
}

/** One entry of `humanInTheLoopMiddleware({ interruptOn })`, as adrails produces it. */
export interface HitlInterruptConfig {
  allowedDecisions: ("approve" | "edit" | "reject")[];
  description: (toolCall: { name: string; args: Record<string, unknown> }) => string;
  when?: (request: { toolCall: { args: Record<string, unknown> } }) => boolean;
}

/**
 * The `interruptOn` config of LangChain's `humanInTheLoopMiddleware` for the toolkit's write and
 * workflow tools: by default they interrupt only when the toolkit needs a hard confirmation (an
 * ACTIVE `push-creative`); with `writes: true` every write asks for review. Decisions: approve or
 * reject, with the payload's summary as the description.
 *
 * The middleware's approval is not handed to the tool, so it is no proof of a person's
 * confirmation: an ACTIVE ad approved only by the middleware is still refused by the toolkit
 * (nothing sent) unless the tools also use `approval: "interrupt"` (the person is asked again,
 * bound to the exact payload) or a `confirm` channel. Also, when a person rejects one call, the
 * middleware leaves the other calls of the same model message without a ToolMessage; prefer
 * `approval: "interrupt"`, which answers every call.
 */
export function hitlInterruptOn(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  options: { writes?: boolean } = {},
): Record<string, HitlInterruptConfig> {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const config: Record<string, HitlInterruptConfig> = {};
  for (const adTool of toolkit.tools) {
    const effect = adTool.definition.effect;
    if (effect !== "write" && effect !== "workflow") continue;
    const entry: HitlInterruptConfig = {
      allowedDecisions: ["approve", "reject"],
      description: (toolCall) =>
        adTool.confirmationRequest(toolCall.args)?.message ??
        `Review this ${adTool.name} call before it runs: ${JSON.stringify(toolCall.args)}`,
    };
    if (options.writes !== true) entry.when = ({ toolCall }) => adTool.needsConfirmation(toolCall.args);
    config[adTool.name] = entry;
  }
  return config;
}

/**
 * A `createAgent` middleware that states the strict flag of every tool on OpenAI models, so that no
 * provider rewrites the schemas on its own. `@langchain/openai` has no strict flag per tool: it
 * sends one value for all tools of a request, and when none is set it sends `strict: null` on the
 * Responses API (the API of `model: "openai:..."`), which lets OpenAI rewrite every schema into
 * strict mode. This sets `strict` to the adapter's `strict` option (default false) unless the
 * model's `supportsStrictToolCalling` or the request already sets one. Other providers are left as
 * they are: they do not rewrite tools whose flag is unset.
 */
export function langchainStrictMiddleware(
  options: { strict?: boolean } = {},
): ReturnType<typeof createMiddleware> {
  return createMiddleware({
    name: "AdrailsStrictFlag",
    wrapModelCall: (request, handler) => handler(withStrictFlag(request, options.strict === true)),
  });
}

/** The request with `modelSettings.strict` set where an OpenAI model would otherwise send none. */
function withStrictFlag<R extends { model: unknown; modelSettings?: Record<string, unknown> }>(
  request: R,
  strict: boolean,
): R {
  if (request.modelSettings?.strict !== undefined || !isOpenAiModel(request.model)) return request;
  return { ...request, modelSettings: { ...request.modelSettings, strict } };
}

/** An OpenAI chat model that sends no strict flag of its own: a ChatOpenAI, or a string model ("openai:..."). */
function isOpenAiModel(value: unknown): boolean {
  const model = value as
    | {
        _llmType?: () => string;
        supportsStrictToolCalling?: boolean;
        _defaultConfig?: { modelProvider?: unknown };
      }
    | undefined;
  if (model?.supportsStrictToolCalling !== undefined) return false;
  if (typeof model?._llmType === "function" && model._llmType() === "openai") return true;
  // createAgent turns a string model into langchain's ConfigurableModel, which names its provider.
  return model?._defaultConfig?.modelProvider === "openai";
}

/** Options of {@link langchainDynamicTools}: the adapter's options plus discovery's. */
export interface LangChainDynamicOptions extends LangChainAdapterOptions, DiscoveryOptions {}

/** What dynamic mode adds to `createAgent`: the tools and the middleware that binds them per call. */
export interface LangChainDynamicTools {
  /** find-tools and every toolkit tool; register them all with the agent. */
  tools: LangChainAdTool[];
  /** Binds find-tools and the tools found so far to each model call. */
  middleware: ReturnType<typeof createMiddleware>;
}

/**
 * The toolkit in dynamic mode for LangChain: `createAgent({ tools, middleware: [middleware] })`.
 * The model is bound with only find-tools and the tools a search has found so far in the thread;
 * a tool becomes callable from the step after the search, for the rest of the thread. The active
 * set is derived from the thread's messages (its completed find-tools calls), so it survives
 * interrupts and checkpoints. A call of a tool no search has found yet is answered with a
 * ToolResult saying to search first; nothing is sent. Other tools of the agent pass through.
 */
export function langchainDynamicTools(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  options: LangChainDynamicOptions = {},
): LangChainDynamicTools {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const discovery = createToolDiscovery(toolkit, options);
  const asks = createAskLog();
  const activeAt = (messages: unknown) => discovery.activeAfter(completedFinds(messages));
  const gate: Gate = (name, runtime) => {
    const messages = (runtime?.state as { messages?: unknown } | undefined)?.messages;
    return activeAt(messages).has(name) ? undefined : discovery.notActive(name);
  };
  const finder = asTool(
    toolkit,
    FIND_TOOLS,
    discovery.tool.description,
    discovery.tool.inputSchema,
    async (input) => discovery.find(input).result,
  );
  const middleware = createMiddleware({
    name: "AdrailsFindTools",
    wrapModelCall: (request, handler) => {
      const state = request.state as { messages?: unknown } | undefined;
      const active = activeAt(state?.messages ?? request.messages);
      const tools = request.tools.filter((bound) => {
        const name = (bound as { name?: unknown }).name;
        return typeof name !== "string" || !discovery.isDeferred(name) || active.has(name);
      });
      return handler(withStrictFlag({ ...request, tools }, options.strict === true));
    },
  });
  const tools = toolkit.tools.map((adTool) => toLangChainTool(toolkit, adTool, options, asks, gate));
  return { tools: withAwait(toolkit, options, [finder, ...tools], "langchainDynamicTools"), middleware };
}

/** The arguments of a thread's find-tools calls that have a ToolMessage. */
function completedFinds(messages: unknown): unknown[] {
  if (!Array.isArray(messages)) return [];
  const inputs = new Map<string, unknown>();
  const answered = new Set<string>();
  for (const message of messages) {
    if (AIMessage.isInstance(message)) {
      for (const call of message.tool_calls ?? []) {
        if (call.name === FIND_TOOLS && call.id) inputs.set(call.id, call.args);
      }
    } else if (ToolMessage.isInstance(message)) {
      answered.add(message.tool_call_id);
    }
  }
  return [...inputs].filter(([id]) => answered.has(id)).map(([, input]) => input);
}

const PAGE = 1000;

/**
 * The confirmations pending across the whole step: this branch's tool calls and every request of
 * the thread still unanswered in the store (parallel branches pause on their own calls, and
 * LangGraph hands one resume value to all of them). Undefined when neither can be known.
 */
async function wholeStep(
  toolkit: AdToolkit,
  branch: PendingConfirmation[] | undefined,
  sessionId: string | undefined,
): Promise<PendingConfirmation[] | undefined> {
  const recorded: ConfirmRequest[] = [];
  try {
    // Page by page: a thread's pending requests cost what the thread holds, not what the key does.
    for (let page: ConfirmRequest[] | undefined; page === undefined || page.length === PAGE; ) {
      const after = page?.at(-1)?.id;
      page = await toolkit.pendingApprovals(sessionId, { limit: PAGE, ...(after ? { after } : {}) });
      recorded.push(...page);
    }
  } catch {
    return branch;
  }
  const all = [...(branch ?? [])];
  for (const r of recorded) {
    if (r.callId !== undefined && all.some((p) => p.toolCallId === r.callId)) continue;
    all.push({ ...(r.callId === undefined ? {} : { toolCallId: r.callId }), fingerprint: r.fingerprint });
  }
  return branch === undefined && all.length === 0 ? undefined : all;
}
