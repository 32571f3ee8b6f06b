import type { z } from "zod";
import { type AdClient, configProblem, createClient } from "./client/index.js";
import { storeLaunchClaims } from "./guards/approval/launch.js";
import type { RecordOrigin } from "./guards/approval/missing.js";
import { storePasskeyCounters } from "./guards/approval/passkey-counter.js";
import type { ApprovalTrust } from "./guards/approval/verify.js";
import { createLiveLedger } from "./guards/live-record.js";
import { DEFAULT_MAX_RESULT_CHARS, toModelText } from "./guards/model-text.js";
import { type CallPipeline, createCallPipeline } from "./guards/pipeline.js";
import { blocked, shapeOutcome } from "./guards/results.js";
import { parseRules } from "./guards/rules/schema.js";
import { createRulesStep } from "./guards/rules/step.js";
import { accountNote, hiddenAccountRefusal, scopeRefusal, selectTools } from "./guards/scope.js";
import { storeApprovalLedger, storeAskLedger, storeIdLedger, storeSendClaims } from "./guards/shared.js";
import { observedChannel } from "./guards/telemetry.js";
import { modelSchema } from "./guards/validation.js";
import type { AskManyOptions, PlanOutcome } from "./plan-types.js";
import { askMany, type PlanTool } from "./plans.js";
import { keyIdentity, keyScoped, processStore, recordedInProcess } from "./store/index.js";
import type { ToolDefinition } from "./tools/define.js";
import { getTool, offeredTools } from "./tools/index.js";
import type {
  AdTool,
  AdToolkit,
  AdToolsOptions,
  AskWhere,
  AwaitApprovalOptions,
  CallContext,
  CatalogToolkit,
  ToolResult,
} from "./types.js";

const DEFAULT_APPROVAL_TTL_MS = 5 * 60_000;
const DEFAULT_PENDING_TTL_MS = 60 * 60_000;
// Below this the truncation marker would not fit.
const MIN_RESULT_CHARS = 200;

/**
 * The guarded, framework-neutral tool set: the catalog's offered tools in scope, each with the
 * schema a model sees and a `call` that validates, confirms, fills in retry keys, sends and
 * shapes the answer into a ToolResult. `call` never throws.
 */
export function createAdTools(options: AdToolsOptions = {}): CatalogToolkit {
  const apiKey = options.apiKey ?? process.env.ADRAILS_API_KEY ?? "";
  const accountDefault = options.accountId;
  const baseUrl = options.baseUrl ?? process.env.ADRAILS_BASE_URL ?? "";
  const kit = composeToolkit(options, {
    name: "createAdTools",
    client: createClient({
      apiKey,
      baseUrl: options.baseUrl,
      timeouts: options.timeouts,
      retry: options.retry,
      rateLimit: options.rateLimit,
      writeBudget: options.writeBudget,
      store: options.store,
      dispatcher: options.dispatcher,
    }),
    secret: apiKey,
    base: options.serviceId ?? baseUrl,
    principal: apiKey,
    // Fixed for the toolkit's life: with no key or base URL nothing can be sent, so nobody is asked
    // to approve a call (the call answers with what is missing instead).
    unsendable: configProblem(apiKey, baseUrl.replace(/\/+$/, "")),
  });

  const selected = selectTools(offeredTools, options);
  const note = accountNote(selected, options);
  const tools = selected.map((def) => {
    // Built on first use, like the definition's own: a cold start that calls one tool builds one.
    let schema: z.ZodType | undefined;
    let shown: z.ZodType | undefined;
    const checked = () => {
      schema ??= modelSchema(def, { accountDefault });
      return schema;
    };
    return kit.makeTool({
      name: def.name,
      def,
      // Which account an omitted account_id means is said once, on one tool.
      description: note?.tool === def.name ? `${def.description} ${note.text}` : def.description,
      get schema() {
        return checked();
      },
      get shown() {
        shown ??= options.hideAccountId
          ? modelSchema(def, { accountDefault, hideAccountId: true })
          : checked();
        return shown;
      },
    });
  });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  const call = (name: string, input: unknown, context: CallContext = {}): Promise<ToolResult> => {
    const tool = byName.get(name);
    if (tool) return tool.call(input, context);
    return kit.pipeline.refuse(String(name), context, () => {
      const refusal = scopeRefusal(String(name), getTool(String(name)), options);
      return blocked(refusal.blocked, refusal.error, refusal.hint);
    });
  };

  // One implementation behind the typed overloads: every input is checked when called.
  return Object.freeze({
    tools: Object.freeze(tools),
    get: ((name: string) => byName.get(name)) as CatalogToolkit["get"],
    call: call as CatalogToolkit["call"],
    ...kit.surface(call),
  });
}

/** What a toolkit is composed on: the wire its calls go out on, and whose calls they are. */
export interface ToolkitWire {
  /** The function the toolkit was made by, for messages ("createAdTools", "connectAdTools"). */
  name: string;
  client: AdClient;
  /** The secret kept out of every result, event and span (the API key; "" on the MCP door). */
  secret: string;
  /** With `principal`: whose approvals, ids, claims and live records these are in the store. */
  base: string;
  principal: string;
  /** Why nothing can be sent (no key or base URL), when so. */
  unsendable?: string | null | undefined;
}

/** One tool a toolkit offers: the name it is offered under, the definition whose guards apply. */
export interface ToolEntry {
  name: string;
  def: ToolDefinition;
  description: string;
  /** What the call's input is checked against. */
  schema: z.ZodType;
  /** What the model is shown. */
  shown: z.ZodType;
}

/** The parts both doors' toolkits are made of: one guard pipeline, and tools on it. */
export interface ComposedToolkit {
  pipeline: CallPipeline;
  makeTool(entry: ToolEntry): AdTool;
  /** `toolkit.askMany`: a plan over the tools made by `makeTool`. */
  askMany(tool: string, inputs: readonly unknown[], options: AskManyOptions): Promise<PlanOutcome>;
  /** The members every toolkit has the same way on both doors, given the toolkit's `call`. */
  surface(
    call: AdToolkit["call"],
  ): Pick<AdToolkit, "toModelText" | "pendingApprovals" | "askMany" | "awaitApproval" | "options">;
}

/**
 * Composes a toolkit on a wire: the REST client (`createAdTools`) or the service's MCP door
 * (`connectAdTools`). Every tool goes through the same pipeline: validation, hideAccountId,
 * approvals, launch claims, live records, request ids, result shaping.
 */
export function composeToolkit(options: AdToolsOptions, wire: ToolkitWire): ComposedToolkit {
  const accountDefault = options.accountId;
  const { unsendable } = wire;
  const maxChars = Math.max(MIN_RESULT_CHARS, options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS);
  // Kept per principal: one key's refusals, pins and approvals never move what another key sends.
  const identity = keyIdentity(wire.base, wire.principal);
  // Without a store given, approvals, ids, claims and live records live in this process's memory,
  // shared by every toolkit of the process with the same key and service: a toolkit built per
  // request redeems what another asked and never sends twice what another sent.
  const shared = options.store ? keyScoped(options.store, identity) : processStore(identity);
  const storeName = options.store?.name ?? "memory";
  const origin: RecordOrigin = {
    kind: !options.store ? "process" : storeName === "memory" ? "own" : "shared",
    store: storeName,
    elsewhere: (id) => recordedInProcess(identity, id),
  };
  // Checked now: a bad rule throws here, naming its key, before any call.
  const rules = options.rules === undefined ? undefined : parseRules(options.rules, `${wire.name} rules`);
  const approvalTtlMs = options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS;
  // How long a request waits for a person who is not at hand (a desk, a plan in the inbox).
  const pendingTtlMs = options.pendingTtlMs ?? DEFAULT_PENDING_TTL_MS;
  // Whose signed decisions redeem: this process's own configuration, never the store's.
  const authority = options.approvalAuthority ?? options.desk?.authority;
  const trust: ApprovalTrust = {
    ...(authority ? { authority } : {}),
    ...(options.approvalSecret === undefined ? {} : { secret: options.approvalSecret }),
    // Any store but this process's memory is written by others too: carried answers need the secret.
    shared: storeName !== "memory",
    maxTtlMs: Math.max(approvalTtlMs, pendingTtlMs),
  };
  const counters = storePasskeyCounters(shared);
  if (counters) trust.counters = counters;
  const pipeline = createCallPipeline({
    client: wire.client,
    apiKey: wire.secret,
    accountDefault,
    approvalTtlMs,
    approvals: storeApprovalLedger(shared),
    records: shared,
    asks: storeAskLedger(shared),
    approvalSecret: options.approvalSecret,
    ids: storeIdLedger(shared),
    claims: storeSendClaims(shared),
    live: createLiveLedger(shared, wire.principal),
    launches: storeLaunchClaims(shared),
    ...(rules ? { rules: createRulesStep(rules, { store: shared, identity, approvalTtlMs }) } : {}),
    confirm: options.confirm && observedChannel(options.confirm),
    ...(options.desk ? { desk: { desk: options.desk, ttlMs: pendingTtlMs } } : {}),
    trust,
    origin,
    onUnconfirmedActive: options.onUnconfirmedActive,
    onEvent: options.onEvent,
    onOutcome: options.onOutcome,
    sessionId: options.sessionId,
    telemetry: options.telemetry,
  });

  const planTools = new Map<string, PlanTool>();

  function makeTool(entry: ToolEntry): AdTool {
    const { name, def, description } = entry;
    const ask = (input: unknown, where: AskWhere | undefined, ttlMs?: number) =>
      unsendable || hiddenAccountRefusal(def, input, options)
        ? Promise.resolve(null)
        : pipeline.ask(def, entry.schema, input, where, ttlMs);
    const tool: AdTool = {
      name,
      group: def.group,
      definition: def,
      description,
      get inputSchema() {
        return entry.shown;
      },
      // Nobody is asked to approve what cannot be sent (no key or base URL), nor a call that names
      // another account than the hidden one.
      needsConfirmation: (input) =>
        !unsendable &&
        !hiddenAccountRefusal(def, input, options) &&
        pipeline.confirmationFor(def, entry.schema, input) !== null,
      confirmationRequest: (input, where) =>
        unsendable || hiddenAccountRefusal(def, input, options)
          ? null
          : pipeline.confirmationFor(def, entry.schema, input, where),
      ask: (input, where) => ask(input, where),
      answer: (request, decision, channel) => pipeline.answer(request, decision, channel),
      respond: (request, decision, channel) => pipeline.respond(request, decision, channel),
      recorded: (id) => pipeline.recorded(id),
      call: ((input: unknown, context: CallContext = {}) => {
        const refusal = hiddenAccountRefusal(def, input, options);
        if (refusal)
          return pipeline.refuse(name, context, () => blocked("scope", refusal.error, refusal.hint));
        if (unsendable && pipeline.confirmationFor(def, entry.schema, input) !== null) {
          return pipeline.refuse(name, context, () => notSendable(def.name, unsendable));
        }
        return pipeline.call(def, entry.schema, input, context);
      }) as AdTool["call"],
    };
    planTools.set(name, {
      tool,
      // A plan waits for a person like a pending request: as long, by the same option.
      ask: (input, where) => ask(input, where, pendingTtlMs),
      def,
      get schema() {
        return entry.schema;
      },
    });
    return Object.freeze(tool);
  }

  const { apiKey: _secret, approvalSecret: _signing, ...shown } = options;
  const frozen = Object.freeze(shown);
  const modelText = (result: ToolResult) => toModelText(result, maxChars);
  const composed: ComposedToolkit = {
    pipeline,
    makeTool,
    surface: (call) => ({
      toModelText: modelText,
      pendingApprovals: (sessionId, page) => pipeline.pending(sessionId, page),
      askMany: composed.askMany,
      awaitApproval: (approvalId: string, awaitOptions?: AwaitApprovalOptions) =>
        pipeline.awaitApproval(approvalId, awaitOptions, call),
      options: frozen,
    }),
    askMany: (tool, inputs, planOptions) =>
      askMany(
        {
          find: (name) => planTools.get(name),
          records: { records: shared, ttlMs: approvalTtlMs, secret: options.approvalSecret, trust, origin },
          accountDefault,
          refuse: pipeline.refuse,
        },
        tool,
        inputs,
        planOptions,
      ),
  };
  return composed;
}

/** The answer to a call that needs a person's approval when nothing could be sent anyway. */
function notSendable(tool: string, problem: string): ToolResult {
  return shapeOutcome(
    {
      kind: "network-error",
      status: null,
      error: problem,
      cause: "config",
      tool,
      attempts: 0,
      durationMs: 0,
    },
    { writes: true, notes: [] },
  );
}
