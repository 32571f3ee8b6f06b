import { fakeModel } from "@langchain/core/testing";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { Agent, type Tool as AgentsTool, tool as agentsTool, type FunctionTool, run } from "@openai/agents";
import {
  generateText,
  type InferToolOutput,
  stepCountIs,
  streamText,
  ToolLoopAgent,
  type ToolSet,
  tool,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { describe, expectTypeOf, test } from "vitest";
import { z } from "zod";
import { aiSdkDynamicTools, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { hitlInterruptOn, langchainDynamicTools, langchainTools } from "../../src/adapters/langchain.js";
import {
  adConfirmationRequest,
  adToolResult,
  approveAdCall,
  openaiAgentsTools,
  rejectAdCall,
} from "../../src/adapters/openai-agents.js";
import { createAdTools } from "../../src/toolkit.js";
import type { ConfirmRequest, ToolResult } from "../../src/types.js";

const toolkit = createAdTools({ apiKey: "adk_types", baseUrl: "http://127.0.0.1:9" });

describe("AI SDK", () => {
  const tools = aiSdkTools(toolkit, { approval: "native", strict: true });

  test("the tool set is a ToolSet for generateText, streamText and ToolLoopAgent", () => {
    const model = new MockLanguageModelV3();
    expectTypeOf(tools).toExtend<ToolSet>();
    void generateText({ model, tools, prompt: "hi", stopWhen: stepCountIs(3) });
    void generateText({ model, tools, prompt: "hi", experimental_context: { sessionId: "s" } });
    void generateText({ model, ...aiSdkDynamicTools(toolkit), prompt: "hi", stopWhen: stepCountIs(3) });
    void streamText({ model, ...aiSdkDynamicTools(toolkit, { approval: "native" }), prompt: "hi" });
    void streamText({ model, tools, prompt: "hi" });
    void new ToolLoopAgent({ model, tools });
    // Options instead of a toolkit work too.
    void generateText({ model, tools: aiSdkTools({ accountId: "act_1" }), prompt: "hi" });
  });

  test("mixed with the host's own tools", () => {
    const model = new MockLanguageModelV3();
    const weather = tool({
      description: "The weather in a city",
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => `sunny in ${city}`,
    });
    void generateText({ model, tools: { ...tools, weather }, prompt: "hi" });
  });

  test("execute resolves to the full ToolResult", () => {
    expectTypeOf<InferToolOutput<(typeof tools)[string]>>().toEqualTypeOf<ToolResult>();
  });
});

describe("LangChain", () => {
  const tools = langchainTools(toolkit, { approval: "interrupt" });

  test("the tools go into createAgent and ToolNode", () => {
    void createAgent({ model: fakeModel(), tools });
    void createAgent({ model: fakeModel(), tools: langchainTools({ accountId: "act_1" }) });
    void new ToolNode(tools);
  });

  test("dynamic mode's tools and middleware go into createAgent, next to HITL", () => {
    const dynamic = langchainDynamicTools(toolkit, { approval: "interrupt" });
    void createAgent({ model: fakeModel(), tools: dynamic.tools, middleware: [dynamic.middleware] });
    void createAgent({
      model: fakeModel(),
      tools: dynamic.tools,
      middleware: [dynamic.middleware, humanInTheLoopMiddleware({ interruptOn: hitlInterruptOn(toolkit) })],
    });
  });

  test("hitlInterruptOn is humanInTheLoopMiddleware's interruptOn", () => {
    void createAgent({
      model: fakeModel(),
      tools,
      middleware: [humanInTheLoopMiddleware({ interruptOn: hitlInterruptOn(toolkit) })],
    });
  });
});

describe("OpenAI Agents", () => {
  const tools = openaiAgentsTools(toolkit, { approval: "native" });

  test("the tool list goes into new Agent({ tools }), with or without a typed context", () => {
    expectTypeOf(tools).toExtend<AgentsTool[]>();
    void new Agent({ name: "ads", tools });
    void new Agent<{ sessionId: string }>({ name: "ads", tools });
    void new Agent({ name: "ads", tools: openaiAgentsTools({ accountId: "act_1" }) });
  });

  test("mixed with the host's own tools", () => {
    const weather = agentsTool({
      name: "weather",
      description: "The weather in a city",
      parameters: z.object({ city: z.string() }),
      execute: async ({ city }) => `sunny in ${city}`,
    });
    void new Agent({ name: "ads", tools: [...tools, weather] });
  });

  test("approvals and results work on what run() returns", async () => {
    const agent = new Agent({ name: "ads", tools });
    const result = await run(agent, "hi", { context: { sessionId: "conversation-1" } });
    const [interruption] = result.interruptions;
    if (interruption) {
      expectTypeOf(adConfirmationRequest(interruption)).toEqualTypeOf<ConfirmRequest | null>();
      approveAdCall(result.state, interruption, { text: "Yes - Dana" });
      expectTypeOf(rejectAdCall(result.state, interruption, { reason: "no" })).toEqualTypeOf<
        Promise<ToolResult | undefined>
      >();
    }
    for (const item of result.newItems)
      expectTypeOf(adToolResult(item)).toEqualTypeOf<ToolResult | undefined>();
    expectTypeOf(tools[0]!).toExtend<FunctionTool<any, any, string>>();
  });
});
