import { EventEmitter } from "node:events";
import type * as Http from "node:http";
import { nodeHttp, nodeHttps } from "../node-http.js";

export type Headers = Record<string, string | string[] | undefined>;

/**
 * An undici dispatcher (an `Agent`, a `ProxyAgent`, a `MockAgent`, a pool of your own), typed by
 * its shape so that adrails' types need no `undici` installed: undici is loaded only when one is
 * given.
 */
export interface AdDispatcher {
  dispatch(options: any, handler: any): boolean;
}

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
  /** An undici dispatcher to send through; without one, Node's own `http` / `https`. */
  dispatcher?: AdDispatcher;
}

const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);
const ABORTED_BEFORE: Attempt = { kind: "failure", cause: "aborted", message: "aborted before sending" };

/**
 * POSTs a JSON body once and reads the whole answer; never throws. Sent with Node's `http` /
 * `https` (keep-alive), or through `options.dispatcher` with undici.
 */
export function post(target: Target, body: string, options: PostOptions): Promise<Attempt> {
  if (options.signal?.aborted) return Promise.resolve(ABORTED_BEFORE);
  return options.dispatcher
    ? viaUndici(target, body, options, options.dispatcher)
    : viaNode(target, body, options);
}

/** Arms the attempt's deadline and the caller's signal; `stop` ends the request wherever it is. */
function watch(options: PostOptions, stop: () => void) {
  const { signal, timeoutMs } = options;
  const state = { timedOut: false };
  const timer = setTimeout(() => {
    state.timedOut = true;
    stop();
  }, timeoutMs);
  const onAbort = signal ? stop : undefined;
  if (onAbort) signal?.addEventListener("abort", onAbort, { once: true });
  return {
    state,
    done() {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    },
  };
}

/** The failure an error stands for, read after the request ended. */
function failure(error: unknown, options: PostOptions, timedOut: boolean): Attempt {
  if (options.signal?.aborted) return { kind: "failure", cause: "aborted", message: "aborted by the caller" };
  const code = (error as { code?: string } | undefined)?.code ?? "";
  if (timedOut || TIMEOUT_CODES.has(code)) {
    return { kind: "failure", cause: "timeout", message: `no answer within ${options.timeoutMs} ms` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "failure", cause: "connection", message: code ? `${message} (${code})` : message };
}

// Node's own client, kept alive between calls like a browser's. Importing undici took 190-210 ms
// of a CLI command's 520 ms start; `node:http` is part of Node, and a call through it cost 86 µs
// of this process's time against undici's 181 µs (bench: 3,000 POSTs to a loopback server).
// Each side is loaded with its first call: `node:https` brings TLS, which a call to an http://
// service (the simulator, a local proxy) never uses.
type Side = { request: typeof Http.request; agent: Http.Agent };
let plain: Side | undefined;
let secure: Side | undefined;
function sideOf(endpoint: Endpoint): Side {
  if (endpoint.secure) {
    const module = nodeHttps();
    secure ??= { request: module.request, agent: new module.Agent({ keepAlive: true }) };
    return secure;
  }
  const module = nodeHttp();
  plain ??= { request: module.request, agent: new module.Agent({ keepAlive: true }) };
  return plain;
}

interface Endpoint {
  secure: boolean;
  hostname: string;
  port: number | undefined;
}

// Few origins per process (the service's, perhaps a test's); a bounded map all the same.
const endpoints = new Map<string, Endpoint>();

function endpointOf(origin: string): Endpoint {
  let endpoint = endpoints.get(origin);
  if (!endpoint) {
    const url = new URL(origin);
    endpoint = {
      secure: url.protocol === "https:",
      // An IPv6 literal comes bracketed in a URL, bare to `http.request`.
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: url.port ? Number(url.port) : undefined,
    };
    if (endpoints.size >= 64) endpoints.clear();
    endpoints.set(origin, endpoint);
  }
  return endpoint;
}

function viaNode(target: Target, body: string, options: PostOptions): Promise<Attempt> {
  return new Promise((resolve) => {
    let settled = false;
    let request: Http.ClientRequest | undefined;
    const watching = watch(options, () => request?.destroy());
    const settle = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      watching.done();
      resolve(attempt);
    };
    const fail = (error?: unknown) => settle(failure(error, options, watching.state.timedOut));
    const payload = Buffer.from(body);
    try {
      const endpoint = endpointOf(target.origin);
      const side = sideOf(endpoint);
      request = side.request({
        method: "POST",
        hostname: endpoint.hostname,
        port: endpoint.port,
        path: target.path,
        agent: side.agent,
        headers: {
          authorization: options.authorization,
          "content-type": "application/json",
          "content-length": payload.length,
        },
      });
    } catch (error) {
      fail(error);
      return;
    }
    let answered = false;
    request.on("error", fail);
    request.on("close", () => {
      if (!answered) fail(new Error("the connection closed before an answer came"));
    });
    request.on("response", (response) => {
      answered = true;
      response.setEncoding("utf8");
      let text = "";
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () =>
        settle({ kind: "answer", status: response.statusCode ?? 0, headers: response.headers, text }),
      );
      response.on("error", fail);
      // Closed before the whole body came: the answer is lost.
      response.on("close", () => {
        if (!response.complete) fail(new Error("the connection closed before the whole answer came"));
      });
    });
    // Aborted or timed out before the request existed: end it now.
    if (options.signal?.aborted || watching.state.timedOut) request.destroy();
    request.end(payload);
  });
}

// Loaded only for a caller's own dispatcher: most processes never need it.
let undici: typeof import("undici") | undefined;

async function viaUndici(
  target: Target,
  body: string,
  options: PostOptions,
  dispatcher: AdDispatcher,
): Promise<Attempt> {
  undici ??= await import("undici");
  if (options.signal?.aborted) return ABORTED_BEFORE;
  // undici takes an EventEmitter as its abort signal; it costs a fraction of an AbortController
  // and still stops the request wherever it is (queued, connecting, sent, reading the body).
  const cancel = new EventEmitter();
  const watching = watch(options, () => cancel.emit("abort"));
  try {
    // undici's own `request` run on the dispatcher, as `undici.request(url, { dispatcher })` does, so
    // any dispatcher that can `dispatch` works; the URL was split once, so nothing parses it here.
    const res = await undici.Dispatcher.prototype.request.call(dispatcher as import("undici").Dispatcher, {
      origin: target.origin,
      path: target.path,
      method: "POST",
      headers: { authorization: options.authorization, "content-type": "application/json" },
      body,
      signal: cancel,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const text = await res.body.text();
    return { kind: "answer", status: res.statusCode, headers: res.headers, text };
  } catch (error) {
    return failure(error, options, watching.state.timedOut);
  } finally {
    watching.done();
  }
}

/** A header's first value; `name` in lower case, as both clients give them. */
export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
