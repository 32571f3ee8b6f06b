import { randomUUID } from "node:crypto";
import type { AdStore, BudgetView, RateGrant, RateHeard, RateRule, RateView } from "./types.js";

/** The service's window as its headers described it. */
interface Server {
  limit: number;
  remaining: number;
  resetAt: number;
  /** The longest reset heard: the service's window, as far as we can tell. */
  windowMs: number;
}

/** One key's request rate. Sends granted in the same ms are one run, so memory never grows with the limit. */
interface Bucket {
  runs: { at: number; n: number }[];
  head: number;
  total: number;
  seq: number;
  pausedUntil: number;
  heard: boolean;
  probeUntil: number;
  server?: Server;
  touched: number;
}

/** A value that is forgotten at `until` (epoch ms). */
interface Expiring<T> {
  value: T;
  until: number;
}

const SWEEP_EVERY = 256;

/**
 * The default store: everything in this process's memory, shared by every toolkit of the
 * process that uses it. It never fails and needs no dependency; it cannot share anything with
 * another process.
 */
export function memoryStore(): AdStore {
  const buckets = new Map<string, Bucket>();
  const writes = new Map<string, Expiring<number[]>>();
  const spent = new Map<string, number>();
  const used = new Map<string, number>();
  const generations = new Map<string, Expiring<number>>();
  const claims = new Map<string, Expiring<string>>();
  let ops = 0;

  /** Forgets what has expired, now and then rather than on every call. */
  const sweep = (now: number) => {
    if (++ops % SWEEP_EVERY !== 0) return;
    for (const [k, b] of buckets) if (now - b.touched > 3_600_000 && live(b, now) === 0) buckets.delete(k);
    for (const [k, w] of writes) if (w.until <= now) writes.delete(k);
    for (const [k, until] of spent) if (until <= now) spent.delete(k);
    for (const [k, until] of used) if (until <= now) used.delete(k);
    for (const [k, g] of generations) if (g.until <= now) generations.delete(k);
    for (const [k, c] of claims) if (c.until <= now) claims.delete(k);
  };

  const bucketOf = (key: string, now: number): Bucket => {
    let b = buckets.get(key);
    if (!b) {
      b = { runs: [], head: 0, total: 0, seq: 0, pausedUntil: 0, heard: false, probeUntil: 0, touched: now };
      buckets.set(key, b);
    }
    b.touched = now;
    return b;
  };

  /** Drops the runs that left the window; returns what is still counted. */
  const evict = (b: Bucket, now: number, spanMs: number) => {
    while (b.head < b.runs.length && b.runs[b.head]!.at + spanMs <= now) {
      b.total -= b.runs[b.head]!.n;
      b.head++;
    }
    if (b.head === b.runs.length) {
      b.runs = [];
      b.head = 0;
      b.total = 0;
    } else if (b.head > 64 && b.head * 2 > b.runs.length) {
      b.runs = b.runs.slice(b.head);
      b.head = 0;
    }
    return b.total;
  };
  const live = (b: Bucket, _now: number) => b.runs.length - b.head;

  /** The service's window as of now: a reset that has passed opens a fresh one of its limit. */
  const serverNow = (b: Bucket, now: number): Server | undefined => {
    const s = b.server;
    if (s && now >= s.resetAt) {
      s.remaining = s.limit;
      s.resetAt = now + s.windowMs;
    }
    return s;
  };

  const view = (key: string, rule: RateRule): RateView => {
    const now = Date.now();
    const b = buckets.get(key);
    if (!b) return { used: 0, pausedMs: 0 };
    const usedNow = evict(b, now, rule.windowMs + rule.marginMs);
    const s = b.server && now < b.server.resetAt ? b.server : undefined;
    return {
      used: usedNow,
      pausedMs: Math.max(0, b.pausedUntil - now),
      ...(s ? { server: { limit: s.limit, remaining: s.remaining, resetMs: s.resetAt - now } } : {}),
    };
  };

  return {
    name: "memory",

    async takeRate(key: string, rule: RateRule, want: number): Promise<RateGrant> {
      const now = Date.now();
      sweep(now);
      const b = bucketOf(key, now);
      if (b.pausedUntil > now) return { granted: 0, waitMs: b.pausedUntil - now, seq: b.seq, paused: true };
      const span = rule.windowMs + rule.marginMs;
      let free = rule.limit - evict(b, now, span);
      let waitMs = free > 0 ? 0 : b.runs[b.head]!.at + span - now;
      const server = serverNow(b, now);
      if (server) {
        if (server.remaining <= 0) waitMs = Math.max(waitMs, server.resetAt - now);
        free = Math.min(free, server.remaining);
      }
      if (!b.heard) {
        // The first answer carries the service's limit: learn it before sending a burst.
        if (b.probeUntil > now) return { granted: 0, waitMs: Math.min(25, b.probeUntil - now), seq: b.seq };
        free = Math.min(free, 1);
      }
      const granted = Math.max(0, Math.min(want, free));
      if (granted === 0) return { granted: 0, waitMs: Math.max(1, waitMs), seq: b.seq };
      if (!b.heard) b.probeUntil = now + rule.probeMs;
      const last = b.runs[b.runs.length - 1];
      if (last && last.at === now && b.head < b.runs.length) last.n += granted;
      else b.runs.push({ at: now, n: granted });
      b.total += granted;
      b.seq += granted;
      if (server) server.remaining -= granted;
      return { granted, waitMs: 0, seq: b.seq };
    },

    async heardRate(key: string, heard: RateHeard) {
      const now = Date.now();
      const b = bucketOf(key, now);
      b.heard = true;
      b.probeUntil = 0;
      const { limit, remaining, resetMs } = heard;
      if (limit === undefined || remaining === undefined || resetMs === undefined) return;
      // Requests granted after the answered one were not counted in its headers yet.
      const left = Math.max(0, remaining - Math.max(0, b.seq - heard.seq));
      const resetAt = now + resetMs;
      const s = b.server;
      const windowMs = Math.max(s?.windowMs ?? 0, resetMs, 1000);
      if (!s || now >= s.resetAt || resetAt > s.resetAt + SAME_WINDOW_SLACK_MS) {
        b.server = { limit, remaining: left, resetAt, windowMs };
      } else {
        s.limit = limit;
        s.remaining = Math.min(s.remaining, left);
        s.resetAt = Math.min(s.resetAt, resetAt);
        s.windowMs = windowMs;
      }
    },

    async pauseRate(key: string, ms: number) {
      const now = Date.now();
      const b = bucketOf(key, now);
      b.pausedUntil = Math.max(b.pausedUntil, now + ms);
    },

    async viewRate(key: string, rule: RateRule): Promise<RateView> {
      return view(key, rule);
    },

    viewRateNow: (key: string, rule: RateRule) => view(key, rule),

    async recordWrite(account: string, limit: number, windowMs: number) {
      const now = Date.now();
      sweep(now);
      const times = (writes.get(account)?.value ?? []).filter((t) => t > now - windowMs);
      times.push(now);
      // Past `limit`, the oldest write frees no slot when it leaves: keep the newest `limit`.
      if (times.length > limit) times.splice(0, times.length - limit);
      writes.set(account, { value: times, until: now + windowMs });
    },

    async markBudgetSpent(account: string, ms: number) {
      spent.set(account, Date.now() + ms);
    },

    async viewBudget(account: string, limit: number, windowMs: number): Promise<BudgetView> {
      const now = Date.now();
      const until = spent.get(account) ?? 0;
      if (until > now) return { used: limit, resetMs: until - now };
      const times = (writes.get(account)?.value ?? []).filter((t) => t > now - windowMs);
      return {
        used: Math.min(limit, times.length),
        resetMs: times.length === 0 ? null : times[0]! + windowMs - now,
      };
    },

    async consume(id: string, expiresAtMs: number) {
      const now = Date.now();
      sweep(now);
      if (!(expiresAtMs > now)) return false;
      const until = used.get(id);
      if (until !== undefined && until > now) return false;
      used.set(id, expiresAtMs);
      return true;
    },

    async generation(slot: string) {
      const g = generations.get(slot);
      return g && g.until > Date.now() ? g.value : 0;
    },

    async bumpGeneration(slot: string, expected: number, ttlMs: number) {
      const now = Date.now();
      sweep(now);
      const g = generations.get(slot);
      const current = g && g.until > now ? g.value : 0;
      if (current !== expected) return false;
      generations.set(slot, { value: expected + 1, until: now + ttlMs });
      return true;
    },

    async claim(key: string, ttlMs: number) {
      const now = Date.now();
      sweep(now);
      const held = claims.get(key);
      if (held && held.until > now) return null;
      const token = randomUUID();
      claims.set(key, { value: token, until: now + ttlMs });
      return token;
    },

    async release(key: string, token: string) {
      if (claims.get(key)?.value === token) claims.delete(key);
    },

    async close() {},
  };
}

/**
 * Resets heard within one window can differ by a second (whole seconds, rounded up) plus
 * transit; a reset later than that belongs to a window that began after ours.
 */
export const SAME_WINDOW_SLACK_MS = 1250;

let processStore: AdStore | undefined;

/** The memory store every client of this process uses unless given another. */
export function defaultStore(): AdStore {
  processStore ??= memoryStore();
  return processStore;
}
