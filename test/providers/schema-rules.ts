// The rules each provider publishes for tool schemas, written out with where they come from, and
// checked on the requests the loopback fakes of wire.ts record.

export type Json = Record<string, unknown>;

/** A tool as the provider received it, in one shape for every wire. */
export interface SentTool {
  name: string;
  description: unknown;
  parameters: Json | undefined;
  /** The tool's strict flag as sent; `absent` when the request had no such key. */
  strict: boolean | null | "absent";
}

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** Every subschema with its path: properties, items, additionalProperties and anyOf members. */
function* nodes(node: Json, path = "$", level = 0): Generator<[Json, string, number]> {
  yield [node, path, level];
  if (isRecord(node.properties)) {
    for (const [key, value] of Object.entries(node.properties))
      if (isRecord(value)) yield* nodes(value, `${path}.${key}`, level + 1);
  }
  if (isRecord(node.items)) yield* nodes(node.items, `${path}[]`, level + 1);
  if (isRecord(node.additionalProperties)) yield* nodes(node.additionalProperties, `${path}.*`, level + 1);
  if (Array.isArray(node.anyOf)) {
    for (const [i, item] of node.anyOf.entries())
      if (isRecord(item)) yield* nodes(item, `${path}.anyOf[${i}]`, level);
  }
}

const typesOf = (node: Json): unknown[] =>
  Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];

/** Plain JSON Schema hygiene every provider needs: known types, required names real properties, typed arrays. */
function jsonSchemaProblems(parameters: Json): string[] {
  const problems: string[] = [];
  for (const [node, path] of nodes(parameters)) {
    for (const t of typesOf(node))
      if (!JSON_TYPES.has(t as string)) problems.push(`${path}: type ${String(t)}`);
    if ("$ref" in node) problems.push(`${path}: $ref`);
    const keys = isRecord(node.properties) ? Object.keys(node.properties) : [];
    for (const r of (node.required as string[] | undefined) ?? [])
      if (!keys.includes(r)) problems.push(`${path}: required ${r} is not a property`);
    if (typesOf(node).includes("array") && node.items === undefined)
      problems.push(`${path}: array without items`);
  }
  return problems;
}

/**
 * OpenAI function tools (non-strict), from the API reference of Chat Completions `tools[].function`
 * and Responses `tools[]` (type function), and the function-calling guide
 * (platform.openai.com/docs/guides/function-calling): the name matches ^[a-zA-Z0-9_-]{1,64}$;
 * parameters is a JSON Schema whose root is `type: "object"` (no root anyOf/oneOf/allOf/enum/not).
 */
export function openaiFunctionProblems(tool: SentTool): string[] {
  const problems: string[] = [];
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) problems.push(`name ${tool.name}`);
  if (typeof tool.description !== "string" || tool.description === "") problems.push("no description");
  const p = tool.parameters;
  if (!p) return [...problems, "no parameters"];
  if (p.type !== "object") problems.push("root is not an object");
  for (const key of ["anyOf", "oneOf", "allOf", "enum", "not"])
    if (key in p) problems.push(`root has ${key}`);
  return [...problems, ...jsonSchemaProblems(p)];
}

// Keywords OpenAI strict mode accepts. The structured-outputs guide
// (platform.openai.com/docs/guides/structured-outputs, "Supported schemas") lists more for some
// models (pattern, format, minimum...); this is the subset accepted by every strict-capable model.
const OPENAI_STRICT_KEYWORDS = new Set([
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

/**
 * OpenAI strict mode, from the structured-outputs guide ("Supported schemas"): every object has
 * `additionalProperties: false` and lists every property in `required` (optional fields are
 * nullable instead); the root is an object, not anyOf; only supported keywords; at most 5000
 * properties in all and 10 levels of nesting.
 */
export function openaiStrictProblems(tool: SentTool): string[] {
  const problems: string[] = [];
  const p = tool.parameters ?? {};
  let properties = 0;
  let depth = 0;
  for (const [node, path, level] of nodes(p)) {
    depth = Math.max(depth, level);
    for (const key of Object.keys(node))
      if (!OPENAI_STRICT_KEYWORDS.has(key)) problems.push(`${path}: keyword ${key}`);
    if (typesOf(node).includes("object")) {
      if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
      const keys = Object.keys(isRecord(node.properties) ? node.properties : {});
      properties += keys.length;
      const required = [...((node.required as string[]) ?? [])].sort();
      if (JSON.stringify(required) !== JSON.stringify([...keys].sort()))
        problems.push(`${path}: not every property required`);
    }
    if (
      node.type === undefined &&
      node.anyOf === undefined &&
      node.enum === undefined &&
      node.const === undefined
    )
      problems.push(`${path}: no type`);
  }
  if ("anyOf" in p) problems.push("root is anyOf");
  if (properties > 5000) problems.push(`${properties} properties`);
  if (depth > 10) problems.push(`nesting depth ${depth}`);
  return problems;
}

/**
 * Anthropic Messages `tools[]` (custom tools), from docs.anthropic.com "Define tools" and the
 * Messages API reference: the name matches ^[a-zA-Z0-9_-]{1,64}$; `input_schema` is a JSON Schema
 * with `type: "object"` at the root and no anyOf/oneOf/allOf at the top level. `strict: true` is
 * never sent: strict tool use allows at most 20 strict tools, 24 optional and 16 union-typed
 * parameters across a request (structured-outputs guide, "JSON Schema limitations"), which a
 * 52-tool catalog exceeds.
 */
export function anthropicProblems(tool: SentTool): string[] {
  const problems: string[] = [];
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) problems.push(`name ${tool.name}`);
  if (typeof tool.description !== "string" || tool.description === "") problems.push("no description");
  if (tool.strict === true) problems.push("strict: true");
  const p = tool.parameters;
  if (!p) return [...problems, "no input_schema"];
  if (p.type !== "object") problems.push("root is not an object");
  for (const key of ["anyOf", "oneOf", "allOf"]) if (key in p) problems.push(`root has ${key}`);
  return [...problems, ...jsonSchemaProblems(p)];
}

// Gemini's `Schema`: "a select subset of an OpenAPI 3.0 schema object", from the Gemini API
// reference (ai.google.dev/api/caching#Schema). Fields it knows; any other is refused with
// "Invalid JSON payload received. Unknown name".
const GEMINI_FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
const GEMINI_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);
// Formats per type, from the same reference; for strings the API answers any other with "only
// 'enum' and 'date-time' are supported for STRING type".
const GEMINI_FORMATS: Record<string, Set<string>> = {
  string: new Set(["enum", "date-time"]),
  number: new Set(["float", "double"]),
  integer: new Set(["int32", "int64", "enum"]),
};

/**
 * Gemini `functionDeclarations[]`, from the Gemini API reference (FunctionDeclaration, Schema):
 * the name starts with a letter or underscore and holds letters, digits, underscores, colons,
 * dots and dashes, at most 64; `parameters` uses only the Schema fields above, one type per node
 * (case-insensitive), formats the type allows, enum values as strings, and items for arrays.
 */
export function geminiProblems(tool: SentTool): string[] {
  const problems: string[] = [];
  if (!/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(tool.name)) problems.push(`name ${tool.name}`);
  if (typeof tool.description !== "string" || tool.description === "") problems.push("no description");
  // A tool without input sends no parameters at all.
  if (tool.parameters === undefined) return problems;
  for (const [node, path] of nodes(tool.parameters)) {
    for (const key of Object.keys(node)) if (!GEMINI_FIELDS.has(key)) problems.push(`${path}: field ${key}`);
    const type = typeof node.type === "string" ? node.type.toLowerCase() : undefined;
    if (node.type !== undefined && (type === undefined || !GEMINI_TYPES.has(type)))
      problems.push(`${path}: type ${JSON.stringify(node.type)}`);
    if (node.format !== undefined && !(type && GEMINI_FORMATS[type]?.has(String(node.format))))
      problems.push(`${path}: format ${String(node.format)} on ${String(type)}`);
    if (Array.isArray(node.enum) && !node.enum.every((v) => typeof v === "string"))
      problems.push(`${path}: enum values must be strings`);
    if (type === "array" && node.items === undefined) problems.push(`${path}: array without items`);
    const keys = isRecord(node.properties) ? Object.keys(node.properties) : [];
    for (const r of (node.required as string[] | undefined) ?? [])
      if (!keys.includes(r)) problems.push(`${path}: required ${r} is not a property`);
  }
  return problems;
}

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
