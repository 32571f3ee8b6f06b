import { hash } from "node:crypto";

/**
 * JSON with object keys sorted at every depth, so equal bodies give equal text whatever the key
 * order. Undefined object members are left out and non-finite numbers become null, as JSON.stringify
 * does. Top-level keys in `omit` are left out too.
 */
export function canonicalJson(value: unknown, omit?: ReadonlySet<string>): string {
  return JSON.stringify(sorted(value, omit)) ?? "null";
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
  return hash("sha256", text, "hex").slice(0, chars);
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
