/** Rate-limit headers of the last answer, when the service sent them. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Seconds until the window resets, as the service reported it. */
  resetS?: number;
}

interface OutcomeBase {
  tool: string;
  /** Attempts made, retries included. */
  attempts: number;
  durationMs: number;
  rateLimit?: RateLimitInfo;
}

/**
 * Every answer of the service, and every way of getting none, as one typed value.
 * The client never throws for an answer; it throws only for programming errors.
 */
export type Outcome =
  /** 200 with a payload at `data`. */
  | (OutcomeBase & { kind: "success"; status: 200; data: unknown; source?: string })
  /** 200 whose `data.error` says the call failed (benchmarks, compare, fatigue, get-skill). */
  | (OutcomeBase & { kind: "soft-error"; status: 200; error: string; data: unknown })
  /** 207: a multi-step write applied in part; `partial` is `data.partial`. */
  | (OutcomeBase & { kind: "partial"; status: 207; data: unknown; partial: unknown })
  /** Any other HTTP status, from a wrapped `{source, data:{error}}`, a bare `{error}` or a non-JSON body. */
  | (OutcomeBase & {
      kind: "http-error";
      status: number;
      error: string;
      shape: "wrapped" | "bare" | "non-json";
      /** 403 plan: the pricing page. */
      upgradeUrl?: string;
      /** 403/404 account not reachable: the accounts the key can act on. */
      accounts?: unknown[];
      /** 429: seconds to wait, from Retry-After. */
      retryAfterS?: number;
      /** The parsed body (or the first characters of a non-JSON one). */
      body: unknown;
    })
  /** No HTTP answer: timeout, dropped connection, abort, DNS, or a local refusal before sending (`config`, or `store`: the shared store failed, nothing was sent). */
  | (OutcomeBase & {
      kind: "network-error";
      status: null;
      error: string;
      cause: "timeout" | "connection" | "aborted" | "config" | "store";
    });
