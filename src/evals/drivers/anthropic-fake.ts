import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

// A loopback fake of the Anthropic Messages API for the Claude Code binary the Claude Agent SDK
// starts: every POST /v1/messages is answered by a script, streamed as the API streams (SSE), so a
// test scripts the model's turns and reads what the binary sent (tools listed, tool results).

/** One tool use the scripted model makes. */
export interface FakeToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** One turn of the scripted model: some text, tool uses, or both. */
export interface FakeTurn {
  text?: string;
  toolUses?: FakeToolUse[];
}

/** A request body the binary sent, as parsed JSON. */
export type FakeRequest = {
  model?: string;
  messages?: { role: string; content: unknown }[];
  tools?: { name: string; defer_loading?: boolean }[];
  stream?: boolean;
  [key: string]: unknown;
};

export type FakeScript = (request: FakeRequest, index: number) => FakeTurn;

export interface AnthropicFake {
  url: string;
  /** What the script threw, in order (the binary was answered with a 400). */
  errors: string[];
  /** Every request the binary sent to /v1/messages, in order. */
  requests: FakeRequest[];
  /** Requests of the main conversation (those that list tools). */
  turns(): FakeRequest[];
  /** The tool results the binary sent back, by tool use id: the text the model read. */
  toolResults(): Map<string, { text: string; isError: boolean }>;
  /** Env for `query({ options: { env } })`: this fake, a temporary config dir, no other traffic. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 with `script` answering the conversation's turns. */
export async function startAnthropicFake(script: FakeScript): Promise<AnthropicFake> {
  const requests: FakeRequest[] = [];
  const errors: string[] = [];
  let conversationIndex = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== "POST" || !req.url?.startsWith("/v1/messages")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "not here" } }));
      return;
    }
    let parsed: FakeRequest;
    try {
      parsed = JSON.parse(body) as FakeRequest;
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (req.url.startsWith("/v1/messages/count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ input_tokens: 10 }));
      return;
    }
    requests.push(parsed);
    // Side requests (titles, summaries) list no tools: they get plain text and do not consume the script.
    let turn: FakeTurn;
    try {
      turn =
        Array.isArray(parsed.tools) && parsed.tools.length > 0
          ? script(parsed, conversationIndex++)
          : { text: "ok" };
    } catch (error) {
      // A script that has no answer ends the conversation with an error the binary does not retry.
      errors.push(error instanceof Error ? error.message : String(error));
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "script ended" } }),
      );
      return;
    }
    if (parsed.stream === false) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(messageOf(turn, parsed.model)));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const [event, data] of eventsOf(turn, parsed.model)) {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const home = mkdtempSync(join(tmpdir(), "adrails-claude-home-"));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    errors,
    turns: () => requests.filter((r) => Array.isArray(r.tools) && r.tools.length > 0),
    toolResults() {
      const found = new Map<string, { text: string; isError: boolean }>();
      for (const request of requests) {
        for (const message of request.messages ?? []) {
          if (!Array.isArray(message.content)) continue;
          for (const part of message.content as Record<string, unknown>[]) {
            if (part?.type !== "tool_result") continue;
            found.set(String(part.tool_use_id), {
              text: textOf(part.content),
              isError: part.is_error === true,
            });
          }
        }
      }
      return found;
    },
    env: (extra = {}) => ({
      PATH: process.env.PATH ?? "",
      HOME: home,
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: "sk-ant-fake-key-for-the-loopback-fake",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_ERROR_REPORTING: "1",
      ...extra,
    }),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => (part && typeof part === "object" && "text" in part ? String(part.text) : ""))
    .join("");
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

let messageCounter = 0;
const USAGE = {
  input_tokens: 10,
  output_tokens: 5,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

function blocksOf(turn: FakeTurn): Record<string, unknown>[] {
  const blocks: Record<string, unknown>[] = [];
  if (turn.text !== undefined) blocks.push({ type: "text", text: turn.text });
  for (const use of turn.toolUses ?? [])
    blocks.push({ type: "tool_use", id: use.id, name: use.name, input: use.input });
  return blocks;
}

function messageOf(turn: FakeTurn, model = "claude-fake") {
  return {
    id: `msg_fake_${++messageCounter}`,
    type: "message",
    role: "assistant",
    model,
    content: blocksOf(turn),
    stop_reason: turn.toolUses?.length ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: USAGE,
  };
}

function eventsOf(turn: FakeTurn, model?: string): [string, unknown][] {
  const message = messageOf(turn, model);
  const events: [string, unknown][] = [
    ["message_start", { type: "message_start", message: { ...message, content: [], stop_reason: null } }],
  ];
  blocksOf(turn).forEach((block, index) => {
    if (block.type === "text") {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      ]);
      events.push([
        "content_block_delta",
        { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } },
      ]);
    } else {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { ...block, input: {} } },
      ]);
      events.push([
        "content_block_delta",
        {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
        },
      ]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push([
    "message_delta",
    {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: 5 },
    },
  ]);
  events.push(["message_stop", { type: "message_stop" }]);
  return events;
}
