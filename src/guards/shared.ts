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
 * The payload each call was last shown to a person with, in `store` (as a pin, which expires), so
 * every process on the store tells an edited resumed call from the one a person saw.
 */
export function storeAskLedger(store: AdStore): AskLedger {
  return {
    async record(slot, fingerprint, ttlMs) {
      const shown = await store.pinned(slot);
      if (shown === fingerprint) return;
      if (shown !== null) await store.unpin(slot, shown);
      await store.pin(slot, fingerprint, ttlMs);
    },
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
    // The shared store is asked in the same turn as the local ledger, so a pin or unpin joins the
    // batch of the steps asked for with it (the claim's release comes after it, never before).
    async pin(slot, id) {
      await Promise.all([local.pin(slot, id), store.pin(slot, id, ttlMs)]);
    },
    async unpin(slot, id) {
      await Promise.all([local.unpin(slot, id), store.unpin(slot, id)]);
    },
  };
}

/** What a send gave, and the recording of its outcome, asked for but not necessarily answered. */
export interface Sent<T> {
  value: T;
  /** Settles once the outcome is recorded; never rejects. */
  recorded?: Promise<unknown>;
}

/** Claims on identical sends in flight, so one process sends while the others wait for it. */
export interface SendClaims {
  /**
   * One try at the claim on `key` for `waitMs`: a token when this caller holds it, null when
   * another does. Asked for with the steps before the send, so it shares their round trip.
   */
  attempt(key: string, waitMs: number): Promise<string | null>;
  /**
   * Runs `send` once this caller holds the claim on `key` (`first` is an {@link attempt} already
   * made; `send` is told whether it had to wait for the claim), waiting up to `waitMs` for another holder to finish first (then it sends anyway: the
   * same id only replays). Rejects with the store's error when the store fails, before anything is
   * sent. An aborted `signal` ends the wait (the send then sees the abort). The claim's release
   * is asked for after the outcome's recording, so both go to the store together, in that order;
   * the answer comes with both asked for, not yet done (`recorded` settles once both are).
   */
  exclusive<T>(
    key: string,
    waitMs: number,
    send: (waited: boolean) => Promise<Sent<T>>,
    signal?: AbortSignal,
    first?: Promise<string | null>,
  ): Promise<Sent<T>>;
  /** Lets go of a claim an {@link attempt} took when no send follows. */
  drop(key: string, first: Promise<string | null>): Promise<void>;
}

const POLL_MS = 25;

/** Send claims in `store`. A claim outlives a crashed holder by at most its wait. */
export function storeSendClaims(store: AdStore): SendClaims {
  return {
    attempt: (key, waitMs) => store.claim(key, waitMs),
    async exclusive(key, waitMs, send, signal, first) {
      const deadline = Date.now() + waitMs;
      let token = await (first ?? store.claim(key, waitMs));
      const waited = token === null;
      while (token === null && Date.now() < deadline && !signal?.aborted) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        token = await store.claim(key, waitMs);
      }
      let sent: Sent<unknown>;
      try {
        sent = await send(waited);
      } catch (error) {
        if (token !== null) await store.release(key, token).catch(() => {});
        throw error;
      }
      // A failed release only leaves the claim to expire.
      const released = token === null ? undefined : store.release(key, token).catch(() => {});
      return { value: sent.value as never, recorded: Promise.all([sent.recorded, released]) };
    },
    async drop(key, first) {
      const token = await first.catch(() => null);
      if (token !== null) await store.release(key, token).catch(() => {});
    },
  };
}
