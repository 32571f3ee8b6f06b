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

// Payload members: the tail of the text, where a cut may fall.
const PAYLOAD = new Set(["accounts", "applied", "failed", "data"]);

/**
 * The result as compact JSON for the model, cut to `maxChars` with a visible marker. The cut
 * falls inside the payload (`data`, `applied`, `failed`, `accounts`) or, when what the model must
 * read does not fit, inside `error`; `ok`, `status`, `hint` and `note` stay whole.
 */
export function toModelText(result: ToolResult, maxChars = DEFAULT_MAX_RESULT_CHARS): string {
  const record = result as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of ORDER) if (record[key] !== undefined) ordered[key] = record[key];
  for (const key of Object.keys(record))
    if (!(key in ordered) && record[key] !== undefined) ordered[key] = record[key];
  const text = JSON.stringify(ordered);
  if (text.length <= maxChars) return text;
  return cutTail(shortenError(ordered, text.length, maxChars) ?? text, maxChars);
}

/**
 * When the members before the payload do not fit, the text with `error` shortened so that they
 * do, with room left for the tail marker; undefined when no shortening is needed or possible.
 */
function shortenError(
  ordered: Record<string, unknown>,
  fullLength: number,
  maxChars: number,
): string | undefined {
  const error = ordered.error;
  if (typeof error !== "string") return undefined;
  const head: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ordered)) if (!PAYLOAD.has(key)) head[key] = value;
  const headLength = JSON.stringify(head).length;
  const room = maxChars - marker(fullLength, fullLength).length - 1;
  if (headLength <= room) return undefined;
  const cutError = (keep: number) =>
    `${safeSlice(error, keep)} …[error cut by adrails: ${error.length - keep} characters]`;
  // Escapes make the JSON of an error longer than the error: search the longest part that fits.
  let low = 0;
  let high = error.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (JSON.stringify({ ...head, error: cutError(mid) }).length <= room) low = mid;
    else high = mid - 1;
  }
  return JSON.stringify({ ...ordered, error: cutError(low) });
}

const marker = (cut: number, total: number) =>
  ` …[truncated by adrails: ${cut} of ${total} characters cut; the application has the full result]`;

function cutTail(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  // The marker's own length depends on the number it prints; two passes settle it.
  let keep = Math.max(0, maxChars - marker(text.length, text.length).length);
  keep = Math.max(0, maxChars - marker(text.length - keep, text.length).length);
  const kept = safeSlice(text, keep);
  return `${kept}${marker(text.length - kept.length, text.length)}`;
}

/** The first `n` characters, one fewer when the cut would split a surrogate pair. */
function safeSlice(text: string, n: number): string {
  const last = text.charCodeAt(n - 1);
  return text.slice(0, n > 0 && last >= 0xd800 && last <= 0xdbff ? n - 1 : n);
}
