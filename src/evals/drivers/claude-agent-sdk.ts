import { tmpdir } from "node:os";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { claudeAgentTools } from "../../adapters/claude-agent-sdk.js";
import type { ConfirmChannel } from "../../types.js";
import type { CallRecord, RunRecord } from "../record.js";
import type { Stage } from "../scenario.js";
import type { Fixture } from "../schema.js";
import { parseRead, segmentsOf } from "../script.js";
import { type FakeRequest, type FakeTurn, startAnthropicFake } from "./anthropic-fake.js";
import { fileRead, setUpRun } from "./common.js";

// The Claude Agent SDK's query() loop: the SDK starts the Claude Code binary, which talks to a
// loopback fake of the Messages API playing the script; adrails' tools run in-process.

const PREFIX = "mcp__adrails__";

type Part = Record<string, unknown>;

function* parts(request: FakeRequest, role: string): Generator<Part> {
  for (const message of request.messages ?? []) {
    if (message.role !== role || !Array.isArray(message.content)) continue;
    for (const part of message.content) if (part !== null && typeof part === "object") yield part as Part;
  }
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (p && typeof p === "object" && "text" in p ? String(p.text) : "")).join("");
}

/** The calls of the conversation, from the last request the binary sent. */
function callsFrom(requests: readonly FakeRequest[], denied: ReadonlySet<string>): CallRecord[] {
  const calls = new Map<string, CallRecord>();
  const last = requests.at(-1);
  if (!last) return [];
  for (const part of parts(last, "assistant")) {
    if (part.type !== "tool_use") continue;
    const id = String(part.id);
    const name = String(part.name).replace(PREFIX, "");
    const args = (part.input !== null && typeof part.input === "object" ? part.input : {}) as Record<
      string,
      unknown
    >;
    calls.set(id, { id, name, args, state: "pending" });
  }
  for (const part of parts(last, "user")) {
    if (part.type !== "tool_result") continue;
    const call = calls.get(String(part.tool_use_id));
    if (!call) continue;
    const text = textOf(part.content);
    const ok = (parseRead(text) as { ok?: unknown } | null)?.ok === true;
    fileRead(call, text, {
      // A no with onUnconfirmedActive "pause" still created the ad PAUSED: that call ran.
      denied: denied.has(call.id) && !ok,
      // Not a ToolResult: Claude Code answered instead of the tool (an unknown tool, bad input).
      frameworkError: (result) => typeof result === "string",
      unavailable: /no such tool|not found|not available/i,
    });
  }
  return [...calls.values()];
}

/** Replays a fixture (one user turn) through the Claude Agent SDK adapter and query(). */
export async function runClaudeAgentSdk(
  fixture: Fixture,
  stage: Stage,
  options: { sessionId: string; system?: string; live?: unknown },
): Promise<RunRecord> {
  if (options.live !== undefined) throw new Error("the Claude Agent SDK driver replays only");
  const { events, outputs, human, toolkit, script, played } = setUpRun(
    fixture,
    stage,
    options.sessionId,
    false,
  );
  const sections = segmentsOf(fixture);
  if (sections.segments.length !== 1 || fixture.toolkit.dynamic) {
    throw new Error("the Claude Agent SDK driver replays conversations of one user turn without find-tools");
  }
  const denied = new Set<string>();
  const waiting: CallRecord[] = [];
  const stop = new AbortController();
  const channel = human.channel();
  const confirm: ConfirmChannel = async (request) => {
    const scripted = fixture.human.find((d) => d.call === request.callId);
    if (scripted?.decision === "no-answer" && fixture.toolkit.approval === "native") {
      // A person who never answers a host's prompt ends the conversation with the call still
      // waiting. With a confirm callback the adapter stops waiting when the request expires.
      void channel(request);
      const call = played.get(request.callId!);
      if (call) waiting.push({ id: request.callId!, name: call.name, args: call.args, state: "pending" });
      stop.abort();
      return { approved: false, reason: "No answer." };
    }
    const decision = await channel(request);
    if (!decision.approved && request.callId !== undefined) denied.add(request.callId);
    return decision;
  };
  const fake = await startAnthropicFake((request) => {
    for (const part of parts(request, "user")) {
      if (part.type === "tool_result") script.observe(String(part.tool_use_id), textOf(part.content));
    }
    const turn = script.next();
    const played: FakeTurn = {
      ...(turn.content === "" ? {} : { text: turn.content }),
      toolUses: turn.calls.map((call) => ({ id: call.id, name: `${PREFIX}${call.name}`, input: call.args })),
    };
    return played;
  });
  let error: string | undefined;
  try {
    // With no person in the fixture nobody is asked: the toolkit decides alone.
    const fragment = claudeAgentTools(toolkit, {
      sessionId: options.sessionId,
      alwaysLoad: true,
      ...(fixture.toolkit.approval === "none" ? {} : { confirm }),
    });
    const system = sections.system ?? options.system;
    for await (const message of query({
      prompt: script.begin(0),
      options: {
        ...fragment,
        env: fake.env(),
        cwd: tmpdir(),
        abortController: stop,
        settingSources: [],
        ...(system === undefined ? {} : { systemPrompt: system }),
      },
    })) {
      if (message.type === "result" && message.subtype === "success" && message.result !== "")
        outputs.push(message.result);
    }
  } catch (thrown) {
    if (!stop.signal.aborted) error = thrown instanceof Error ? thrown.message : String(thrown);
  } finally {
    await fake.close();
  }
  if (!stop.signal.aborted && fake.errors[0] !== undefined) error ??= fake.errors[0];
  const turns = fake.turns();
  outputs.push({ messages: turns.at(-1)?.messages ?? [] });
  return {
    // A call left waiting is pending, whatever Claude Code made of the abort.
    calls: [...callsFrom(turns, denied).filter((call) => !waiting.some((w) => w.id === call.id)), ...waiting],
    events,
    outputs,
    modelInputs: turns.map((t) => ({ messages: t.messages, tools: t.tools, system: t.system })),
    requests: stage.sim.control.requests() as unknown as Record<string, unknown>[],
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: stop.signal.aborted ? 0 : script.unplayed,
    ...(error === undefined ? {} : { error }),
  };
}
