/** What is left of one account's write budget, as the client has counted it. */
export interface WriteBudgetState {
  limit: number;
  used: number;
  remaining: number;
  /** Epoch ms when the next write slot frees up; null when nothing is counted. */
  resetAt: number | null;
}

export interface WriteBudget {
  /** Counts one write the service accepted (200 or 207). */
  record(accountId: string): void;
  /** The service said the budget is spent (409): nothing is left until a full window has passed. */
  markSpent(accountId: string): void;
  state(accountId: string): WriteBudgetState;
}

/** Writes per account within a sliding window of `windowMs`. */
export function createWriteBudget(limit: number, windowMs: number): WriteBudget {
  const writes = new Map<string, Window>();
  const spentUntil = new Map<string, number>();

  /** The account's writes still inside the window, oldest first. */
  const recent = (accountId: string, now: number): Window | undefined => {
    const window = writes.get(accountId);
    if (!window) return undefined;
    const { times } = window;
    while (window.head < times.length && times[window.head]! <= now - windowMs) window.head++;
    if (window.head === times.length) {
      writes.delete(accountId);
      return undefined;
    }
    // Drop the forgotten prefix once it is half the array: amortised O(1) per write.
    if (window.head > 32 && window.head * 2 > times.length) {
      window.times = times.slice(window.head);
      window.head = 0;
    }
    return window;
  };

  return {
    record(accountId) {
      const now = Date.now();
      const window = recent(accountId, now) ?? { times: [], head: 0 };
      writes.set(accountId, window);
      window.times.push(now);
      // Past `limit`, the oldest write frees no slot when it leaves the window: keep the newest
      // `limit`, so memory stays bounded and resetAt is when a slot really frees up.
      if (window.times.length - window.head > limit) window.head++;
    },
    markSpent(accountId) {
      spentUntil.set(accountId, Date.now() + windowMs);
    },
    state(accountId) {
      const now = Date.now();
      const window = recent(accountId, now);
      const spent = spentUntil.get(accountId) ?? 0;
      if (spent > now) return { limit, used: limit, remaining: 0, resetAt: spent };
      const used = window ? Math.min(limit, window.times.length - window.head) : 0;
      const oldest = window?.times[window.head];
      return {
        limit,
        used,
        remaining: limit - used,
        resetAt: oldest === undefined ? null : oldest + windowMs,
      };
    },
  };
}

/** One account's write times; those before `head` have left the window. */
interface Window {
  times: number[];
  head: number;
}
