import type * as OtelApi from "@opentelemetry/api";
import { type Attempt, header, type PostOptions, post, type Target } from "./http.js";

// OpenTelemetry is an optional peer dependency: adrails only calls its API, which does nothing
// until the application registers an SDK, and never installs a provider itself. The API is loaded
// on first use, so an application without it loads nothing and pays nothing.

type Api = typeof OtelApi;

/** The instrumentation scope of every span and instrument adrails makes. */
export const SCOPE = "adrails";

let api: Api | null | undefined;
let loading: Promise<Api | null> | undefined;

// Nothing records until something registers with the API (an SDK's provider, a propagator, a
// logger), which creates this global. Until then the API is not even loaded: importing it took
// 45-49 ms of an `adrails call`, for spans that could only be no-ops.
const REGISTERED = Symbol.for("opentelemetry.js.api.1");

/**
 * The API once loaded; null when it is not installed, or when nothing registered with it yet (every
 * span would be a no-op); undefined when it must be loaded first.
 */
export function otelApi(): Api | null | undefined {
  if (api === undefined && (globalThis as Record<symbol, unknown>)[REGISTERED] === undefined) return null;
  return api;
}

/** Loads `@opentelemetry/api` once; resolves to null when it is not installed. */
export function loadOtel(): Promise<Api | null> {
  if (api !== undefined) return Promise.resolve(api);
  loading ??= import("@opentelemetry/api").then(
    (loaded) => {
      api = loaded;
      return loaded;
    },
    () => {
      api = null;
      return null;
    },
  );
  return loading;
}

// The tracer of the global provider of the moment (the provider keeps its tracers by name).
let tracedBy: OtelApi.TracerProvider | undefined;
let tracer: OtelApi.Tracer | undefined;

/** adrails' tracer on the global tracer provider of the moment. */
export function tracerOf(otel: Api): OtelApi.Tracer {
  const provider = otel.trace.getTracerProvider();
  if (provider !== tracedBy || !tracer) {
    tracer = provider.getTracer(SCOPE);
    tracedBy = provider;
  }
  return tracer;
}

/** The instruments adrails records to, on the global meter provider of the moment. */
export interface Instruments {
  calls: OtelApi.Counter;
  duration: OtelApi.Histogram;
  waits: OtelApi.Histogram;
  pending: OtelApi.UpDownCounter;
}

// By provider, so an application that swaps providers (or a bench that toggles one) makes each
// provider's instruments once; the last one is checked first.
const instrumentsOf = new WeakMap<OtelApi.MeterProvider, Instruments>();
let measuredBy: OtelApi.MeterProvider | undefined;
let measured: Instruments | undefined;

/** The instruments of the current global meter provider (no-ops when none is registered). */
export function instruments(otel: Api): Instruments {
  const provider = otel.metrics.getMeterProvider();
  if (provider === measuredBy && measured) return measured;
  const known = instrumentsOf.get(provider);
  measuredBy = provider;
  measured = known ?? make(provider);
  return measured;
}

function make(provider: OtelApi.MeterProvider): Instruments {
  const meter = provider.getMeter(SCOPE);
  const made: Instruments = {
    calls: meter.createCounter("adrails.tool.calls", {
      description: "Tool calls, by tool and outcome",
      unit: "{call}",
    }),
    duration: meter.createHistogram("adrails.tool.duration", {
      description: "Duration of a tool call, guards and retries included",
      unit: "s",
    }),
    waits: meter.createHistogram("adrails.rate_limit.wait", {
      description:
        "Time a call spent waiting before an attempt: the rate limiter, a 429's Retry-After, a 503's backoff",
      unit: "s",
    }),
    pending: meter.createUpDownCounter("adrails.approvals.pending", {
      description: "Approvals asked of a person and not answered yet",
      unit: "{approval}",
    }),
  };
  instrumentsOf.set(provider, made);
  return made;
}

/** Why a call waited before an attempt. */
export type WaitReason = "limiter" | "retry-after" | "backoff";

/**
 * `waiting`, timed: a wait of a millisecond or more becomes an `adrails.wait` event on the span of
 * `parent` (a context; default the active one) and a measurement of `adrails.rate_limit.wait`.
 * Without the API, `waiting` itself.
 */
export function timedWait<T>(reason: WaitReason, waiting: Promise<T>, parent?: unknown): Promise<T> {
  const otel = api;
  if (!otel) return waiting;
  const started = performance.now();
  return waiting.then((value) => {
    const ms = performance.now() - started;
    if (ms >= 1) {
      const span = parent ? otel.trace.getSpan(parent as OtelApi.Context) : otel.trace.getActiveSpan();
      span?.addEvent("adrails.wait", {
        "adrails.wait.reason": reason,
        "adrails.wait.ms": Math.round(ms),
      });
      instruments(otel).waits.record(ms / 1000, { "adrails.wait.reason": reason });
    }
    return value;
  });
}

/** What an attempt span says of its target, worked out once per target. */
interface Server {
  name: string;
  address: string;
  port: number;
}

const servers = new WeakMap<Target, Server>();

function serverOf(target: Target): Server {
  let server = servers.get(target);
  if (!server) {
    const url = new URL(target.origin);
    const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    server = { name: `POST ${target.path}`, address: url.hostname, port };
    servers.set(target, server);
  }
  return server;
}

/**
 * {@link post} as a CLIENT span `POST {path}`, child of `parent` (the tool span's context; default
 * the active one), with the
 * attempt number; ERROR for a 4xx, a 5xx or no answer. Nothing of the body or the headers is
 * recorded, so neither the key nor any value of the call can reach a span.
 */
export function tracedPost(
  target: Target,
  body: string,
  options: PostOptions,
  attempt: number,
  parent?: unknown,
): Promise<Attempt> {
  const otel = otelApi();
  if (otel === undefined) return loadOtel().then(() => tracedPost(target, body, options, attempt, parent));
  if (otel === null) return post(target, body, options);
  const server = serverOf(target);
  const attributes: OtelApi.Attributes = {
    "http.request.method": "POST",
    "server.address": server.address,
    "server.port": server.port,
    "url.path": target.path,
    "adrails.attempt": attempt,
  };
  if (attempt > 1) attributes["http.request.resend_count"] = attempt - 1;
  const span = tracerOf(otel).startSpan(
    server.name,
    { kind: otel.SpanKind.CLIENT, attributes },
    (parent as OtelApi.Context | undefined) ?? otel.context.active(),
  );
  if (!span.isRecording()) return post(target, body, options);
  // The attempt's span is not entered as the active context: nothing adrails runs inside reads it.
  return post(target, body, options).then((answered) => {
    heard(otel, span, answered);
    return answered;
  });
}

function heard(otel: Api, span: OtelApi.Span, answered: Attempt): void {
  if (answered.kind === "failure") {
    span.setAttribute("error.type", answered.cause);
    span.setStatus({ code: otel.SpanStatusCode.ERROR, message: `no answer: ${answered.cause}` });
  } else {
    const attributes: OtelApi.Attributes = { "http.response.status_code": answered.status };
    const remaining = header(answered.headers, "x-ratelimit-remaining");
    if (remaining !== undefined && Number.isFinite(Number(remaining))) {
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

type Flushable = { forceFlush?: () => Promise<unknown> | unknown; getDelegate?: () => unknown };

/**
 * Exports what the registered OpenTelemetry providers still hold (forceFlush on the global tracer
 * and meter providers), waiting at most `timeoutMs`. A process about to exit calls it: a batching
 * SDK would otherwise drop the spans of a short command. Nothing to do (and nothing loaded) when
 * nothing registered with the API.
 */
export async function flushTelemetry(timeoutMs = 5000): Promise<void> {
  if ((globalThis as Record<symbol, unknown>)[REGISTERED] === undefined) return;
  const otel = await loadOtel();
  if (!otel) return;
  // The global tracer provider is a proxy; the application's provider is its delegate.
  const proxy = otel.trace.getTracerProvider() as Flushable;
  const providers = [
    (proxy.getDelegate?.() ?? proxy) as Flushable,
    otel.metrics.getMeterProvider() as Flushable,
  ];
  const flushes = providers.map(async (provider) => {
    try {
      if (typeof provider.forceFlush === "function") await provider.forceFlush();
    } catch {
      // An exporter that cannot deliver is the application's to report; exiting goes on.
    }
  });
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  await Promise.race([Promise.all(flushes), bound]);
  clearTimeout(timer);
}
