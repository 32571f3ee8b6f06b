import { createHash } from "node:crypto";
import type { ErrorObject, ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: under Node's ESM its function is the default export's default.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

/** JSON Schema, as the door lists it. */
export type JsonSchema = Record<string, unknown>;

/** A door tool's input schema, compiled: checks arguments as the door means them. */
export interface DoorSchema {
  /** The schema as listed (without `$schema`). */
  readonly json: JsonSchema;
  /** Problems with `value`, one sentence each; empty when it is valid. `filled` keys adrails sets later are not required. */
  check(value: unknown, filled?: readonly string[]): string[];
}

const DIALECT = "https://json-schema.org/draft/2020-12/schema";

// One validator per process: the door's schemas are checked with JSON Schema 2020-12 itself
// (the dialect MCP gives tool schemas). Unknown keywords and formats are annotations, as the
// specification says, so a door may add its own; what cannot be compiled is refused.
let shared: Ajv2020 | undefined;
function ajv(): Ajv2020 {
  if (!shared) {
    shared = new Ajv2020({ allErrors: true, strict: false, logger: false, validateFormats: true });
    addFormats(shared);
  }
  return shared;
}

/**
 * Compiles a door tool's input schema, or says which keyword stops it (the tool is then not
 * offered). Never throws.
 */
export function compileDoorSchema(schema: unknown): DoorSchema | string {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return "its input schema is not a JSON Schema object";
  }
  const { $schema: dialect, ...json } = schema as JsonSchema;
  if (dialect !== undefined && String(dialect).replace(/#$/, "") !== DIALECT) {
    return `its input schema's $schema is ${JSON.stringify(dialect)}; adrails checks JSON Schema 2020-12 only`;
  }
  if (json.type !== "object") return "its input schema's type is not object";
  let whole: ValidateFunction;
  try {
    whole = ajv().compile(json);
  } catch (error) {
    return `its input schema does not compile as JSON Schema 2020-12 (${keywordOf(error)})`;
  }
  const relaxed = new Map<string, ValidateFunction>();
  const validatorFor = (filled: readonly string[]): ValidateFunction => {
    const required = Array.isArray(json.required) ? (json.required as unknown[]) : [];
    const drop = required.filter((name) => filled.includes(String(name)));
    if (drop.length === 0) return whole;
    const key = drop.join("\n");
    let fn = relaxed.get(key);
    if (!fn) {
      fn = ajv().compile({ ...json, required: required.filter((name) => !drop.includes(name)) });
      relaxed.set(key, fn);
    }
    return fn;
  };
  return {
    json,
    check(value, filled = []) {
      const validate = validatorFor(filled);
      return validate(value) ? [] : describe(validate.errors ?? []);
    },
  };
}

/** The keyword a compile error is about, named for a person. */
function keywordOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const keyword = /\/([A-Za-z$]+) must /.exec(message)?.[1] ?? /reference "?([^"\s]+)/.exec(message)?.[1];
  if (/can't resolve reference/.test(message)) return `$ref: ${message}`;
  return keyword ? `keyword ${keyword}: ${message}` : message;
}

function describe(errors: readonly ErrorObject[]): string[] {
  const seen = new Set<string>();
  for (const error of errors) {
    // The branch errors of a oneOf/anyOf say less than the one about the whole.
    if (error.schemaPath.includes("/oneOf/") || error.schemaPath.includes("/anyOf/")) continue;
    const where = error.instancePath === "" ? "input" : error.instancePath.slice(1).replaceAll("/", ".");
    let text =
      error.instancePath === ""
        ? (error.message ?? "is invalid")
        : `${where} ${error.message ?? "is invalid"}`;
    if (error.keyword === "oneOf") {
      const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
      text += passing ? ` (it matched options ${passing.join(" and ")})` : " (it matched none)";
    }
    if (error.keyword === "additionalProperties") {
      text += `: ${(error.params as { additionalProperty?: string }).additionalProperty}`;
    }
    seen.add(text);
  }
  return [...seen];
}

/**
 * What a declaration about a door tool is pinned to: its name, title, description, input schema
 * (every keyword: `enum`, `const`, `format`, `default`, ...) and annotations, hashed over
 * canonical JSON (key order does not matter). A door that rewords what a tool does lapses it.
 */
export function toolFingerprint(tool: {
  name?: unknown;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  annotations?: unknown;
}): string {
  const text = canonical({
    name: tool.name ?? null,
    title: tool.title ?? null,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema ?? null,
    annotations: tool.annotations ?? {},
  });
  return `sha256:${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A property's schema with local `$ref`s (`#/$defs/...`) followed, for comparing shapes. */
export function resolveLocal(root: JsonSchema, node: unknown, depth = 0): Record<string, unknown> {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return {};
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/") || depth > 8) return node as Record<string, unknown>;
  let target: unknown = root;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    target =
      target !== null && typeof target === "object" ? (target as Record<string, unknown>)[key] : undefined;
  }
  const { $ref: _ref, ...rest } = node as Record<string, unknown>;
  return { ...resolveLocal(root, target, depth + 1), ...rest };
}
