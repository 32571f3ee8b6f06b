import { z } from "zod";
import type { PendingConfirmation } from "../guards/approvals.js";
import { createAdTools } from "../toolkit.js";
import type { AdTool, AdToolkit, AdToolsOptions, ToolResult } from "../types.js";

// Framework-neutral helpers shared by the adapters. Nothing here imports a framework.

/** A JSON Schema as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** The toolkit an adapter wraps: the one given, or a new one built from options. */
export function resolveToolkit(toolkitOrOptions: AdToolkit | AdToolsOptions | undefined): AdToolkit {
  if (isToolkit(toolkitOrOptions)) return toolkitOrOptions;
  return createAdTools(toolkitOrOptions ?? {});
}

/** True for an adrails toolkit (rather than options for one). */
export function isToolkit(value: unknown): value is AdToolkit {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Partial<AdToolkit>;
  return (
    Array.isArray(candidate.tools) &&
    typeof candidate.call === "function" &&
    typeof candidate.get === "function"
  );
}

const schemaCache = new WeakMap<AdTool, JsonSchema>();

/**
 * The JSON Schema a model is shown for a tool, built once from the toolkit's model-facing zod
 * schema and handed unchanged to every framework, so both adapters describe a tool identically.
 * It describes the input in draft-07 terms: fields with a default are optional, every object
 * without open fields gets `additionalProperties: false` (as the AI SDK does for zod), and objects
 * whose inner fields the spec does not show stay open.
 */
export function modelJsonSchema(tool: AdTool): JsonSchema {
  const cached = schemaCache.get(tool);
  if (cached) return cached;
  const raw = z.toJSONSchema(tool.inputSchema, {
    target: "draft-7",
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  const { $schema: _dialect, ...schema } = raw;
  const closed = closeObjects(schema);
  schemaCache.set(tool, closed);
  return closed;
}

function closeObjects(schema: JsonSchema): JsonSchema {
  return mapSchema(schema, (node) => {
    if (isObjectSchema(node) && node.additionalProperties === undefined) {
      return { ...node, additionalProperties: false };
    }
    return node;
  });
}

/** Applies `visit` bottom-up to every subschema. */
function mapSchema(schema: JsonSchema, visit: (node: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (isRecord(out.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([key, value]) => [
        key,
        isRecord(value) ? mapSchema(value, visit) : value,
      ]),
    );
  }
  if (isRecord(out.items)) out.items = mapSchema(out.items, visit);
  if (isRecord(out.additionalProperties))
    out.additionalProperties = mapSchema(out.additionalProperties, visit);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((item) => (isRecord(item) ? mapSchema(item, visit) : item));
  }
  return visit(out);
}

function isObjectSchema(node: JsonSchema): boolean {
  return (
    node.type === "object" ||
    (Array.isArray(node.type) && node.type.includes("object")) ||
    isRecord(node.properties)
  );
}

function isRecord(value: unknown): value is JsonSchema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The keywords OpenAI strict mode accepts everywhere; the others move into the description. */
const STRICT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
]);

/** A tool's schema for OpenAI strict mode, or why it cannot have one. */
export type StrictSchema = { strict: true; schema: JsonSchema } | { strict: false; reason: string };

const strictCache = new WeakMap<JsonSchema, StrictSchema>();

/**
 * Rewrites a model schema for OpenAI strict mode: every property required, optional ones nullable
 * (`type: [T, "null"]`), `additionalProperties: false` on every object, and the keywords strict
 * mode does not accept (bounds, formats, patterns, defaults) stated in the description instead;
 * the toolkit still enforces them. A schema with open parts (an object whose fields the spec does
 * not show, an array of any) cannot be strict; the reason says which part.
 */
export function strictJsonSchema(schema: JsonSchema): StrictSchema {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  let result: StrictSchema;
  try {
    result = { strict: true, schema: strictNode(schema, "input") };
  } catch (error) {
    if (!(error instanceof NotStrict)) throw error;
    result = { strict: false, reason: error.message };
  }
  strictCache.set(schema, result);
  return result;
}

class NotStrict extends Error {}

function strictNode(node: JsonSchema, path: string): JsonSchema {
  const out: JsonSchema = {};
  const moved: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (STRICT_KEYWORDS.has(key)) out[key] = value;
    else if (key !== "title" && key !== "$schema") moved.push(constraintText(key, value));
  }
  if (Array.isArray(out.anyOf)) {
    out.anyOf = out.anyOf.map((item, i) => strictNode(item as JsonSchema, `${path}.anyOf[${i}]`));
  }
  if (isObjectSchema(node)) {
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      throw new NotStrict(`${path} is an object with open fields`);
    }
    const properties = isRecord(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => {
        const inner = strictNode(value as JsonSchema, `${path}.${key}`);
        return [key, required.has(key) ? inner : nullable(inner)];
      }),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  } else if (node.type === "array" || (Array.isArray(node.type) && node.type.includes("array"))) {
    if (!isRecord(node.items) || !isTyped(node.items))
      throw new NotStrict(`${path} is an array of any value`);
    out.items = strictNode(node.items, `${path}[]`);
  } else if (!isTyped(node)) {
    throw new NotStrict(`${path} accepts any value`);
  }
  if (moved.length > 0) {
    const text = moved.join("; ");
    out.description =
      typeof out.description === "string"
        ? `${out.description} (${text})`
        : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
  return out;
}

function isTyped(node: JsonSchema): boolean {
  return (
    node.type !== undefined ||
    node.enum !== undefined ||
    node.const !== undefined ||
    Array.isArray(node.anyOf)
  );
}

function nullable(node: JsonSchema): JsonSchema {
  if (typeof node.type === "string") {
    const out: JsonSchema = { ...node, type: [node.type, "null"] };
    if (Array.isArray(node.enum) && !node.enum.includes(null)) out.enum = [...node.enum, null];
    return out;
  }
  if (Array.isArray(node.type)) {
    const out: JsonSchema = node.type.includes("null")
      ? { ...node }
      : { ...node, type: [...node.type, "null"] };
    if (Array.isArray(node.enum) && !node.enum.includes(null)) out.enum = [...node.enum, null];
    return out;
  }
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: "null" }] };
  return { anyOf: [node, { type: "null" }] };
}

function constraintText(key: string, value: unknown): string {
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  switch (key) {
    case "default":
      return `default ${shown}`;
    case "minLength":
      return `at least ${shown} characters`;
    case "maxLength":
      return `at most ${shown} characters`;
    case "minItems":
      return `at least ${shown} items`;
    case "maxItems":
      return `at most ${shown} items`;
    case "minimum":
      return `minimum ${shown}`;
    case "maximum":
      return `maximum ${shown}`;
    case "exclusiveMinimum":
      return `greater than ${shown}`;
    case "exclusiveMaximum":
      return `less than ${shown}`;
    default:
      return `${key} ${shown}`;
  }
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

/** Whether a result is an error for the framework: everything but a plain success. */
export function isErrorResult(result: ToolResult): boolean {
  return result.ok !== true;
}

/**
 * Remembers when a confirmation was first asked for, so an approval given later carries that time
 * and the toolkit can expire it. A later ask for the same call never refreshes the time: frameworks
 * re-run the ask on resume, and a refresh would make a stale approval look fresh. The log keeps the
 * newest `maxEntries` asks; it is per process, so an approval answered in another process is timed
 * from when this process first saw it.
 */
export interface AskLog {
  asked(key: string): void;
  take(key: string): number | undefined;
}

export function createAskLog(maxEntries = 10_000): AskLog {
  const askedAt = new Map<string, number>();
  return {
    asked(key) {
      if (askedAt.has(key)) return;
      askedAt.set(key, Date.now());
      // Maps iterate in insertion order, so the first key is the oldest ask.
      if (askedAt.size > maxEntries) askedAt.delete(askedAt.keys().next().value!);
    },
    take(key) {
      const at = askedAt.get(key);
      askedAt.delete(key);
      return at;
    },
  };
}

/**
 * The confirmations a model's message asks for, found from one of its tool calls: the ACTIVE
 * pushes among the calls of the message holding `toolCallId`. Undefined when the message is not
 * in `messages`, so the caller cannot tell how many a person was asked about.
 */
export function pendingConfirmations(
  toolkit: AdToolkit,
  messages: readonly unknown[] | undefined,
  toolCallId: string | undefined,
): PendingConfirmation[] | undefined {
  if (!messages || toolCallId === undefined) return undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const calls = (messages[i] as { tool_calls?: unknown } | null)?.tool_calls;
    if (!Array.isArray(calls) || !calls.some((call) => stringField(call, "id") === toolCallId)) continue;
    const pending: PendingConfirmation[] = [];
    for (const call of calls as { id?: unknown; name?: unknown; args?: unknown }[]) {
      const request =
        typeof call?.name === "string" ? toolkit.get(call.name)?.confirmationRequest(call.args) : null;
      if (!request) continue;
      const id = stringField(call, "id");
      pending.push(
        id === undefined
          ? { fingerprint: request.fingerprint }
          : { toolCallId: id, fingerprint: request.fingerprint },
      );
    }
    return pending;
  }
  return undefined;
}

/** A string field of a record, if it is a non-empty string. */
export function stringField(value: unknown, key: string): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "string" && field !== "" ? field : undefined;
}

/** The result for a failure inside the adapter itself; it names no input and no secret. */
export function adapterFault(tool: string): ToolResult {
  return {
    ok: false,
    status: null,
    error: `adrails failed while handling the ${tool} call in the framework adapter.`,
    hint: "This is a fault in the tool layer, not in your input. Tell the user; do not repeat the call.",
    retryable: false,
  };
}
