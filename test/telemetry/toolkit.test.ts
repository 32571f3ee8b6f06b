import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, ToolResult } from "../../src/types.js";
import { expectNoneOf, registerTracing } from "./otel.js";

// Every call of the toolkit is an execute_tool span with its HTTP attempts as children, on the real
// OpenTelemetry SDK; statuses, events and metrics; and nothing secret in any of it.

const tracing = registerTracing();
const SENTENCE = "I, Dana Whitfield, approve this summer ad going live today.";
const HEADLINE = "Zebra lanterns 4417";
let sim: Simulator;
let account: string;
let adset: string;

const kit = (extra: AdToolsOptions = {}) =>
  createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...extra,
  });

const push = (fields: Record<string, unknown> = {}) => ({
  account_id: account,
  adset_id: adset,
  image_url: "https://cdn.example.com/creative/summer-1.png",
  website_url: "https://northwind.example.com/summer",
  headline: HEADLINE,
  ...fields,
});

function data(result: ToolResult): Record<string, unknown> {
  if (result.ok !== true) throw new Error(JSON.stringify(result));
  return result.data as Record<string, unknown>;
}

beforeAll(async () => {
  sim = await startSimulator({ rateLimit: { limit: 100_000 }, writeBudget: { limit: 100_000 } });
  account = (data(await kit().call("list-accounts", {})).accounts as { id: string }[])[0]!.id;
  adset = (
    data(await kit().call("results", { account_id: account, level: "adset" })).rows as { id: string }[]
  )[0]!.id;
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.reset();
  tracing.reset();
});

describe("execute_tool spans", () => {
  it("a call is a span after the GenAI conventions, a child of the active span, with its HTTP attempt as a child", async () => {
    const host = trace.getTracer("host");
    await host.startActiveSpan("agent turn", async (turn) => {
      await kit().call("list-accounts", {}, { toolCallId: "call_7" });
      turn.end();
    });
    const [span] = tracing.toolSpans("list-accounts");
    const turn = tracing.spans().find((s) => s.name === "agent turn")!;
    expect(span).toBeDefined();
    expect(span!.kind).toBe(SpanKind.INTERNAL);
    expect(span!.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "list-accounts",
      "gen_ai.tool.type": "function",
      "gen_ai.tool.call.id": "call_7",
      "adrails.outcome": "ok",
      "adrails.status": 200,
    });
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect(span!.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(span!.spanContext().traceId).toBe(turn.spanContext().traceId);
    const [attempt, ...more] = tracing.childrenOf(span!);
    expect(more).toEqual([]);
    expect(attempt!.kind).toBe(SpanKind.CLIENT);
    expect(attempt!.attributes).toMatchObject({
      "http.request.method": "POST",
      "server.address": "127.0.0.1",
      "url.path": "/api/mcp/list-accounts",
      "http.response.status_code": 200,
      "adrails.attempt": 1,
    });
    expect(span!.attributes["adrails.guard.decisions"]).toEqual(["validation:allow"]);
  });

  it("a 429 then a 200: two attempts under one span, the first an error, the wait an event", async () => {
    sim.control.fault({ kind: "429", retryAfterS: 1, tool: "list-accounts" });
    const result = await kit({ retry: { maxRetries: 2 } }).call("list-accounts", {});
    expect(result.ok).toBe(true);
    const [span] = tracing.toolSpans("list-accounts");
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    const attempts = tracing
      .childrenOf(span!)
      .sort((a, b) => Number(a.attributes["adrails.attempt"]) - Number(b.attributes["adrails.attempt"]));
    expect(attempts.map((a) => a.attributes["http.response.status_code"])).toEqual([429, 200]);
    expect(attempts.map((a) => a.attributes["adrails.attempt"])).toEqual([1, 2]);
    expect(attempts[0]!.status.code).toBe(SpanStatusCode.ERROR);
    expect(attempts[0]!.attributes["error.type"]).toBe("429");
    expect(attempts[1]!.attributes["http.request.resend_count"]).toBe(1);
    const wait = span!.events.find((e) => e.name === "adrails.wait");
    expect(wait?.attributes).toMatchObject({ "adrails.wait.reason": "retry-after" });
    expect(Number(wait?.attributes?.["adrails.wait.ms"])).toBeGreaterThanOrEqual(900);
    const waits = await tracing.points("adrails.rate_limit.wait");
    expect(waits.some((p) => p.attributes["adrails.wait.reason"] === "retry-after")).toBe(true);
  });

  it("a wait in the client-side rate limiter is an event on the span", async () => {
    const toolkit = kit({ rateLimit: { limit: 1, windowMs: 400 } });
    await toolkit.call("list-accounts", {});
    await toolkit.call("list-accounts", {});
    const [first, second] = tracing
      .toolSpans("list-accounts")
      .map((span) => span.events.filter((e) => e.name === "adrails.wait"));
    // The first call takes the free slot at once (a busy machine may still record a millisecond).
    expect(first!.every((e) => Number(e.attributes?.["adrails.wait.ms"]) < 100)).toBe(true);
    expect(second).toHaveLength(1);
    expect(second![0]!.attributes?.["adrails.wait.reason"]).toBe("limiter");
    expect(Number(second![0]!.attributes?.["adrails.wait.ms"])).toBeGreaterThanOrEqual(200);
  });

  it("a refusal is an error with the guard, and nothing was sent so there is no attempt", async () => {
    const result = await kit().call("push-creative", push({ status: "ACTIVE" }));
    expect(result).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    const [span] = tracing.toolSpans("push-creative");
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes).toMatchObject({
      "error.type": "refused",
      "adrails.blocked": "hard-confirmation",
      "adrails.outcome": "blocked",
    });
    expect(tracing.childrenOf(span!)).toEqual([]);
    expect(span!.attributes["adrails.guard.decisions"]).toContain("hard-confirmation:refuse");
  });

  it("a 207 partial is an error with the request id; the HTTP attempt itself answered", async () => {
    const result = await kit().call("push-creative", push({ ad_name: "sim:partial" }));
    expect(result.ok).toBe("partial");
    const [span] = tracing.toolSpans("push-creative");
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes["error.type"]).toBe("partial");
    expect(span!.attributes["adrails.request_id"]).toMatch(/^.{8,128}$/);
    const [attempt] = tracing.childrenOf(span!);
    expect(attempt!.attributes["http.response.status_code"]).toBe(207);
  });

  it("a 401 is an error on the span and on its attempt, and the revoked key is nowhere", async () => {
    const result = await kit({ apiKey: sim.keys.revoked }).call("list-accounts", {});
    expect(result.status).toBe(401);
    const [span] = tracing.toolSpans("list-accounts");
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes["error.type"]).toBe("401");
    const [attempt] = tracing.childrenOf(span!);
    expect(attempt!.status.code).toBe(SpanStatusCode.ERROR);
    expect(attempt!.attributes["error.type"]).toBe("401");
    expectNoneOf(tracing.spans(), [sim.keys.revoked]);
  });

  it("no answer (a dropped connection) is an error naming the cause on the attempt", async () => {
    sim.control.fault({ kind: "drop", tool: "list-accounts" });
    const result = await kit().call("list-accounts", {});
    expect(result.status).toBeNull();
    const [span] = tracing.toolSpans("list-accounts");
    expect(span!.attributes["error.type"]).toBe("no_answer");
    const [attempt] = tracing.childrenOf(span!);
    expect(attempt!.attributes["error.type"]).toBe("connection");
  });

  it("an approval asked and given through the confirm channel: events, the pending gauge, never the sentence", async () => {
    let pendingWhileAsked: unknown;
    const toolkit = kit({
      confirm: async () => {
        pendingWhileAsked = (await tracing.points("adrails.approvals.pending")).find(
          (p) => p.attributes["gen_ai.tool.name"] === "push-creative",
        )?.value;
        return { approved: true, text: SENTENCE };
      },
    });
    const result = await toolkit.call("push-creative", push({ status: "ACTIVE" }), { toolCallId: "c-9" });
    expect(result.ok).toBe(true);
    expect(pendingWhileAsked).toBe(1);
    const after = await tracing.points("adrails.approvals.pending");
    expect(after.find((p) => p.attributes["gen_ai.tool.name"] === "push-creative")?.value).toBe(0);
    const [span] = tracing.toolSpans("push-creative");
    const answers = span!.events
      .filter((e) => e.name === "adrails.approval")
      .map((e) => e.attributes?.["adrails.approval.answer"]);
    expect(answers).toEqual(["asked", "given"]);
    expectNoneOf(tracing.spans(), [sim.apiKey, SENTENCE, HEADLINE, account, adset]);
  });

  it("a framework's denial is an approval event refused", async () => {
    await kit().call("push-creative", push({ status: "ACTIVE" }), {
      denial: { via: "langgraph", reason: "too early" },
    });
    const [span] = tracing.toolSpans("push-creative");
    const event = span!.events.find((e) => e.name === "adrails.approval");
    expect(event?.attributes).toEqual({
      "adrails.approval.answer": "refused",
      "adrails.approval.via": "langgraph",
    });
    expectNoneOf(tracing.spans(), ["too early"]);
  });

  it("values only when opted in, then redacted and without the person's sentence", async () => {
    await kit({ confirm: () => ({ approved: true, text: SENTENCE }) }).call(
      "push-creative",
      push({ status: "ACTIVE", ad_name: `echo ${sim.apiKey}` }),
    );
    const plain = tracing.toolSpans("push-creative")[0]!;
    expect(plain.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
    expectNoneOf(tracing.spans(), [sim.apiKey, SENTENCE, HEADLINE]);
    tracing.reset();
    await kit({
      telemetry: { recordValues: true },
      confirm: () => ({ approved: true, text: SENTENCE }),
    }).call(
      "push-creative",
      push({ status: "ACTIVE", ad_name: `echo ${sim.apiKey}`, hard_confirm_text: SENTENCE }),
    );
    const span = tracing.toolSpans("push-creative")[0]!;
    expect(String(span.attributes["gen_ai.tool.call.arguments"])).toContain(HEADLINE);
    expect(String(span.attributes["gen_ai.tool.call.arguments"])).toContain("adk_***");
    // A payload holding the key is refused before anyone is asked (issue 40): the result says so.
    expect(String(span.attributes["gen_ai.tool.call.result"])).toContain('"blocked":"secrets"');
    expectNoneOf(tracing.spans(), [sim.apiKey, SENTENCE]);
  });

  it("metrics: calls by tool and outcome, and their duration", async () => {
    const toolkit = kit();
    await toolkit.call("list-accounts", {});
    await toolkit.call("push-creative", push({ status: "ACTIVE" }));
    const calls = await tracing.points("adrails.tool.calls");
    const of = (tool: string, outcome: string) =>
      calls.find(
        (p) => p.attributes["gen_ai.tool.name"] === tool && p.attributes["adrails.outcome"] === outcome,
      )?.value;
    expect(of("list-accounts", "ok")).toBeGreaterThanOrEqual(1);
    expect(of("push-creative", "blocked")).toBeGreaterThanOrEqual(1);
    const durations = await tracing.points("adrails.tool.duration");
    expect(durations.some((p) => p.attributes["gen_ai.tool.name"] === "list-accounts")).toBe(true);
  });

  it("the CLI's calls are spans too", async () => {
    const out: string[] = [];
    const sink = { write: (text: string) => out.push(text) !== 0 } as unknown as NodeJS.WritableStream;
    const code = await runCli(["--sim", "--json", "call", "list-accounts"], {
      stdout: sink as never,
      stderr: sink as never,
      stdin: process.stdin,
      env: {},
    });
    expect(code).toBe(0);
    expect(tracing.toolSpans("list-accounts")).toHaveLength(1);
    expect(tracing.childrenOf(tracing.toolSpans("list-accounts")[0]!)).toHaveLength(1);
  });
});
