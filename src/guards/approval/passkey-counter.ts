import type { AdStore } from "../../store/index.js";

// An authenticator that keeps a signature counter raises it on every assertion: a counter that
// goes back means another device signed with a copy of the key. The verifier keeps the highest
// counter seen per credential (with the decision time it signed) in the store, moved by a
// compare-and-set. The store is transport: this is a defence in depth next to the signature, which
// is the proof. Approvals are redeemed in any order, so an older decision with a lower counter than
// a newer one is consistent; a newer decision with a counter not above an older one's is not.

/** The store's passkey counters as the verifier uses them. */
export interface PasskeyCounters {
  read(credential: string): Promise<string | null>;
  swap(credential: string, expected: string | null, next: string): Promise<boolean>;
}

/** Kept longer than any approval lives: a year after the credential's last use. */
const KEEP_MS = 366 * 24 * 3600_000;

/** The counters of `store`, or undefined when it keeps none. */
export function storePasskeyCounters(store: AdStore): PasskeyCounters | undefined {
  if (!store.passkeyCounter || !store.swapPasskeyCounter) return undefined;
  const read = store.passkeyCounter.bind(store);
  const swap = store.swapPasskeyCounter.bind(store);
  return {
    read: (credential) => read(`passkey\n${credential}`),
    swap: (credential, expected, next) => swap(`passkey\n${credential}`, expected, next, KEEP_MS),
  };
}

interface Seen {
  counter: number;
  at: number;
  /** The assertion's signature: the same assertion checked again is not a new use. */
  signature: string;
}

function parse(value: string | null): Seen | null {
  if (value === null) return null;
  try {
    const seen = JSON.parse(value) as Seen;
    return Number.isInteger(seen.counter) && Number.isFinite(seen.at) && typeof seen.signature === "string"
      ? seen
      : null;
  } catch {
    return null;
  }
}

/**
 * Why this use of `credential` (its counter, the decision time it signed, its signature) does not
 * follow what was seen before, or undefined when it does. Records it when it is the newest.
 */
export async function counterProblem(
  counters: PasskeyCounters | undefined,
  credential: string,
  use: Seen,
): Promise<string | undefined> {
  if (!counters) return undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const raw = await counters.read(credential);
    const seen = parse(raw);
    if (seen?.signature === use.signature) return undefined;
    if (use.counter === 0) {
      // An authenticator that keeps no counter always says 0; one that kept one never goes back to 0.
      return seen && seen.counter > 0 ? backwards(credential, use.counter, seen.counter) : undefined;
    }
    if (seen && use.at < seen.at) {
      // An older decision redeemed after a newer one: its counter must be below the newer one's.
      return use.counter < seen.counter ? undefined : backwards(credential, seen.counter, use.counter);
    }
    if (seen && use.counter <= seen.counter) return backwards(credential, use.counter, seen.counter);
    if (await counters.swap(credential, raw, JSON.stringify(use))) return undefined;
  }
  return `the signature counter of passkey ${credential} is moving under many checks at once: try again`;
}

function backwards(credential: string, later: number, earlier: number): string {
  return `the signature counter of passkey ${credential} went backwards (${later} on a later use, ${earlier} before): a copy of the key may be signing, so it counts for nothing`;
}
