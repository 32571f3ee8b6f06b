import type { ToolResult } from "../types.js";

/** Default cap on what a model reads of one result. */
export const DEFAULT_MAX_RESULT_CHARS = 4000;

// The fields a model must always read come first, so a cut only ever shortens the payload.
const ORDER = [
  "ok",
  "status",
  "blocked",
  "error",
  "hint",
  "retryable",
  "note",
  "retry_after_s",
  "upgrade_url",
  "accounts",
  "applied",
  "failed",
  "data",
];

/**
 * The result as compact JSON for the model, cut to `maxChars` with a visible marker. The cut
 * falls inside the payload (`data`, `applied`, `failed`), never before `ok`, `error`, `hint`, `note`.
 */
export function toModelText(result: ToolResult, maxChars = DEFAULT_MAX_RESULT_CHARS): string {
  const record = result as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of ORDER) if (record[key] !== undefined) ordered[key] = record[key];
  for (const key of Object.keys(record))
    if (!(key in ordered) && record[key] !== undefined) ordered[key] = record[key];
  const text = JSON.stringify(ordered);
  if (text.length <= maxChars) return text;
  const marker = (cut: number) =>
    ` …[truncated by adrails: ${cut} of ${text.length} characters cut; the application has the full result]`;
  // The marker's own length depends on the number it prints; two passes settle it.
  let keep = Math.max(0, maxChars - marker(text.length).length);
  keep = Math.max(0, maxChars - marker(text.length - keep).length);
  // Never split a surrogate pair.
  const last = text.charCodeAt(keep - 1);
  if (keep > 0 && last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return `${text.slice(0, keep)}${marker(text.length - keep)}`;
}
