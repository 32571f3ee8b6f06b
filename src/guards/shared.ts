import type { AdStore } from "../store/index.js";
import type { AskLedger } from "./approval/redeem.js";
import type { ApprovalLedger } from "./approvals.js";
import { type IdLedger, memoryIdLedger } from "./request-ids.js";

/**
 * How long the store keeps a refusal ledger's generation and an unknown outcome's pin. Long,
 * because forgetting either could let a repeat go out under a different id than the service saw.
 */
export const LEDGER_TTL_MS = 7 * 24 * 3_600_000;

/** Approvals used once across every process on `store`, expiring on the store's clock. */
export function storeApprovalLedger(store: AdStore): ApprovalLedger {
  return { consume: (id, expiresAt) => store.consume(id, expiresAt) };
}

/**
 * The payload each call was first asked about, in `store` (its pins: first one wins, and expires),
 * so every process on the store tells an edited resumed call from the one a person saw.
 */
export function storeAskLedger(store: AdStore): AskLedger {
  return {
    record: (slot, fingerprint, ttlMs) => store.pin(slot, fingerprint, ttlMs),
    recorded: (slot) => store.pinned(slot),
  };
}

/**
 * The refusal ledger and unknown-outcome pins in `store`, shared by every process on it. Pins are
 * also kept in this process, so a pin the store failed to record still holds here.
 */
export function storeIdLedger(store: AdStore, ttlMs = LEDGER_TTL_MS): IdLedger {
  const local = memoryIdLedger();
  return {
    generation: (slot) => store.generation(slot),
    bump: (slot, from) => store.bumpGeneration(slot, from, ttlMs),
    async pinned(slot) {
      const [shared, own] = await Promise.all([store.pinned(slot), local.pinned(slot)]);
      return shared ?? own;
    },
    async pin(slot, id) {
      await local.pin(slot, id);
      await store.pin(slot, id, ttlMs);
    },
    async unpin(slot, id) {
      await local.unpin(slot, id);
      await store.unpin(slot, id);
    },
  };
}

/** Claims on identical sends in flight, so one process sends while the others wait for it. */
export interface SendClaims {
  /**
   * Runs `send` once this caller holds the claim on `key`, waiting up to `waitMs` for another
   * holder to finish first (then it sends anyway: the same id only replays). Rejects with the
   * store's error when the store fails, before anything is sent. An aborted `signal` ends the
   * wait (the send then sees the abort).
   */
  exclusive<T>(key: string, waitMs: number, send: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

const POLL_MS = 25;

/** Send claims in `store`. A claim outlives a crashed holder by at most its wait. */
export function storeSendClaims(store: AdStore): SendClaims {
  return {
    async exclusive(key, waitMs, send, signal) {
      const deadline = Date.now() + waitMs;
      let token = await store.claim(key, waitMs);
      while (token === null && Date.now() < deadline && !signal?.aborted) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        token = await store.claim(key, waitMs);
      }
      try {
        return await send();
      } finally {
        // The send is done; a failed release only leaves the claim to expire.
        if (token !== null) await store.release(key, token).catch(() => {});
      }
    },
  };
}
