import { sha256Hex } from "../hashing.js";

/**
 * JSON with object keys sorted at every depth, so equal bodies give equal text whatever the key
 * order. Undefined object members are left out and non-finite numbers become null, as JSON.stringify
 * does. Top-level keys in `omit` are left out too.
 */
export function canonicalJson(value: unknown, omit?: ReadonlySet<string>): string {
  const direct = write(value, omit, 0);
  if (direct !== UNUSUAL) return direct ?? "null";
  return JSON.stringify(sorted(value, omit)) ?? "null";
}

/** What {@link write} returns for a value it leaves to the general path. */
const UNUSUAL: unique symbol = Symbol("unusual");
/** Deeper than any body; past it (or on a cycle) the general path decides, and throws as JSON does. */
const MAX_DEPTH = 64;

/**
 * The canonical text of plain JSON data, written in one pass without copying: what
 * `JSON.stringify(sorted(value))` gives, for the bodies every call fingerprints. Undefined for a
 * value JSON leaves out. Anything whose text depends on more than its keys and values (toJSON,
 * class instances, boxed primitives, bigints, array-index keys, which objects order numerically)
 * returns UNUSUAL and goes the general way.
 */
function write(
  value: unknown,
  omit: ReadonlySet<string> | undefined,
  depth: number,
): string | undefined | typeof UNUSUAL {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
    case "bigint":
      return UNUSUAL;
  }
  if (value === null) return "null";
  if (depth > MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === "function") return UNUSUAL;
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) {
      const item = write(value[i], undefined, depth + 1);
      if (item === UNUSUAL) return UNUSUAL;
      text += `${i === 0 ? "" : ","}${item ?? "null"}`;
    }
    return `${text}]`;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return UNUSUAL;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (const key of keys) {
    const first = key.charCodeAt(0);
    if (first >= 48 && first <= 57) return UNUSUAL;
  }
  keys.sort();
  let text = "{";
  let empty = true;
  for (const key of keys) {
    if (omit?.has(key)) continue;
    const member = write(record[key], undefined, depth + 1);
    if (member === UNUSUAL) return UNUSUAL;
    if (member === undefined) continue;
    text += `${empty ? "" : ","}${JSON.stringify(key)}:${member}`;
    empty = false;
  }
  return `${text}}`;
}

/** `value` with every object's keys in order, copying only the objects that need it. */
function sorted(value: unknown, omit?: ReadonlySet<string>): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = sorted(value[i]);
      if (item === value[i]) continue;
      copy ??= value.slice();
      copy[i] = item;
    }
    return copy ?? value;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return value;
  const record = value as Record<string, unknown>;
  let keys = Object.keys(record);
  let changed = false;
  if (omit && keys.some((key) => omit.has(key))) {
    keys = keys.filter((key) => !omit.has(key));
    changed = true;
  }
  for (let i = 1; i < keys.length && !changed; i++) changed = keys[i - 1]! > keys[i]!;
  let members: Map<string, unknown> | undefined;
  for (const key of keys) {
    const member = record[key];
    if (typeof member !== "object" || member === null) continue;
    const clean = sorted(member);
    if (clean === member) continue;
    members ??= new Map();
    members.set(key, clean);
  }
  if (!changed && !members) return value;
  // A prototype-free copy, so a "__proto__" key stays an ordinary member.
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of keys.sort()) copy[key] = members?.has(key) ? members.get(key) : record[key];
  return copy;
}

/** SHA-256 of `text`, hex, cut to `chars` characters (128 bits by default). */
export function digest(text: string, chars = 32): string {
  return sha256Hex(text).slice(0, chars);
}

/**
 * Fingerprint of one tool's payload: `fp_` and 128 bits of SHA-256 over the tool name and the
 * canonical body, leaving out the top-level keys in `omit`.
 */
export function fingerprint(tool: string, body: unknown, omit?: ReadonlySet<string>): string {
  return `fp_${digest(`${tool}\n${canonicalJson(body, omit)}`)}`;
}

const NOT_THE_CHANGE = new Map<string | undefined, ReadonlySet<string>>();

/**
 * The fields that never count as part of the intended change: the retry key and the confirmation.
 * Pass it as `omit` to {@link fingerprint}.
 */
export function retryKeys(idField: string | undefined): ReadonlySet<string> {
  let keys = NOT_THE_CHANGE.get(idField);
  if (!keys) {
    keys = new Set(idField ? [idField, "hard_confirm_text"] : ["hard_confirm_text"]);
    NOT_THE_CHANGE.set(idField, keys);
  }
  return keys;
}
