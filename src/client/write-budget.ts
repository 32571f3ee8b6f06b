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
  const writes = new Map<string, number[]>();
  const spentUntil = new Map<string, number>();

  const recent = (accountId: string, now: number) => {
    const kept = (writes.get(accountId) ?? []).filter((t) => t > now - windowMs);
    writes.set(accountId, kept);
    return kept;
  };

  return {
    record(accountId) {
      recent(accountId, Date.now()).push(Date.now());
    },
    markSpent(accountId) {
      spentUntil.set(accountId, Date.now() + windowMs);
    },
    state(accountId) {
      const now = Date.now();
      const counted = recent(accountId, now);
      const spent = spentUntil.get(accountId) ?? 0;
      if (spent > now) return { limit, used: limit, remaining: 0, resetAt: spent };
      const used = Math.min(limit, counted.length);
      const oldest = counted[0];
      return {
        limit,
        used,
        remaining: limit - used,
        resetAt: oldest === undefined ? null : oldest + windowMs,
      };
    },
  };
}
