import { sha256Hex } from "../hashing.js";
import type { AdStore } from "../store/index.js";

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
  record(accountId: string): Promise<void>;
  /** The service said the budget is spent (409): nothing is left until a full window has passed. */
  markSpent(accountId: string): Promise<void>;
  state(accountId: string): Promise<WriteBudgetState>;
}

/**
 * Writes per account within a sliding window of `windowMs`, counted in the store so every process
 * on it counts the same writes. Counting only: a store that fails loses a count, never a call.
 */
export function createWriteBudget(
  store: AdStore,
  baseUrl: string,
  limit: number,
  windowMs: number,
): WriteBudget {
  // Accounts of different services are different budgets.
  const slot = (accountId: string) => sha256Hex(`${baseUrl}\n${accountId}`);
  return {
    async record(accountId) {
      await store.recordWrite(slot(accountId), limit, windowMs).catch(() => {});
    },
    async markSpent(accountId) {
      await store.markBudgetSpent(slot(accountId), windowMs).catch(() => {});
    },
    async state(accountId) {
      const view = await store.viewBudget(slot(accountId), limit, windowMs);
      const used = Math.min(limit, view.used);
      return {
        limit,
        used,
        remaining: limit - used,
        resetAt: view.resetMs === null ? null : Date.now() + view.resetMs,
      };
    },
  };
}
