import type { ArgsMode, MatchMode } from "./schema.js";

// Trajectory matching in the spirit of agentevals: the calls an agent made against a reference.

/** A tool call as made: its name and arguments. */
export interface CallShape {
  name: string;
  args: Record<string, unknown>;
}

/** A reference call: a name, and optionally the arguments to compare and how. */
export interface ReferenceCall {
  name: string;
  args?: Record<string, unknown>;
  argsMatch?: ArgsMode;
}

export interface MatchResult {
  pass: boolean;
  /** Why it failed, for the report; empty on a pass. */
  detail: string;
}

/** Deep equality of JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]))
    );
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
}

/**
 * True when `whole` contains `part`: every key of an object in `part` is in `whole` with a
 * contained value; arrays must have the same length with contained items; other values are equal.
 */
export function contains(whole: unknown, part: unknown): boolean {
  if (Array.isArray(part)) {
    return (
      Array.isArray(whole) && whole.length === part.length && part.every((x, i) => contains(whole[i], x))
    );
  }
  if (isRecord(part)) {
    return isRecord(whole) && Object.entries(part).every(([k, v]) => k in whole && contains(whole[k], v));
  }
  return whole === part;
}

/** Compares the arguments of a call with a reference's, by the mode. */
export function argsMatch(
  actual: Record<string, unknown>,
  expected: Record<string, unknown>,
  mode: ArgsMode,
): boolean {
  switch (mode) {
    case "ignore":
      return true;
    case "exact":
      return deepEqual(actual, expected);
    case "superset":
      return contains(actual, expected);
    case "subset":
      return contains(expected, actual);
  }
}

/** True when a call matches a reference: same name and, when the reference gives args, matching args. */
export function callMatches(
  call: CallShape,
  ref: ReferenceCall,
  defaultMode: ArgsMode = "superset",
): boolean {
  if (call.name !== ref.name) return false;
  if (ref.args === undefined) return true;
  return argsMatch(call.args, ref.args, ref.argsMatch ?? defaultMode);
}

/**
 * Matches a trajectory against a reference.
 * - strict: the same calls in the same order;
 * - unordered: the same calls in any order;
 * - subset: every call made appears in the reference (no call beyond it);
 * - superset: every reference call was made (others may have been made too).
 * Calls pair one to one: a reference call listed twice must be made twice.
 */
export function matchTrajectory(
  actual: readonly CallShape[],
  reference: readonly ReferenceCall[],
  mode: MatchMode,
  defaultArgs: ArgsMode = "superset",
): MatchResult {
  const ok = (i: number, j: number) => callMatches(actual[i]!, reference[j]!, defaultArgs);
  const names = (calls: readonly { name: string }[]) => `[${calls.map((c) => c.name).join(", ")}]`;
  const got = `made ${names(actual)}, expected (${mode}) ${names(reference)}`;

  if (mode === "strict") {
    if (actual.length !== reference.length) {
      return { pass: false, detail: `${got}: ${actual.length} calls, expected ${reference.length}` };
    }
    const bad = actual.findIndex((_, i) => !ok(i, i));
    return bad < 0 ? { pass: true, detail: "" } : { pass: false, detail: `${got}: call #${bad + 1} differs` };
  }

  const pairs = maxMatching(actual.length, reference.length, ok);
  if (mode === "unordered") {
    const pass = actual.length === reference.length && pairs === reference.length;
    return pass ? { pass, detail: "" } : { pass, detail: `${got}: ${pairs} of the calls pair up` };
  }
  if (mode === "subset") {
    const pass = pairs === actual.length;
    return pass
      ? { pass, detail: "" }
      : { pass, detail: `${got}: ${actual.length - pairs} call(s) not in the reference` };
  }
  const pass = pairs === reference.length;
  return pass
    ? { pass, detail: "" }
    : { pass, detail: `${got}: ${reference.length - pairs} reference call(s) not made` };
}

/** Size of a maximum one-to-one matching between left and right items (Kuhn's augmenting paths). */
function maxMatching(left: number, right: number, edge: (l: number, r: number) => boolean): number {
  const owner = new Array<number>(right).fill(-1);
  const augment = (l: number, seen: boolean[]): boolean => {
    for (let r = 0; r < right; r++) {
      if (seen[r] || !edge(l, r)) continue;
      seen[r] = true;
      if (owner[r] === -1 || augment(owner[r]!, seen)) {
        owner[r] = l;
        return true;
      }
    }
    return false;
  };
  let size = 0;
  for (let l = 0; l < left; l++) if (augment(l, new Array<boolean>(right).fill(false))) size++;
  return size;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
