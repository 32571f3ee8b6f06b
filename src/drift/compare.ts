import { z } from "zod";
import type { ToolDefinition } from "../tools/define.js";
import { type EnumValue, normalize, resolveRef, type Shape, text } from "./normalize.js";

/** What changed between the catalog adrails ships and the service's OpenAPI document. */
export type DriftChange =
  | "tool-added"
  | "tool-removed"
  | "field-added"
  | "field-removed"
  | "field-changed"
  | "required-changed"
  | "declaration-lapsed";

/** One difference. `field` is a dotted path (`items[].name` inside arrays). */
export interface Drift {
  tool: string;
  change: DriftChange;
  field?: string;
  detail: string;
}

// `/api/mcp/{tool}`, or `/mcp/{tool}` under a server URL that ends in /api.
const TOOL_PATH = /(?:^|\/)mcp\/([^/{}]+)$/;
type Json = Record<string, unknown>;

/**
 * The drift between `definitions` (the catalog's offered tools) and an OpenAPI document of the
 * service: tools added or removed, and per tool the request body's fields added or removed, made
 * required or optional, or changed in type, enum values, bounds, format or pattern. Both sides are
 * normalised first, so one constraint written two ways is no drift. `known` names tools adrails
 * knows but does not offer (disabled at the service): their presence is no drift.
 */
export function compareDocument(
  document: unknown,
  definitions: readonly ToolDefinition[],
  known: readonly string[] = [],
): Drift[] {
  const bodies = documentBodies(document);
  const drift: Drift[] = [];
  const ours = new Map(definitions.map((def) => [def.name, def]));
  for (const [tool, def] of ours) {
    const theirs = bodies.get(tool);
    if (theirs === undefined) {
      drift.push({ tool, change: "tool-removed", detail: `The service no longer offers ${tool}.` });
      continue;
    }
    compareInputs(tool, catalogSchema(def), theirs, drift, { root: document });
  }
  for (const tool of bodies.keys()) {
    if (ours.has(tool) || known.includes(tool)) continue;
    drift.push({
      tool,
      change: "tool-added",
      detail: `The service offers a tool adrails does not know: ${tool}.`,
    });
  }
  return drift;
}

/** The request body schema of each tool in the document, by tool name. */
export function documentBodies(document: unknown): Map<string, unknown> {
  const paths = (document as { paths?: unknown } | null)?.paths;
  if (paths === null || typeof paths !== "object") {
    throw new TypeError("The document has no paths: it is not an OpenAPI document of the service.");
  }
  const bodies = new Map<string, unknown>();
  for (const [path, item] of Object.entries(paths as Json)) {
    const match = TOOL_PATH.exec(path);
    const post = (item as { post?: Json } | null)?.post;
    if (!match || !post) continue;
    const content = (deref(document, post.requestBody) as { content?: Json } | undefined)?.content;
    const media = deref(document, content?.["application/json"]) as { schema?: unknown } | undefined;
    const schema = media?.schema;
    bodies.set(decodeURIComponent(match[1] as string), schema ?? {});
  }
  if (bodies.size === 0) {
    throw new TypeError(
      "The document describes no tool endpoints (POST /api/mcp/{tool}), so nothing can be compared.",
    );
  }
  return bodies;
}

/** A node, or what its `$ref` points at. */
function deref(document: unknown, node: unknown): unknown {
  const ref = (node as { $ref?: unknown } | null | undefined)?.$ref;
  return typeof ref === "string" ? resolveRef(document, ref) : node;
}

/** The catalog's wire schema of a tool as JSON Schema, as the simulator publishes it. */
export function catalogSchema(def: ToolDefinition): unknown {
  return z.toJSONSchema(def.inputSchema, { io: "input", unrepresentable: "any" });
}

/**
 * Appends the drift between two input schemas of `tool` to `out`: fields added or removed, made
 * required or optional, or changed, after both are normalised. `root` resolves `theirs`' `$ref`s;
 * `who` is what the details name as changed (default "The service").
 */
export function compareInputs(
  tool: string,
  ours: unknown,
  theirs: unknown,
  out: Drift[],
  options: { root?: unknown; who?: string } = {},
): void {
  const who = options.who ?? "The service";
  compareObject({ tool, who, out }, "", normalize(ours), normalize(theirs, options.root ?? theirs));
}

/** Where drift goes, for which tool, and who changed (the words a detail starts with). */
interface Found {
  tool: string;
  who: string;
  out: Drift[];
}

function compareObject(found: Found, path: string, ours: Shape, theirs: Shape): void {
  const { tool, who, out } = found;
  const mine = ours.properties ?? {};
  const yours = theirs.properties ?? {};
  const required = (shape: Shape, name: string) => shape.required?.includes(name) === true;
  for (const name of Object.keys(mine).sort()) {
    const field = path ? `${path}.${name}` : name;
    if (!(name in yours)) {
      out.push({ tool, change: "field-removed", field, detail: `${who} no longer takes ${field}.` });
      continue;
    }
    if (required(ours, name) !== required(theirs, name)) {
      out.push({
        tool,
        change: "required-changed",
        field,
        detail: required(theirs, name) ? `${field} is now required.` : `${field} is now optional.`,
      });
    }
    compareField(found, field, mine[name] as Shape, yours[name] as Shape);
  }
  for (const name of Object.keys(yours).sort()) {
    if (name in mine) continue;
    const field = path ? `${path}.${name}` : name;
    const kind = required(theirs, name) ? "required" : "optional";
    out.push({
      tool,
      change: "field-added",
      field,
      detail: `${who} takes a new ${kind} field ${field}.`,
    });
  }
}

function compareField(found: Found, field: string, ours: Shape, theirs: Shape): void {
  const details = facetChanges(ours, theirs);
  if (details.length > 0)
    found.out.push({
      tool: found.tool,
      change: "field-changed",
      field,
      detail: `${field}: ${details.join("; ")}.`,
    });
  if (ours.properties || theirs.properties) compareObject(found, field, ours, theirs);
  if (ours.items && theirs.items) compareField(found, `${field}[]`, ours.items, theirs.items);
}

const FACETS = [
  "format",
  "pattern",
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

/** What differs in one field's own constraints (not its members'), in words. */
function facetChanges(ours: Shape, theirs: Shape): string[] {
  const changes: string[] = [];
  if (ours.types.join() !== theirs.types.join()) {
    changes.push(`type ${typeWords(ours.types)} → ${typeWords(theirs.types)}`);
  }
  if (ours.nullable !== theirs.nullable)
    changes.push(theirs.nullable ? "now accepts null" : "no longer accepts null");
  const enums = enumChange(ours.enum, theirs.enum);
  if (enums) changes.push(enums);
  for (const facet of FACETS) {
    if (ours[facet] !== theirs[facet])
      changes.push(`${facet} ${shown(ours[facet])} → ${shown(theirs[facet])}`);
  }
  if (ours.items && !theirs.items) changes.push("items no longer described");
  if (text(ours.anyOf ?? null) !== text(theirs.anyOf ?? null)) changes.push("alternatives changed");
  return changes;
}

function enumChange(ours: EnumValue[] | undefined, theirs: EnumValue[] | undefined): string | undefined {
  if (ours === undefined && theirs === undefined) return undefined;
  if (ours === undefined) return `now limited to ${list(theirs ?? [])}`;
  if (theirs === undefined) return "no longer limited to a list of values";
  const key = (v: EnumValue) => JSON.stringify(v);
  const mine = new Set(ours.map(key));
  const yours = new Set(theirs.map(key));
  const added = theirs.filter((v) => !mine.has(key(v)));
  const removed = ours.filter((v) => !yours.has(key(v)));
  const parts = [];
  if (added.length > 0) parts.push(`values added ${list(added)}`);
  if (removed.length > 0) parts.push(`values removed ${list(removed)}`);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

const list = (values: EnumValue[]) => values.map((v) => JSON.stringify(v)).join(", ");
const shown = (value: unknown) => (value === undefined ? "none" : String(value));
const typeWords = (types: string[]) => (types.length === 0 ? "any" : types.join(" or "));
