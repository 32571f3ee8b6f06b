import { sha256Hex } from "../hashing.js";
import type { AdStore, RateRule } from "../store/index.js";
import { StoreError } from "../store/index.js";
import type { RateLimitInfo } from "./outcome.js";

/** The client-side limiter as `client.rateLimit()` reports it. */
export interface RateLimitState {
  /** False when the client was created with `rateLimit: false`; nothing is queued then. */
  enabled: boolean;
  limit: number;
  windowMs: number;
  /** Requests that may start now, as far as this process knows. */
  available: number;
  /** Calls of this process waiting for a turn, first come first served. */
  queued: number;
  /** Epoch ms before which nothing is sent (after a 429). */
  blockedUntil?: number;
  /** The rate-limit headers of the last answer. */
  server?: RateLimitInfo;
}

/** What waiting for a turn gave. */
export type Turn =
  | { kind: "go"; seq: number; run: string; store: AdStore }
  | { kind: "aborted" }
  /** A 429's pause longer than the caller may wait: answer at once, unsent. */
  | { kind: "held"; waitMs: number }
  | { kind: "store-error"; error: StoreError };

export interface TurnOptions {
  signal?: AbortSignal;
  /** The longest 429 pause worth waiting out. */
  maxWaitMs: number;
  /** True for a read, which may go on with the store's local fallback when the store fails. */
  mayFallBack: boolean;
}

export interface Limiter {
  /** Waits for this key's next turn (shared through the store with every process on it). */
  acquire(options: TurnOptions): Promise<Turn>;
  /** Reports that the request of `turn` was answered, with the service's rate-limit headers if any. */
  heard(turn: Turn, info: RateLimitInfo | undefined): void;
  /** Sends nothing on this key for `ms`, in every process (a 429 said so). */
  block(ms: number): void;
  state(): RateLimitState;
}

interface Waiter {
  options: TurnOptions;
  resolve: (turn: Turn) => void;
  onAbort?: () => void;
}

const PROBE_MS = 2000;
/** The longest a request is assumed to take to reach the service; an unanswered one counts until a window after. */
const HOLD_MS = 5000;

/** Rounding allowed between our clock and the service's window: 1% of it, 10 ms to 250 ms. */
export function marginFor(windowMs: number): number {
  return Math.min(250, Math.max(10, Math.round(windowMs * 0.01)));
}

/**
 * A sliding window of `limit` requests per `windowMs` per key, kept in the store: each request
 * counts from its grant until a window after its answer. It reached the service somewhere in
 * between, so no stretch of the window ever sees more than `limit` of them arrive, whatever kind
 * of window the service counts in and however late a busy process sends. The
 * service's X-RateLimit-* headers hold it back further when the service allows fewer; a 429's
 * Retry-After pauses the key everywhere. This process's callers queue in order, and only the head
 * of the queue asks the store, so a queue costs one store operation per turn.
 */
export function createLimiter(store: AdStore, bucket: string, limit: number, windowMs: number): Limiter {
  const rule: RateRule = {
    limit,
    windowMs,
    marginMs: marginFor(windowMs),
    probeMs: PROBE_MS,
    holdMs: HOLD_MS,
  };
  const queue: Waiter[] = [];
  let head = 0;
  let pumping = false;
  let wake: (() => void) | undefined;
  let server: RateLimitInfo | undefined;
  let blockedUntil = 0;
  let lastAvailable = limit;
  let fallback: Limiter | undefined;

  const waiting = () => queue.length - head;
  const shift = () => {
    const waiter = queue[head]!;
    queue[head++] = undefined as unknown as Waiter;
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    if (waiter.onAbort) waiter.options.signal?.removeEventListener("abort", waiter.onAbort);
    return waiter;
  };
  const kick = () => wake?.();

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting() > 0) {
        let grant: Awaited<ReturnType<AdStore["takeRate"]>>;
        try {
          grant = await store.takeRate(bucket, rule, waiting());
        } catch (error) {
          failQueued(error);
          continue;
        }
        if (grant.granted > 0) {
          lastAvailable = Math.max(0, lastAvailable - grant.granted);
          const first = grant.seq - grant.granted + 1;
          for (let i = 0; i < grant.granted && waiting() > 0; i++) {
            shift().resolve({ kind: "go", seq: first + i, run: grant.run, store });
          }
          continue;
        }
        lastAvailable = 0;
        if (grant.paused) {
          blockedUntil = Math.max(blockedUntil, Date.now() + grant.waitMs);
          holdBack(grant.waitMs);
          if (waiting() === 0) break;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, grant.waitMs);
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
        });
      }
    } finally {
      pumping = false;
    }
  }

  /** Answers the waiters that would wait longer than they may for a 429's pause; the rest stay in order. */
  function holdBack(waitMs: number) {
    const kept: Waiter[] = [];
    while (waiting() > 0) {
      const waiter = shift();
      if (waitMs > waiter.options.maxWaitMs) waiter.resolve({ kind: "held", waitMs });
      else kept.push(waiter);
    }
    for (const waiter of kept) enqueue(waiter);
  }

  /** The store failed: reads go on locally when the store allows it, everything else is refused. */
  function failQueued(error: unknown) {
    const failure =
      error instanceof StoreError
        ? error
        : new StoreError(store.name, `The shared store (${store.name}) failed.`);
    while (waiting() > 0) {
      const waiter = shift();
      if (waiter.options.mayFallBack && store.fallback) {
        fallback ??= limiterFor(store.fallback, bucket, limit, windowMs);
        void fallback.acquire(waiter.options).then(waiter.resolve);
      } else {
        waiter.resolve({ kind: "store-error", error: failure });
      }
    }
  }

  function enqueue(waiter: Waiter) {
    const { signal } = waiter.options;
    if (signal && !waiter.onAbort) {
      waiter.onAbort = () => {
        const at = queue.indexOf(waiter, head);
        if (at < 0) return;
        queue.splice(at, 1);
        waiter.resolve({ kind: "aborted" });
      };
      signal.addEventListener("abort", waiter.onAbort, { once: true });
    }
    queue.push(waiter);
  }

  return {
    acquire(options) {
      if (options.signal?.aborted) return Promise.resolve({ kind: "aborted" });
      return new Promise<Turn>((resolve) => {
        enqueue({ options, resolve });
        void pump();
      });
    },
    heard(turn, info) {
      if (turn.kind !== "go") return;
      if (info) server = info;
      const heard = {
        seq: turn.seq,
        run: turn.run,
        ...(info?.resetS === undefined
          ? {}
          : { limit: info.limit, remaining: info.remaining, resetMs: resetMs(info.resetS, Date.now(), 0) }),
      };
      turn.store.heardRate(bucket, rule, heard).then(kick, () => {});
    },
    block(ms) {
      blockedUntil = Math.max(blockedUntil, Date.now() + ms);
      store.pauseRate(bucket, ms).then(kick, () => {});
      store.fallback?.pauseRate(bucket, ms).catch(() => {});
    },
    state() {
      const now = Date.now();
      const view = store.viewRateNow?.(bucket, rule);
      let available = lastAvailable;
      if (view) {
        available = limit - view.used;
        if (view.server) available = Math.min(available, view.server.remaining);
        if (view.pausedMs > 0) blockedUntil = Math.max(blockedUntil, now + view.pausedMs);
      }
      if (blockedUntil > now) available = 0;
      return {
        enabled: true,
        limit,
        windowMs,
        available: Math.max(0, available),
        queued: waiting(),
        ...(blockedUntil > now ? { blockedUntil } : {}),
        ...(server ? { server } : {}),
      };
    },
  };
}

/** A limiter that never holds a call back but still remembers the service's headers. */
export function createOpenLimiter(store: AdStore): Limiter {
  let server: RateLimitInfo | undefined;
  return {
    acquire: (options) =>
      Promise.resolve(options.signal?.aborted ? { kind: "aborted" } : { kind: "go", seq: 0, run: "", store }),
    heard: (_turn, info) => {
      if (info) server = info;
    },
    block: () => {},
    state: () => ({
      enabled: false,
      limit: Number.POSITIVE_INFINITY,
      windowMs: 0,
      available: Number.POSITIVE_INFINITY,
      queued: 0,
      ...(server ? { server } : {}),
    }),
  };
}

const limiters = new WeakMap<AdStore, Map<string, Limiter>>();

/** The limiter of one bucket and rule on one store, shared by every client of this process. */
export function limiterFor(store: AdStore, bucket: string, limit: number, windowMs: number): Limiter {
  let byBucket = limiters.get(store);
  if (!byBucket) {
    byBucket = new Map();
    limiters.set(store, byBucket);
  }
  const id = `${bucket}\n${limit}\n${windowMs}`;
  let limiter = byBucket.get(id);
  if (!limiter) {
    limiter = createLimiter(store, bucket, limit, windowMs);
    byBucket.set(id, limiter);
  }
  return limiter;
}

/** The store's name for one key at one service: a hash, so no store ever holds the key itself. */
export function bucketOf(baseUrl: string, apiKey: string): string {
  return sha256Hex(`${baseUrl}\n${apiKey}`);
}

/** X-RateLimit-Reset as ms from now: seconds until reset, or an epoch in seconds when it looks like one. */
export function resetMs(resetS: number | undefined, now: number, fallbackMs: number): number {
  if (resetS === undefined) return fallbackMs;
  const ms = resetS > 1e9 ? resetS * 1000 - now : resetS * 1000;
  return Math.max(0, ms);
}
