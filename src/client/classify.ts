import type { Outcome } from "./outcome.js";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An Outcome without the per-call bookkeeping the client adds. */
export type Answer = DistributiveOmit<Outcome, "tool" | "attempts" | "durationMs" | "rateLimit">;

/** How much of a body that is not JSON is kept. */
const SNIPPET_CHARS = 200;

/** Turns one HTTP answer (body already redacted) into the matching Outcome kind. */
export function classify(status: number, text: string, retryAfterS?: number): Answer {
  const parsed = parseJson(text);
  if (status === 200 || status === 207) {
    if (!parsed.ok) return notJson(status, text, retryAfterS);
    const body = parsed.value;
    const wrapped = isObject(body) && "data" in body;
    const data = wrapped ? body.data : body;
    const source = wrapped && typeof body.source === "string" ? body.source : undefined;
    if (status === 207)
      return { kind: "partial", status, data, partial: isObject(data) ? data.partial : undefined };
    if (isObject(data) && typeof data.error === "string")
      return { kind: "soft-error", status, error: data.error, data };
    return { kind: "success", status, data, ...(source === undefined ? {} : { source }) };
  }
  if (!parsed.ok) return notJson(status, text, retryAfterS);
  const body = parsed.value;
  const wrapped = isObject(body) && isObject(body.data);
  const details = wrapped ? (body.data as Record<string, unknown>) : isObject(body) ? body : {};
  const message = details.error ?? details.message;
  return {
    kind: "http-error",
    status,
    error: typeof message === "string" && message !== "" ? message : `HTTP ${status}`,
    shape: wrapped ? "wrapped" : "bare",
    ...(typeof details.upgrade_url === "string" ? { upgradeUrl: details.upgrade_url } : {}),
    ...(Array.isArray(details.accounts) ? { accounts: details.accounts } : {}),
    ...(retryAfterS === undefined ? {} : { retryAfterS }),
    body,
  };
}

function notJson(status: number, text: string, retryAfterS?: number): Answer {
  return {
    kind: "http-error",
    status,
    error: `HTTP ${status}: the body is not JSON`,
    shape: "non-json",
    ...(retryAfterS === undefined ? {} : { retryAfterS }),
    body: text.slice(0, SNIPPET_CHARS),
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
