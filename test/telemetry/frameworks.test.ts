import { SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import * as ai6 from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import {
  callsResponse,
  type Env,
  type Framework,
  runScript,
  startEnv,
  textResponse,
} from "../adapters/harness.js";
import { expectNoneOf, registerTracing } from "./otel.js";

// Each adapter's own agent loop, driven by its scripted model: the tool span is a child of the
// context the framework runs the tool in (the AI SDK's ai.toolCall span with experimental_telemetry;
// the caller's active span for LangChain and OpenAI Agents, whose own tracing is not OpenTelemetry).

const tracing = registerTracing();
const HEADLINE = "Zebra lanterns 4417";
let env: Env;

beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => {
  env.sim.control.reset();
  tracing.reset();
});

const script = () => [
  [
    { id: "call_list", name: "list-accounts", input: {} },
    {
      id: "call_push",
      name: "push-creative",
      input: {
        account_id: env.account,
        adset_id: env.adset,
        image_url: "https://cdn.example.com/creative/summer-1.png",
        website_url: "https://northwind.example.com/summer",
        headline: HEADLINE,
        status: "ACTIVE",
      },
    },
  ],
];

const adrailsSpans = () => tracing.spans().filter((s) => s.instrumentationScope.name === "adrails");

function ancestors(span: ReadableSpan): ReadableSpan[] {
  const byId = new Map(tracing.spans().map((s) => [s.spanContext().spanId, s]));
  const chain: ReadableSpan[] = [];
  let parent = span.parentSpanContext?.spanId;
  while (parent && byId.has(parent)) {
    const next = byId.get(parent)!;
    chain.push(next);
    parent = next.parentSpanContext?.spanId;
  }
  return chain;
}

function checkToolSpans(): { list: ReadableSpan; push: ReadableSpan } {
  const [list] = tracing.toolSpans("list-accounts");
  const [push] = tracing.toolSpans("push-creative");
  expect(list?.attributes).toMatchObject({
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
    "gen_ai.tool.call.id": "call_list",
  });
  expect(list!.status.code).toBe(SpanStatusCode.UNSET);
  expect(tracing.childrenOf(list!).map((s) => s.attributes["http.response.status_code"])).toEqual([200]);
  expect(push?.attributes).toMatchObject({ "gen_ai.tool.call.id": "call_push", "error.type": "refused" });
  expect(push!.status.code).toBe(SpanStatusCode.ERROR);
  expectNoneOf(adrailsSpans(), [env.sim.apiKey, HEADLINE, env.adset]);
  return { list: list!, push: push! };
}

describe("tool spans inside each framework's loop", () => {
  it("AI SDK v6 with experimental_telemetry: the tool span nests under the SDK's ai.toolCall span", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [...script().map(callsResponse), textResponse("done")],
    });
    await trace.getTracer("host").startActiveSpan("request", async (request) => {
      await ai6.generateText({
        model,
        tools: aiSdkTools(env.toolkit()),
        prompt: "Run the scripted calls.",
        stopWhen: ai6.stepCountIs(2),
        experimental_telemetry: { isEnabled: true, recordInputs: false, recordOutputs: false },
      });
      request.end();
    });
    const { list, push } = checkToolSpans();
    for (const [span, id] of [
      [list, "call_list"],
      [push, "call_push"],
    ] as const) {
      const parent = ancestors(span)[0]!;
      expect(parent.name).toBe("ai.toolCall");
      expect(parent.attributes["ai.toolCall.id"]).toBe(id);
      expect(ancestors(span).map((s) => s.name)).toContain("ai.generateText");
      expect(ancestors(span).at(-1)!.name).toBe("request");
    }
  });

  it.each<Framework>(["ai7", "langchain", "openai-agents"])(
    "%s: the tool span is a child of the span active where the agent runs",
    async (framework) => {
      let turnId = "";
      await trace.getTracer("host").startActiveSpan("agent run", async (turn) => {
        turnId = turn.spanContext().spanId;
        await runScript(framework, env.toolkit(), script());
        turn.end();
      });
      const { list, push } = checkToolSpans();
      // No OpenTelemetry spans of the framework's own lie between: the caller's span is the parent.
      expect(list.parentSpanContext?.spanId).toBe(turnId);
      expect(push.parentSpanContext?.spanId).toBe(turnId);
    },
  );
});
