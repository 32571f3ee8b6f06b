import type { InboxItem } from "./types.js";

/** The largest item a queue reads (a 4 MB headline is still a request someone may decide). */
export const MAX_ITEM_BYTES = 8 * 1024 * 1024;

const STATES = new Set(["pending", "approved", "declined", "expired", "abandoned"]);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const finite = (v: unknown) => typeof v === "number" && Number.isFinite(v);

/**
 * The item a stored text holds, or why it cannot be read: not JSON, too large, or not shaped like
 * an inbox item (whoever wrote it). Only the fields every reader relies on are checked.
 */
export function readItem(raw: unknown, id?: string): InboxItem | { unreadable: string } {
  if (typeof raw !== "string" || raw === "") return { unreadable: "missing" };
  if (raw.length > MAX_ITEM_BYTES) return { unreadable: `oversized (${raw.length} bytes)` };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { unreadable: "not JSON" };
  }
  const problem = shapeProblem(value, id);
  return problem ? { unreadable: problem } : (value as InboxItem);
}

function shapeProblem(v: unknown, id: string | undefined): string | null {
  if (!isObject(v)) return "not an object";
  if (typeof v.id !== "string" || (id !== undefined && v.id !== id)) return "a foreign id";
  if (!finite(v.createdAt)) return "no createdAt";
  if (typeof v.state !== "string" || !STATES.has(v.state)) return "an unknown state";
  const r = v.request;
  if (!isObject(r)) return "no request";
  if (typeof r.tool !== "string" || typeof r.fingerprint !== "string" || typeof r.id !== "string")
    return "a request without tool, id or fingerprint";
  if (!finite(r.expiresAt)) return "a request without expiresAt";
  if (typeof r.message !== "string" || !isObject(r.summary)) return "a request without message or summary";
  if (!isObject(v.requester)) return "no requester";
  if (v.decision !== undefined && !isObject(v.decision)) return "a malformed decision";
  if (v.approvals !== undefined && !Array.isArray(v.approvals)) return "malformed approvals";
  return null;
}

/** True for a readable item; narrows {@link readItem}'s answer. */
export const isItem = (v: InboxItem | { unreadable: string }): v is InboxItem => !("unreadable" in v);

const logged = new Set<string>();

/** Says once per process and item that an item was skipped (never its content: it may hold anything). */
export function logUnreadable(store: string, id: string, reason: string): void {
  const key = `${store}|${id}`;
  if (logged.has(key)) return;
  if (logged.size > 10_000) logged.clear();
  logged.add(key);
  process.emitWarning(
    `The inbox skipped item ${JSON.stringify(id.slice(0, 80))} in ${store}: it is ${reason}. It is shown as unreadable and cannot be decided; remove it from the store when you have looked at it.`,
    { code: "ADRAILS_INBOX_UNREADABLE" },
  );
}
