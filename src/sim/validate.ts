import type { z } from "zod";
import type { ToolDefinition } from "../tools/index.js";

export type Validation =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string; unknownKeys: string[] };

/** Runs the catalog's wire schema (fields, enums, bounds, cross-field rules) over a parsed body. */
export function validateBody(def: ToolDefinition, body: Record<string, unknown>): Validation {
  const parsed = def.inputSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const unknownKeys = parsed.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? issue.keys.map((k) => [...issue.path, k].join(".")) : [],
  );
  if (unknownKeys.length > 0) {
    const s = unknownKeys.length === 1 ? "y" : "ies";
    return { ok: false, message: `Unknown propert${s}: ${unknownKeys.join(", ")}`, unknownKeys };
  }
  return { ok: false, message: `Invalid body: ${describeIssues(parsed.error.issues)}`, unknownKeys };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 8)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
