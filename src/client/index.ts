import { type AdStore, defaultStore, type StoreError } from "../store/index.js";
import type { ToolDefinition } from "../tools/define.js";
import { getTool } from "../tools/index.js";
import { type Answer, classify } from "./classify.js";
import { type AdDispatcher, type Headers, header, type Target } from "./http.js";
import {
  bucketOf,
  createOpenLimiter,
  limiterFor,
  type RateLimitState,
  resetMs,
  type Turn,
} from "./limiter.js";
import type { Outcome, RateLimitInfo } from "./outcome.js";
import { redact, redactJson } from "./redact.js";
import { backoffMs, jittered, parseRetryAfter, sleep } from "./retry.js";
import { timedWait, tracedPost } from "./telemetry.js";
import { createWriteBudget, type WriteBudgetState } from "./write-budget.js";

export type { AdStore } from "../store/index.js";
export type { RateLimitState } from "./limiter.js";
export type { Outcome, RateLimitInfo } from "./outcome.js";
export { redact } from "./redact.js";
export type { WriteBudgetState } from "./write-budget.js";

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Default: env `ADRAILS_API_KEY`. */
  apiKey?: string;
  /** Default: env `ADRAILS_BASE_URL`. */
  baseUrl?: string;
  /** Per-attempt timeouts: `workflowMs` (default 300 s) for group C workflows and `push-creative` (a video waits about 90 s), `readMs` (default 30 s) for the rest. */
  timeouts?: { readMs?: number; workflowMs?: number };
  /**
   * `maxRetries` (default 3) for 429, 503 and retry-safe network failures; `maxWaitS` (default 60) is the
   * longest wait accepted, a longer Retry-After returns the 429, and later calls with the key answer 429 unsent until it has passed; `baseDelayMs` (default 500) starts the backoff.
   */
  retry?: { maxRetries?: number; maxWaitS?: number; baseDelayMs?: number };
  /** Client-side limiter per key (default 60 per 60 s), or false for none. */
  rateLimit?: { limit?: number; windowMs?: number } | false;
  /** Per-account write budget to track (default 200 per hour). */
  writeBudget?: { limit?: number; windowMs?: number };
  /**
   * Where the request rate, a 429's pause and the write budget are kept. Default: this
   * process's memory. `redisStore()` from `adrails/redis` shares them across processes.
   */
  store?: AdStore;
  /** An undici dispatcher to send through (proxies, custom agents); default: Node's `http` / `https`. */
  dispatcher?: AdDispatcher;
}

/** Per-call options of {@link AdClient.call}. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the tool's default timeout for each attempt. */
  timeoutMs?: number;
  /** The OpenTelemetry context of the tool's span: attempts and waits are recorded under it. */
  trace?: unknown;
  /** A turn of the limiter taken ahead with {@link AdClient.reserve}, used by the first attempt. */
  turn?: Promise<Turn>;
}

/** The HTTP client of the service. */
export interface AdClient {
  /** POSTs `body` to the tool and resolves to one Outcome; it does not throw for any answer or failure. */
  call(tool: string, body: Record<string, unknown>, options?: CallOptions): Promise<Outcome>;
  /** The client-side limiter of this key, with the service's last rate-limit headers. */
  rateLimit(): RateLimitState;
  /** What the store has counted of an account's write budget. */
  writeBudget(accountId: string): Promise<WriteBudgetState>;
  /**
   * Takes the limiter's turn for a call of `tool` ahead of it, so the take shares a round trip
   * with the store steps asked for in the same turn. Pass it as {@link CallOptions.turn}, or hand
   * it back with {@link AdClient.giveBack} when the call does not follow at once.
   */
  reserve?(tool: string, signal?: AbortSignal): Promise<Turn>;
  /** Hands back a reserved turn: it counts as a request answered now, never as none. */
  giveBack?(turn: Promise<Turn>): void;
}

const RETRY_KEYS = ["request_id", "idempotency_key", "idempotencyKey"] as const;
const BUDGET_TOOLS = new Set(["push-creative"]);

/** Creates a client for `POST {baseUrl}/api/mcp/{tool}`. */
export function createClient(options: ClientOptions = {}): AdClient {
  const apiKey = options.apiKey ?? process.env.ADRAILS_API_KEY ?? "";
  const baseUrl = (options.baseUrl ?? process.env.ADRAILS_BASE_URL ?? "").replace(/\/+$/, "");
  const readMs = options.timeouts?.readMs ?? 30_000;
  const workflowMs = options.timeouts?.workflowMs ?? 300_000;
  const maxRetries = options.retry?.maxRetries ?? 3;
  const maxWaitMs = (options.retry?.maxWaitS ?? 60) * 1000;
  const baseDelayMs = options.retry?.baseDelayMs ?? 500;
  const limits = options.rateLimit;
  const store = options.store ?? defaultStore();
  const limiter =
    limits === false || !apiKey || !baseUrl
      ? createOpenLimiter(store)
      : limiterFor(
          store,
          bucketOf(baseUrl, apiKey),
          positive(limits?.limit, 60, "rateLimit.limit"),
          positive(limits?.windowMs, 60_000, "rateLimit.windowMs"),
        );
  const budget = createWriteBudget(
    store,
    baseUrl,
    options.writeBudget?.limit ?? 200,
    options.writeBudget?.windowMs ?? 3_600_000,
  );

  // Fixed for the client's life, so checked once rather than on every call.
  const problem = configProblem(apiKey, baseUrl);
  const authorization = `Bearer ${apiKey}`;
  const routes = new Map<string, Route>();

  /** What a call to `tool` needs besides its body; cached for the catalog's tools. */
  function routeOf(tool: string): Route {
    const known = routes.get(tool);
    if (known) return known;
    const definition = getTool(tool);
    const url = new URL(`${baseUrl}/api/mcp/${encodeURIComponent(tool)}`);
    const route: Route = {
      definition,
      target: { origin: url.origin, path: `${url.pathname}${url.search}` },
      timeoutMs: isLongCall(definition) ? workflowMs : readMs,
      countsWrites: usesWriteBudget(definition),
    };
    // Only the catalog's names are kept, so arbitrary names cannot grow the cache.
    if (definition) routes.set(tool, route);
    return route;
  }

  async function call(tool: string, body: Record<string, unknown>, opts: CallOptions = {}): Promise<Outcome> {
    const started = Date.now();
    const { signal } = opts;
    if (problem) {
      if (opts.turn) giveBack(opts.turn);
      return networkError(tool, "config", problem, 0, started);
    }
    const route = routeOf(tool);
    const timeoutMs = opts.timeoutMs ?? route.timeoutMs;
    const networkRetrySafe = cannotDuplicateWrite(route.definition, body);
    // Serialised once: every retry sends the very same bytes, ids included.
    const payload = JSON.stringify(body);
    const postOptions = { authorization, timeoutMs, signal, dispatcher: options.dispatcher };
    let rateLimit: RateLimitInfo | undefined;

    const mayFallBack = mayFallBackOf(tool);

    for (let retry = 0; ; retry++) {
      const turn = await timedWait(
        "limiter",
        retry === 0 && opts.turn ? opts.turn : limiter.acquire({ signal, maxWaitMs, mayFallBack }),
        opts.trace,
      );
      // A 429 asked for a longer wait than a call may spend queued: answer at once instead of hanging.
      if (turn.kind === "held") return heldBack(tool, turn.waitMs, retry, started, rateLimit);
      if (turn.kind === "aborted") return abortedCall(tool, retry, started, rateLimit);
      if (turn.kind === "store-error") return storeFailure(tool, turn.error, retry, started, rateLimit);
      const attempt = await tracedPost(route.target, payload, postOptions, retry + 1, opts.trace);
      const attempts = retry + 1;

      if (attempt.kind === "failure") {
        limiter.heard(turn, undefined);
        if (attempt.cause === "aborted") return abortedCall(tool, attempts, started, rateLimit);
        if (networkRetrySafe && retry < maxRetries) {
          if (
            !(await timedWait("backoff", sleep(backoffMs(retry, baseDelayMs, maxWaitMs), signal), opts.trace))
          ) {
            return abortedCall(tool, attempts, started, rateLimit);
          }
          continue;
        }
        return networkError(tool, attempt.cause, `${tool}: ${attempt.message}`, attempts, started, rateLimit);
      }

      const heard = readRateLimit(attempt.headers);
      if (heard) rateLimit = heard;
      limiter.heard(turn, heard);
      // Without Retry-After, a 429 still says when the window resets.
      const retryAfterS =
        parseRetryAfter(header(attempt.headers, "retry-after")) ??
        (attempt.status === 429 && rateLimit?.resetS !== undefined
          ? Math.ceil(resetMs(rateLimit.resetS, Date.now(), 0) / 1000)
          : undefined);
      const answer = classify(attempt.status, redactJson(attempt.text, apiKey), retryAfterS);

      const waitMs = refusalWaitMs(attempt.status, retryAfterS, rateLimit, retry);
      if (waitMs === undefined) {
        // Not awaited: the count joins the round trip of the steps after the send (it never fails a call).
        if (route.countsWrites) void countWrite(body, answer);
        return finished(answer, tool, attempts, started, rateLimit);
      }
      // The whole wait the service asked for: later calls answer at once rather than collect 429s.
      if (attempt.status === 429) limiter.block(waitMs);
      if (retry >= maxRetries || waitMs > maxWaitMs)
        return finished(answer, tool, attempts, started, rateLimit);
      const reason = attempt.status === 429 ? "retry-after" : "backoff";
      if (!(await timedWait(reason, sleep(jittered(waitMs), signal), opts.trace)))
        return abortedCall(tool, attempts, started, rateLimit);
    }
  }

  /** The Outcome of an answer, with the call's bookkeeping. */
  function finished(
    answer: Answer,
    tool: string,
    attempts: number,
    started: number,
    rateLimit?: RateLimitInfo,
  ): Outcome {
    // The answer is this call's own fresh object: completing it in place skips a copy, and the
    // properties land in the same order a spread would give them.
    const outcome = answer as Outcome;
    outcome.tool = redact(tool, apiKey);
    outcome.attempts = attempts;
    outcome.durationMs = Date.now() - started;
    if (rateLimit) outcome.rateLimit = rateLimit;
    return outcome;
  }

  function networkError(
    tool: string,
    cause: "timeout" | "connection" | "aborted" | "config" | "store",
    message: string,
    attempts: number,
    started: number,
    rateLimit?: RateLimitInfo,
  ): Outcome {
    const answer: Answer = { kind: "network-error", status: null, error: redact(message, apiKey), cause };
    return finished(answer, tool, attempts, started, rateLimit);
  }

  /** A call not sent because the service's 429 asked this key to wait longer than `maxWaitS`. */
  function heldBack(
    tool: string,
    blockedMs: number,
    attempts: number,
    started: number,
    rateLimit?: RateLimitInfo,
  ): Outcome {
    const retryAfterS = Math.ceil(blockedMs / 1000);
    const answer: Answer = {
      kind: "http-error",
      status: 429,
      error: `Rate limited: the service asked this key to wait ${retryAfterS} s more; this call was not sent`,
      shape: "bare",
      retryAfterS,
      body: null,
    };
    return finished(answer, tool, attempts, started, rateLimit);
  }

  /** A call not sent because the shared store failed; the store is named, the key never. */
  function storeFailure(
    tool: string,
    error: StoreError,
    attempts: number,
    started: number,
    rateLimit?: RateLimitInfo,
  ): Outcome {
    return networkError(tool, "store", `${tool}: ${error.message}`, attempts, started, rateLimit);
  }

  function abortedCall(tool: string, attempts: number, started: number, rateLimit?: RateLimitInfo): Outcome {
    return networkError(tool, "aborted", `${tool}: aborted by the caller`, attempts, started, rateLimit);
  }

  /** How long to wait before retrying a refusal (429, 503), or undefined for an answer to keep. */
  function refusalWaitMs(
    status: number,
    retryAfterS: number | undefined,
    rateLimit: RateLimitInfo | undefined,
    retry: number,
  ): number | undefined {
    if (status !== 429 && status !== 503) return undefined;
    const backoff = backoffMs(retry, baseDelayMs, maxWaitMs);
    if (status === 429) {
      if (retryAfterS !== undefined) return retryAfterS * 1000;
      return rateLimit?.resetS !== undefined ? resetMs(rateLimit.resetS, Date.now(), backoff) : backoff;
    }
    return Math.max(backoff, (retryAfterS ?? 0) * 1000);
  }

  /** Counting only: the service's 409 stays the authority, so a store that fails loses a count, nothing more. */
  async function countWrite(body: Record<string, unknown>, answer: Answer) {
    const accountId = body.account_id;
    if (typeof accountId !== "string") return;
    if (answer.kind === "success" || answer.kind === "partial") await budget.record(accountId);
    else if (answer.kind === "http-error" && answer.status === 409 && /budget/i.test(answer.error)) {
      await budget.markSpent(accountId);
    }
  }

  const mayFallBackOf = (tool: string) => {
    const effect = routeOf(tool).definition?.effect;
    return effect === "read" || effect === "calculator";
  };
  function giveBack(turn: Promise<Turn>) {
    void turn.then((taken) => limiter.heard(taken, undefined));
  }

  return {
    call,
    reserve: (tool, signal) => limiter.acquire({ signal, maxWaitMs, mayFallBack: mayFallBackOf(tool) }),
    giveBack,
    rateLimit: () => limiter.state(),
    writeBudget: (accountId) => budget.state(accountId),
  };
}

/** A tool's place at the service and the call settings that follow from its definition. */
interface Route {
  definition: ToolDefinition | undefined;
  target: Target;
  timeoutMs: number;
  countsWrites: boolean;
}

// The spec's only rule for a key is its `adk_` prefix. The characters after it are those redaction
// recognises in any text (redact.ts), so no part of a key can survive redaction, and the key is a
// valid header value.
const KEY_SHAPE = /^adk_[A-Za-z0-9_-]+$/;

/** True for a key shaped like the service's keys (`adk_` then letters, digits, `_` or `-`); says nothing of its validity. */
export function isWellFormedKey(apiKey: string): boolean {
  return KEY_SHAPE.test(apiKey);
}

/** Why a key is refused before anything is sent; never quotes the key. */
export const MALFORMED_KEY =
  "The API key is malformed: service keys are adk_ followed by letters, digits, _ or -. Nothing was sent.";

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(value > 0)) throw new RangeError(`${name} must be a positive number`);
  return value;
}

/** Why nothing can be sent with this key and base URL (already resolved from the environment), or undefined. */
export function configProblem(apiKey: string, baseUrl: string): string | undefined {
  if (!apiKey) return "No API key: pass apiKey or set ADRAILS_API_KEY. Nothing was sent.";
  if (!isWellFormedKey(apiKey)) return MALFORMED_KEY;
  if (!baseUrl) return "No base URL: pass baseUrl or set ADRAILS_BASE_URL. Nothing was sent.";
  if (!URL.canParse(baseUrl)) return `The base URL is not a URL: ${baseUrl}. Nothing was sent.`;
  const { protocol, origin, pathname } = new URL(baseUrl);
  if (protocol !== "http:" && protocol !== "https:") {
    return `The base URL must start with http:// or https://: ${baseUrl}. Nothing was sent.`;
  }
  // The tools live under {base}/api/mcp/{tool}: a base URL that already ends in /api/mcp would
  // reach /api/mcp/api/mcp/{tool}, which the service answers 404 as if an id did not exist.
  const api = /\/api\/mcp(\/.*)?$/.exec(pathname);
  if (api) {
    const root = `${origin}${pathname.slice(0, api.index)}`;
    return `The base URL must be the service's root, not its ${api[0]} path: drop ${api[0]} from it (${root}); adrails adds /api/mcp/<tool> itself. Nothing was sent.`;
  }
  return undefined;
}

function isGroupCWorkflow(definition: ToolDefinition | undefined): boolean {
  return definition?.group === "C" && definition.effect === "workflow";
}

/** Group C workflows run for minutes, and a video push waits about 90 s for processing (spec 8). */
function isLongCall(definition: ToolDefinition | undefined): boolean {
  return definition?.name === "push-creative" || isGroupCWorkflow(definition);
}

function usesWriteBudget(definition: ToolDefinition | undefined): boolean {
  return definition !== undefined && (BUDGET_TOOLS.has(definition.name) || isGroupCWorkflow(definition));
}

/** A network failure may have reached the service, so only calls that cannot write twice are repeated. */
function cannotDuplicateWrite(
  definition: ToolDefinition | undefined,
  body: Record<string, unknown>,
): boolean {
  if (!definition) return false;
  if (definition.effect === "read" || definition.effect === "calculator") return true;
  return RETRY_KEYS.some((key) => typeof body[key] === "string" && body[key] !== "");
}

function readRateLimit(headers: Headers): RateLimitInfo | undefined {
  const limitText = header(headers, "x-ratelimit-limit");
  const remainingText = header(headers, "x-ratelimit-remaining");
  if (limitText === undefined || remainingText === undefined) return undefined;
  const limit = Number(limitText);
  const remaining = Number(remainingText);
  if (!Number.isFinite(limit) || !Number.isFinite(remaining)) return undefined;
  const resetText = header(headers, "x-ratelimit-reset");
  const reset = Number(resetText);
  const info: RateLimitInfo = { limit, remaining };
  if (resetText !== undefined && Number.isFinite(reset)) info.resetS = reset;
  return info;
}
