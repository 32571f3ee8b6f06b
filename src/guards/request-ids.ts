import type { Outcome } from "../client/outcome.js";
import { ExpiringMap } from "../store/expiring.js";
import { classifyConflict } from "./conflicts.js";
import { canonicalJson, digest } from "./fingerprint.js";

/** Prefix of every id adrails derives, so the service's logs show where an id came from. */
export const ID_PREFIX = "adr_";

/**
 * The fields naming the entity whose state a tool's write sets, for the tools with a retry key
 * whose writes set state rather than create something. Toggling such an entity (dismiss, restore,
 * dismiss) repeats an earlier body; replaying the earlier answer would report a state that no
 * longer holds. Writes that create (ads, runs, experiment results) are left out on purpose: a
 * repeat after some other write must still replay, or an ambiguous failure followed by an
 * unrelated write would let the retry create a duplicate.
 */
export const STATE_TARGETS: Readonly<Record<string, readonly string[]>> = {
  "dismiss-competitor-change-alert": ["alert_id"],
};

/** The entity a write sets the state of, as a key, or undefined when the tool sets no state. */
export function targetOf(tool: string, body: Record<string, unknown>): string | undefined {
  const fields = STATE_TARGETS[tool];
  if (!fields) return undefined;
  const values = fields.map((field) => body[field]);
  if (values.some((value) => value === undefined || value === null)) return undefined;
  return `${tool}\n${canonicalJson(values)}`;
}

/** Where a derived id came from, so later outcomes can move changes on to fresh ids. */
export interface DerivedId {
  id: string;
  slot: string;
  generation: number;
  /** The entity whose state the change sets (see {@link targetOf}). */
  target?: string;
  /** How many times the target's ids had been retired when this id was derived. */
  epoch: number;
  /**
   * The id an earlier send of this same change went out with and got no answer on whether it was
   * applied. Every repeat must send it again, whoever chose it, until an answer says it was applied.
   */
  pinned?: string;
}

/**
 * The per-change state behind request ids, Promise-returning so that a store shared by a fleet
 * can back it; the in-memory one is the default.
 */
export interface IdLedger {
  /** How many times the change in `slot` moved on to a fresh id (0 at first). */
  generation(slot: string): Promise<number>;
  /** Moves `slot` from generation `from` to the next; false when another call already did. */
  bump(slot: string, from: number): Promise<boolean>;
  /** The id whose outcome is unknown for `slot`, if any. */
  pinned(slot: string): Promise<string | undefined>;
  /** Records that `id` went out for `slot` with an unknown outcome; the first pin stays. */
  pin(slot: string, id: string): Promise<void>;
  /** Clears the pin of `slot` if it is `id`: an answer showed that send was applied. */
  unpin(slot: string, id: string): Promise<void>;
}

/** How long a ledger keeps a generation or a pin, as the shared store does. */
const LEDGER_KEEP_MS = 7 * 24 * 3_600_000;

/** The default ledger: this process only, entries kept `ttlMs`, the maps bounded. */
export function memoryIdLedger(ttlMs = LEDGER_KEEP_MS): IdLedger {
  // Only changes that were refused or left unknown are stored, so the maps grow with those, not
  // with calls. Full of live entries, they fail closed rather than forget (ExpiringMap).
  const generations = new ExpiringMap<number>("refused changes", false);
  const pins = new ExpiringMap<string>("changes with an unknown outcome", false);
  return {
    async generation(slot) {
      return generations.get(slot) ?? 0;
    },
    async bump(slot, from) {
      if ((generations.get(slot) ?? 0) !== from) return false;
      generations.set(slot, from + 1, Date.now() + ttlMs);
      return true;
    },
    async pinned(slot) {
      return pins.get(slot);
    },
    async pin(slot, id) {
      if (pins.get(slot) === undefined) pins.set(slot, id, Date.now() + ttlMs);
    },
    async unpin(slot, id) {
      if (pins.get(slot) === id) pins.delete(slot);
    },
  };
}

/**
 * Deterministic retry keys. Within one scope (a session, conversation or thread), the same tool
 * and the same intended change give the same id, so repeats replay instead of duplicating. After
 * a definitive refusal the change moves on to the next generation and so to a fresh id, except
 * once a send of it had an unknown outcome: then it keeps that id (see {@link DerivedId.pinned})
 * until an answer shows the send was applied, whatever refusals come in between. For a write that
 * sets an entity's state, once a different change to that entity may have been applied, the ids
 * of every other change to it are retired: repeating one of them gets a fresh id and really sets
 * the state again, while repeating the latest change still replays.
 */
export interface RequestIds {
  derive(scope: string, tool: string, changeFingerprint: string, target?: string): Promise<DerivedId>;
  /**
   * Records the outcome of a write sent with `sentId`. Call it for every write of a tool with a
   * retry key, also when the model or an approval chose the key. Returns true when the change
   * moved on to a fresh id.
   */
  settle(derived: DerivedId, outcome: Outcome, sentId?: string): Promise<boolean>;
}

interface TargetState {
  /** Bumped each time the target's ids are retired; part of every id derived for it. */
  epoch: number;
  /** The change last applied (or maybe applied) to the target. */
  last?: string;
  /** The epoch under which the last change's id was derived, so its repeats keep that id. */
  kept?: number;
}

/** Creates the deterministic retry-key source of one toolkit. */
export function createRequestIds(ledger: IdLedger = memoryIdLedger()): RequestIds {
  // One entry per entity whose state was set; keyed across scopes, so two conversations toggling
  // the same alert through one toolkit do not replay each other's stale answers. Bounded: a
  // forgotten entity only lets an old toggle replay its stale answer, it never sends twice.
  const targets = new ExpiringMap<TargetState>("toggled entities", true, 10_000);
  return {
    async derive(scope, tool, changeFingerprint, target) {
      const slot = `${scope}\n${tool}\n${changeFingerprint}`;
      const [generation, pinned] = await Promise.all([ledger.generation(slot), ledger.pinned(slot)]);
      const state = target === undefined ? undefined : targets.get(target);
      const epoch = state === undefined ? 0 : state.last === slot ? state.kept! : state.epoch;
      // Epoch 0 leaves the text as it was before targets existed, so those ids stay stable.
      const text = epoch === 0 ? `${slot}\n${generation}` : `${slot}\n${generation}\n${epoch}`;
      const derived: DerivedId = { id: `${ID_PREFIX}${digest(text)}`, slot, generation, epoch };
      if (target !== undefined) derived.target = target;
      // Once another change to the same entity may have applied, replaying this one would report a state that no longer holds.
      if (pinned !== undefined && (state === undefined || state.last === slot)) derived.pinned = pinned;
      return derived;
    },
    async settle(derived, outcome, sentId = derived.id) {
      if (derived.target !== undefined && mayHaveApplied(outcome)) {
        const state = targets.get(derived.target);
        if (state?.last !== derived.slot) {
          const next = { epoch: (state?.epoch ?? 0) + 1, last: derived.slot, kept: derived.epoch };
          targets.set(derived.target, next, Date.now() + LEDGER_KEEP_MS);
        }
      }
      if (outcome.kind === "success" || outcome.kind === "partial") {
        await ledger.unpin(derived.slot, sentId);
        return false;
      }
      if (mayHaveApplied(outcome)) {
        await ledger.pin(derived.slot, sentId);
        return false;
      }
      // A refusal of a later repeat says nothing about the send whose outcome is unknown.
      if (!isDefinitiveRefusal(outcome) || (await ledger.pinned(derived.slot)) !== undefined) return false;
      // Two calls that shared one id share one refusal: move on once, not twice.
      return ledger.bump(derived.slot, derived.generation);
    },
  };
}

/** Statuses where the service refused the write and created nothing. Timeouts, drops and 5xx are not. */
const REFUSALS = new Set([400, 401, 403, 404, 410, 422]);

/**
 * True when the answer says nothing was created, so replaying the same id would only replay the
 * refusal. A 409 counts only for a spent budget or a missing confirmation: a 409 about the id
 * itself means the same change is running or done, and a fresh id would duplicate it.
 */
export function isDefinitiveRefusal(outcome: Outcome): boolean {
  if (outcome.kind !== "http-error") return false;
  if (outcome.status === 409) {
    const conflict = classifyConflict(outcome.error);
    return conflict === "budget" || conflict === "confirmation";
  }
  return REFUSALS.has(outcome.status);
}

/**
 * False only when the outcome shows the write was not applied: a definitive refusal, a rate
 * limit, a soft failure, or a call that was never sent. Everything else (success, 207, timeouts,
 * dropped connections, 5xx, a 409 about the id itself) may have changed something.
 */
export function mayHaveApplied(outcome: Outcome): boolean {
  switch (outcome.kind) {
    case "success":
    case "partial":
      return true;
    case "soft-error":
      return false;
    case "network-error":
      // Nothing was sent: a configuration problem, or the shared store failing before the send.
      return outcome.cause !== "config" && outcome.cause !== "store";
    case "http-error":
      return outcome.status !== 429 && !isDefinitiveRefusal(outcome);
  }
}
