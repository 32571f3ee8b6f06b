import type { Outcome } from "./outcome.js";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An Outcome without the per-call bookkeeping the client adds. */
export type Answer = DistributiveOmit<Outcome, "tool" | "attempts" | "durationMs" | "rateLimit">;

/** How much of a body that is not JSON is kept. */
const SNIPPET_CHARS = 200;

/** Turns one HTTP answer (body already redacted) into the matching Outcome kind. */
export function classify(status: number, text: string, retryAfterS?: number): Answer {
  const body = parseJson(text);
  if (body === NOT_JSON) return notJson(status, text, retryAfterS);
  if (status === 200 || status === 207) {
    const wrapped = isObject(body) && "data" in body;
    const data = wrapped ? body.data : body;
    const source = wrapped && typeof body.source === "string" ? body.source : undefined;
    if (status === 207)
      return { kind: "partial", status, data, partial: isObject(data) ? data.partial : undefined };
    if (isObject(data) && typeof data.error === "string")
      return { kind: "soft-error", status, error: data.error, data };
    // Built by assignment: a conditional spread takes V8's slow path, and this runs on every call.
    const success: Answer = { kind: "success", status, data };
    if (source !== undefined) success.source = source;
    return success;
  }
  const wrapped = isObject(body) && isObject(body.data);
  const details = wrapped ? (body.data as Record<string, unknown>) : isObject(body) ? body : {};
  const message = details.error ?? details.message;
  // Optional members by assignment (a conditional spread is V8's slow path); `body` stays last.
  const answer = {
    kind: "http-error",
    status,
    error: typeof message === "string" && message !== "" ? message : `HTTP ${status}`,
    shape: wrapped ? "wrapped" : "bare",
  } as HttpError;
  if (typeof details.upgrade_url === "string") answer.upgradeUrl = details.upgrade_url;
  if (Array.isArray(details.accounts)) answer.accounts = details.accounts;
  if (retryAfterS !== undefined) answer.retryAfterS = retryAfterS;
  answer.body = body;
  return answer;
}

type HttpError = Extract<Answer, { kind: "http-error" }>;

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

const NOT_JSON: unique symbol = Symbol("not JSON");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
