// One canonical form for a JSON Schema, so that the same constraint written two ways compares equal:
// $ref resolved, `const` as a one-value enum, `anyOf` / `type` arrays with null as `nullable`,
// `nullable: true` (OpenAPI 3.0), integer as number + multipleOf 1, exclusive integer bounds as
// inclusive ones, the safe-integer bounds zod writes for every int dropped, and words that do not
// constrain (description, title, examples, default) ignored.

type Json = Record<string, unknown>;

/** A scalar an enum can hold. */
export type EnumValue = string | number | boolean | null;

/** A schema in canonical form. */
export interface Shape {
  /** Sorted JSON types; "integer" never beside "number". Empty: any. */
  types: string[];
  nullable: boolean;
  /** Sorted by JSON text; undefined when not an enum. */
  enum?: EnumValue[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Shape;
  properties?: Record<string, Shape>;
  required?: string[];
  /** Alternatives that could not be merged into one shape (sorted by JSON text). */
  anyOf?: Shape[];
}

const BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
] as const;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The canonical shape of `schema`, resolving `$ref`s against `root` (the whole document). */
export function normalize(schema: unknown, root: unknown = schema): Shape {
  return shapeOf(schema, root, new Set());
}

function shapeOf(input: unknown, root: unknown, seen: Set<string>): Shape {
  if (input === true || input === undefined || input === null || typeof input !== "object") {
    return { types: [], nullable: false };
  }
  let schema = input as Json;
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (seen.has(ref)) return { types: [], nullable: false };
    const { $ref: _r, ...rest } = schema;
    const target = resolveRef(root, ref);
    const resolved = shapeOf(target, root, new Set([...seen, ref]));
    return Object.keys(rest).length === 0 ? resolved : merge(resolved, shapeOf(rest, root, seen));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const { allOf, ...rest } = schema;
    return (allOf as unknown[]).reduce<Shape>(
      (acc, part) => merge(acc, shapeOf(part, root, seen)),
      shapeOf(rest, root, seen),
    );
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    const own = shapeOf(rest, root, seen);
    return merge(own, union(alternatives.map((a) => shapeOf(a, root, seen))));
  }
  schema = { ...schema };
  const shape: Shape = { types: [], nullable: schema.nullable === true };
  let types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [String(schema.type)]
      : [];
  if (types.includes("null")) {
    shape.nullable = true;
    types = types.filter((t) => t !== "null");
  }
  const values = "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values) {
    const scalars = values.filter((v) => v === null || typeof v !== "object") as EnumValue[];
    if (scalars.includes(null)) shape.nullable = true;
    shape.enum = sortValues(scalars.filter((v) => v !== null));
    // The values say the type: `type: number` or `integer` or none beside them is the same enum.
    types = [...new Set(shape.enum.map((v) => typeof v))];
  }
  for (const key of BOUNDS) if (typeof schema[key] === "number") shape[key] = schema[key] as number;
  // Draft 4 / OpenAPI 3.0: exclusiveMinimum: true qualifies minimum.
  if (schema.exclusiveMinimum === true && shape.minimum !== undefined) {
    shape.exclusiveMinimum = shape.minimum;
    delete shape.minimum;
  }
  if (schema.exclusiveMaximum === true && shape.maximum !== undefined) {
    shape.exclusiveMaximum = shape.maximum;
    delete shape.maximum;
  }
  if (typeof schema.format === "string") shape.format = schema.format;
  if (typeof schema.pattern === "string") shape.pattern = schema.pattern;
  shape.types = numericTypes(types, shape);
  if (shape.types.includes("integer")) integerBounds(shape);
  if (schema.items !== undefined && !Array.isArray(schema.items))
    shape.items = shapeOf(schema.items, root, seen);
  if (schema.properties && typeof schema.properties === "object") {
    shape.properties = {};
    for (const [name, member] of Object.entries(schema.properties as Json)) {
      shape.properties[name] = shapeOf(member, root, seen);
    }
    if (!shape.types.includes("object")) shape.types = [...shape.types, "object"].sort();
  }
  if (Array.isArray(schema.required)) shape.required = [...(schema.required as string[])].sort();
  return shape;
}

/** "number" with multipleOf 1 is "integer"; "integer" beside "number" adds nothing. */
function numericTypes(types: string[], shape: Shape): string[] {
  let out = [...new Set(types.map((t) => (t === "int" ? "integer" : t)))];
  if (out.includes("number") && shape.multipleOf === 1) {
    out = out.map((t) => (t === "number" ? "integer" : t));
    delete shape.multipleOf;
  }
  if (out.includes("integer") && out.includes("number")) out = out.filter((t) => t !== "integer");
  if (out.includes("integer") && shape.multipleOf === 1) delete shape.multipleOf;
  return [...new Set(out)].sort();
}

/** For integers, `> n` is `>= n + 1`; the safe-integer range zod writes for every int is no bound. */
function integerBounds(shape: Shape): void {
  if (shape.exclusiveMinimum !== undefined) {
    const inclusive = Math.floor(shape.exclusiveMinimum) + 1;
    shape.minimum = shape.minimum === undefined ? inclusive : Math.max(shape.minimum, inclusive);
    delete shape.exclusiveMinimum;
  }
  if (shape.exclusiveMaximum !== undefined) {
    const inclusive = Math.ceil(shape.exclusiveMaximum) - 1;
    shape.maximum = shape.maximum === undefined ? inclusive : Math.min(shape.maximum, inclusive);
    delete shape.exclusiveMaximum;
  }
  if (shape.minimum !== undefined && shape.minimum <= -MAX_SAFE) delete shape.minimum;
  if (shape.maximum !== undefined && shape.maximum >= MAX_SAFE) delete shape.maximum;
}

/** Alternatives as one shape where they agree: a null member is `nullable`, enums join, one left is itself. */
function union(alternatives: Shape[]): Shape {
  const nullable = alternatives.some((a) => a.nullable || (a.types.length === 1 && a.types[0] === "null"));
  const rest = alternatives
    .filter((a) => !(a.types.length === 1 && a.types[0] === "null" && !a.enum))
    .map((a) => ({ ...a, nullable: false }));
  if (rest.length === 0) return { types: [], nullable };
  if (rest.length === 1) return { ...(rest[0] as Shape), nullable };
  if (rest.every((a) => a.enum && onlyKeys(a, ["types", "nullable", "enum"]))) {
    const values = rest.flatMap((a) => a.enum ?? []);
    return { types: [...new Set(values.map((v) => typeof v))].sort(), nullable, enum: sortValues(values) };
  }
  if (rest.every((a) => onlyKeys(a, ["types", "nullable"]))) {
    return {
      types: numericTypes(
        rest.flatMap((a) => a.types),
        {} as Shape,
      ),
      nullable,
    };
  }
  return { types: [], nullable, anyOf: rest.sort((a, b) => text(a).localeCompare(text(b))) };
}

/** Both constraints at once (allOf, or $ref with siblings). */
function merge(a: Shape, b: Shape): Shape {
  const out: Shape = { ...a, ...b, nullable: a.nullable || b.nullable };
  out.types =
    a.types.length === 0
      ? b.types
      : b.types.length === 0
        ? a.types
        : a.types.filter((t) => b.types.includes(t));
  if (a.properties || b.properties) out.properties = { ...a.properties, ...b.properties };
  if (a.required || b.required)
    out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])].sort();
  for (const key of Object.keys(out) as (keyof Shape)[]) if (out[key] === undefined) delete out[key];
  return out;
}

function onlyKeys(shape: Shape, keys: string[]): boolean {
  return Object.keys(shape).every((k) => keys.includes(k));
}

/** The node a local `$ref` (`#/components/...`) points at in `root`; undefined when it points nowhere. */
export function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  const parts = ref
    .slice(1)
    .split("/")
    .filter((p) => p !== "")
    .map((p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = root;
  for (const part of parts) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Json)[part];
  }
  return node;
}

function sortValues(values: EnumValue[]): EnumValue[] {
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, v]) => v);
}

/** A shape as stable JSON text. */
export function text(value: unknown): string {
  return JSON.stringify(value, (_key, member) =>
    member && typeof member === "object" && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b)))
      : member,
  );
}
