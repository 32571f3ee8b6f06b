import { redact } from "../client/redact.js";
import type { AuditEvent, ToolResult } from "../types.js";

/** One line, at most `max` characters, with a visible cut. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Replaces every secret, in any encoding the client's redaction knows, with a marker, so no key
 * reaches the terminal whatever prints it; a key the demo was not told about still never prints.
 */
export function createRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const known = secrets.filter((s): s is string => typeof s === "string" && s.length >= 8);
  return (text) => known.reduce((out, secret) => redact(out, secret), redact(text));
}

/** Tool arguments as compact JSON, shortened for display. */
export function formatArgs(input: unknown, max = 140): string {
  const text = typeof input === "string" ? input : JSON.stringify(input ?? {});
  return shorten(text, max);
}

/** The guard's decisions of one call, e.g. `validation ✓ · request-id ✎ injected request_id`. */
export function formatDecisions(event: AuditEvent | undefined): string {
  if (!event) return "(no audit event)";
  if (event.decisions.length === 0) return "(no guard decided anything)";
  const mark = { allow: "✓", modify: "✎", refuse: "✗" } as const;
  const parts = event.decisions.map((d) => `${d.guard} ${mark[d.decision]}${d.detail ? ` ${d.detail}` : ""}`);
  if (event.requestId) parts.push(`request id ${event.requestId}`);
  return parts.join(" · ");
}

/** How a call ended, in a few words. */
export function formatOutcome(result: ToolResult): string {
  if (result.ok === true) return `${result.status} ok`;
  if (result.ok === "partial") {
    return `207 partial: ${result.applied.length} applied, ${result.failed.length} failed`;
  }
  if ("blocked" in result) return `blocked by the ${result.blocked} guard, nothing sent`;
  return result.status === null ? "no answer from the service" : `${result.status} error`;
}

/** The fields of a result a reader should not miss: the note, and for failures the error and hint. */
export function highlights(result: ToolResult): [label: string, text: string][] {
  const out: [string, string][] = [];
  if (result.ok !== true) {
    if ("error" in result) out.push(["error", result.error]);
    if ("hint" in result) out.push(["hint", result.hint]);
  }
  if (result.note) out.push(["note", result.note]);
  return out;
}
