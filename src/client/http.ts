import { type Dispatcher, request } from "undici";

export type Headers = Record<string, string | string[] | undefined>;

/** One HTTP attempt: the service answered (any status), or it did not. */
export type Attempt =
  | { kind: "answer"; status: number; headers: Headers; text: string }
  | { kind: "failure"; cause: "timeout" | "connection" | "aborted"; message: string };

export interface PostOptions {
  apiKey: string;
  timeoutMs: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

/** POSTs a JSON body once and reads the whole answer; never throws. */
export async function post(url: string, body: string, options: PostOptions): Promise<Attempt> {
  const { signal } = options;
  if (signal?.aborted) return { kind: "failure", cause: "aborted", message: "aborted before sending" };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const res = await request(url, {
      method: "POST",
      headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
      body,
      signal: controller.signal,
      dispatcher: options.dispatcher,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const text = await res.body.text();
    return { kind: "answer", status: res.statusCode, headers: res.headers, text };
  } catch (error) {
    if (signal?.aborted) return { kind: "failure", cause: "aborted", message: "aborted by the caller" };
    const code = (error as { code?: string }).code ?? "";
    if (timedOut || TIMEOUT_CODES.has(code)) {
      return { kind: "failure", cause: "timeout", message: `no answer within ${options.timeoutMs} ms` };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "failure", cause: "connection", message: code ? `${message} (${code})` : message };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** A header's first value. */
export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
