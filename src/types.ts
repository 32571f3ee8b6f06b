import type { z } from "zod";
import type { Outcome } from "./client/outcome.js";
import type { AdStore } from "./store/index.js";
import type { ToolDefinition, ToolGroup } from "./tools/define.js";
import type { PackName } from "./tools/packs.js";

/** The guard that refused a call. Nothing was sent when a guard refuses. */
export type GuardName = "hard-confirmation" | "scope" | "validation" | "request-id" | "disabled" | "store";

/**
 * What a tool call resolves to. It never throws into a framework.
 * `status` is the HTTP status, or null when nothing was answered (a guard, validation, the network).
 */
export type ToolResult =
  | { ok: true; status: 200; data: unknown; note?: string }
  /** Answered by adrails itself (find-tools): nothing was sent, so there is no HTTP status. */
  | { ok: true; status: null; data: unknown; note?: string }
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
      accounts?: unknown[];
      upgrade_url?: string;
      retry_after_s?: number;
      note?: string;
    }
  | { ok: false; status: null; blocked: GuardName; error: string; hint: string; note?: string };

/** What a person sees when asked to confirm an ACTIVE ad. */
export interface ConfirmSummary {
  account_id: string;
  adset_id: string;
  media: string;
  destination: string;
  headline?: string;
  primary_text?: string;
  status: "ACTIVE";
}

/** A request for hard confirmation, bound to the exact payload by `fingerprint`. */
export interface ConfirmRequest {
  tool: string;
  fingerprint: string;
  summary: ConfirmSummary;
  /** The summary as one short paragraph, ready to show a person. */
  message: string;
  /** When an approval of this request stops being valid (epoch ms). */
  expiresAt: number;
}

/** A person's answer. `text` is the confirmation sent to the service as `hard_confirm_text`. */
export type ConfirmDecision = { approved: true; text: string } | { approved: false; reason?: string };

/** The human channel for hard confirmation. */
export type ConfirmChannel = (request: ConfirmRequest) => ConfirmDecision | Promise<ConfirmDecision>;

/** An approval a person gave through a framework's own flow (AI SDK approval, LangGraph interrupt). */
export interface HumanApproval {
  /** Fingerprint of the payload the person approved. */
  fingerprint: string;
  /** The person's confirmation text, when they gave one; without it a recorded statement is sent. */
  text?: string;
  /** Where it came from, e.g. "ai-sdk" or "langgraph". Recorded in the audit event. */
  via: string;
  /**
   * Identifies this approval: it is used once, and the push it allows sends a request id derived
   * from it, so a second delivery anywhere replays instead of creating. Without an id the approval
   * is identified by what it says (fingerprint, via, text, approvedAt), whatever call carries it.
   */
  id?: string;
  /**
   * Epoch ms; the approval is valid for the toolkit's `approvalTtlMs` from then. Without it, from
   * when this toolkit first sees it.
   */
  approvedAt?: number;
}

/** A person's "no" given through a framework's own flow (a LangGraph interrupt, an AI SDK denial). */
export interface HumanDenial {
  /** Where it came from, e.g. "langgraph". Recorded in the audit event. */
  via: string;
  /** Why the person declined, when they said; shown to the model. */
  reason?: string;
}

/**
 * A person answered in a framework flow, but the answer cannot be bound to this call: it names
 * another payload or call, or names none while several confirmations were pending at once.
 */
export interface UnboundAnswer {
  /** Where it came from, e.g. "langgraph". Recorded in the audit event. */
  via: string;
  /** Why the answer does not count for this call. */
  reason: string;
  /** The fingerprints of the confirmations pending when the answer came. */
  pending: string[];
}

/** Per-call context an adapter passes in. */
export interface CallContext {
  signal?: AbortSignal;
  /** Scope for deterministic request ids (a conversation or thread id). */
  sessionId?: string;
  toolCallId?: string;
  /** A human approval from a framework flow; counts as the hard confirmation for this exact payload. */
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
}

/** A tool as the toolkit offers it: the catalog definition plus the model-facing schema and a guarded call. */
export interface AdTool {
  readonly name: string;
  readonly group: ToolGroup;
  readonly definition: ToolDefinition;
  /** Description for the model (the catalog's, plus notes such as the default account). */
  readonly description: string;
  /** The schema the model sees: no `hard_confirm_text`, retry keys optional, `account_id` optional when defaulted. */
  readonly inputSchema: z.ZodType;
  /** True when this exact input needs a human's hard confirmation before it can be sent. */
  needsConfirmation(input: unknown): boolean;
  /** The confirmation request for this input (fingerprint and summary), or null when none is needed. */
  confirmationRequest(input: unknown): ConfirmRequest | null;
  call(input: unknown, context?: CallContext): Promise<ToolResult>;
}

/** The guarded, framework-neutral tool set. */
export interface AdToolkit {
  /** The offered tools in scope, by name order of the catalog. */
  readonly tools: readonly AdTool[];
  get(name: string): AdTool | undefined;
  /** Calls a tool by name; a name outside scope gives a blocked result, nothing sent. */
  call(name: string, input: unknown, context?: CallContext): Promise<ToolResult>;
  /** What a model reads of a result: compact JSON capped at `maxResultChars`, with a visible marker. */
  toModelText(result: ToolResult): string;
  readonly options: Readonly<AdToolsOptions>;
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
   * use, the refusal ledger, unknown-outcome pins and in-flight sends. Default: memory (the rate
   * and budget per process, the rest per toolkit). `redisStore()` from `adrails/redis` shares it
   * across processes. When the store fails, writes are refused unsent; reads follow its `onStoreError`.
   */
  store?: AdStore | undefined;
  /** Receives the full Outcome of every call, for hosts that want the raw response. */
  onOutcome?: ((outcome: Outcome, toolCallId?: string) => void) | undefined;
  /** undici dispatcher for the HTTP client (proxies, custom agents, tests). */
  dispatcher?: import("undici").Dispatcher | undefined;
}

/** A JSON Schema object as sent to a model or host. */
export type JsonSchema = { [key: string]: unknown };
