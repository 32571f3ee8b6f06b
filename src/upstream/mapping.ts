import type { Tool, ToolAnnotations } from "@modelcontextprotocol/client";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tools/define.js";
import { getTool, offeredTools } from "../tools/index.js";
import type { CheckedCatalog, CheckedTool } from "./catalog.js";
import { KNOWN_DOOR_TOOLS } from "./known-door.js";
import { type DoorSchema, type JsonSchema, resolveLocal } from "./schema.js";

/** What the user says about one door tool: `"read-only"`, or the known tool it is; optionally pinned. */
export type ToolMapEntry =
  | "read-only"
  | string
  | {
      /** `"read-only"`, or the name of the known tool it is. */
      tool: "read-only" | string;
      /** The door tool's fingerprint when declared (see `adrails tools --via mcp`); another lapses the entry. */
      fingerprint?: string;
    };

/**
 * What the user's configuration says about tools of the MCP door, by the door's names: `"read-only"`
 * (a read that needs no person), or the name of the known tool it is (same meaning and shape).
 * Each entry applies to the tool as it was when first seen (or at the `fingerprint` given): when
 * the door changes the tool, the entry lapses and the tool is unknown again.
 */
export type UpstreamToolMap = Readonly<Record<string, ToolMapEntry>>;

/** How adrails guards one tool of the door. */
export type GuardKind = "known" | "read-only" | "unknown";

/**
 * How a declaration of the user's stands: applied; lapsed (the door changed the tool since);
 * refused (the tool's shape differs from the known tool's); overruled (the door annotates the tool
 * as a write, which wins over declaring it a read).
 */
export type DeclarationState = "applied" | "lapsed" | "refused" | "overruled";

/** One tool of the door, as adrails offers it. */
export interface UpstreamTool {
  /** The door's own name: what models, hosts and `adrails call --via mcp` use. */
  name: string;
  /** The definition whose guards apply: a known tool's, or one built for an unknown tool. */
  definition: ToolDefinition;
  guard: GuardKind;
  /** Why this guard: the known tool it maps to, the configuration, or what is unknown. */
  reason: string;
  description: string;
  annotations?: ToolAnnotations;
  /** The door's input schema, compiled: arguments are checked against it as the door means it. */
  schema: DoorSchema;
  /** The tool's schema-and-annotations fingerprint, to pin a declaration to. */
  fingerprint: string;
  /** The user's declaration about this tool, and how it stands. */
  declaration?: { entry: string; state: DeclarationState };
}

const CONFIRM_FIELD = "hard_confirm_text";

/** A name up to separators and case: `list_accounts`, `list-accounts` and `ListAccounts` are one. */
export const nameKey = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, "");

const byKey = new Map(offeredTools.filter((t) => !t.disabled).map((t) => [nameKey(t.name), t]));

/** An entry's declaration and pin. */
function entryOf(entry: ToolMapEntry | undefined): { tool: string; fingerprint?: string } | undefined {
  if (entry === undefined) return undefined;
  return typeof entry === "string" ? { tool: entry } : entry;
}

/**
 * Problems with a tool map before any door is asked, one sentence each naming the entry: an entry
 * that is neither `"read-only"` nor a known tool's name, or not a string or `{ tool, fingerprint }`.
 */
export function toolMapProblems(map: unknown): string[] {
  if (map === null || typeof map !== "object" || Array.isArray(map)) {
    return ["the tool map is not a JSON object of door tool names"];
  }
  const problems: string[] = [];
  for (const [name, value] of Object.entries(map)) {
    const entry =
      typeof value === "string"
        ? { tool: value }
        : value !== null && typeof value === "object" && !Array.isArray(value)
          ? (value as { tool?: unknown; fingerprint?: unknown })
          : undefined;
    if (!entry || typeof entry.tool !== "string") {
      problems.push(
        `entry ${JSON.stringify(name)}: give "read-only", a known tool's name, or { "tool": ..., "fingerprint": ... }`,
      );
      continue;
    }
    if (entry.fingerprint !== undefined && typeof entry.fingerprint !== "string") {
      problems.push(
        `entry ${JSON.stringify(name)}: fingerprint must be a string (from \`adrails tools --via mcp\`)`,
      );
      continue;
    }
    if (entry.tool !== "read-only" && !knownTool(entry.tool)) {
      problems.push(`entry ${JSON.stringify(name)}: adrails has no tool named ${JSON.stringify(entry.tool)}`);
    }
  }
  return problems;
}

const knownTool = (name: string) => {
  const def = getTool(name) ?? byKey.get(nameKey(name));
  return def && !def.disabled ? def : undefined;
};

/**
 * Maps the door's tools onto the catalog. A tool whose name is a known tool's up to separators
 * and case (or that the map names as one) and whose input has the same fields and types gets that
 * tool's definition, so all its guards; a tool the map declares read-only is a read; every other
 * tool is treated as a write that may spend money, so each call needs a person. A door annotation
 * saying not read-only or destructive wins over anything that would make the tool a read. A
 * declaration applies to the tool as pinned in `pins` (set here on first sight) and lapses when the
 * door changed it.
 */
export function mapCatalog(
  catalog: CheckedCatalog,
  toolMap: UpstreamToolMap = {},
  pins: Map<string, string> = new Map(),
): UpstreamTool[] {
  const mapped: UpstreamTool[] = [];
  for (const [name, checked] of catalog.tools) {
    const { tool, fingerprint, schema } = checked;
    const base = { name, annotations: tool.annotations, schema, fingerprint };
    const unknown = (reason: string, declaration?: UpstreamTool["declaration"]): UpstreamTool => {
      const definition = unknownDefinition(checked, "write");
      // The model reads that each call waits for a person.
      const description = definition.description;
      return {
        ...base,
        definition,
        guard: "unknown",
        reason,
        description,
        ...(declaration ? { declaration } : {}),
      };
    };
    const entry = entryOf(toolMap[name]);
    const label = entry ? `${name}: ${entry.tool}` : "";
    if (entry) {
      const pinKey = `${name}\n${entry.tool}`;
      const pinned = entry.fingerprint ?? pins.get(pinKey);
      if (pinned !== undefined && pinned !== fingerprint) {
        mapped.push(
          unknown(
            `your declaration (${label}) lapsed: the door changed this tool since it was declared (fingerprint ${fingerprint}, declared ${pinned}), so its meaning is unknown again`,
            { entry: label, state: "lapsed" },
          ),
        );
        continue;
      }
      if (pinned === undefined) pins.set(pinKey, fingerprint);
    }
    const warning = writeAnnotation(tool.annotations);
    if (entry?.tool === "read-only") {
      if (warning) {
        mapped.push(
          unknown(`the door ${warning}, which wins over your read-only declaration`, {
            entry: label,
            state: "overruled",
          }),
        );
        continue;
      }
      mapped.push({
        ...base,
        definition: unknownDefinition(checked, "read"),
        guard: "read-only",
        reason: "declared read-only by you",
        description: tool.description ?? "",
        declaration: { entry: label, state: "applied" },
      });
      continue;
    }
    const door = entry ? undefined : KNOWN_DOOR_TOOLS[name];
    if (door?.read) {
      const mismatch = jsonMismatch(
        door.read,
        door.read,
        tool.inputSchema as JsonSchema,
        tool.inputSchema as JsonSchema,
      );
      if (mismatch !== null) {
        mapped.push(
          unknown(
            `named like the service's door tool ${name} but its shape differs (${mismatch}), so its meaning is unknown`,
          ),
        );
      } else if (warning) {
        mapped.push(
          unknown(`the door ${warning}, which wins over its being the service's door read ${name}`),
        );
      } else {
        mapped.push({
          ...base,
          definition: unknownDefinition(checked, "read"),
          guard: "known",
          reason: `known by name and shape as the service's door read ${name}`,
          description: tool.description ?? "",
        });
      }
      continue;
    }
    const known = entry
      ? knownTool(entry.tool)
      : door?.rest !== undefined
        ? knownTool(door.rest)
        : byKey.get(nameKey(name));
    if (!known) {
      mapped.push(
        unknown(
          entry
            ? `mapped by you to ${entry.tool}, which adrails does not know`
            : "adrails does not know this tool",
        ),
      );
      continue;
    }
    const how = entry ? `mapped by you to ${known.name}` : `known by name and shape as ${known.name}`;
    const mismatch = shapeMismatch(known, tool);
    if (mismatch !== null) {
      mapped.push(
        unknown(
          entry
            ? `mapped by you to ${known.name}, but its shape differs (${mismatch}), so the mapping is refused`
            : `named like ${known.name} but its shape differs (${mismatch}), so its meaning is unknown`,
          entry ? { entry: label, state: "refused" } : undefined,
        ),
      );
      continue;
    }
    const reads = known.effect === "read" || known.effect === "calculator";
    if (reads && warning) {
      mapped.push(
        unknown(
          `the door ${warning}, which wins over its being ${how} (a read)`,
          entry ? { entry: label, state: "overruled" } : undefined,
        ),
      );
      continue;
    }
    mapped.push({
      ...base,
      definition: known,
      guard: "known",
      reason: how,
      description: known.description,
      ...(entry ? { declaration: { entry: label, state: "applied" as const } } : {}),
    });
  }
  return mapped;
}

/**
 * Why the door's annotations make the tool a write, or undefined when they say it only reads. MCP's
 * default is "may write": a tool is a read only when annotated `readOnlyHint: true` and not destructive.
 */
function writeAnnotation(annotations: ToolAnnotations | undefined): string | undefined {
  if (annotations?.destructiveHint === true) return "annotates it destructive";
  if (annotations?.readOnlyHint === false) return "annotates it not read-only";
  if (annotations === undefined || Object.keys(annotations).length === 0) {
    return "gives it no annotations (MCP's default: it may write)";
  }
  if (annotations.readOnlyHint !== true)
    return "does not annotate it read-only (MCP's default: it may write)";
  return undefined;
}

/**
 * Null when the door's tool takes the same fields with the same types as the known one, and no
 * value the known tool's enums (or consts) leave out: a door that widens `status` to `LIVE` is
 * not the known tool.
 */
function shapeMismatch(known: ToolDefinition, tool: Tool): string | null {
  const knownSchema = z.toJSONSchema(known.input, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const root = tool.inputSchema as JsonSchema;
  return jsonMismatch(knownSchema, knownSchema, root, root);
}

type Props = Record<string, unknown>;

/** What a schema allows as a set of values, when it lists them (`enum`, `const`). */
function allowedValues(node: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if ("const" in node) return [node.const];
  return undefined;
}

/** Null when `door` takes the fields of `known` with the same types and no value outside its enums. */
function jsonMismatch(
  knownRoot: JsonSchema,
  known: unknown,
  doorRoot: JsonSchema,
  door: unknown,
  at = "",
): string | null {
  const k = resolveLocal(knownRoot, known);
  const d = resolveLocal(doorRoot, door);
  const knownProps = (k.properties ?? {}) as Props;
  const doorProps = (d.properties ?? {}) as Props;
  const names = (props: Props) => Object.keys(props).filter((n) => n !== CONFIRM_FIELD);
  const missing = names(knownProps).filter((n) => !(n in doorProps));
  const extra = names(doorProps).filter((n) => !(n in knownProps));
  if (missing.length > 0 || extra.length > 0) {
    const parts = [];
    if (missing.length > 0) parts.push(`no ${missing.map((n) => at + n).join(", ")}`);
    if (extra.length > 0) parts.push(`adds ${extra.map((n) => at + n).join(", ")}`);
    return parts.join("; ");
  }
  for (const field of names(doorProps)) {
    const a = resolveLocal(knownRoot, knownProps[field]);
    const b = resolveLocal(doorRoot, doorProps[field]);
    if (a.type !== undefined && b.type !== undefined && JSON.stringify(a.type) !== JSON.stringify(b.type)) {
      return `${at}${field} is ${JSON.stringify(b.type)}, not ${JSON.stringify(a.type)}`;
    }
    for (const [ka, kb, where] of [
      [a, b, `${at}${field}`],
      [resolveLocal(knownRoot, a.items), resolveLocal(doorRoot, b.items), `${at}${field}[]`],
    ] as const) {
      const allowed = allowedValues(ka);
      if (!allowed) continue;
      const given = allowedValues(kb);
      const outside = given?.filter((v) => !allowed.some((x) => JSON.stringify(x) === JSON.stringify(v)));
      if (!given)
        return `${where} takes any value, not only ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
      if (outside && outside.length > 0) {
        return `${where} also takes ${outside.map((v) => JSON.stringify(v)).join(", ")}`;
      }
    }
    if (a.properties !== undefined && b.properties !== undefined) {
      const inner = jsonMismatch(knownRoot, a, doorRoot, b, `${at}${field}.`);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/**
 * The definition of a tool adrails does not know (or that the user declared a read): its fields by
 * name, arguments checked against the door's own schema.
 */
function unknownDefinition({ tool, schema }: CheckedTool, effect: "read" | "write"): ToolDefinition {
  const fields = Object.keys((schema.json.properties ?? {}) as object);
  const shape = z.looseObject(Object.fromEntries(fields.map((field) => [field, z.unknown()])));
  const base = defineTool({
    name: tool.name,
    group: "C",
    description:
      effect === "read"
        ? (tool.description ?? tool.name)
        : `${tool.description ?? tool.name} (A tool of the service's MCP door that adrails does not know: every call waits for a person's approval.${annotationText(tool.annotations)})`,
    input: shape,
    effect,
    plan: "not-shown",
    statuses: [],
    hints: effect === "read" ? {} : { destructive: true },
  });
  return {
    ...base,
    inputSchema: doorZod(schema, schema.json, []),
    ...(effect === "write" ? { needsPerson: () => true } : {}),
  };
}

/**
 * A zod schema that shows `shown` (JSON Schema) and checks values against the door's own schema
 * (not requiring the `filled` keys adrails sets itself).
 */
export function doorZod(
  schema: DoorSchema,
  shown: JsonSchema,
  filled: readonly string[],
): z.ZodType<Record<string, unknown>> {
  return z
    .looseObject({})
    .superRefine((value, ctx) => {
      for (const message of schema.check(value, filled)) ctx.addIssue({ code: "custom", message, path: [] });
    })
    .meta(shown) as unknown as z.ZodType<Record<string, unknown>>;
}

/** The door's annotations, shown to the person; never a reason to skip asking. */
function annotationText(annotations: ToolAnnotations | undefined): string {
  if (!annotations) return "";
  const parts: string[] = [];
  for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof annotations[key] === "boolean") parts.push(`${key} ${annotations[key]}`);
  }
  return parts.length > 0 ? ` The door annotates it ${parts.join(", ")}; adrails asks anyway.` : "";
}
