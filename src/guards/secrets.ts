import { holdsSecret, redact } from "../client/redact.js";

/**
 * A copy of `value` with the API key, and anything shaped like a key, replaced in every string.
 * Returns `value` itself when nothing needed replacing, which is the usual case.
 */
export function redactDeep<T>(value: T, key?: string): T {
  // One native serialisation finds the usual clean value faster than walking it in JavaScript.
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text !== undefined && !holdsSecret(text, key)) return value;
  return scrub(value, key) as T;
}

/**
 * {@link redactDeep} for a ToolResult, skipping its `data`: `data` only ever holds an answer of the
 * client, which redacts every answer's text before parsing it. The members adrails wrote itself
 * (errors, hints, notes, parts of a 207) are still scrubbed, since they can quote the model's input.
 */
export function redactResult<T extends object>(result: T, key?: string): T {
  let copy: Record<string, unknown> | undefined;
  const record = result as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (name === "data") continue;
    const member = record[name];
    const clean = scrub(member, key);
    if (clean === member) continue;
    copy ??= { ...record };
    copy[name] = clean;
  }
  return (copy ?? result) as T;
}

function scrub(value: unknown, key: string | undefined): unknown {
  if (typeof value === "string") {
    return holdsSecret(value, key) ? redact(value, key) : value;
  }
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const clean = scrub(value[i], key);
      if (clean === value[i]) continue;
      copy ??= value.slice();
      copy[i] = clean;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    const member = record[name];
    const clean = scrub(member, key);
    const cleanName = scrub(name, key) as string;
    if (clean !== member || cleanName !== name) {
      copy ??= { ...record };
      if (cleanName !== name) delete copy[name];
      copy[cleanName] = clean;
    }
  }
  return copy ?? value;
}
