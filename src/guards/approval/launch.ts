import type { AdStore } from "../../store/index.js";
import type { ToolResult } from "../../types.js";
import { type DecisionLog, decide } from "../audit.js";
import type { LiveLedger } from "../live-record.js";
import { blocked } from "../results.js";

// Two identical ACTIVE pushes in flight at once (a host or model repeating a call) would each get
// their own form, and a person accepting both, neither form able to mention a live ad yet, would
// put two ads live. So one identical ACTIVE push at a time is asked and sent, fleet-wide: a second
// is refused while the first holds the claim, and an answer given before an identical ad went
// live never launches another.

/** Claims on launching one ACTIVE payload, shared through the toolkit's store. */
export interface LaunchClaims {
  /**
   * Claims `key` for `ttlMs`, waiting up to `waitMs` for another holder to let go: a release
   * function, or null when another call still holds it. An aborted `signal` ends the wait.
   * `alongside` runs in the same turn as each try at the claim, so the reads it asks for share the
   * try's round trip and run in the store after it; the last run is the one of the try that held.
   */
  take(
    key: string,
    ttlMs: number,
    waitMs: number,
    signal?: AbortSignal,
    alongside?: () => void,
  ): Promise<(() => Promise<void>) | null>;
}

const POLL_MS = 25;

/** Launch claims in `store` (per API key, as the toolkit scopes it). A crashed holder's claim expires. */
export function storeLaunchClaims(store: AdStore): LaunchClaims {
  return {
    async take(key, ttlMs, waitMs, signal, alongside) {
      const slot = `launch\n${key}`;
      const deadline = Date.now() + waitMs;
      const attempt = () => {
        const claimed = store.claim(slot, ttlMs);
        alongside?.();
        return claimed;
      };
      let token = await attempt();
      while (token === null && Date.now() < deadline && !signal?.aborted) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        token = await attempt();
      }
      if (token === null) return null;
      // A failed release only leaves the claim to expire.
      return () => store.release(slot, token).catch(() => {});
    },
  };
}

/** The claim's key: the account and the exact payload. */
export const launchKey = (account: unknown, fingerprint: string) =>
  `${typeof account === "string" ? account : ""}\n${fingerprint}`;

/** The refusal of an identical ACTIVE push while another is being asked or launched. */
export function launchBusy(notes: string[]): ToolResult {
  return blocked(
    "hard-confirmation",
    "An identical ACTIVE ad (the same payload) is already waiting for a person's answer or being launched. Nothing was sent.",
    "Wait for that call's result and do not repeat this one meanwhile: if it went live, another call would make a second live copy. If it did not, call again.",
    notes,
  );
}

/**
 * Refuses an approved ACTIVE push when an identical ad went live after the person was asked: their
 * answer was given without knowing it exists. `toldOf` is the live ad the person's form named, if
 * any. Undefined when the push may go on.
 */
export async function wentLiveSinceAsked(
  live: LiveLedger | undefined,
  call: { body: Record<string, unknown>; change: string; log: DecisionLog; notes: string[] },
  askedAt: number,
  toldOf?: string,
): Promise<ToolResult | undefined> {
  const previous = await live?.since(call.body.account_id, call.change, askedAt);
  // Times are in whole milliseconds: an ad recorded live in the millisecond of the ask counts as
  // after it, unless it is the very ad the person was told of.
  if (previous === undefined || previous.adId === toldOf) return undefined;
  const when = new Date(previous.at).toISOString().replace(/\.\d{3}Z$/, "Z");
  decide(call.log, "hard-confirmation", "refuse", `identical ad ${previous.adId} went live after the ask`);
  return blocked(
    "hard-confirmation",
    `An identical ad went live (ad ${previous.adId}, at ${when}) after the person was asked, so their answer did not know it exists. Nothing was sent.`,
    `Tell the user ad ${previous.adId} is live. Only if they want a second live copy, call again: they will be asked again and told about ad ${previous.adId}.`,
    call.notes,
  );
}
