import type { z } from "zod";
import type {
  ApprovalAnswer,
  ApprovalDesk,
  AwaitApprovalOptions,
  ConfirmChannel,
  ConfirmDecision,
  ConfirmRequest,
  HumanApproval,
  HumanDenial,
  UnboundAnswer,
} from "./approval-types.js";
import type { AdDispatcher } from "./client/http.js";
import type { Outcome } from "./client/outcome.js";
import type { ApprovalAuthority } from "./guards/approval/verify.js";
import type { MoneyRules } from "./guards/rules/schema.js";
import type { AskManyOptions, PlanOutcome } from "./plan-types.js";
import type { AdStore } from "./store/index.js";
import type {
  AdAccount,
  AdToolData,
  AdToolInput,
  AdToolInputOf,
  AdToolName,
  LooseInput,
  RuntimeToolName,
} from "./tool-types.js";
import type { ToolDefinition, ToolGroup } from "./tools/define.js";
import type { PackName } from "./tools/packs.js";

/** The guard that refused a call. Nothing was sent when a guard refuses. */
export type GuardName =
  | "hard-confirmation"
  | "scope"
  | "validation"
  | "request-id"
  | "disabled"
  | "store"
  | "rule"
  /** A write's payload held the toolkit's own API key or another of its secrets: refused before anyone was asked. */
  | "secrets"
  /** An approval request's time ran out before a person decided (await-approval, a pending call). */
  | "expired";

/**
 * What the money rules decided for a call: allow; deny (refused, enforce mode); ask (a person
 * must approve, a custom rule said so); advise (a rule would refuse, a person is asked, advisory
 * mode); override (the person approved that); would-deny / would-ask (audit mode: nothing changed).
 */
export type RuleDecision = "allow" | "deny" | "ask" | "advise" | "override" | "would-deny" | "would-ask";

/**
 * What a tool call resolves to. It never throws into a framework.
 * `status` is the HTTP status, or null when nothing was answered (a guard, validation, the network).
 * `T` is a success's `data`: typed for the tools whose payload the contract names
 * (`toolkit.call("list-accounts", {})` gives `data.accounts`), `unknown` elsewhere.
 */
export type ToolResult<T = unknown> =
  | { ok: true; status: 200; data: T; note?: string }
  /** Answered by adrails itself (find-tools): nothing was sent, so there is no HTTP status. */
  | { ok: true; status: null; data: T; note?: string }
  | {
      ok: "partial";
      status: 207;
      applied: unknown[];
      failed: unknown[];
      note: string;
      data?: unknown;
    }
  | { ok: false; status: 200; error: string; hint: string; note?: string }
  | {
      ok: false;
      status: number | null;
      error: string;
      hint: string;
      retryable: boolean;
      /** The accounts the key can act on, when the one named is not reachable: pick an id. */
      accounts?: AdAccount[];
      upgrade_url?: string;
      retry_after_s?: number;
      note?: string;
    }
  | {
      ok: false;
      status: null;
      blocked: GuardName;
      error: string;
      hint: string;
      note?: string;
      /** With `blocked: "rule"`: the money rule that refused, e.g. "launches.perDay". */
      rule?: string;
    }
  /**
   * Waiting for a person who cannot be asked inside the call: the request is recorded and posted to
   * the toolkit's `desk` (an inbox). Nothing was sent. Give the person `approve_url`, then call
   * `toolkit.awaitApproval(approval_id)` (the `await-approval` tool) for the call's result.
   */
  | {
      ok: "pending";
      status: null;
      approval_id: string;
      approve_url: string;
      /** When the request expires (ISO 8601). */
      expires_at: string;
      hint: string;
      note?: string;
    };

export type * from "./approval-types.js";
export type * from "./plan-types.js";
export type * from "./tool-types.js";

/** Per-call context an adapter passes in. */
export interface CallContext {
  signal?: AbortSignal;
  /** Scope for deterministic request ids (a conversation or thread id). */
  sessionId?: string;
  toolCallId?: string;
  /**
   * A person's answer to this call's own approval request (from `adTool.answer()`): the one way a
   * channel hands an answer in. An approval redeems once for the exact call it names; a decline
   * refuses the call as `denial` does.
   */
  answer?: ApprovalAnswer;
  /**
   * The scope `answer`'s request was asked in, when it differs from `sessionId` (see
   * `AskWhere.requestScope`): a request that is missing is then told apart from an edited payload.
   */
  requestScope?: string;
  /**
   * A human approval from a framework flow, bound to a payload but to no request, unsigned. Kept for
   * compatibility; counts once for this exact payload.
   * @deprecated Pass `answer` (from `adTool.answer()`): it names the call's own request and is signed
   * with `approvalSecret`. No adapter of adrails passes `approval` any more.
   */
  approval?: HumanApproval;
  /**
   * A person declined this call in a framework flow: nothing is sent, the result is blocked by
   * "hard-confirmation" and the audit event records the refusal. With `onUnconfirmedActive:
   * "pause"`, an ACTIVE push-creative is sent PAUSED instead, as after any other denial.
   */
  denial?: HumanDenial;
  /**
   * A person's answer that cannot be bound to this call: nothing is sent (or, with
   * `onUnconfirmedActive: "pause"`, an ACTIVE push is sent PAUSED), and the refusal names the
   * payloads pending so the host can answer each one.
   */
  unbound?: UnboundAnswer;
  /** Per-call timeout override. */
  timeoutMs?: number;
  /**
   * Nobody can be asked inside this call (an MCP host without elicitation): a call that needs a
   * person gets the pending result through the toolkit's `desk`, even when it has a `confirm`.
   */
  pending?: boolean;
}

/** One audit event per call. Never carries the API key. */
export interface AuditEvent {
  tool: string;
  toolCallId?: string;
  fingerprint?: string;
  requestId?: string;
  decisions: { guard: string; decision: "allow" | "refuse" | "modify"; detail?: string }[];
  status: number | null;
  ok: ToolResult["ok"];
  durationMs: number;
  /** With money rules: the account the call named. */
  account?: string;
  /** With money rules: the rule that decided (absent when every rule allowed). */
  rule?: string;
  /** With money rules: what they decided. */
  ruleDecision?: RuleDecision;
}

/**
 * A tool as the toolkit offers it: the catalog definition plus the model-facing schema and a guarded
 * call. `N` is its name when known (`toolkit.get("push-creative")`), which types `call`.
 */
export interface AdTool<N extends string = string> {
  readonly name: N;
  readonly group: ToolGroup;
  readonly definition: ToolDefinition;
  /** Description for the model (the catalog's, plus notes such as the default account). */
  readonly description: string;
  /** The schema the model sees: no `hard_confirm_text`, retry keys optional, `account_id` optional when defaulted. */
  readonly inputSchema: z.ZodType;
  /** True when this exact input needs a human's hard confirmation before it can be sent. */
  needsConfirmation(input: unknown): boolean;
  /**
   * The approval request for this input, or null when it needs no person. Pass where the call is
   * (`toolCallId`, `sessionId`, as its CallContext will) so the request names that call.
   */
  confirmationRequest(input: unknown, where?: AskWhere): ConfirmRequest | null;
  /**
   * The request for this input as it is shown to a person now, recorded in the toolkit's store so
   * that a resumed call whose payload was edited since (a saved state, a checkpoint) cannot redeem
   * an answer. Call it when the person is shown the request, not when a resumed call reads the
   * answer. It carries `previousLive` (and a sentence first in `message`) when an identical ad went
   * live recently. Null when the input needs no person.
   */
  ask(input: unknown, where?: AskWhere): Promise<ConfirmRequest | null>;
  /** A person's answer to `request` through `channel`, signed when the toolkit has an `approvalSecret`. */
  answer(request: ConfirmRequest, decision: ConfirmDecision, channel: string): ApprovalAnswer;
  /**
   * Records a person's answer to `request` in the toolkit's store (a decline is final) and returns
   * it as {@link answer} does. Rejects when the request is not recorded, expired, used, or already
   * declined.
   */
  respond(request: ConfirmRequest, decision: ConfirmDecision, channel: string): Promise<ApprovalAnswer>;
  /** The request recorded in the toolkit's store under `id`, or null. */
  recorded(id: string): Promise<ConfirmRequest | null>;
  call(input: AdToolInputOf<N>, context?: CallContext): Promise<ToolResult<AdToolData<N>>>;
  /** An input whose type is not known statically (`unknown`, a record): checked when called. */
  call<I>(input: LooseInput<I>, context?: CallContext): Promise<ToolResult<AdToolData<N>>>;
}

/** Where a call that asks a person is: as its CallContext will say. */
export interface AskWhere {
  toolCallId?: string;
  sessionId?: string;
  /**
   * Ignored: the ask time is the one recorded in the store (the store's clock) when the request
   * was first asked.
   * @deprecated The store's record holds it.
   */
  askedAt?: number;
  /**
   * The scope the request's id is derived in, when it differs from `sessionId` (the scope of the
   * call's retry ids): a framework whose approvals are bound to one tool call passes that call.
   */
  requestScope?: string;
  /** The channel that shows the request ("ai-sdk", "langgraph", ...), recorded with it. */
  channel?: string;
  /** Where it is shown, as the channel names it (a run, an inbox item), recorded with it. */
  shownAt?: string;
}

/** The guarded, framework-neutral tool set. */
/** Which page of {@link AdToolkit.pendingApprovals} to read. */
export interface PendingApprovalsPage {
  /** At most this many requests: default 100, at most 1000. */
  limit?: number;
  /** The id of the last request of the previous page: this page starts after it. */
  after?: string;
}

export interface AdToolkit {
  /** The offered tools in scope, by name order of the catalog. */
  readonly tools: readonly AdTool[];
  get(name: string): AdTool | undefined;
  /** Calls a tool by name; a name outside scope gives a blocked result, nothing sent. */
  call(name: string, input: unknown, context?: CallContext): Promise<ToolResult>;
  /** What a model reads of a result: compact JSON capped at `maxResultChars`, with a visible marker. */
  toModelText(result: ToolResult): string;
  /**
   * One page of the approval requests recorded in the toolkit's store for its API key that nobody
   * answered yet (every process on the store), oldest first; only those asked in `sessionId` when
   * given. A page holds 100 unless `page.limit` says (at most 1000); the next starts after the last
   * one's id (`page.after`). A page costs the same however many are pending.
   */
  pendingApprovals(sessionId?: string, page?: PendingApprovalsPage): Promise<ConfirmRequest[]>;
  /**
   * A plan: records one approval request per payload of `tool` (at most 50, each needing a person,
   * no duplicates), shows them together through `options.channel`, and records the one decision
   * against every request at once. An approved plan's `call` sends each listed payload once,
   * before the expiry; a payload not listed is never approved by it. Never rejects.
   */
  askMany(tool: string, inputs: readonly unknown[], options: AskManyOptions): Promise<PlanOutcome>;
  /**
   * The result of the call a pending result names (`approval_id`), once a person decided at the
   * desk: the call's own result after it ran (stored with its request, so a second await, another
   * process or a restarted server gets the same result and no second send), the decline, a
   * `blocked: "expired"` refusal, or the pending result again after `waitMs` (default 25 s, at
   * most 50 s). Never rejects.
   */
  awaitApproval(approvalId: string, options?: AwaitApprovalOptions): Promise<ToolResult>;
  readonly options: Readonly<AdToolsOptions>;
}

/**
 * The toolkit `createAdTools` makes, typed by the catalog: `call(name, input)` and `get(name)` take
 * the 52 tool names, the input is the tool's own fields (a misspelt name, an unknown field or a value
 * outside an enum fails to compile) and a success's `data` is typed where the contract names its
 * shape (`list-accounts`' accounts, `push-creative`'s ad). An input whose type is not known
 * statically (`unknown`, a `Record<string, unknown>`) and a name known only at run time (a `string`)
 * are accepted and checked when called, as every call is. It is an {@link AdToolkit}: every adapter
 * takes it.
 */
export interface CatalogToolkit extends AdToolkit {
  /** The tool offered under `name`, typed by it; undefined when it is out of the toolkit's scope. */
  get<N extends AdToolName>(name: N): AdTool<N> | undefined;
  /** By a name known only at run time (a `string`). */
  get<S extends string>(name: RuntimeToolName<S>): AdTool | undefined;
  call<N extends AdToolName>(
    name: N,
    input: AdToolInput<N>,
    context?: CallContext,
  ): Promise<ToolResult<AdToolData<N>>>;
  /** An input whose type is not known statically: checked when called. */
  call<N extends AdToolName, I>(
    name: N,
    input: LooseInput<I>,
    context?: CallContext,
  ): Promise<ToolResult<AdToolData<N>>>;
  /** By a name known only at run time (a `string`): the input is checked when called. */
  call<S extends string>(
    name: RuntimeToolName<S>,
    input: unknown,
    context?: CallContext,
  ): Promise<ToolResult>;
}

/** Options of createAdTools. */
export interface AdToolsOptions {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  accountId?: string | undefined;
  /** With `accountId`, leave `account_id` out of what the model sees; calls use the default. */
  hideAccountId?: boolean | undefined;
  /** A named pack (or several): analyst, creative, publisher, experiments, monitoring, sources. */
  pack?: PackName | readonly PackName[] | undefined;
  include?: readonly (string | ToolGroup)[] | undefined;
  exclude?: readonly (string | ToolGroup)[] | undefined;
  readOnly?: boolean | undefined;
  confirm?: ConfirmChannel | undefined;
  /** What to do with an unconfirmed ACTIVE push: refuse it (default) or create it PAUSED. */
  onUnconfirmedActive?: "refuse" | "pause" | undefined;
  /** How long an approval stays valid (ms). Default 5 minutes. */
  approvalTtlMs?: number | undefined;
  /**
   * Where a call that needs a person waits when nobody can be asked inside the call (no `confirm`,
   * or a call with `pending: true`): the request is recorded, posted here (`inboxDesk(inbox, { url })`
   * from "adrails/inbox") and the call returns the pending result; `awaitApproval` gives its result.
   */
  desk?: ApprovalDesk | undefined;
  /** How long a pending request waits for a person at the desk, and a plan (`askMany`) for its decision (ms). Default 1 hour. */
  pendingTtlMs?: number | undefined;
  /**
   * Signs every approval answer (HMAC-SHA256); an answer without a valid signature never redeems.
   * Set it when answers are kept where others can edit them (saved run states, checkpoints, an
   * inbox), and give every process of the fleet the same one. Never shown in `toolkit.options`.
   */
  approvalSecret?: string | undefined;
  /**
   * Whose signed decisions redeem calls that waited for a person outside this process (the desk
   * and `--wait-approval` routes): the inbox's public key, and the people file saying who may
   * approve on which account and how many. `inboxDesk` and `inboxApprovals` give their inbox's;
   * set it to pin another. Read from this process's configuration only, never from the store.
   */
  approvalAuthority?: ApprovalAuthority | undefined;
  onEvent?: ((event: AuditEvent) => void) | undefined;
  /** Scope for deterministic request ids when a call gives none. */
  sessionId?: string | undefined;
  /** Cap on what the model reads of a result. Default 4000. */
  maxResultChars?: number | undefined;
  /** Per-attempt timeouts: `workflowMs` (default 300 s) for group C workflows and `push-creative`, `readMs` (default 30 s) for the rest. */
  timeouts?: { readMs?: number; workflowMs?: number } | undefined;
  retry?: { maxRetries?: number; maxWaitS?: number; baseDelayMs?: number } | undefined;
  rateLimit?: { limit?: number; windowMs?: number } | false | undefined;
  writeBudget?: { limit?: number; windowMs?: number } | undefined;
  /**
   * Where shared state lives: the request rate, a 429's pause, the write budget, approvals' single
   * use, the refusal ledger, unknown-outcome pins and in-flight sends. Default: this process's
   * memory, shared by its toolkits of one API key and service (a toolkit built per request redeems
   * what another asked). `redisStore()` from `adrails/redis` shares it across processes. When the
   * store fails, writes are refused unsent; reads follow its `onStoreError`.
   */
  store?: AdStore | undefined;
  /**
   * Names the service in the store instead of the base URL: approvals, ids and claims are kept per
   * service and API key. For one service reached at an address that changes (the CLI's `--sim`
   * gives its simulator one name whatever port it listens on).
   */
  serviceId?: string | undefined;
  /** Receives the full Outcome of every call, for hosts that want the raw response. */
  onOutcome?: ((outcome: Outcome, toolCallId?: string) => void) | undefined;
  /**
   * An undici dispatcher to send through (a proxy, an agent of your own). Without one, calls go
   * through Node's own `http` / `https` with connections kept alive.
   */
  dispatcher?: AdDispatcher | undefined;
  /**
   * OpenTelemetry (when `@opentelemetry/api` is installed and the application registered an SDK):
   * every call is an `execute_tool` span with its HTTP attempts as children. `recordValues: true`
   * also records the call's arguments and result (redacted, without a person's sentence).
   * Default: no values.
   */
  telemetry?: { recordValues?: boolean } | undefined;
  /**
   * Money rules: a team's launch policy (accounts, launches per day counted in the store, a
   * launch window, destinations, protected ad sets and ads, banned phrases, writes per session,
   * custom functions), checked before any person is asked. Validated here: a bad key throws a
   * `RulesError` naming it. See docs/money-rules.md.
   */
  rules?: MoneyRules | undefined;
}

/** A JSON Schema object as sent to a model or host. */
export type JsonSchema = { [key: string]: unknown };
