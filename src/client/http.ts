import { EventEmitter } from "node:events";
import type { Dispatcher } from "undici";

export type Headers = Record<string, string | string[] | undefined>;

/** One HTTP attempt: the service answered (any status), or it did not. */
export type Attempt =
  | { kind: "answer"; status: number; headers: Headers; text: string }
  | { kind: "failure"; cause: "timeout" | "connection" | "aborted"; message: string };

/** Where a POST goes: `origin` (scheme, host, port) and `path`, split once so no call parses a URL. */
export interface Target {
  origin: string;
  path: string;
}

export interface PostOptions {
  /** The whole `authorization` header value. */
  authorization: string;
  timeoutMs: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

// Loaded on the first request, not on import: undici takes most of a CLI's start-up and many
// commands never send anything. Once loaded, a call costs one property read.
let undici: typeof import("undici") | undefined;
const loadUndici = async () => {
  undici ??= await import("undici");
  return undici;
};

/** POSTs a JSON body once and reads the whole answer; never throws. */
export async function post(target: Target, body: string, options: PostOptions): Promise<Attempt> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return { kind: "failure", cause: "aborted", message: "aborted before sending" };
  const { Dispatcher, getGlobalDispatcher } = undici ?? (await loadUndici());
  if (signal?.aborted) return { kind: "failure", cause: "aborted", message: "aborted before sending" };
  // undici takes an EventEmitter as its abort signal; it costs a fraction of an AbortController
  // and still stops the request wherever it is (queued, connecting, sent, reading the body).
  const cancel = new EventEmitter();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    cancel.emit("abort");
  }, timeoutMs);
  const onAbort = signal ? () => cancel.emit("abort") : undefined;
  if (onAbort) signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // undici's own `request` run on the dispatcher, as `undici.request(url, { dispatcher })` does, so
    // any dispatcher that can `dispatch` works; the URL was split once, so nothing parses it here.
    const res = await Dispatcher.prototype.request.call(options.dispatcher ?? getGlobalDispatcher(), {
      origin: target.origin,
      path: target.path,
      method: "POST",
      headers: { authorization: options.authorization, "content-type": "application/json" },
      body,
      signal: cancel,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await res.body.text();
    return { kind: "answer", status: res.statusCode, headers: res.headers, text };
  } catch (error) {
    if (signal?.aborted) return { kind: "failure", cause: "aborted", message: "aborted by the caller" };
    const code = (error as { code?: string }).code ?? "";
    if (timedOut || TIMEOUT_CODES.has(code)) {
      return { kind: "failure", cause: "timeout", message: `no answer within ${timeoutMs} ms` };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "failure", cause: "connection", message: code ? `${message} (${code})` : message };
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}

/** A header's first value; `name` in lower case, as undici gives them. */
export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
