import type { Dispatcher } from "undici";
import type { ToolDefinition } from "../tools/define.js";
import { getTool } from "../tools/index.js";
import { type Answer, classify } from "./classify.js";
import { type Headers, header, post } from "./http.js";
import { createOpenLimiter, limiterFor, type RateLimitState, resetMs } from "./limiter.js";
import type { Outcome, RateLimitInfo } from "./outcome.js";
import { redact } from "./redact.js";
import { backoffMs, jittered, parseRetryAfter, sleep } from "./retry.js";
import { createWriteBudget, type WriteBudgetState } from "./write-budget.js";

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
  /** Per-attempt timeouts: `readMs` (default 30 s) for everything but group C workflows, `workflowMs` (default 300 s) for those. */
  timeouts?: { readMs?: number; workflowMs?: number };
  /**
   * `maxRetries` (default 3) for 429, 503 and retry-safe network failures; `maxWaitS` (default 60) is the
   * longest wait accepted, a longer Retry-After returns the 429; `baseDelayMs` (default 500) starts the backoff.
   */
  retry?: { maxRetries?: number; maxWaitS?: number; baseDelayMs?: number };
  /** Client-side limiter per key (default 60 per 60 s), or false for none. */
  rateLimit?: { limit?: number; windowMs?: number } | false;
  /** Per-account write budget to track (default 200 per hour). */
  writeBudget?: { limit?: number; windowMs?: number };
  /** undici dispatcher (proxies, custom agents). */
  dispatcher?: Dispatcher;
}

/** Per-call options of {@link AdClient.call}. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the tool's default timeout for each attempt. */
  timeoutMs?: number;
}

/** The HTTP client of the service. */
export interface AdClient {
  /** POSTs `body` to the tool and resolves to one Outcome; it does not throw for any answer or failure. */
  call(tool: string, body: Record<string, unknown>, options?: CallOptions): Promise<Outcome>;
  /** The client-side limiter of this key, with the service's last rate-limit headers. */
  rateLimit(): RateLimitState;
  /** What this client has counted of an account's write budget. */
  writeBudget(accountId: string): WriteBudgetState;
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
  const limiter =
    limits === false || !apiKey || !baseUrl
      ? createOpenLimiter()
      : limiterFor(baseUrl, apiKey, limits?.limit ?? 60, limits?.windowMs ?? 60_000);
  const budget = createWriteBudget(
    options.writeBudget?.limit ?? 200,
    options.writeBudget?.windowMs ?? 3_600_000,
  );

  async function call(tool: string, body: Record<string, unknown>, opts: CallOptions = {}): Promise<Outcome> {
    const started = Date.now();
    const { signal } = opts;
    let attempts = 0;
    let rateLimit: RateLimitInfo | undefined;
    const finish = (answer: Answer): Outcome =>
      ({
        ...answer,
        tool: redact(tool, apiKey),
        attempts,
        durationMs: Date.now() - started,
        ...(rateLimit ? { rateLimit } : {}),
      }) as Outcome;
    const failure = (cause: "timeout" | "connection" | "aborted" | "config", message: string) =>
      finish({ kind: "network-error", status: null, error: redact(message, apiKey), cause });
    const aborted = () => failure("aborted", `${tool}: aborted by the caller`);

    const problem = configProblem(apiKey, baseUrl);
    if (problem) return failure("config", problem);

    const definition = getTool(tool);
    const timeoutMs = opts.timeoutMs ?? (isGroupCWorkflow(definition) ? workflowMs : readMs);
    const networkRetrySafe = cannotDuplicateWrite(definition, body);
    const url = `${baseUrl}/api/mcp/${encodeURIComponent(tool)}`;
    // Serialised once: every retry sends the very same bytes, ids included.
    const payload = JSON.stringify(body);

    for (let retry = 0; ; retry++) {
      if (!(await limiter.acquire(signal))) return aborted();
      attempts++;
      const attempt = await post(url, payload, { apiKey, timeoutMs, signal, dispatcher: options.dispatcher });

      if (attempt.kind === "failure") {
        if (attempt.cause === "aborted") return aborted();
        if (networkRetrySafe && retry < maxRetries) {
          if (!(await sleep(backoffMs(retry, baseDelayMs, maxWaitMs), signal))) return aborted();
          continue;
        }
        return failure(attempt.cause, `${tool}: ${attempt.message}`);
      }

      const heard = readRateLimit(attempt.headers);
      if (heard) {
        rateLimit = heard;
        limiter.observe(heard);
      }
      const retryAfterS = parseRetryAfter(header(attempt.headers, "retry-after"));
      const answer = classify(attempt.status, redact(attempt.text, apiKey), retryAfterS);

      const waitMs = refusalWaitMs(attempt.status, retryAfterS, rateLimit, retry);
      if (waitMs === undefined) {
        countWrite(definition, body, answer);
        return finish(answer);
      }
      if (attempt.status === 429) limiter.block(Math.min(waitMs, maxWaitMs));
      if (retry >= maxRetries || waitMs > maxWaitMs) return finish(answer);
      if (!(await sleep(jittered(waitMs), signal))) return aborted();
    }
  }

  /** How long to wait before retrying a refusal (429, 503), or undefined for an answer to keep. */
  function refusalWaitMs(
    status: number,
    retryAfterS: number | undefined,
    rateLimit: RateLimitInfo | undefined,
    retry: number,
  ): number | undefined {
    const backoff = backoffMs(retry, baseDelayMs, maxWaitMs);
    if (status === 429) {
      if (retryAfterS !== undefined) return retryAfterS * 1000;
      return rateLimit?.resetS !== undefined ? resetMs(rateLimit.resetS, Date.now(), backoff) : backoff;
    }
    if (status === 503) return Math.max(backoff, (retryAfterS ?? 0) * 1000);
    return undefined;
  }

  function countWrite(definition: ToolDefinition | undefined, body: Record<string, unknown>, answer: Answer) {
    const accountId = body.account_id;
    if (!usesWriteBudget(definition) || typeof accountId !== "string") return;
    if (answer.kind === "success" || answer.kind === "partial") budget.record(accountId);
    else if (answer.kind === "http-error" && answer.status === 409 && /budget/i.test(answer.error)) {
      budget.markSpent(accountId);
    }
  }

  return {
    call,
    rateLimit: () => limiter.state(),
    writeBudget: (accountId) => budget.state(accountId),
  };
}

function configProblem(apiKey: string, baseUrl: string): string | undefined {
  if (!apiKey) return "No API key: pass apiKey or set ADRAILS_API_KEY. Nothing was sent.";
  if (!baseUrl) return "No base URL: pass baseUrl or set ADRAILS_BASE_URL. Nothing was sent.";
  if (!URL.canParse(baseUrl)) return `The base URL is not a URL: ${baseUrl}. Nothing was sent.`;
  return undefined;
}

function isGroupCWorkflow(definition: ToolDefinition | undefined): boolean {
  return definition?.group === "C" && definition.effect === "workflow";
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
  const limit = Number(header(headers, "x-ratelimit-limit"));
  const remaining = Number(header(headers, "x-ratelimit-remaining"));
  if (header(headers, "x-ratelimit-limit") === undefined || !Number.isFinite(limit)) return undefined;
  if (header(headers, "x-ratelimit-remaining") === undefined || !Number.isFinite(remaining)) return undefined;
  const reset = Number(header(headers, "x-ratelimit-reset"));
  const hasReset = header(headers, "x-ratelimit-reset") !== undefined && Number.isFinite(reset);
  return { limit, remaining, ...(hasReset ? { resetS: reset } : {}) };
}
