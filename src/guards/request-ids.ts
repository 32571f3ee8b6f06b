import type { Outcome } from "../client/outcome.js";
import type { ToolDefinition } from "../tools/define.js";
import { classifyConflict } from "./conflicts.js";
import { digest } from "./fingerprint.js";

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
  return { note: `The ${name} you sent was not valid (it must be ${rule}); adrails used its own.` };
}

/** Where a derived id came from, so a refusal can move that change on to a fresh id. */
export interface DerivedId {
  id: string;
  slot: string;
  generation: number;
}

/**
 * Deterministic retry keys. Within one scope (a session, conversation or thread), the same tool
 * and the same intended change give the same id, so repeats replay instead of duplicating. After
 * a definitive refusal the change moves on to the next generation and so to a fresh id.
 */
export interface RequestIds {
  derive(scope: string, tool: string, changeFingerprint: string): DerivedId;
  /** Records the outcome of a call made with a derived id. Returns true when the id was retired. */
  settle(derived: DerivedId, outcome: Outcome): boolean;
}

/** Creates the deterministic retry-key source of one toolkit. */
export function createRequestIds(): RequestIds {
  // Only changes that were refused are stored, so the map grows with refusals, not with calls.
  const generations = new Map<string, number>();
  return {
    derive(scope, tool, changeFingerprint) {
      const slot = `${scope}\n${tool}\n${changeFingerprint}`;
      const generation = generations.get(slot) ?? 0;
      return { id: `${ID_PREFIX}${digest(`${slot}\n${generation}`)}`, slot, generation };
    },
    settle(derived, outcome) {
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
