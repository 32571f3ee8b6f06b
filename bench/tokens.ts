import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAI } from "@ai-sdk/openai";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { asSchema, generateText, type Tool } from "ai";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { aiSdkTools } from "../src/adapters/ai-sdk.js";
import { langchainTools } from "../src/adapters/langchain.js";
import type { AdToolkit } from "../src/types.js";

// Tokens (o200k) of tool definitions as the adapters and a provider send them. Shared by
// bench/catalog-tokens.ts and bench/pack-docs.ts.

/** Tokens of a payload serialised as it is sent. */
export const tokens = (payload: unknown) => encode(JSON.stringify(payload)).length;

/** Each tool of an AI SDK tool set in OpenAI's function format, with its tokens. */
export async function aiSdkCosts(tools: Record<string, Tool>): Promise<Map<string, number>> {
  const costs = new Map<string, number>();
  for (const [name, made] of Object.entries(tools)) {
    const parameters = await asSchema(made.inputSchema).jsonSchema;
    costs.set(
      name,
      tokens({ type: "function", function: { name, description: made.description, parameters } }),
    );
  }
  return costs;
}

/** The toolkit's tools as the AI SDK adapter hands them over, in tokens. */
export async function aiSdkTotal(kit: AdToolkit): Promise<number> {
  return sum([...(await aiSdkCosts(aiSdkTools(kit))).values()]);
}

/** The toolkit's tools as LangChain hands them to an OpenAI-format provider, in tokens. */
export function langchainTotal(kit: AdToolkit, options: { strict?: boolean } = {}): number {
  return sum(langchainTools(kit, options).map((made) => tokens(convertToOpenAITool(made))));
}

export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The `tools` of the first request `@ai-sdk/openai` sends to Chat Completions (`openai.chat`),
 * captured by a loopback server standing in for the API; `extra` is spread into generateText.
 */
export async function chatWireTools(
  tools: Record<string, Tool>,
  extra: Record<string, unknown> = {},
): Promise<unknown[]> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      bodies.push(body);
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          id: "chatcmpl-bench",
          object: "chat.completion",
          created: 0,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const openai = createOpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: "bench-placeholder" });
    await generateText({ model: openai.chat("gpt-4o"), tools, prompt: "hi", ...extra });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return (bodies[0]?.tools as unknown[] | undefined) ?? [];
}
