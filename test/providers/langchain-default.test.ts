import { ChatOpenAI } from "@langchain/openai";
import { createAgent } from "langchain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { langchainTools } from "../../src/adapters/langchain.js";
import { type Env, startEnv } from "../adapters/harness.js";
import {
  type Call,
  openaiChat,
  openaiResponses,
  openaiStrictProblems,
  startFake,
  type Wire,
} from "./wire.js";

// LangChain's most common form, createAgent({ model: "openai:...", tools: langchainTools(kit) }),
// with no strict setting anywhere: real @langchain/openai against a loopback fake of OpenAI.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());

const window = { start: "2026-01-01", end: "2026-01-31" };
const scripted = (): Call[] => [
  {
    id: "call_experiment",
    name: "create-experiment",
    // Strict mode has no open object: the window comes back as JSON text.
    args: {
      account_id: env.account,
      client_workspace_id: null,
      idempotencyKey: "exp-key-0001",
      controlRef: "ad_1",
      variantRef: "ad_2",
      objective: "Leads",
      metric: "cpl",
      audience: "all",
      source: "meta",
      provider: "meta",
      attribution: "7d_click",
      window: JSON.stringify(window),
    },
  },
];

async function drive(wire: Wire, model: string | ChatOpenAI) {
  env.sim.control.reset();
  const fake = await startFake(wire, scripted());
  vi.stubEnv("OPENAI_BASE_URL", `${fake.url}/v1`);
  vi.stubEnv("OPENAI_API_KEY", "provider-key-not-used");
  try {
    const agent = createAgent({ model, tools: langchainTools(env.toolkit()) });
    await agent.invoke({ messages: [{ role: "user", content: "Register the experiment." }] });
  } finally {
    vi.unstubAllEnvs();
    await fake.close();
  }
  return { requests: fake.requests, sent: wire.tools(fake.requests[0]!.body) };
}

describe("LangChain without any strict setting", () => {
  it('model "openai:...": every tool is already valid in strict mode, so OpenAI\'s rewriting of strict: null changes nothing', async () => {
    const run = await drive(openaiResponses, "openai:gpt-4o");
    expect(run.requests[0]!.path).toBe("/v1/responses");
    expect(run.sent).toHaveLength(52);
    for (const tool of run.sent) {
      expect(openaiStrictProblems(tool), tool.name).toEqual([]);
      expect(openaiResponses.problems(tool), tool.name).toEqual([]);
    }
  });

  it("an open part sent as JSON text reaches the service as the object", async () => {
    await drive(openaiResponses, "openai:gpt-4o");
    const sent = env.sim.control.requests().filter((r) => r.tool === "create-experiment");
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as Record<string, unknown>;
    expect(body.window).toEqual(window);
    expect(body).not.toHaveProperty("client_workspace_id");
  });

  it("supportsStrictToolCalling: true without the adapter's strict sends 52 strict tools, every schema valid", async () => {
    const fake = await startFake(openaiResponses, scripted());
    env.sim.control.reset();
    try {
      const model = new ChatOpenAI({
        model: "gpt-4o",
        apiKey: "provider-key-not-used",
        configuration: { baseURL: `${fake.url}/v1` },
        useResponsesApi: true,
        maxRetries: 0,
        supportsStrictToolCalling: true,
      });
      const agent = createAgent({ model, tools: langchainTools(env.toolkit()) });
      await agent.invoke({ messages: [{ role: "user", content: "Register the experiment." }] });
    } finally {
      await fake.close();
    }
    const sent = openaiResponses.tools(fake.requests[0]!.body);
    expect(sent).toHaveLength(52);
    for (const tool of sent) {
      expect(tool.strict, tool.name).toBe(true);
      expect(openaiStrictProblems(tool), tool.name).toEqual([]);
    }
    expect(env.sim.control.requests().filter((r) => r.tool === "create-experiment")).toHaveLength(1);
  });

  it("on Chat Completions the same schemas go out valid, without a strict flag", async () => {
    const fake = await startFake(openaiChat, scripted());
    try {
      const model = new ChatOpenAI({
        model: "gpt-4o",
        apiKey: "provider-key-not-used",
        configuration: { baseURL: `${fake.url}/v1` },
        maxRetries: 0,
      });
      const agent = createAgent({ model, tools: langchainTools(env.toolkit()) });
      await agent.invoke({ messages: [{ role: "user", content: "Register the experiment." }] });
    } finally {
      await fake.close();
    }
    const sent = openaiChat.tools(fake.requests[0]!.body);
    expect(sent).toHaveLength(52);
    for (const tool of sent) {
      expect(tool.strict, tool.name).toBe("absent");
      expect(openaiStrictProblems(tool), tool.name).toEqual([]);
    }
  });
});
