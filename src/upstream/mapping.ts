import type { Tool, ToolAnnotations } from "@modelcontextprotocol/client";
import { z } from "zod";
import { defineTool, type ToolDefinition } from "../tools/define.js";
import { getTool } from "../tools/index.js";
import type { CheckedCatalog } from "./catalog.js";

/**
 * What the user's configuration says about tools of the MCP door: `"read-only"` (a read that
 * needs no person), or the name of the known tool it is (same meaning and shape).
 */
export type UpstreamToolMap = Readonly<Record<string, "read-only" | string>>;

/** How adrails guards one tool of the door. */
export type GuardKind = "known" | "read-only" | "unknown";

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
}

const CONFIRM_FIELD = "hard_confirm_text";

/**
 * Maps the door's tools onto the catalog: a tool with a known tool's name (or mapped to one by
 * configuration) and the same shape gets that tool's definition and all its guards; a tool the
 * configuration declares read-only is a read; every other tool is treated as a write that may
 * spend money, so each call needs a person.
 */
export function mapCatalog(catalog: CheckedCatalog, toolMap: UpstreamToolMap = {}): UpstreamTool[] {
  const mapped: UpstreamTool[] = [];
  for (const [name, { tool, input, shape }] of catalog.tools) {
    const configured = toolMap[name];
    const description = tool.description ?? "";
    const annotations = tool.annotations;
    if (configured === "read-only") {
      mapped.push({
        name,
        definition: unknownDefinition(tool, input, shape, "read"),
        guard: "read-only",
        reason: "declared read-only by your configuration",
        description,
        annotations,
      });
      continue;
    }
    const knownName = configured ?? name;
    const known = getTool(knownName);
    if (known && !known.disabled) {
      const mismatch = shapeMismatch(known, tool);
      if (mismatch === null) {
        mapped.push({
          name,
          definition: known,
          guard: "known",
          reason:
            knownName === name
              ? `same name and shape as ${known.name}`
              : `mapped to ${known.name} by your configuration`,
          description: known.description,
          annotations,
        });
        continue;
      }
      mapped.push({
        name,
        definition: unknownDefinition(tool, input, shape, "write"),
        guard: "unknown",
        reason: `named like ${known.name} but its shape differs (${mismatch}), so its meaning is unknown`,
        description,
        annotations,
      });
      continue;
    }
    mapped.push({
      name,
      definition: unknownDefinition(tool, input, shape, "write"),
      guard: "unknown",
      reason: configured
        ? `configured as ${configured}, which adrails does not know`
        : "adrails does not know this tool",
      description,
      annotations,
    });
  }
  return mapped;
}

/** Null when the door's tool takes the same fields with the same types as the known one. */
function shapeMismatch(known: ToolDefinition, tool: Tool): string | null {
  const knownSchema = z.toJSONSchema(known.input, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { type?: unknown }>;
  };
  const knownProps = knownSchema.properties ?? {};
  const doorProps = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
  const names = (props: Record<string, unknown>) => Object.keys(props).filter((n) => n !== CONFIRM_FIELD);
  const missing = names(knownProps).filter((n) => !(n in doorProps));
  const extra = names(doorProps).filter((n) => !(n in knownProps));
  if (missing.length > 0 || extra.length > 0) {
    const parts = [];
    if (missing.length > 0) parts.push(`no ${missing.join(", ")}`);
    if (extra.length > 0) parts.push(`adds ${extra.join(", ")}`);
    return parts.join("; ");
  }
  for (const field of names(doorProps)) {
    const a = knownProps[field]?.type;
    const b = doorProps[field]?.type;
    if (a !== undefined && b !== undefined && JSON.stringify(a) !== JSON.stringify(b)) {
      return `${field} is ${JSON.stringify(b)}, not ${JSON.stringify(a)}`;
    }
  }
  return null;
}

function unknownDefinition(
  tool: Tool,
  input: z.ZodType<Record<string, unknown>>,
  shape: z.ZodObject,
  effect: "read" | "write",
): ToolDefinition {
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
    // The door's own schema checks the arguments, whatever shape it has.
    inputSchema: input,
    ...(effect === "write" ? { needsPerson: () => true } : {}),
  };
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
