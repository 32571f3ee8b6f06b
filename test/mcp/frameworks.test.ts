import { createMCPClient, ElicitationRequestSchema } from "@ai-sdk/mcp";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { MCPServerStdio } from "@openai/agents";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type McpHttpServer, startMcpHttpServer } from "../../src/mcp/http.js";
import { BIN, buildOnce, cleanEnv, ROOT } from "../cli/helpers.js";
import { type Env, push, SENTENCE, startEnv } from "./helpers.js";

// The frameworks' own MCP clients against the server on a loopback port: @ai-sdk/mcp feeding
// ai@6 generateText (with an elicitation handler), and @langchain/mcp-adapters (built on the 1.x
// SDK client, which declares no elicitation) feeding LangChain's createAgent, and OpenAI Agents'
// MCPServerStdio spawning the built binary (no elicitation either).

const TOKEN = "frameworks-token-0123456789";
let env: Env;
let server: McpHttpServer;
beforeAll(async () => {
  // The built binary is spawned below; building can take a minute on a busy machine.
  await buildOnce();
  env = await startEnv();
  server = await startMcpHttpServer(env.toolkit(), { token: TOKEN });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await env?.close();
});
beforeEach(() => env.sim.control.reset());

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const toolCall = (id: string, name: string, input: object) => ({
  content: [{ type: "tool-call" as const, toolCallId: id, toolName: name, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls" as const, raw: undefined },
  usage,
  warnings: [],
});
const text = (value: string) => ({
  content: [{ type: "text" as const, text: value }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: [],
});

describe("@ai-sdk/mcp with ai@6 generateText", () => {
  it("the person confirms through the elicitation handler: one ACTIVE ad with their sentence", async () => {
    const client = await createMCPClient({
      transport: { type: "http", url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } },
      capabilities: { elicitation: {} },
    });
    const shown: string[] = [];
    client.onElicitationRequest(ElicitationRequestSchema, async (request) => {
      shown.push(request.params.message);
      return { action: "accept", content: { confirmation: SENTENCE } };
    });
    try {
      const tools = await client.tools();
      expect(Object.keys(tools)).toHaveLength(52);
      const model = new MockLanguageModelV3({
        doGenerate: [
          toolCall(
            "c1",
            "push-creative",
            push(env, { status: "ACTIVE", hard_confirm_text: "model says yes" }),
          ),
          text("The ad is live."),
        ],
      });
      const result = await generateText({
        model,
        tools,
        prompt: "Put the summer ad live.",
        stopWhen: stepCountIs(4),
      });
      expect(result.text).toBe("The ad is live.");
      expect(shown).toHaveLength(1);
      expect(shown[0]).toContain("Create an ACTIVE ad");
      expect(env.activeAds().map((ad) => ad.hard_confirm_text)).toEqual([SENTENCE]);
      // The model read the toolkit's text: success, and the note that its own confirmation was dropped.
      const seen = JSON.stringify(model.doGenerateCalls[1]!.prompt);
      expect(seen).toContain("hard_confirm_text you sent was dropped");
      expect(seen).toContain('\\"ok\\":true');
    } finally {
      await client.close();
    }
  });

  it("a declined confirmation reaches the model as a refusal; nothing is sent", async () => {
    const client = await createMCPClient({
      transport: { type: "http", url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } },
      capabilities: { elicitation: {} },
    });
    client.onElicitationRequest(ElicitationRequestSchema, async () => ({ action: "decline" }));
    try {
      const model = new MockLanguageModelV3({
        doGenerate: [toolCall("c1", "push-creative", push(env, { status: "ACTIVE" })), text("Not sent.")],
      });
      await generateText({
        model,
        tools: await client.tools(),
        prompt: "Go live.",
        stopWhen: stepCountIs(4),
      });
      const seen = JSON.stringify(model.doGenerateCalls[1]!.prompt);
      expect(seen).toContain("hard-confirmation");
      expect(seen).toContain("PAUSED");
      expect(env.pushes()).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe("@langchain/mcp-adapters with createAgent", () => {
  it("no elicitation: the ACTIVE push is refused with the PAUSED hint, and the model's PAUSED retry makes a paused ad", async () => {
    const client = new MultiServerMCPClient({
      mcpServers: {
        adrails: { transport: "http", url: server.url, headers: { Authorization: `Bearer ${TOKEN}` } },
      },
    });
    try {
      const tools = await client.getTools();
      expect(tools).toHaveLength(52);
      const model = fakeModel()
        .respondWithTools([{ name: "push-creative", args: push(env, { status: "ACTIVE" }), id: "t1" }])
        .respondWithTools([{ name: "push-creative", args: push(env, { status: "PAUSED" }), id: "t2" }])
        .respond(new AIMessage("Created it paused."));
      const agent = createAgent({ model, tools });
      const out = await agent.invoke({ messages: [{ role: "user", content: "Put the summer ad live." }] });
      const toolMessages = out.messages.filter((m) => m.getType() === "tool") as ToolMessage[];
      expect(toolMessages).toHaveLength(2);
      expect(toolMessages[0]!.status).toBe("error");
      expect(String(toolMessages[0]!.content)).toContain("cannot ask the person");
      expect(String(toolMessages[0]!.content)).toContain("PAUSED");
      expect(toolMessages[1]!.status).not.toBe("error");
      expect(String(toolMessages[1]!.content)).toContain("PAUSED");
      expect(env.sim.control.ads().map((ad) => ad.status)).toEqual(["PAUSED"]);
      expect(env.pushes()).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});

describe("OpenAI Agents MCPServerStdio", () => {
  it("spawns adrails mcp: 52 tools; an ACTIVE push is refused (no elicitation), nothing sent", {
    timeout: 60_000,
  }, async () => {
    const server = new MCPServerStdio({
      name: "adrails",
      command: process.execPath,
      args: [BIN, "mcp"],
      cwd: ROOT,
      env: cleanEnv({ ADRAILS_API_KEY: env.sim.apiKey, ADRAILS_BASE_URL: env.sim.url }) as Record<
        string,
        string
      >,
    });
    await server.connect();
    try {
      expect(await server.listTools()).toHaveLength(52);
      const refused = await server.callToolResult("push-creative", push(env, { status: "ACTIVE" }));
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain("cannot ask the person");
      expect(env.pushes()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
