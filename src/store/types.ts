import type { ApprovalRecords } from "./approval-records.js";
import type { RuleCountStore } from "./counts.js";
import type { LiveRecordStore } from "./live.js";
import type { PasskeyCounterStore } from "./passkey-counters.js";

/** The request-rate rule a client applies to its key, sent with every take. */
export interface RateRule {
  /** Requests per window. */
  limit: number;
  windowMs: number;
  /** Added to the window before a request leaves it, for rounding between our clock and the service's. */
  marginMs: number;
  /**
   * The longest a request may take to reach the service. A request counts from its grant until a
   * window after its answer (it reached the service before that), or, unanswered, until a window
   * after `holdMs` has passed.
   */
  holdMs: number;
  /** How long the first request of an unheard key holds the others back while its answer is awaited. */
  probeMs: number;
}

/** What a take of the request rate gave. */
export interface RateGrant {
  /** Requests that may be sent now (0 up to the number asked for). */
  granted: number;
  /** When nothing was granted: how long to wait before asking again. */
  waitMs: number;
  /** Sequence number of the last request granted on this key, for {@link RateHeard.seq}. */
  seq: number;
  /** The grant's name in the store, for {@link RateHeard.run}. */
  run: string;
  /** True when the wait is a 429's pause rather than a full window. */
  paused?: boolean;
}

/** The service's X-RateLimit-* headers of one answer, or just the fact that an answer came. */
export interface RateHeard {
  /** Sequence number the answered request was granted with. */
  seq: number;
  /** The grant it came from ({@link RateGrant.run}). */
  run: string;
  limit?: number;
  remaining?: number;
  /** Time left until the service's window resets. */
  resetMs?: number;
}

/** The shared view of a key's request rate. */
export interface RateView {
  /** Requests counted in the current window. */
  used: number;
  /** Time left of a pause a 429 asked for; 0 when none. */
  pausedMs: number;
  /** What the service's headers allow until its reset, when they were heard and are still current. */
  server?: { limit: number; remaining: number; resetMs: number };
}

/** One account's write budget as counted in the store. */
export interface BudgetView {
  used: number;
  /** Time until the oldest counted write leaves the window (or the service's "spent" lapses); null when nothing is counted. */
  resetMs: number | null;
}

/**
 * Shared state behind the client and the guards: the request rate per key, a 429's pause, the
 * write budget per account, approvals' single use, the refusal ledger behind fresh ids, and
 * claims on in-flight sends. Every identifier passed in is hashed before it becomes a key, and
 * every entry expires. An operation that cannot reach the store rejects with a {@link StoreError}.
 */
export interface AdStore
  extends Partial<LiveRecordStore>,
    Partial<RuleCountStore>,
    Partial<PasskeyCounterStore>,
    ApprovalRecords {
  /** Names the store in errors and hints, e.g. "memory" or "redis at 127.0.0.1:6379". Never carries a password. */
  readonly name: string;
  /** A local store that reads fall back to when this one fails (the `onStoreError: "local"` option). */
  readonly fallback?: AdStore;

  /** Takes up to `want` requests of the key's rate, atomically across every process of the store. */
  takeRate(bucket: string, rule: RateRule, want: number): Promise<RateGrant>;
  /** Records an answer on the key and what its X-RateLimit-* headers said. */
  heardRate(bucket: string, rule: RateRule, heard: RateHeard): Promise<void>;
  /** Sends nothing on the key for `ms` (a 429's Retry-After); a longer pause already set stays. */
  pauseRate(bucket: string, ms: number): Promise<void>;
  viewRate(bucket: string, rule: RateRule): Promise<RateView>;

  /** Counts one write the service accepted for the account. */
  recordWrite(account: string, limit: number, windowMs: number): Promise<void>;
  /** The service said the account's budget is spent: count it full for `ms`. */
  markBudgetSpent(account: string, ms: number): Promise<void>;
  viewBudget(account: string, limit: number, windowMs: number): Promise<BudgetView>;

  /**
   * Uses an approval once: true for the first caller anywhere while it is valid, false when it
   * was already used or `expiresAtMs` (epoch ms) has passed on the store's clock.
   */
  consume(id: string, expiresAtMs: number): Promise<boolean>;

  /** The refusal ledger: how many times the change in `slot` moved on to a fresh id (0 when never). */
  generation(slot: string): Promise<number>;
  /**
   * Moves `slot` on to the next generation if it is still at `expected`; false when another
   * caller already did. The entry expires `ttlMs` after its last bump.
   */
  bumpGeneration(slot: string, expected: number, ttlMs: number): Promise<boolean>;

  /** The id pinned to `slot` (a send of it had an unknown outcome), or null when none. */
  pinned(slot: string): Promise<string | null>;
  /** Pins `id` to `slot` for `ttlMs`; a pin already there stays (the first unknown outcome wins). */
  pin(slot: string, id: string, ttlMs: number): Promise<void>;
  /** Removes the pin of `slot` only if it is `id`: an answer showed that send was applied. */
  unpin(slot: string, id: string): Promise<void>;

  /** Claims an identical send for `ttlMs`: a token when this caller holds it, null when another does. */
  claim(key: string, ttlMs: number): Promise<string | null>;
  /** Releases a claim, only if `token` still holds it. */
  release(key: string, token: string): Promise<void>;

  /** The rate view without waiting, for a store in this process's memory; absent for a remote store. */
  viewRateNow?(bucket: string, rule: RateRule): RateView;

  /** Lets go of connections this store opened (a client passed in stays open). */
  close(): Promise<void>;
}

/** A store operation that failed or did not answer in time; nothing that depended on it was done. */
export class StoreError extends Error {
  override readonly name = "StoreError";
  constructor(
    /** The store's name, as in {@link AdStore.name}. */
    readonly store: string,
    message: string,
    /** What to do, when it differs from waiting for the store to come back. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/**
 * Resets heard within one window of the service can differ by a second (whole seconds, rounded
 * up) plus transit; a reset later than that belongs to a window that began after ours.
 */
export const SAME_WINDOW_SLACK_MS = 1250;

/**
 * How far a reset in whole seconds can be from the true one: relative seconds or an epoch in
 * seconds, rounded up or down. A reset heard this much past our window may still belong to a
 * service window no longer than ours.
 */
export const RESET_UNCERTAINTY_MS = 1000;

/** The longest reset a service window no longer than `windowMs` can announce in whole seconds. */
export const longestOwnReset = (windowMs: number) => Math.ceil(windowMs / 1000) * 1000 + RESET_UNCERTAINTY_MS;

/**
 * True when an answer's headers say nothing our own count does not: the service allows at least
 * our limit, over a window no longer than ours as far as whole seconds can tell, and
 * it counted no more requests than we have counted (`counted` holds every request of ours that can
 * be in its window). Then our sliding window alone keeps every window of the service within its
 * limit, and the headers are not used to hold requests back: across processes, answers come back
 * out of grant order, and reading them as if they had not would hold the last request of a full
 * window back a whole window.
 */
export function headersAddNothing(rule: RateRule, heard: Required<RateHeard>, counted: number): boolean {
  return (
    heard.limit >= rule.limit &&
    heard.resetMs <= longestOwnReset(rule.windowMs) &&
    heard.limit - heard.remaining <= counted
  );
}
