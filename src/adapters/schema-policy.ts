import { z } from "zod";
import type { AdTool, AdToolkit, JsonSchema } from "../types.js";
import { fromText, stripNulls } from "./schema-input.js";

// The one policy for what providers are shown: the JSON Schema of each tool, its strict flag, and
// how a model's input is read back. Every adapter uses it, so a tool looks the same to every
// framework and provider. Framework-neutral: nothing here imports a framework.

/** A JSON Schema as plain data. */
export type { JsonSchema };
export { stripNulls };

const draftCache = new WeakMap<AdTool, JsonSchema>();
const schemaCache = new WeakMap<AdTool, JsonSchema>();
const explicitCache = new WeakMap<AdTool, JsonSchema>();

/**
 * The JSON Schema a model is shown for a tool, built once from the toolkit's model-facing zod
 * schema and handed unchanged to every framework, so every adapter describes a tool identically.
 * It is the catalog's input in draft-07 terms with nothing that carries no meaning: objects the
 * catalog closes (groups A to C) say `additionalProperties: false`, objects whose extra fields are
 * dropped or whose inner fields the spec does not show leave it out, and empty `properties` and
 * empty `additionalProperties` are not sent. Every enum, bound, default and required field stays.
 * Arrays keep `items`, even `{}`, because OpenAI refuses an array without it. String formats that
 * Gemini's function declarations refuse (all but `date-time`) are left out or said in the
 * description; the toolkit checks them either way.
 */
export function modelJsonSchema(tool: AdTool): JsonSchema {
  const cached = schemaCache.get(tool);
  if (cached) return cached;
  const lean = leanRoot(mapSchema(draft7(tool), (node) => leanNode(withoutFormat(node))));
  schemaCache.set(tool, lean);
  return lean;
}

/**
 * The same schema with every object stated in full: closed with `additionalProperties: false`
 * (as the AI SDK does for zod) unless its inner fields are open, which it marks with
 * `additionalProperties: {}`. Strict-mode conversion needs that distinction, which the lean
 * schema of {@link modelJsonSchema} leaves implicit.
 */
export function explicitJsonSchema(tool: AdTool): JsonSchema {
  const cached = explicitCache.get(tool);
  if (cached) return cached;
  const closed = mapSchema(draft7(tool), (node) => closeObject(withoutFormat(node)));
  explicitCache.set(tool, closed);
  return closed;
}

// Converted once per tool (the conversion is most of a server's start): both schemas derive from
// it by copying, never by changing it.
function draft7(tool: AdTool): JsonSchema {
  const cached = draftCache.get(tool);
  if (cached) return cached;
  const raw = z.toJSONSchema(tool.inputSchema, {
    target: "draft-7",
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  const { $schema: _dialect, ...schema } = raw;
  draftCache.set(tool, schema);
  return schema;
}

function leanNode(node: JsonSchema): JsonSchema {
  const out = { ...node };
  if (isRecord(out.properties) && Object.keys(out.properties).length === 0) delete out.properties;
  if (isRecord(out.additionalProperties) && Object.keys(out.additionalProperties).length === 0)
    delete out.additionalProperties;
  return out;
}

// A tool that takes no fields is shown closed, so a model does not read it as taking any object.
function leanRoot(schema: JsonSchema): JsonSchema {
  if (schema.properties === undefined && schema.additionalProperties === undefined) {
    return { ...schema, additionalProperties: false };
  }
  return schema;
}

function closeObject(node: JsonSchema): JsonSchema {
  if (isObjectSchema(node) && node.additionalProperties === undefined) {
    return { ...node, additionalProperties: false };
  }
  return node;
}

// Gemini answers 400 to any string format but `enum` and `date-time` ("only 'enum' and 'date-time'
// are supported for STRING type"). A URL field is named as one, so `uri` adds nothing a model needs;
// a date says its shape in words.
const FORMAT_WORDS: Record<string, string> = { date: "YYYY-MM-DD" };

function withoutFormat(node: JsonSchema): JsonSchema {
  if (typeof node.format !== "string" || node.format === "date-time") return node;
  const { format, ...rest } = node;
  const words = FORMAT_WORDS[format];
  if (words === undefined) return rest;
  return {
    ...rest,
    description: typeof rest.description === "string" ? `${rest.description} (${words})` : words,
  };
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
export type StrictSchema =
  | {
      strict: true;
      schema: JsonSchema;
      /** Where an open part is sent as JSON text (with `openAsText`): property names, "[]" for items. */
      textPaths?: string[][];
    }
  | { strict: false; reason: string };

const strictCache = new WeakMap<JsonSchema, StrictSchema>();
const textCache = new WeakMap<JsonSchema, StrictSchema>();

// How an open part is described when it is sent as JSON text: a few words, since it is repeated on
// every open part of the catalog (the longer sentence with an example cost 490 tokens).
const openAsText = (node: JsonSchema) =>
  node.type === "object" ? "JSON object text" : node.type === "array" ? "JSON array text" : "JSON text";

/**
 * Rewrites a model schema for OpenAI strict mode: every property required, optional ones nullable
 * (`type: [T, "null"]`), `additionalProperties: false` on every object, and the keywords strict
 * mode does not accept (bounds, formats, patterns, defaults) stated in the description instead;
 * the toolkit still enforces them. A schema with open parts (an object whose fields the spec does
 * not show, an array of any) cannot be strict; the reason says which part.
 */
export function strictJsonSchema(schema: JsonSchema, options: { openAsText?: boolean } = {}): StrictSchema {
  const cache = options.openAsText ? textCache : strictCache;
  const cached = cache.get(schema);
  if (cached) return cached;
  let result: StrictSchema;
  try {
    const textPaths: string[][] | undefined = options.openAsText ? [] : undefined;
    const strict = strictNode(schema, "input", { keys: [], textPaths });
    result = { strict: true, schema: strict, ...(textPaths?.length ? { textPaths } : {}) };
  } catch (error) {
    if (!(error instanceof NotStrict)) throw error;
    result = { strict: false, reason: error.message };
  }
  cache.set(schema, result);
  return result;
}

class NotStrict extends Error {}

/** Where strictNode is: the property path so far, and the open parts sent as text when collected. */
interface Walk {
  keys: string[];
  textPaths?: string[][];
}

function strictNode(node: JsonSchema, path: string, walk: Walk): JsonSchema {
  try {
    return strictShape(node, path, walk);
  } catch (error) {
    // An open part that strict mode cannot state goes as JSON text, read back by toInput.
    if (!(error instanceof NotStrict) || !walk.textPaths || walk.keys.length === 0) throw error;
    const inside = (p: string[]) => walk.keys.every((key, i) => p[i] === key);
    const kept = walk.textPaths.filter((p) => !inside(p));
    walk.textPaths.splice(0, walk.textPaths.length, ...kept, walk.keys);
    const text = openAsText(node);
    const said = typeof node.description === "string" ? `${node.description} (${text})` : text;
    return { type: "string", description: said };
  }
}

function strictShape(node: JsonSchema, path: string, walk: Walk): JsonSchema {
  const out: JsonSchema = {};
  const moved: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (STRICT_KEYWORDS.has(key)) out[key] = value;
    else if (key !== "title" && key !== "$schema") moved.push(constraintText(key, value));
  }
  if (Array.isArray(out.anyOf)) {
    out.anyOf = out.anyOf.map((item, i) =>
      strictNode(item as JsonSchema, `${path}.anyOf[${i}]`, { ...walk, textPaths: undefined }),
    );
  }
  if (isObjectSchema(node)) {
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      throw new NotStrict(`${path} is an object with open fields`);
    }
    const properties = isRecord(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => {
        const inner = strictNode(value as JsonSchema, `${path}.${key}`, {
          ...walk,
          keys: [...walk.keys, key],
        });
        return [key, required.has(key) ? inner : nullable(inner)];
      }),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  } else if (node.type === "array" || (Array.isArray(node.type) && node.type.includes("array"))) {
    if (!isRecord(node.items) || !isTyped(node.items) || isAnyValue(node.items))
      throw new NotStrict(`${path} is an array of any value`);
    out.items = strictNode(node.items, `${path}[]`, { ...walk, keys: [...walk.keys, "[]"] });
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

// Items of any value (the tools' anyArray) name every type, yet stay open: a list of types, or one
// anyOf member per type.
const ANY_TYPES = ["string", "number", "boolean", "object", "null"];
function isAnyValue(node: JsonSchema): boolean {
  const types = new Set(
    Array.isArray(node.type)
      ? node.type
      : Array.isArray(node.anyOf)
        ? node.anyOf.map((item) => (isRecord(item) ? item.type : undefined))
        : [],
  );
  return ANY_TYPES.every((type) => types.has(type));
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

/** How one tool is sent to a provider. */
export interface ProviderSchema {
  /** The JSON Schema sent as the tool's parameters. */
  schema: JsonSchema;
  /** The tool's strict flag: true only in strict mode, for a schema that strict mode accepts. */
  strict: boolean;
  /** The model's input as the toolkit will validate it: a null in an optional field becomes an absent field. */
  toInput(value: unknown): unknown;
}

/**
 * The schema, strict flag and input mapping of a tool for a provider. Default: the model schema
 * with `strict: false`, which adapters send explicitly wherever the provider takes the flag, so no
 * provider rewrites the schema into its strict mode. With `strict: true`: a schema valid in OpenAI
 * strict mode (every property required, optional ones nullable) and `strict: true`, except for tools
 * whose input has open parts, which keep the model schema and `strict: false` (see
 * {@link nonStrictTools}). In both modes a null where the model schema does not allow one is read as
 * an absent field, so a model that fills optional fields with null is not refused for it.
 */
export function providerSchema(
  tool: AdTool,
  options: { strict?: boolean; openAsText?: boolean } = {},
): ProviderSchema {
  const strict =
    options.strict === true
      ? strictJsonSchema(explicitJsonSchema(tool), { openAsText: options.openAsText })
      : undefined;
  const textPaths = strict?.strict ? strict.textPaths : undefined;
  return {
    schema: strict?.strict ? strict.schema : modelJsonSchema(tool),
    strict: strict?.strict === true,
    // The explicit schema is built at the first call, not when the tool is listed.
    toInput: (value) => stripNulls(textPaths ? fromText(value, textPaths) : value, explicitJsonSchema(tool)),
  };
}

/**
 * The schema of a LangChain tool. `@langchain/openai` has no strict flag per tool: it sends the
 * model's `supportsStrictToolCalling` on every tool, and when that is unset, `strict: null` on the
 * Responses API (the API of `model: "openai:..."`), which lets OpenAI rewrite each schema into its
 * strict mode. So unless the adapter's `strict` is `false`, every tool is sent with a schema that is
 * already valid in strict mode (optional fields nullable, open parts as JSON text read back before
 * the toolkit validates): OpenAI's rewriting then changes nothing, and `supportsStrictToolCalling:
 * true` is valid for every tool. `strict: false` sends the lean model schemas, for a model with
 * `supportsStrictToolCalling: false` or a provider that never rewrites (Anthropic).
 */
export function langchainSchema(tool: AdTool, strict: boolean | undefined): ProviderSchema {
  return strict === false ? providerSchema(tool) : providerSchema(tool, { strict: true, openAsText: true });
}

/** The toolkit's tools that stay non-strict in strict mode, each with the open part that keeps it so. */
export function nonStrictTools(toolkit: Pick<AdToolkit, "tools">): { name: string; reason: string }[] {
  const open: { name: string; reason: string }[] = [];
  for (const tool of toolkit.tools) {
    const strict = strictJsonSchema(explicitJsonSchema(tool));
    if (!strict.strict) open.push({ name: tool.name, reason: strict.reason });
  }
  return open;
}
