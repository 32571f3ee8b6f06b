import { createHash } from "node:crypto";
import type { RateLimitInfo } from "./outcome.js";

/** The client-side limiter as `client.rateLimit()` reports it. */
export interface RateLimitState {
  /** False when the client was created with `rateLimit: false`; nothing is queued then. */
  enabled: boolean;
  limit: number;
  windowMs: number;
  /** Requests that may start now. */
  available: number;
  /** Calls waiting for a token, first come first served. */
  queued: number;
  /** Epoch ms before which nothing is sent (after a 429 or an exhausted window). */
  blockedUntil?: number;
  /** The rate-limit headers of the last answer. */
  server?: RateLimitInfo;
}

export interface Limiter {
  /** Takes a token now if one is free and nobody is queued; false otherwise (then call `acquire`). */
  tryAcquire(signal?: AbortSignal): boolean;
  /** Waits for a token; false when the signal aborted first. */
  acquire(signal?: AbortSignal): Promise<boolean>;
  /** Corrects the bucket from the service's X-RateLimit-* headers. */
  observe(info: RateLimitInfo): void;
  /** Sends nothing for `ms` (a 429 said so). */
  block(ms: number): void;
  /** Epoch ms before which nothing is sent; 0 when not blocked. */
  blockedUntil(): number;
  state(): RateLimitState;
}

interface Waiter {
  resolve: (ok: boolean) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * A bucket of `limit` tokens per key. Each request spends one, and a spent token comes back
 * `windowMs` later, so no stretch of `windowMs` ever sees more than `limit` requests, whatever
 * kind of window the service counts in. Callers without a token queue in order.
 */
export function createLimiter(limit: number, windowMs: number): Limiter {
  let returns: number[] = [];
  let blockedUntil = 0;
  let server: RateLimitInfo | undefined;
  const waiters: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;

  const available = (now: number) => {
    // Most calls find nothing returned yet: count before copying.
    let back = 0;
    for (const t of returns) if (t <= now) back++;
    if (back > 0) returns = returns.filter((t) => t > now);
    return Math.max(0, limit - returns.length);
  };

  const pump = () => {
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    while (waiters.length > 0 && now >= blockedUntil && available(now) > 0) {
      const waiter = waiters.shift()!;
      if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      returns.push(now + windowMs);
      waiter.resolve(true);
    }
    if (waiters.length === 0) return;
    const wakeAt = now < blockedUntil ? blockedUntil : Math.min(...returns);
    timer = setTimeout(pump, Math.max(1, wakeAt - now));
  };

  return {
    tryAcquire(signal) {
      if (signal?.aborted || waiters.length > 0) return false;
      const now = Date.now();
      if (now < blockedUntil || available(now) === 0) return false;
      returns.push(now + windowMs);
      return true;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = { resolve, signal };
        if (signal) {
          waiter.onAbort = () => {
            const at = waiters.indexOf(waiter);
            if (at >= 0) waiters.splice(at, 1);
            resolve(false);
            pump();
          };
          signal.addEventListener("abort", waiter.onAbort, { once: true });
        }
        waiters.push(waiter);
        pump();
      });
    },
    observe(info) {
      server = info;
      const now = Date.now();
      const until = now + resetMs(info.resetS, now, windowMs);
      const have = available(now);
      returns.sort((a, b) => a - b);
      const comingBack = returns.filter((t) => t <= until).length;
      let excess = have + comingBack - info.remaining;
      if (excess <= 0) return;
      // The service counts more than we do (another process shares the key, or its window is
      // aligned differently): until its reset only `remaining` more requests may go.
      const drained = Math.min(excess, have);
      for (let i = 0; i < drained; i++) returns.push(until);
      excess -= drained;
      for (let i = 0; i < excess; i++) returns[i] = until;
      pump();
    },
    block(ms) {
      blockedUntil = Math.max(blockedUntil, Date.now() + ms);
      pump();
    },
    blockedUntil: () => blockedUntil,
    state() {
      const now = Date.now();
      return {
        enabled: true,
        limit,
        windowMs,
        available: now < blockedUntil ? 0 : available(now),
        queued: waiters.length,
        ...(blockedUntil > now ? { blockedUntil } : {}),
        ...(server ? { server } : {}),
      };
    },
  };
}

/** A limiter that never holds a call back but still remembers the service's headers. */
export function createOpenLimiter(): Limiter {
  let server: RateLimitInfo | undefined;
  return {
    tryAcquire: (signal) => !signal?.aborted,
    acquire: (signal) => Promise.resolve(!signal?.aborted),
    observe: (info) => {
      server = info;
    },
    block: () => {},
    blockedUntil: () => 0,
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

const shared = new Map<string, Limiter>();

/**
 * The limiter of one key at one service, shared by every client of this process.
 * The map is keyed by a hash, so it never holds the key itself.
 */
export function limiterFor(baseUrl: string, apiKey: string, limit: number, windowMs: number): Limiter {
  const keyHash = createHash("sha256").update(apiKey).digest("hex");
  const id = `${baseUrl}\n${keyHash}\n${limit}\n${windowMs}`;
  let limiter = shared.get(id);
  if (!limiter) {
    limiter = createLimiter(limit, windowMs);
    shared.set(id, limiter);
  }
  return limiter;
}

/** X-RateLimit-Reset as ms from now: seconds until reset, or an epoch in seconds when it looks like one. */
export function resetMs(resetS: number | undefined, now: number, fallbackMs: number): number {
  if (resetS === undefined) return fallbackMs;
  const ms = resetS > 1e9 ? resetS * 1000 - now : resetS * 1000;
  return Math.max(0, ms);
}
