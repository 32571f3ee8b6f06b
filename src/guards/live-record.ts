import type { Outcome } from "../client/outcome.js";
import { sha256Hex } from "../hashing.js";
import { type AdStore, StoreError } from "../store/index.js";
import { type LiveRecordStore, memoryLiveRecords } from "../store/live.js";
import type { ConfirmRequest, PreviousLive } from "../types.js";
import { type DecisionLog, decide } from "./audit.js";
import { CONFIRM_TOOL } from "./confirmation.js";

// A host or model that lost the answer to an ACTIVE push often repeats it; the person, shown the
// same form again, reasonably believes the first failed. So before a person approves a payload
// identical to one that went live recently, under the same API key and account, they are told
// which ad and when. Every channel builds its request through `annotate`.

/** How long an ad that went live counts as recent. */
export const RECENT_LIVE_MS = 24 * 3_600_000;

/** The record of ACTIVE ads per payload, shared through the toolkit's store. */
export interface LiveLedger {
  /**
   * The request with `previousLive` and a sentence in its message when an identical ad went live
   * recently, or a sentence saying the record could not be read (the person then knows to check).
   * Never rejects.
   */
  annotate(request: ConfirmRequest): Promise<ConfirmRequest>;
  /**
   * The identical ad that went live at or after `at`, if any. Rejects with the store's error: a
   * launch that cannot check must not go on.
   */
  since(account: unknown, fingerprint: string, at: number): Promise<PreviousLive | undefined>;
  /** Records a push the service created ACTIVE. Never throws: the answer must reach the caller. */
  note(
    call: { def: { name: string }; body: Record<string, unknown>; change: string; log: DecisionLog },
    outcome: Outcome,
  ): Promise<void>;
}

/**
 * The live record in `store` (its `noteLive` / `lastLive`), or in this ledger's memory for a store
 * that has none. Scoped by the API key's identity (a hash, never the key) and the account.
 */
export function createLiveLedger(store: AdStore, apiKey: string, ttlMs = RECENT_LIVE_MS): LiveLedger {
  const records: Omit<LiveRecordStore, "noteLiveOnce"> & Partial<Pick<LiveRecordStore, "noteLiveOnce">> =
    store.noteLive && store.lastLive
      ? {
          noteLive: store.noteLive.bind(store),
          lastLive: store.lastLive.bind(store),
          ...(store.noteLiveOnce ? { noteLiveOnce: store.noteLiveOnce.bind(store) } : {}),
        }
      : memoryLiveRecords();
  const identity = sha256Hex(`adrails-key\n${apiKey}`).slice(0, 32);
  const keyOf = (account: unknown, fingerprint: string) =>
    `${identity}\n${typeof account === "string" ? account : ""}\n${fingerprint}`;

  return {
    async annotate(request) {
      if (request.tool !== CONFIRM_TOOL) return request;
      let previous: PreviousLive | undefined;
      try {
        previous = parse(await records.lastLive(keyOf(request.account, request.fingerprint)));
      } catch (error) {
        const store = error instanceof StoreError ? error.store : "the store";
        return {
          ...request,
          message: `${request.message} adrails could not check whether an identical ad went live recently (${store} is unavailable): look in the ad account before approving.`,
        };
      }
      return previous === undefined ? request : withPreviousLive(request, previous);
    },

    async since(account, fingerprint, at) {
      const previous = parse(await records.lastLive(keyOf(account, fingerprint)));
      return previous !== undefined && previous.at >= at ? previous : undefined;
    },

    async note(call, outcome) {
      if (call.def.name !== CONFIRM_TOOL || call.body.status !== "ACTIVE" || outcome.kind !== "success")
        return;
      const data = outcome.data as Record<string, unknown> | null;
      const adId = data?.ad_id;
      if ((typeof adId !== "string" && typeof adId !== "number") || data?.status === "PAUSED") return;
      const key = keyOf(call.body.account_id, call.change);
      try {
        // A replay of the same push answers with the same ad: keep when it first went live. The
        // store's clock, like every ask time it is compared with: skew between processes must not
        // place this ad before an ask it followed. One step when the store has it.
        if (records.noteLiveOnce) return await records.noteLiveOnce(key, String(adId), ttlMs);
        if (parse(await records.lastLive(key))?.adId === String(adId)) return;
        // The store's clock, like every ask time it is compared with: skew between processes
        // must not place this ad before an ask it followed.
        const record: PreviousLive = { adId: String(adId), at: await store.clock() };
        await records.noteLive(key, JSON.stringify(record), ttlMs);
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        decide(
          call.log,
          "store",
          "modify",
          `the live ad was not recorded in the shared store (${error.store})`,
        );
      }
    },
  };
}

/** The request with the ad that went live and a sentence saying so, first in the message. */
export function withPreviousLive(request: ConfirmRequest, previous: PreviousLive): ConfirmRequest {
  const when = new Date(previous.at).toISOString().replace(/\.\d{3}Z$/, "Z");
  const warning =
    `An identical ad already went live: ad ${previous.adId}, at ${when} (${ago(previous.at)}). ` +
    "Approving this creates a second live copy; decline if that one is the ad you meant.";
  return { ...request, previousLive: previous, message: `${warning} ${request.message}` };
}

function ago(at: number): string {
  const s = Math.max(0, Math.round((Date.now() - at) / 1000));
  if (s < 90) return `${s} s ago`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

function parse(value: string | null): PreviousLive | undefined {
  if (value === null) return undefined;
  try {
    const record = JSON.parse(value) as Partial<PreviousLive>;
    return typeof record.adId === "string" && typeof record.at === "number"
      ? { adId: record.adId, at: record.at }
      : undefined;
  } catch {
    return undefined;
  }
}
