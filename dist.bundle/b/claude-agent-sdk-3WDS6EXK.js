import {
  fileRead,
  setUpRun
} from "./chunk-P35V26ME.js";
import {
  parseRead,
  segmentsOf
} from "./chunk-ZJG6C2U4.js";
import {
  claudeAgentTools
} from "./chunk-RU3Z462U.js";
import "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-KTFO7BLR.js";
import "./chunk-NHHJSMJV.js";
import "./chunk-YHBHRAZ2.js";
import "./chunk-C4OLH3A7.js";
import "./chunk-SFIARPXE.js";
import "./chunk-3VR6HFHW.js";
import "./chunk-K626HZJL.js";
import "./chunk-VFPHF6ZS.js";
import "./chunk-YOX5XIST.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-MQGJ6FVD.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/evals/drivers/claude-agent-sdk.js
import { tmpdir as tmpdir2 } from "node:os";
import { query } from "@anthropic-ai/claude-agent-sdk";

// dist/evals/drivers/anthropic-fake.js
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
async function startAnthropicFake(script) {
  const requests = [];
  const errors = [];
  let conversationIndex = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== "POST" || !req.url?.startsWith("/v1/messages")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "not here" } }));
      return;
    }
    let parsed;
    try {
      parsed = JSON.parse(body);
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
    let turn;
    try {
      turn = Array.isArray(parsed.tools) && parsed.tools.length > 0 ? script(parsed, conversationIndex++) : { text: "ok" };
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "script ended" } }));
      return;
    }
    if (parsed.stream === false) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(messageOf(turn, parsed.model)));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const [event, data] of eventsOf(turn, parsed.model)) {
      res.write(`event: ${event}
data: ${JSON.stringify(data)}

`);
    }
    res.end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const home = mkdtempSync(join(tmpdir(), "adrails-claude-home-"));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    errors,
    turns: /* @__PURE__ */ __name(() => requests.filter((r) => Array.isArray(r.tools) && r.tools.length > 0), "turns"),
    toolResults() {
      const found = /* @__PURE__ */ new Map();
      for (const request of requests) {
        for (const message of request.messages ?? []) {
          if (!Array.isArray(message.content))
            continue;
          for (const part of message.content) {
            if (part?.type !== "tool_result")
              continue;
            found.set(String(part.tool_use_id), {
              text: textOf(part.content),
              isError: part.is_error === true
            });
          }
        }
      }
      return found;
    },
    env: /* @__PURE__ */ __name((extra = {}) => ({
      PATH: process.env.PATH ?? "",
      HOME: home,
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: "sk-ant-fake-key-for-the-loopback-fake",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_ERROR_REPORTING: "1",
      ...extra
    }), "env"),
    close: /* @__PURE__ */ __name(async () => {
      await new Promise((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      rmSync(home, { recursive: true, force: true });
    }, "close")
  };
}
__name(startAnthropicFake, "startAnthropicFake");
function textOf(content) {
  if (typeof content === "string")
    return content;
  if (!Array.isArray(content))
    return "";
  return content.map((part) => part && typeof part === "object" && "text" in part ? String(part.text) : "").join("");
}
__name(textOf, "textOf");
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
__name(readBody, "readBody");
var messageCounter = 0;
var USAGE = {
  input_tokens: 10,
  output_tokens: 5,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0
};
function blocksOf(turn) {
  const blocks = [];
  if (turn.text !== void 0)
    blocks.push({ type: "text", text: turn.text });
  for (const use of turn.toolUses ?? [])
    blocks.push({ type: "tool_use", id: use.id, name: use.name, input: use.input });
  return blocks;
}
__name(blocksOf, "blocksOf");
function messageOf(turn, model = "claude-fake") {
  return {
    id: `msg_fake_${++messageCounter}`,
    type: "message",
    role: "assistant",
    model,
    content: blocksOf(turn),
    stop_reason: turn.toolUses?.length ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: USAGE
  };
}
__name(messageOf, "messageOf");
function eventsOf(turn, model) {
  const message = messageOf(turn, model);
  const events = [
    ["message_start", { type: "message_start", message: { ...message, content: [], stop_reason: null } }]
  ];
  blocksOf(turn).forEach((block, index) => {
    if (block.type === "text") {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { type: "text", text: "" } }
      ]);
      events.push([
        "content_block_delta",
        { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } }
      ]);
    } else {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { ...block, input: {} } }
      ]);
      events.push([
        "content_block_delta",
        {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) }
        }
      ]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push([
    "message_delta",
    {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: 5 }
    }
  ]);
  events.push(["message_stop", { type: "message_stop" }]);
  return events;
}
__name(eventsOf, "eventsOf");

// dist/evals/drivers/claude-agent-sdk.js
var PREFIX = "mcp__adrails__";
function* parts(request, role) {
  for (const message of request.messages ?? []) {
    if (message.role !== role || !Array.isArray(message.content))
      continue;
    for (const part of message.content)
      if (part !== null && typeof part === "object")
        yield part;
  }
}
__name(parts, "parts");
function textOf2(content) {
  if (typeof content === "string")
    return content;
  if (!Array.isArray(content))
    return "";
  return content.map((p) => p && typeof p === "object" && "text" in p ? String(p.text) : "").join("");
}
__name(textOf2, "textOf");
function callsFrom(requests, denied) {
  const calls = /* @__PURE__ */ new Map();
  const last = requests.at(-1);
  if (!last)
    return [];
  for (const part of parts(last, "assistant")) {
    if (part.type !== "tool_use")
      continue;
    const id = String(part.id);
    const name = String(part.name).replace(PREFIX, "");
    const args = part.input !== null && typeof part.input === "object" ? part.input : {};
    calls.set(id, { id, name, args, state: "pending" });
  }
  for (const part of parts(last, "user")) {
    if (part.type !== "tool_result")
      continue;
    const call = calls.get(String(part.tool_use_id));
    if (!call)
      continue;
    const text = textOf2(part.content);
    const ok = parseRead(text)?.ok === true;
    fileRead(call, text, {
      // A no with onUnconfirmedActive "pause" still created the ad PAUSED: that call ran.
      denied: denied.has(call.id) && !ok,
      // Not a ToolResult: Claude Code answered instead of the tool (an unknown tool, bad input).
      frameworkError: /* @__PURE__ */ __name((result) => typeof result === "string", "frameworkError"),
      unavailable: /no such tool|not found|not available/i
    });
  }
  return [...calls.values()];
}
__name(callsFrom, "callsFrom");
async function runClaudeAgentSdk(fixture, stage, options) {
  if (options.live !== void 0)
    throw new Error("the Claude Agent SDK driver replays only");
  const { events, outputs, human, toolkit, script, played } = setUpRun(fixture, stage, options.sessionId, false);
  const sections = segmentsOf(fixture);
  if (sections.segments.length !== 1 || fixture.toolkit.dynamic) {
    throw new Error("the Claude Agent SDK driver replays conversations of one user turn without find-tools");
  }
  const denied = /* @__PURE__ */ new Set();
  const waiting = [];
  const stop = new AbortController();
  const channel = human.channel();
  const confirm = /* @__PURE__ */ __name(async (request) => {
    const scripted = fixture.human.find((d) => d.call === request.callId);
    if (scripted?.decision === "no-answer" && fixture.toolkit.approval === "native") {
      void channel(request);
      const call = played.get(request.callId);
      if (call)
        waiting.push({ id: request.callId, name: call.name, args: call.args, state: "pending" });
      stop.abort();
      return { approved: false, reason: "No answer." };
    }
    const decision = await channel(request);
    if (!decision.approved && request.callId !== void 0)
      denied.add(request.callId);
    return decision;
  }, "confirm");
  const fake = await startAnthropicFake((request) => {
    for (const part of parts(request, "user")) {
      if (part.type === "tool_result")
        script.observe(String(part.tool_use_id), textOf2(part.content));
    }
    const turn = script.next();
    const played2 = {
      ...turn.content === "" ? {} : { text: turn.content },
      toolUses: turn.calls.map((call) => ({ id: call.id, name: `${PREFIX}${call.name}`, input: call.args }))
    };
    return played2;
  });
  let error;
  try {
    const fragment = claudeAgentTools(toolkit, {
      sessionId: options.sessionId,
      alwaysLoad: true,
      ...fixture.toolkit.approval === "none" ? {} : { confirm }
    });
    const system = sections.system ?? options.system;
    for await (const message of query({
      prompt: script.begin(0),
      options: {
        ...fragment,
        env: fake.env(),
        cwd: tmpdir2(),
        abortController: stop,
        settingSources: [],
        ...system === void 0 ? {} : { systemPrompt: system }
      }
    })) {
      if (message.type === "result" && message.subtype === "success" && message.result !== "")
        outputs.push(message.result);
    }
  } catch (thrown) {
    if (!stop.signal.aborted)
      error = thrown instanceof Error ? thrown.message : String(thrown);
  } finally {
    await fake.close();
  }
  if (!stop.signal.aborted && fake.errors[0] !== void 0)
    error ??= fake.errors[0];
  const turns = fake.turns();
  outputs.push({ messages: turns.at(-1)?.messages ?? [] });
  return {
    // A call left waiting is pending, whatever Claude Code made of the abort.
    calls: [...callsFrom(turns, denied).filter((call) => !waiting.some((w) => w.id === call.id)), ...waiting],
    events,
    outputs,
    modelInputs: turns.map((t) => ({ messages: t.messages, tools: t.tools, system: t.system })),
    requests: stage.sim.control.requests(),
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: stop.signal.aborted ? 0 : script.unplayed,
    ...error === void 0 ? {} : { error }
  };
}
__name(runClaudeAgentSdk, "runClaudeAgentSdk");
export {
  runClaudeAgentSdk
};
