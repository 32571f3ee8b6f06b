import type * as OtelApi from "@opentelemetry/api";
import { redact } from "../client/redact.js";
import { instruments, loadOtel, otelApi, tracerOf } from "../client/telemetry.js";
import type { AuditEvent, CallContext, ConfirmChannel, ToolResult } from "../types.js";
import type { DecisionLog } from "./audit.js";

// The span of a tool call, after the GenAI semantic conventions (execute_tool). What a span may
// carry is decided here: names, ids, statuses, decisions; never the key, a token, a person's
// sentence or a value of the call, unless the toolkit opts in to values (redacted, the sentence
// removed).

type Api = typeof OtelApi;

/** What the span of one call is made of besides the result. */
export interface ToolSpanInput {
  log: DecisionLog;
  audit: Partial<AuditEvent>;
  apiKey: string;
  /** The model's input, recorded only when values are opted in. */
  input?: unknown;
  telemetry?: { recordValues?: boolean };
  /**
   * Run the call with the tool's span as the active context: for calls that may ask a person,
   * so the confirm channel's events and the host's own spans land under the tool's span.
   */
  enter?: boolean;
}

// The tool span's context by the call's audit record (one per call), for the steps below it:
// the HTTP attempts and waits are recorded under it without entering it as the active context,
// which on Node 20 (async_hooks' AsyncLocalStorage) costs more per call than the spans do.
const parents = new WeakMap<object, OtelApi.Context>();

/** The OpenTelemetry context of the call's tool span, for its attempts; undefined when none records. */
export function traceParent(audit: object): unknown {
  return parents.get(audit);
}

/** The longest value recorded when values are opted in. */
const MAX_VALUE_CHARS = 8192;
const SENTENCE_FIELD = "hard_confirm_text";

/**
 * Runs one tool call in an `execute_tool {tool}` span, a child of the active context, and counts
 * it. A call that throws is recorded (type only) and rethrown to the frame that answers it.
 */
export function traceToolCall(
  tool: string,
  context: CallContext,
  run: () => Promise<ToolResult>,
  input: ToolSpanInput,
): Promise<ToolResult> {
  const otel = otelApi();
  if (otel === undefined) return loadOtel().then(() => traceToolCall(tool, context, run, input));
  if (otel === null) return run();
  const started = performance.now();
  const parent = otel.context.active();
  const attributes: OtelApi.Attributes = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": tool,
    "gen_ai.tool.type": "function",
  };
  if (context.toolCallId !== undefined) {
    attributes["gen_ai.tool.call.id"] = redact(String(context.toolCallId), input.apiKey);
  }
  const span = tracerOf(otel).startSpan(spanName(tool), { kind: otel.SpanKind.INTERNAL, attributes }, parent);
  // No SDK registered (or not sampled): only the count, and no context of our own to enter.
  const recording = span.isRecording();
  let running: Promise<ToolResult>;
  if (recording) {
    const active = otel.trace.setSpan(parent, span);
    parents.set(input.audit, active);
    running = input.enter ? otel.context.with(active, run) : run();
  } else {
    running = run();
  }
  // Chained rather than awaited: one promise less per call than an async function's hops.
  return running.then(
    (result) => {
      const outcome = outcomeOf(result);
      count(otel, tool, outcome.name, started);
      if (recording) {
        annotate(span, result, outcome, input, context);
        if (outcome.error) span.setStatus({ code: otel.SpanStatusCode.ERROR, message: outcome.message });
        span.end();
      }
      return result;
    },
    (error: unknown) => {
      const type = error instanceof Error ? error.name : typeof error;
      count(otel, tool, "fault", started);
      if (recording) {
        span.addEvent("exception", { "exception.type": type });
        span.setAttribute("error.type", type);
        span.setStatus({
          code: otel.SpanStatusCode.ERROR,
          message: "adrails failed while handling the call",
        });
        span.end();
      }
      throw error;
    },
  );
}

// Span names by tool, so a call does not build its name again; only names that reached a span.
const spanNames = new Map<string, string>();
const MAX_SPAN_NAMES = 1024;

function spanName(tool: string): string {
  let name = spanNames.get(tool);
  if (name === undefined) {
    name = `execute_tool ${tool}`;
    if (spanNames.size < MAX_SPAN_NAMES) spanNames.set(tool, name);
  }
  return name;
}

function count(otel: Api, tool: string, outcome: string, started: number): void {
  const measured = instruments(otel);
  const attributes = { "gen_ai.tool.name": tool, "adrails.outcome": outcome };
  measured.calls.add(1, attributes);
  measured.duration.record((performance.now() - started) / 1000, attributes);
}

interface Outcome {
  /** ok, partial, soft_failure, http_error, blocked, no_answer. */
  name: string;
  /** `error.type`, for anything but a plain success. */
  error?: string;
  message?: string;
}

const OK: Outcome = { name: "ok" };

function outcomeOf(result: ToolResult): Outcome {
  if (result.ok === true) return OK;
  if (result.ok === "partial") {
    return { name: "partial", error: "partial", message: "partial write (207): only part was applied" };
  }
  if ("blocked" in result) {
    return {
      name: "blocked",
      error: "refused",
      message: `refused by the ${result.blocked} guard; nothing sent`,
    };
  }
  if (result.status === null)
    return { name: "no_answer", error: "no_answer", message: "no answer from the service" };
  if (result.status === 200) {
    return { name: "soft_failure", error: "soft_failure", message: "the service answered 200 with an error" };
  }
  return { name: "http_error", error: String(result.status), message: `HTTP ${result.status}` };
}

function annotate(
  span: OtelApi.Span,
  result: ToolResult,
  outcome: Outcome,
  input: ToolSpanInput,
  context: CallContext,
): void {
  const { apiKey, audit, log } = input;
  // One setAttributes: the SDK checks each call's attributes, so fewer calls cost less.
  const attributes: OtelApi.Attributes = { "adrails.outcome": outcome.name };
  if (result.status !== null) attributes["adrails.status"] = result.status;
  if ("blocked" in result) attributes["adrails.blocked"] = result.blocked;
  if (audit.requestId !== undefined) attributes["adrails.request_id"] = redact(audit.requestId, apiKey);
  if (audit.fingerprint !== undefined) attributes["adrails.fingerprint"] = audit.fingerprint;
  if (audit.rule !== undefined) attributes["adrails.rule"] = audit.rule;
  if (audit.ruleDecision !== undefined) attributes["adrails.rule_decision"] = audit.ruleDecision;
  // The decision's detail can quote input or a person's reason: the guard and its decision only,
  // as one attribute ("validation:allow", "request-id:modify"), cheaper than an event each.
  if (log.length > 0) attributes["adrails.guard.decisions"] = log.map((d) => `${d.guard}:${d.decision}`);
  if (outcome.error) attributes["error.type"] = outcome.error;
  span.setAttributes(attributes);
  const answer = context.answer
    ? { answer: context.answer.approved ? "given" : "refused", via: context.answer.channel }
    : context.approval
      ? { answer: "given", via: context.approval.via }
      : context.denial
        ? { answer: "refused", via: context.denial.via }
        : context.unbound
          ? { answer: "unbound", via: context.unbound.via }
          : undefined;
  if (answer) {
    span.addEvent("adrails.approval", {
      "adrails.approval.answer": answer.answer,
      "adrails.approval.via": redact(String(answer.via), apiKey),
    });
  }
  if (input.telemetry?.recordValues) {
    if (input.input !== undefined)
      span.setAttribute("gen_ai.tool.call.arguments", valueText(input.input, apiKey));
    span.setAttribute("gen_ai.tool.call.result", valueText(result, apiKey));
  }
}

/** A value as redacted JSON text, without a person's sentence, capped in size. */
function valueText(value: unknown, apiKey: string): string {
  let text: string;
  try {
    text = JSON.stringify(value, (key, member) => (key === SENTENCE_FIELD ? undefined : member)) ?? "null";
  } catch {
    text = '"[not serialisable]"';
  }
  const clean = redact(text, apiKey);
  return clean.length > MAX_VALUE_CHARS ? `${clean.slice(0, MAX_VALUE_CHARS)}…[truncated]` : clean;
}

/**
 * The confirm channel, recorded: `adrails.approval` events (asked, then given or refused) on the
 * active span, and `adrails.approvals.pending` while a person has the question. The person's
 * sentence and reason are never recorded.
 */
export function observedChannel(channel: ConfirmChannel): ConfirmChannel {
  return async (request) => {
    const otel = otelApi();
    if (!otel) return channel(request);
    const span = otel.trace.getActiveSpan();
    const pending = instruments(otel).pending;
    span?.addEvent("adrails.approval", { "adrails.approval.answer": "asked" });
    pending.add(1, { "gen_ai.tool.name": request.tool });
    try {
      const decision = await channel(request);
      span?.addEvent("adrails.approval", {
        "adrails.approval.answer": decision?.approved === true ? "given" : "refused",
        "adrails.approval.via": "confirm",
      });
      return decision;
    } finally {
      pending.add(-1, { "gen_ai.tool.name": request.tool });
    }
  };
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * Runs `fn` in the trace context a host sent in an MCP request's `_meta` (`traceparent`,
 * `tracestate`), so the host's trace continues into the tool call; without one, in the active
 * context. Uses the registered propagator, else reads W3C trace context itself.
 */
export async function withTraceContext<T>(meta: unknown, fn: () => Promise<T>): Promise<T> {
  if (meta === null || typeof meta !== "object") return fn();
  const carrier = meta as Record<string, unknown>;
  if (typeof carrier.traceparent !== "string") return fn();
  const known = otelApi();
  const otel = known === undefined ? await loadOtel() : known;
  if (!otel) return fn();
  const active = otel.context.active();
  let extracted = otel.propagation.extract(active, carrier, {
    keys: (c) => Object.keys(c),
    get: (c, key) => {
      const value = c[key];
      return typeof value === "string" ? value : undefined;
    },
  });
  if (!otel.trace.getSpanContext(extracted)) {
    const parsed = TRACEPARENT.exec(carrier.traceparent.trim().toLowerCase());
    if (!parsed || parsed[1] === "ff" || /^0+$/.test(parsed[2] ?? "") || /^0+$/.test(parsed[3] ?? "")) {
      return fn();
    }
    const state = typeof carrier.tracestate === "string" ? carrier.tracestate : undefined;
    extracted = otel.trace.setSpanContext(active, {
      traceId: parsed[2] as string,
      spanId: parsed[3] as string,
      traceFlags: Number.parseInt(parsed[4] as string, 16) & 1,
      isRemote: true,
      ...(state ? { traceState: otel.createTraceState(state) } : {}),
    });
  }
  return otel.context.with(extracted, fn);
}
