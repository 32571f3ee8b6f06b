import { randomId } from "../hashing.js";
import { memoryApprovalRecords } from "./approval-records.js";
import { memoryRuleCounts } from "./counts.js";
import { ExpiringMap, MEMORY_MAX_ENTRIES } from "./expiring.js";
import { memoryLiveRecords } from "./live.js";
import { memoryPasskeyCounters } from "./passkey-counters.js";
import {
  type AdStore,
  type BudgetView,
  headersAddNothing,
  type RateGrant,
  type RateHeard,
  type RateRule,
  type RateView,
  RESET_UNCERTAINTY_MS,
  SAME_WINDOW_SLACK_MS,
} from "./types.js";

/** The service's window as its headers described it. */
interface Server {
  limit: number;
  remaining: number;
  resetAt: number;
  /** The longest reset heard: the service's window, as far as we can tell. */
  windowMs: number;
  /**
   * True when `resetAt` is our guess after a reset passed (a window from our first request after
   * it); false when it came from the service's headers, which round up and so never run early.
   */
  guessed: boolean;
  /** Sequence number of the first request granted in this window, as far as we know it. */
  fromSeq: number;
}

/** Requests granted together; they count until a window after the last of them was answered. */
interface Run {
  id: string;
  at: number;
  n: number;
  /** Answers still awaited. */
  left: number;
  /** When the run stops counting: provisional (`at` + hold + window) until every answer came. */
  until: number;
  settled: boolean;
}

/**
 * One key's request rate. Requests granted by one take are one run, so memory grows with the
 * takes in a window, never with the limit.
 */
interface Bucket {
  /** Unanswered runs in grant order, so their provisional ends are in order too. */
  pending: Run[];
  pendingHead: number;
  byId: Map<string, Run>;
  /** Answered runs, ordered by when they stop counting. */
  settled: Run[];
  settledHead: number;
  total: number;
  seq: number;
  pausedUntil: number;
  heard: boolean;
  probeUntil: number;
  server?: Server;
  /** The longest reset the service's headers gave. */
  longestResetMs: number;
  touched: number;
}

const SWEEP_EVERY = 256;

/**
 * The default store: everything in this process's memory, shared by every toolkit of the
 * process that uses it. It never fails and needs no dependency; it cannot share anything with
 * another process.
 */
export function memoryStore(options: { now?: () => number } = {}): AdStore {
  // Every map expires its entries and is bounded; the ledgers whose loss could send a change
  // twice fail closed when full rather than forget (see ExpiringMap).
  const buckets = new Map<string, Bucket>();
  const writes = new ExpiringMap<number[]>("write counts", true);
  const spent = new ExpiringMap<number>("spent budgets", true);
  const used = new ExpiringMap<true>("used approvals", false);
  const generations = new ExpiringMap<number>("refused changes", false);
  const claims = new ExpiringMap<string>("claims", true);
  const pins = new ExpiringMap<string>("changes with an unknown outcome", false);
  let ops = 0;

  /** Forgets what has expired, now and then rather than on every call. */
  const sweep = (now: number) => {
    if (++ops % SWEEP_EVERY !== 0) return;
    for (const [k, b] of buckets) if (now - b.touched > 3_600_000 && b.total === 0) buckets.delete(k);
    for (const map of [writes, spent, used, generations, claims, pins]) map.sweep(now);
  };

  const bucketOf = (key: string, now: number): Bucket => {
    let b = buckets.get(key);
    if (!b) {
      // A bucket only paces requests: when full, the longest idle one goes first.
      if (buckets.size >= MEMORY_MAX_ENTRIES) buckets.delete(idlest(buckets));
      b = {
        pending: [],
        pendingHead: 0,
        byId: new Map(),
        settled: [],
        settledHead: 0,
        total: 0,
        seq: 0,
        pausedUntil: 0,
        heard: false,
        probeUntil: 0,
        longestResetMs: 0,
        touched: now,
      };
      buckets.set(key, b);
    }
    b.touched = now;
    return b;
  };

  /** Drops the runs that stopped counting; returns what is still counted and when the next one stops. */
  const evict = (b: Bucket, now: number): { used: number; nextAt: number } => {
    while (b.pendingHead < b.pending.length) {
      const run = b.pending[b.pendingHead]!;
      if (!run.settled && run.until > now) break;
      if (!run.settled) {
        b.total -= run.n;
        b.byId.delete(run.id);
      }
      b.pendingHead++;
    }
    while (b.settledHead < b.settled.length && b.settled[b.settledHead]!.until <= now) {
      b.total -= b.settled[b.settledHead++]!.n;
    }
    compact(b);
    const pendingAt = b.pending[b.pendingHead]?.until ?? Number.POSITIVE_INFINITY;
    const settledAt = b.settled[b.settledHead]?.until ?? Number.POSITIVE_INFINITY;
    return { used: b.total, nextAt: Math.min(pendingAt, settledAt) };
  };
  const compact = (b: Bucket) => {
    if (b.pendingHead > 64 && b.pendingHead * 2 > b.pending.length) {
      b.pending = b.pending.slice(b.pendingHead);
      b.pendingHead = 0;
    }
    if (b.settledHead > 64 && b.settledHead * 2 > b.settled.length) {
      b.settled = b.settled.slice(b.settledHead);
      b.settledHead = 0;
    }
  };

  /** One more answer of a run: once all came, the run counts until a window after the last (it arrived before). */
  const settle = (b: Bucket, rule: RateRule, id: string, now: number) => {
    const run = b.byId.get(id);
    if (!run || --run.left > 0) return;
    b.byId.delete(id);
    run.settled = true;
    run.until = Math.min(now, run.at + rule.holdMs) + rule.windowMs + rule.marginMs;
    if (run.until <= now) {
      b.total -= run.n;
      return;
    }
    // Answers come in about the order of their ends: insert from the back.
    let at = b.settled.length;
    while (at > b.settledHead && b.settled[at - 1]!.until > run.until) at--;
    b.settled.splice(at, 0, run);
  };

  /**
   * The service's window as of now: once its reset has passed, a fresh one of its limit opens with
   * our next request (committed only when that request is granted). Its end is a guess until the
   * service's headers replace it: the longest reset heard, read a second late.
   */
  const serverNow = (b: Bucket, now: number): Server | undefined => {
    const s = b.server;
    if (!s || now < s.resetAt) return s;
    const resetAt = now + s.windowMs + RESET_UNCERTAINTY_MS;
    return { ...s, remaining: s.limit, resetAt, guessed: true, fromSeq: b.seq + 1 };
  };

  const view = (key: string): RateView => {
    const now = Date.now();
    const b = buckets.get(key);
    if (!b) return { used: 0, pausedMs: 0 };
    const usedNow = evict(b, now).used;
    const s = b.server && now < b.server.resetAt ? b.server : undefined;
    return {
      used: usedNow,
      pausedMs: Math.max(0, b.pausedUntil - now),
      ...(s ? { server: { limit: s.limit, remaining: s.remaining, resetMs: s.resetAt - now } } : {}),
    };
  };

  return {
    name: "memory",
    ...memoryLiveRecords(),
    ...memoryPasskeyCounters(),
    ...memoryRuleCounts(),
    ...memoryApprovalRecords(options.now),

    async takeRate(key: string, rule: RateRule, want: number): Promise<RateGrant> {
      const now = Date.now();
      sweep(now);
      const b = bucketOf(key, now);
      const none = { granted: 0, seq: b.seq, run: "" };
      if (b.pausedUntil > now) return { ...none, waitMs: b.pausedUntil - now, paused: true };
      const counted = evict(b, now);
      let free = rule.limit - counted.used;
      let waitMs = free > 0 ? 0 : counted.nextAt - now;
      const server = serverNow(b, now);
      if (server) {
        if (server.remaining <= 0) waitMs = Math.max(waitMs, server.resetAt - now);
        free = Math.min(free, server.remaining);
      }
      // The first answer carries the service's limit: learn it before sending a burst. A first
      // request that takes long (a workflow runs for minutes) holds the others back only `probeMs`.
      if (!b.heard && b.probeUntil > 0 && b.probeUntil <= now) b.heard = true;
      if (!b.heard) {
        if (b.probeUntil > now) return { ...none, waitMs: Math.min(25, b.probeUntil - now) };
        free = Math.min(free, 1);
      }
      const granted = Math.max(0, Math.min(want, free));
      if (granted === 0) return { ...none, waitMs: Math.max(1, waitMs) };
      if (!b.heard) b.probeUntil = now + rule.probeMs;
      const id = `${b.seq + 1}:${granted}:${now}`;
      const run: Run = {
        id,
        at: now,
        n: granted,
        left: granted,
        until: now + rule.holdMs + rule.windowMs + rule.marginMs,
        settled: false,
      };
      b.pending.push(run);
      b.byId.set(id, run);
      b.total += granted;
      b.seq += granted;
      if (server) b.server = { ...server, remaining: server.remaining - granted };
      return { granted, waitMs: 0, seq: b.seq, run: id };
    },

    async heardRate(key: string, rule: RateRule, heard: RateHeard) {
      const now = Date.now();
      const b = bucketOf(key, now);
      b.heard = true;
      b.probeUntil = 0;
      settle(b, rule, heard.run, now);
      const { limit, remaining, resetMs } = heard;
      if (limit === undefined || remaining === undefined || resetMs === undefined) return;
      if (staleAnswer(b.server, heard, now)) return;
      // The longest reset heard stays known: a service window longer than ours shows only early in it.
      b.longestResetMs = Math.max(b.longestResetMs, resetMs);
      const answer = { ...heard, limit, remaining, resetMs: b.longestResetMs };
      if (headersAddNothing(rule, answer, evict(b, now).used)) {
        b.server = undefined;
        return;
      }
      // Requests granted after the answered one were not counted in its headers yet.
      const left = Math.max(0, remaining - Math.max(0, b.seq - heard.seq));
      // A reset in whole seconds may have been rounded down: the window can end up to a second later.
      const resetAt = now + resetMs + RESET_UNCERTAINTY_MS;
      const s = b.server;
      const windowMs = Math.max(s?.windowMs ?? 0, resetMs, 1000);
      // Read a second late, resets never run early: they replace a guess, and within one window
      // the earliest wins.
      if (!s || now >= s.resetAt || resetAt > s.resetAt + SAME_WINDOW_SLACK_MS) {
        b.server = { limit, remaining: left, resetAt, windowMs, guessed: false, fromSeq: heard.seq };
      } else if (s.guessed) {
        b.server = { ...s, limit, remaining: Math.min(s.remaining, left), resetAt, windowMs, guessed: false };
      } else {
        b.server = {
          ...s,
          limit,
          remaining: Math.min(s.remaining, left),
          resetAt: Math.min(s.resetAt, resetAt),
          windowMs,
          guessed: false,
        };
      }
    },

    async pauseRate(key: string, ms: number) {
      const now = Date.now();
      const b = bucketOf(key, now);
      b.pausedUntil = Math.max(b.pausedUntil, now + ms);
    },

    viewRate: async (key: string) => view(key),
    viewRateNow: (key: string) => view(key),

    async recordWrite(account: string, limit: number, windowMs: number) {
      const now = Date.now();
      sweep(now);
      const times = (writes.get(account, now) ?? []).filter((t) => t > now - windowMs);
      times.push(now);
      // Past `limit`, the oldest write frees no slot when it leaves: keep the newest `limit`.
      if (times.length > limit) times.splice(0, times.length - limit);
      writes.set(account, times, now + windowMs, now);
    },

    async markBudgetSpent(account: string, ms: number) {
      const now = Date.now();
      spent.set(account, now + ms, now + ms, now);
    },

    async viewBudget(account: string, limit: number, windowMs: number): Promise<BudgetView> {
      const now = Date.now();
      const until = spent.get(account, now) ?? 0;
      if (until > now) return { used: limit, resetMs: until - now };
      const times = (writes.get(account, now) ?? []).filter((t) => t > now - windowMs);
      return {
        used: Math.min(limit, times.length),
        resetMs: times.length === 0 ? null : times[0]! + windowMs - now,
      };
    },

    async consume(id: string, expiresAtMs: number) {
      const now = Date.now();
      sweep(now);
      if (!(expiresAtMs > now)) return false;
      if (used.get(id, now)) return false;
      used.set(id, true, expiresAtMs, now);
      return true;
    },

    async generation(slot: string) {
      return generations.get(slot) ?? 0;
    },

    async bumpGeneration(slot: string, expected: number, ttlMs: number) {
      const now = Date.now();
      sweep(now);
      if ((generations.get(slot, now) ?? 0) !== expected) return false;
      generations.set(slot, expected + 1, now + ttlMs, now);
      return true;
    },

    async pinned(slot: string) {
      return pins.get(slot) ?? null;
    },

    async pin(slot: string, id: string, ttlMs: number) {
      const now = Date.now();
      sweep(now);
      if (pins.get(slot, now) === undefined) pins.set(slot, id, now + ttlMs, now);
    },

    async unpin(slot: string, id: string) {
      if (pins.get(slot) === id) pins.delete(slot);
    },

    async claim(key: string, ttlMs: number) {
      const now = Date.now();
      sweep(now);
      if (claims.get(key, now) !== undefined) return null;
      const token = randomId();
      claims.set(key, token, now + ttlMs, now);
      return token;
    },

    async release(key: string, token: string) {
      if (claims.get(key) === token) claims.delete(key);
    },

    async close() {},
  };
}

/**
 * True when an answer's headers describe a service window older than the one we hold: its request
 * was granted before that window's first request, or before a reset that has passed since (it may
 * have reached the service in the window that ended). Heard late, such headers would otherwise
 * read as a fresh window with nothing left, and hold every process back a whole window.
 */
function staleAnswer(server: Server | undefined, heard: RateHeard, now: number): boolean {
  if (!server) return false;
  if (heard.seq < server.fromSeq) return true;
  const grantedAt = Number(heard.run.split(":")[2]);
  return now >= server.resetAt && Number.isFinite(grantedAt) && grantedAt < server.resetAt;
}

/** The bucket used longest ago. */
function idlest(buckets: Map<string, Bucket>): string {
  let oldest: [string, number] | undefined;
  for (const [key, b] of buckets) if (!oldest || b.touched < oldest[1]) oldest = [key, b.touched];
  return oldest![0];
}

let processStore: AdStore | undefined;

/** The memory store every client of this process uses unless given another. */
export function defaultStore(): AdStore {
  processStore ??= memoryStore();
  return processStore;
}
