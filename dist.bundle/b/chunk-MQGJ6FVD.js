import {
  nodeHttp,
  nodeHttps
} from "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/client/http.js
import { EventEmitter } from "node:events";
var TIMEOUT_CODES = /* @__PURE__ */ new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);
var ABORTED_BEFORE = { kind: "failure", cause: "aborted", message: "aborted before sending" };
function post(target, body, options) {
  if (options.signal?.aborted)
    return Promise.resolve(ABORTED_BEFORE);
  return options.dispatcher ? viaUndici(target, body, options, options.dispatcher) : viaNode(target, body, options);
}
__name(post, "post");
function watch(options, stop) {
  const { signal, timeoutMs } = options;
  const state = { timedOut: false };
  const timer = setTimeout(() => {
    state.timedOut = true;
    stop();
  }, timeoutMs);
  const onAbort = signal ? stop : void 0;
  if (onAbort)
    signal?.addEventListener("abort", onAbort, { once: true });
  return {
    state,
    done() {
      clearTimeout(timer);
      if (onAbort)
        signal?.removeEventListener("abort", onAbort);
    }
  };
}
__name(watch, "watch");
function failure(error, options, timedOut) {
  if (options.signal?.aborted)
    return { kind: "failure", cause: "aborted", message: "aborted by the caller" };
  const code = error?.code ?? "";
  if (timedOut || TIMEOUT_CODES.has(code)) {
    return { kind: "failure", cause: "timeout", message: `no answer within ${options.timeoutMs} ms` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "failure", cause: "connection", message: code ? `${message} (${code})` : message };
}
__name(failure, "failure");
var plain;
var secure;
function sideOf(endpoint) {
  if (endpoint.secure) {
    const module2 = nodeHttps();
    secure ??= { request: module2.request, agent: new module2.Agent({ keepAlive: true }) };
    return secure;
  }
  const module = nodeHttp();
  plain ??= { request: module.request, agent: new module.Agent({ keepAlive: true }) };
  return plain;
}
__name(sideOf, "sideOf");
var endpoints = /* @__PURE__ */ new Map();
function endpointOf(origin) {
  let endpoint = endpoints.get(origin);
  if (!endpoint) {
    const url = new URL(origin);
    endpoint = {
      secure: url.protocol === "https:",
      // An IPv6 literal comes bracketed in a URL, bare to `http.request`.
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: url.port ? Number(url.port) : void 0
    };
    if (endpoints.size >= 64)
      endpoints.clear();
    endpoints.set(origin, endpoint);
  }
  return endpoint;
}
__name(endpointOf, "endpointOf");
function viaNode(target, body, options) {
  return new Promise((resolve) => {
    let settled = false;
    let request;
    const watching = watch(options, () => request?.destroy());
    const settle = /* @__PURE__ */ __name((attempt) => {
      if (settled)
        return;
      settled = true;
      watching.done();
      resolve(attempt);
    }, "settle");
    const fail = /* @__PURE__ */ __name((error) => settle(failure(error, options, watching.state.timedOut)), "fail");
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
          "content-length": payload.length
        }
      });
    } catch (error) {
      fail(error);
      return;
    }
    let answered = false;
    request.on("error", fail);
    request.on("close", () => {
      if (!answered)
        fail(new Error("the connection closed before an answer came"));
    });
    request.on("response", (response) => {
      answered = true;
      response.setEncoding("utf8");
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => settle({ kind: "answer", status: response.statusCode ?? 0, headers: response.headers, text }));
      response.on("error", fail);
      response.on("close", () => {
        if (!response.complete)
          fail(new Error("the connection closed before the whole answer came"));
      });
    });
    if (options.signal?.aborted || watching.state.timedOut)
      request.destroy();
    request.end(payload);
  });
}
__name(viaNode, "viaNode");
var undici;
async function viaUndici(target, body, options, dispatcher) {
  undici ??= await import("undici");
  if (options.signal?.aborted)
    return ABORTED_BEFORE;
  const cancel = new EventEmitter();
  const watching = watch(options, () => cancel.emit("abort"));
  try {
    const res = await undici.Dispatcher.prototype.request.call(dispatcher, {
      origin: target.origin,
      path: target.path,
      method: "POST",
      headers: { authorization: options.authorization, "content-type": "application/json" },
      body,
      signal: cancel,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs
    });
    const text = await res.body.text();
    return { kind: "answer", status: res.statusCode, headers: res.headers, text };
  } catch (error) {
    return failure(error, options, watching.state.timedOut);
  } finally {
    watching.done();
  }
}
__name(viaUndici, "viaUndici");
function header(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
__name(header, "header");

// dist/client/telemetry.js
var SCOPE = "adrails";
var api;
var loading;
var REGISTERED = /* @__PURE__ */ Symbol.for("opentelemetry.js.api.1");
function otelApi() {
  if (api === void 0 && globalThis[REGISTERED] === void 0)
    return null;
  return api;
}
__name(otelApi, "otelApi");
function loadOtel() {
  if (api !== void 0)
    return Promise.resolve(api);
  loading ??= import("@opentelemetry/api").then((loaded) => {
    api = loaded;
    return loaded;
  }, () => {
    api = null;
    return null;
  });
  return loading;
}
__name(loadOtel, "loadOtel");
var tracedBy;
var tracer;
function tracerOf(otel) {
  const provider = otel.trace.getTracerProvider();
  if (provider !== tracedBy || !tracer) {
    tracer = provider.getTracer(SCOPE);
    tracedBy = provider;
  }
  return tracer;
}
__name(tracerOf, "tracerOf");
var instrumentsOf = /* @__PURE__ */ new WeakMap();
var measuredBy;
var measured;
function instruments(otel) {
  const provider = otel.metrics.getMeterProvider();
  if (provider === measuredBy && measured)
    return measured;
  const known = instrumentsOf.get(provider);
  measuredBy = provider;
  measured = known ?? make(provider);
  return measured;
}
__name(instruments, "instruments");
function make(provider) {
  const meter = provider.getMeter(SCOPE);
  const made = {
    calls: meter.createCounter("adrails.tool.calls", {
      description: "Tool calls, by tool and outcome",
      unit: "{call}"
    }),
    duration: meter.createHistogram("adrails.tool.duration", {
      description: "Duration of a tool call, guards and retries included",
      unit: "s"
    }),
    waits: meter.createHistogram("adrails.rate_limit.wait", {
      description: "Time a call spent waiting before an attempt: the rate limiter, a 429's Retry-After, a 503's backoff",
      unit: "s"
    }),
    pending: meter.createUpDownCounter("adrails.approvals.pending", {
      description: "Approvals asked of a person and not answered yet",
      unit: "{approval}"
    })
  };
  instrumentsOf.set(provider, made);
  return made;
}
__name(make, "make");
function timedWait(reason, waiting, parent) {
  const otel = api;
  if (!otel)
    return waiting;
  const started = performance.now();
  return waiting.then((value) => {
    const ms = performance.now() - started;
    if (ms >= 1) {
      const span = parent ? otel.trace.getSpan(parent) : otel.trace.getActiveSpan();
      span?.addEvent("adrails.wait", {
        "adrails.wait.reason": reason,
        "adrails.wait.ms": Math.round(ms)
      });
      instruments(otel).waits.record(ms / 1e3, { "adrails.wait.reason": reason });
    }
    return value;
  });
}
__name(timedWait, "timedWait");
var servers = /* @__PURE__ */ new WeakMap();
function serverOf(target) {
  let server = servers.get(target);
  if (!server) {
    const url = new URL(target.origin);
    const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    server = { name: `POST ${target.path}`, address: url.hostname, port };
    servers.set(target, server);
  }
  return server;
}
__name(serverOf, "serverOf");
function tracedPost(target, body, options, attempt, parent) {
  const otel = otelApi();
  if (otel === void 0)
    return loadOtel().then(() => tracedPost(target, body, options, attempt, parent));
  if (otel === null)
    return post(target, body, options);
  const server = serverOf(target);
  const attributes = {
    "http.request.method": "POST",
    "server.address": server.address,
    "server.port": server.port,
    "url.path": target.path,
    "adrails.attempt": attempt
  };
  if (attempt > 1)
    attributes["http.request.resend_count"] = attempt - 1;
  const span = tracerOf(otel).startSpan(server.name, { kind: otel.SpanKind.CLIENT, attributes }, parent ?? otel.context.active());
  if (!span.isRecording())
    return post(target, body, options);
  return post(target, body, options).then((answered) => {
    heard(otel, span, answered);
    return answered;
  });
}
__name(tracedPost, "tracedPost");
function heard(otel, span, answered) {
  if (answered.kind === "failure") {
    span.setAttribute("error.type", answered.cause);
    span.setStatus({ code: otel.SpanStatusCode.ERROR, message: `no answer: ${answered.cause}` });
  } else {
    const attributes = { "http.response.status_code": answered.status };
    const remaining = header(answered.headers, "x-ratelimit-remaining");
    if (remaining !== void 0 && Number.isFinite(Number(remaining))) {
      attributes["adrails.rate_limit.remaining"] = Number(remaining);
    }
    if (answered.status >= 400) {
      attributes["error.type"] = String(answered.status);
      span.setStatus({ code: otel.SpanStatusCode.ERROR, message: `HTTP ${answered.status}` });
    }
    span.setAttributes(attributes);
  }
  span.end();
}
__name(heard, "heard");
async function flushTelemetry(timeoutMs = 5e3) {
  if (globalThis[REGISTERED] === void 0)
    return;
  const otel = await loadOtel();
  if (!otel)
    return;
  const proxy = otel.trace.getTracerProvider();
  const providers = [
    proxy.getDelegate?.() ?? proxy,
    otel.metrics.getMeterProvider()
  ];
  const flushes = providers.map(async (provider) => {
    try {
      if (typeof provider.forceFlush === "function")
        await provider.forceFlush();
    } catch {
    }
  });
  let timer;
  const bound = new Promise((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  await Promise.race([Promise.all(flushes), bound]);
  clearTimeout(timer);
}
__name(flushTelemetry, "flushTelemetry");

export {
  header,
  SCOPE,
  otelApi,
  loadOtel,
  tracerOf,
  instruments,
  timedWait,
  tracedPost,
  flushTelemetry
};
