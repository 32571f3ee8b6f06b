import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAI } from "@ai-sdk/openai";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { generateText } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { langchainTools } from "../../src/adapters/langchain.js";
import { langchainSchema } from "../../src/adapters/schema-policy.js";
import { createAdTools } from "../../src/toolkit.js";
import { offeredTools } from "../../src/tools/index.js";

// A loopback server stands in for the OpenAI API: @ai-sdk/openai sends it the real request with
// every tool, and each tool's parameters are checked against OpenAI's rules for function schemas.

type Json = Record<string, unknown>;
interface FunctionTool {
  name: string;
  description?: string;
  parameters: Json;
  strict?: boolean;
}

let server: Server;
let baseURL: string;
const bodies: { path: string; body: Json }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as Json;
      bodies.push({ path: req.url ?? "", body });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(req.url?.endsWith("/responses") ? responsesAnswer(body) : chatAnswer(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  bodies.length = 0;
});

const chatAnswer = (body: Json) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 0,
  model: body.model,
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

const responsesAnswer = (body: Json) => ({
  id: "resp_1",
  object: "response",
  created_at: 0,
  status: "completed",
  model: body.model,
  output: [
    {
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "ok", annotations: [] }],
    },
  ],
  usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
});

// No network: the key is never used.
const toolkit = () => createAdTools({ apiKey: "adk_unused", baseUrl: "http://127.0.0.1:9" });

async function captured(api: "chat" | "responses", strict: boolean): Promise<FunctionTool[]> {
  const openai = createOpenAI({ baseURL, apiKey: "test" });
  const model = api === "chat" ? openai.chat("gpt-4o") : openai.responses("gpt-4o");
  await generateText({ model, tools: aiSdkTools(toolkit(), { strict }), prompt: "hi" });
  expect(bodies).toHaveLength(1);
  expect(bodies[0]!.path).toBe(api === "chat" ? "/v1/chat/completions" : "/v1/responses");
  const tools = bodies[0]!.body.tools as Json[];
  return tools.map((t) =>
    api === "chat" ? (t.function as FunctionTool) : ({ ...t } as unknown as FunctionTool),
  );
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** OpenAI's rules for a function's parameters (non-strict). Returns the violations. */
function functionSchemaProblems(tool: FunctionTool): string[] {
  const problems: string[] = [];
  if (!NAME.test(tool.name)) problems.push(`name ${tool.name}`);
  if (typeof tool.description !== "string" || tool.description === "") problems.push("no description");
  const p = tool.parameters;
  if (p.type !== "object") problems.push("root is not an object");
  for (const key of ["anyOf", "oneOf", "allOf", "enum", "not"])
    if (key in p) problems.push(`root has ${key}`);
  walk(p, "$", (node, path) => {
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    for (const t of types) if (!TYPES.has(t as string)) problems.push(`${path}: type ${String(t)}`);
    if ("$ref" in node) problems.push(`${path}: $ref`);
    if (node.properties !== undefined) {
      if (typeof node.properties !== "object") problems.push(`${path}: properties`);
      const keys = Object.keys(node.properties as Json);
      for (const r of (node.required as string[] | undefined) ?? []) {
        if (!keys.includes(r)) problems.push(`${path}: required ${r} is not a property`);
      }
    }
    if (types.includes("array") && node.items === undefined) problems.push(`${path}: array without items`);
  });
  return problems;
}

const STRICT_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
]);

/** OpenAI's strict-mode rules. Returns the violations. */
function strictProblems(tool: FunctionTool): string[] {
  const problems: string[] = [];
  let properties = 0;
  let depth = 0;
  walk(tool.parameters, "$", (node, path, level) => {
    depth = Math.max(depth, level);
    for (const key of Object.keys(node))
      if (!STRICT_KEYWORDS.has(key)) problems.push(`${path}: keyword ${key}`);
    const isObject = node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));
    if (isObject) {
      if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
      const keys = Object.keys((node.properties as Json) ?? {});
      properties += keys.length;
      const required = [...((node.required as string[]) ?? [])].sort();
      if (JSON.stringify(required) !== JSON.stringify([...keys].sort()))
        problems.push(`${path}: not every property required`);
    }
    if (
      node.type === undefined &&
      node.anyOf === undefined &&
      node.enum === undefined &&
      node.const === undefined
    ) {
      problems.push(`${path}: no type`);
    }
  });
  if ("anyOf" in tool.parameters) problems.push("root is anyOf");
  if (properties > 100) problems.push(`${properties} properties`);
  if (depth > 5) problems.push(`nesting depth ${depth}`);
  return problems;
}

function walk(node: Json, path: string, visit: (node: Json, path: string, level: number) => void, level = 0) {
  visit(node, path, level);
  const isObject = node.properties && typeof node.properties === "object";
  if (isObject) {
    for (const [key, value] of Object.entries(node.properties as Record<string, Json>)) {
      walk(value, `${path}.${key}`, visit, level + 1);
    }
  }
  if (node.items && typeof node.items === "object") walk(node.items as Json, `${path}[]`, visit, level + 1);
  if (Array.isArray(node.anyOf)) {
    for (const [i, n] of node.anyOf.entries()) walk(n as Json, `${path}.anyOf[${i}]`, visit, level);
  }
  if (node.additionalProperties && typeof node.additionalProperties === "object") {
    walk(node.additionalProperties as Json, `${path}.*`, visit, level + 1);
  }
}

const NOT_STRICT = new Set([
  "approve-meta-test-plan",
  "create-creative-brief",
  "create-experiment",
  "edit-creative-brief",
  "integrations-query",
  "list-competitor-board",
  "preview-meta-test-plan",
  "record-experiment-result",
]);

describe.each(["chat", "responses"] as const)("@ai-sdk/openai %s API", (api) => {
  it("sends every offered tool with a valid function schema, marked strict: false", async () => {
    const tools = await captured(api, false);
    expect(tools.map((t) => t.name).sort()).toEqual(offeredTools.map((t) => t.name).sort());
    expect(tools.length).toBeLessThanOrEqual(128);
    for (const tool of tools) {
      expect(functionSchemaProblems(tool), tool.name).toEqual([]);
      expect(tool.strict, tool.name).toBe(false);
    }
  });

  it("with strict: true, sends strict-mode-valid schemas, and strict: false only where open parts forbid it", async () => {
    const tools = await captured(api, true);
    expect(tools).toHaveLength(offeredTools.length);
    for (const tool of tools) {
      expect(functionSchemaProblems(tool), tool.name).toEqual([]);
      if (NOT_STRICT.has(tool.name)) {
        expect(tool.strict, tool.name).toBe(false);
        expect(strictProblems(tool).length, tool.name).toBeGreaterThan(0);
      } else {
        expect(tool.strict, tool.name).toBe(true);
        expect(strictProblems(tool), tool.name).toEqual([]);
      }
    }
  });
});

it("the non-strict checks catch what OpenAI refuses", () => {
  const bad: FunctionTool = { name: "push creative", parameters: { anyOf: [{ type: "object" }] } };
  expect(functionSchemaProblems(bad)).toEqual(
    expect.arrayContaining(["name push creative", "root is not an object", "root has anyOf"]),
  );
  const loose: FunctionTool = {
    name: "t",
    description: "d",
    parameters: { type: "object", properties: { a: { type: "string", minLength: 2 } }, required: [] },
  };
  expect(strictProblems(loose)).toEqual(
    expect.arrayContaining([
      "$: additionalProperties is not false",
      "$: not every property required",
      "$.a: keyword minLength",
    ]),
  );
});

it("LangChain's OpenAI tool format for every tool passes the same function-schema rules", () => {
  const kit = toolkit();
  for (const tool of langchainTools(kit)) {
    // As a provider sends it: serialised, so nothing is left of the dialect line.
    const { function: fn } = JSON.parse(JSON.stringify(convertToOpenAITool(tool)));
    const parameters = fn.parameters as Json;
    expect(parameters, fn.name).not.toHaveProperty("$schema");
    // Strict-mode schemas by default: valid whatever strict flag @langchain/openai sends.
    expect(parameters).toEqual(langchainSchema(kit.get(fn.name)!, undefined).schema);
    expect(
      functionSchemaProblems({ name: fn.name, description: fn.description, parameters }),
      fn.name,
    ).toEqual([]);
  }
});
