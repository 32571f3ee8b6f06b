import { z } from "zod";
import type { ToolDefinition } from "../tools/define.js";

type JsonSchema = Record<string, any>;

/** One input field of a tool, as `adrails tools` and `adrails describe` show it. */
export interface FieldInfo {
  /** Dotted path for fields of nested objects (`request.operation`). */
  name: string;
  type: string;
  required: boolean;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
}

const BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
] as const;

/** The JSON Schema of what a caller may send (defaulted fields optional), derived from the wire schema. */
export function inputJsonSchema(def: ToolDefinition): JsonSchema {
  return z.toJSONSchema(def.inputSchema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** The fields of a tool's body, nested object fields flattened to dotted names. */
export function toolFields(def: ToolDefinition): FieldInfo[] {
  const fields = objectFields(inputJsonSchema(def), "");
  // The service requires some retry keys, but adrails fills them in: a caller leaves them out.
  return fields.map((field) => (field.name === def.idField?.name ? { ...field, required: false } : field));
}

function objectFields(schema: JsonSchema, prefix: string): FieldInfo[] {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const fields: FieldInfo[] = [];
  for (const [key, node] of Object.entries(properties)) {
    const name = `${prefix}${key}`;
    fields.push(fieldInfo(name, node, required.has(key)));
    if (isObject(node) && node.properties && Object.keys(node.properties).length > 0) {
      fields.push(...objectFields(node, `${name}.`));
    }
  }
  return fields;
}

function fieldInfo(name: string, node: JsonSchema, required: boolean): FieldInfo {
  const info: FieldInfo = { name, type: typeName(node), required };
  const values = enumValues(node);
  if (values) info.enum = values;
  if ("default" in node) info.default = node.default;
  if (typeof node.format === "string") info.format = node.format;
  for (const bound of BOUNDS) if (typeof node[bound] === "number") info[bound] = node[bound];
  if (typeof node.description === "string") info.description = node.description;
  return info;
}

function isObject(node: JsonSchema): boolean {
  return node.type === "object";
}

function enumValues(node: JsonSchema): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if ("const" in node) return [node.const];
  const union = node.anyOf ?? node.oneOf;
  if (Array.isArray(union) && union.every((n: JsonSchema) => "const" in n)) {
    return union.map((n: JsonSchema) => n.const);
  }
  return undefined;
}

/** A short type name: `string`, `integer`, `array of string`, `string | null`, `object`. */
export function typeName(node: JsonSchema): string {
  if (Array.isArray(node.type)) return node.type.join(" | ");
  if (node.type === "array") {
    const items = node.items;
    return items && typeof items === "object" && Object.keys(items).length > 0
      ? `array of ${typeName(items)}`
      : "array";
  }
  if (typeof node.type === "string") return node.type;
  const union = node.anyOf ?? node.oneOf;
  if (Array.isArray(union)) {
    const names = [...new Set(union.map((n: JsonSchema) => ("const" in n ? typeof n.const : typeName(n))))];
    return names.join(" | ");
  }
  if ("const" in node) return typeof node.const;
  return "any";
}

/** The bounds of a field in words: `8..128 chars`, `>= 1`, `1..10 items`. */
export function boundsText(field: FieldInfo): string | undefined {
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) return `${low}..${high}${unit}`;
    if (low !== undefined) return `>= ${low}${unit}`;
    if (high !== undefined) return `<= ${high}${unit}`;
    return undefined;
  };
  const parts = [
    range(field.minimum, field.maximum, ""),
    field.exclusiveMinimum !== undefined ? `> ${field.exclusiveMinimum}` : undefined,
    field.exclusiveMaximum !== undefined ? `< ${field.exclusiveMaximum}` : undefined,
    range(field.minLength, field.maxLength, " chars"),
    range(field.minItems, field.maxItems, " items"),
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(", ") : undefined;
}
