// Loopback fakes of the model providers' HTTP APIs. A fake records every request as the provider
// package sent it and answers in that provider's own wire format: first with scripted tool calls,
// then, once the tool results are back, with plain text. The rules each provider publishes for tool
// schemas are in schema-rules.ts, checked on the recorded requests.

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  anthropicProblems,
  geminiProblems,
  isRecord,
  type Json,
  openaiFunctionProblems,
  type SentTool,
} from "./schema-rules.js";

export {
  anthropicProblems,
  geminiProblems,
  type Json,
  openaiFunctionProblems,
  openaiStrictProblems,
  type SentTool,
} from "./schema-rules.js";

/** One tool call the scripted model makes. */
export interface Call {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** A recorded request. */
export interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
  body: Json;
}

export interface Wire {
  name: "openai-chat" | "openai-responses" | "anthropic" | "gemini";
  /** The provider's answer to request number `turn` (0-based). */
  answer(turn: number, calls: readonly Call[], body: Json): Json;
  /** The tools of a request. */
  tools(body: Json): SentTool[];
  /** The tools array exactly as sent (for token counts). */
  rawTools(body: Json): unknown;
  /** What the model read back: tool results of a request, by call id. */
  results(body: Json): Map<string, string>;
  /** Violations of the provider's published rules for one tool (name, description, schema). */
  problems(tool: SentTool): string[];
}

export interface Fake {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** Starts a fake that answers with `wire`'s format: `calls` on the first request, text afterwards. */
export async function startFake(wire: Wire, calls: readonly Call[]): Promise<Fake> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as Json;
      const turn = requests.length;
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(wire.answer(turn, calls, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// Wire formats

const text = "Done.";
/** The first answer makes the scripted calls (if any); every later one is text. */
const calling = (turn: number, calls: readonly Call[]) => turn === 0 && calls.length > 0;

/** OpenAI Chat Completions: POST /v1/chat/completions. */
export const openaiChat: Wire = {
  name: "openai-chat",
  answer: (turn, calls, body) => ({
    id: `chatcmpl-${turn}`,
    object: "chat.completion",
    created: 0,
    model: body.model,
    choices: [
      {
        index: 0,
        message: calling(turn, calls)
          ? {
              role: "assistant",
              content: null,
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: JSON.stringify(c.args) },
              })),
            }
          : { role: "assistant", content: text },
        finish_reason: calling(turn, calls) ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }),
  tools: (body) =>
    ((body.tools as Json[] | undefined) ?? []).map((t) => {
      const fn = t.function as Json;
      return {
        name: fn.name as string,
        description: fn.description,
        parameters: fn.parameters as Json,
        strict: "strict" in fn ? (fn.strict as boolean | null) : "absent",
      };
    }),
  rawTools: (body) => body.tools,
  results: (body) => {
    const out = new Map<string, string>();
    for (const m of body.messages as Json[])
      if (m.role === "tool") out.set(m.tool_call_id as string, contentText(m.content));
    return out;
  },
  problems: openaiFunctionProblems,
};

/** OpenAI Responses: POST /v1/responses. */
export const openaiResponses: Wire = {
  name: "openai-responses",
  answer: (turn, calls, body) => ({
    id: `resp_${turn}`,
    object: "response",
    created_at: 0,
    status: "completed",
    model: body.model,
    output: calling(turn, calls)
      ? calls.map((c) => ({
          type: "function_call",
          id: `fc_${c.id}`,
          call_id: c.id,
          name: c.name,
          arguments: JSON.stringify(c.args),
          status: "completed",
        }))
      : [
          {
            type: "message",
            id: "msg_1",
            role: "assistant",
            status: "completed",
            content: [{ type: "output_text", text, annotations: [] }],
          },
        ],
    usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
  }),
  tools: (body) =>
    ((body.tools as Json[] | undefined) ?? []).map((t) => ({
      name: t.name as string,
      description: t.description,
      parameters: t.parameters as Json,
      strict: "strict" in t ? (t.strict as boolean | null) : "absent",
    })),
  rawTools: (body) => body.tools,
  results: (body) => {
    const out = new Map<string, string>();
    for (const item of body.input as Json[])
      if (item.type === "function_call_output") out.set(item.call_id as string, contentText(item.output));
    return out;
  },
  problems: openaiFunctionProblems,
};

/** Anthropic Messages: POST /v1/messages. */
export const anthropic: Wire = {
  name: "anthropic",
  answer: (turn, calls, body) => ({
    id: `msg_${turn}`,
    type: "message",
    role: "assistant",
    model: body.model,
    content: calling(turn, calls)
      ? calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.args }))
      : [{ type: "text", text }],
    stop_reason: calling(turn, calls) ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  }),
  tools: (body) =>
    ((body.tools as Json[] | undefined) ?? []).map((t) => ({
      name: t.name as string,
      description: t.description,
      parameters: t.input_schema as Json,
      strict: "strict" in t ? (t.strict as boolean | null) : "absent",
    })),
  rawTools: (body) => body.tools,
  results: (body) => {
    const out = new Map<string, string>();
    for (const m of body.messages as Json[]) {
      if (!Array.isArray(m.content)) continue;
      for (const part of m.content as Json[])
        if (part.type === "tool_result") out.set(part.tool_use_id as string, contentText(part.content));
    }
    return out;
  },
  problems: anthropicProblems,
};

/** Gemini: POST /v1beta/models/{model}:generateContent. Calls carry no id; results are keyed by name. */
export const gemini: Wire = {
  name: "gemini",
  answer: (turn, calls) => ({
    candidates: [
      {
        content: {
          role: "model",
          parts: calling(turn, calls)
            ? calls.map((c) => ({ functionCall: { name: c.name, args: c.args } }))
            : [{ text }],
        },
        finishReason: "STOP",
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  }),
  tools: (body) => {
    const declarations = ((body.tools as Json[] | undefined) ?? []).flatMap(
      (t) => (t.functionDeclarations as Json[] | undefined) ?? [],
    );
    return declarations.map((d) => ({
      name: d.name as string,
      description: d.description,
      parameters: d.parameters as Json | undefined,
      // Gemini has no per-tool flag; strict tools switch the request to VALIDATED function calling.
      strict: "absent",
    }));
  },
  rawTools: (body) => body.tools,
  results: (body) => {
    const out = new Map<string, string>();
    for (const c of body.contents as Json[]) {
      for (const part of (c.parts as Json[] | undefined) ?? []) {
        const response = part.functionResponse as Json | undefined;
        if (response) out.set(response.name as string, contentText((response.response as Json).content));
      }
    }
    return out;
  },
  problems: geminiProblems,
};

/** The text of a tool result in any of the shapes providers use (string, parts, JSON). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content.map((p) => (isRecord(p) && typeof p.text === "string" ? p.text : contentText(p))).join("");
  return JSON.stringify(content);
}
