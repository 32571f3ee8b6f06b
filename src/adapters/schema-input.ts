import type { JsonSchema } from "../types.js";

// How a model's input is read back before the toolkit validates it: the nulls a strict-mode model
// sends for optional fields, and open parts it was asked to send as JSON text.

function isRecord(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Maps the nulls a strict-mode model sends for optional fields back to absent fields, guided by
 * the original (non-strict) schema. A null stays where the original schema allows null.
 */
export function stripNulls(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) {
    return isRecord(schema.items) ? value.map((item) => stripNulls(item, schema.items as JsonSchema)) : value;
  }
  if (!isRecord(value) || !isRecord(schema.properties)) return value;
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const inner = properties[key];
    if (item === null && !required.has(key) && !(isRecord(inner) && allowsNull(inner))) continue;
    out[key] = isRecord(inner) ? stripNulls(item, inner) : item;
  }
  return out;
}

function allowsNull(node: JsonSchema): boolean {
  if (node.type === "null" || (Array.isArray(node.type) && node.type.includes("null"))) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((item) => isRecord(item) && allowsNull(item));
}

/** Parses the open parts a model sent as JSON text; text that is not JSON stays for validation to refuse. */
export function fromText(value: unknown, paths: readonly string[][]): unknown {
  let out = value;
  for (const path of paths) out = parseAt(out, path);
  return out;
}

function parseAt(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  const [key, ...rest] = path;
  if (key === "[]") return Array.isArray(value) ? value.map((item) => parseAt(item, rest)) : value;
  if (!isRecord(value) || !(key! in value)) return value;
  return { ...value, [key!]: parseAt(value[key!], rest) };
}
