import type { Outcome } from "../client/outcome.js";
import type { ToolDefinition } from "../tools/define.js";
import { classifyConflict } from "./conflicts.js";
import { canonicalJson, digest } from "./fingerprint.js";

/** Prefix of every id adrails derives, so the service's logs show where an id came from. */
export const ID_PREFIX = "adr_";

/** A model-sent retry key, checked: kept when valid, otherwise dropped with a note. */
export type CheckedId = { id?: string; note?: string };

/** Keeps a model-sent retry key only when the tool's own field accepts it and it is not blank. */
export function checkGivenId(def: ToolDefinition, given: unknown): CheckedId {
  const name = def.idField?.name;
  if (!name || given === undefined) return {};
  const field = def.input.shape[name] as { safeParse(v: unknown): { success: boolean } } | undefined;
  const valid = typeof given === "string" && given.trim() !== "" && (field?.safeParse(given).success ?? true);
  if (valid) return { id: given };
  const rule = name === "request_id" ? "a string of 8 to 128 characters" : "a non-empty string";
  // Worded so it holds whatever happens next: the call may still be refused before anything is sent.
  return {
    note: `The ${name} you sent was not valid (it must be ${rule}) and was ignored; leave it out and adrails supplies one.`,
  };
}

/** Model-chosen retry keys, each with the change it was first sent for. */
export interface GivenKeys {
  /**
   * False when `key` was already sent for another change of `tool` in `account`: the service would
   * answer with that change's outcome, so the call would report a change it never made.
   */
  fits(tool: string, account: unknown, key: string, change: string): boolean;
}

/** Remembers up to `max` model-chosen keys of one toolkit; the oldest are forgotten first. */
export function createGivenKeys(max = 10_000): GivenKeys {
  const changes = new Map<string, string>();
  return {
    fits(tool, account, key, change) {
      const slot = `${tool}\n${String(account ?? "")}\n${key}`;
      const earlier = changes.get(slot);
      if (earlier !== undefined) return earlier === change;
      if (changes.size >= max) changes.delete(changes.keys().next().value!);
      changes.set(slot, change);
      return true;
    },
  };
}

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
}

/**
 * Deterministic retry keys. Within one scope (a session, conversation or thread), the same tool
 * and the same intended change give the same id, so repeats replay instead of duplicating. After
 * a definitive refusal the change moves on to the next generation and so to a fresh id. For a
 * write that sets an entity's state, once a different change to that entity may have been
 * applied, the ids of every other change to it are retired: repeating one of them gets a fresh id
 * and really sets the state again, while repeating the latest change still replays.
 */
export interface RequestIds {
  derive(scope: string, tool: string, changeFingerprint: string, target?: string): DerivedId;
  /**
   * Records the outcome of a write. Call it for every write of a tool with a retry key, also when
   * the model chose the key, so a change it made retires the others. Returns true when the
   * change's own id was retired.
   */
  settle(derived: DerivedId, outcome: Outcome): boolean;
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
export function createRequestIds(): RequestIds {
  // Only changes that were refused are stored, so the map grows with refusals, not with calls.
  const generations = new Map<string, number>();
  // One entry per entity whose state was set; keyed across scopes, so two conversations toggling
  // the same alert through one toolkit do not replay each other's stale answers.
  const targets = new Map<string, TargetState>();
  return {
    derive(scope, tool, changeFingerprint, target) {
      const slot = `${scope}\n${tool}\n${changeFingerprint}`;
      const generation = generations.get(slot) ?? 0;
      const state = target === undefined ? undefined : targets.get(target);
      const epoch = state === undefined ? 0 : state.last === slot ? state.kept! : state.epoch;
      // Epoch 0 leaves the text as it was before targets existed, so those ids stay stable.
      const text = epoch === 0 ? `${slot}\n${generation}` : `${slot}\n${generation}\n${epoch}`;
      const derived: DerivedId = { id: `${ID_PREFIX}${digest(text)}`, slot, generation, epoch };
      if (target !== undefined) derived.target = target;
      return derived;
    },
    settle(derived, outcome) {
      if (derived.target !== undefined && mayHaveApplied(outcome)) {
        const state = targets.get(derived.target);
        if (state?.last !== derived.slot) {
          targets.set(derived.target, {
            epoch: (state?.epoch ?? 0) + 1,
            last: derived.slot,
            kept: derived.epoch,
          });
        }
      }
      if (!isDefinitiveRefusal(outcome)) return false;
      // Two calls that shared one id share one refusal: move on once, not twice.
      if ((generations.get(derived.slot) ?? 0) !== derived.generation) return false;
      generations.set(derived.slot, derived.generation + 1);
      return true;
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
