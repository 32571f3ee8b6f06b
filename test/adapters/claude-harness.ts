import { tmpdir } from "node:os";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { type ClaudeAgentAdapterOptions, claudeAgentTools } from "../../src/adapters/claude-agent-sdk.js";
import type { AdToolkit, ConfirmDecision, ConfirmRequest } from "../../src/types.js";
import { type FakeScript, type FakeTurn, startAnthropicFake } from "../support/anthropic-fake.js";

// The Claude Agent SDK's real query() loop: the SDK starts the Claude Code binary (from the
// registry, per platform), which talks to a loopback fake of the Messages API scripting the model's
// turns; the tools run in-process against the simulator over loopback.

export const LOOP_MS = 60_000;

/** A tool use of an adrails tool, as the model names it. */
export const use = (id: string, tool: string, input: Record<string, unknown>) => ({
  id,
  name: `mcp__adrails__${tool}`,
  input,
});

/** A script from turns: each turn answers one request of the conversation, then "done". */
export const scripted =
  (...turns: FakeTurn[]): FakeScript =>
  (_request, index) =>
    turns[index] ?? { text: "done" };

/** Warnings the process emitted while a query ran (the SDK's own, by code). */
export type Warned = { code?: string; message: string }[];

/**
 * One query() through the fake API with the fragment; what the model read, by tool use id.
 * `envExtra` defaults to tool search off (every tool in the first request).
 */
export async function runQuery(
  toolkit: AdToolkit,
  script: FakeScript,
  adapterOptions: ClaudeAgentAdapterOptions = {},
  envExtra: Record<string, string> = { ENABLE_TOOL_SEARCH: "false" },
) {
  const fake = await startAnthropicFake(script);
  const warned: Warned = [];
  const onWarning = (warning: Error & { code?: string }) =>
    warned.push({ code: warning.code, message: warning.message });
  process.on("warning", onWarning);
  try {
    const fragment = claudeAgentTools(toolkit, adapterOptions);
    let result: { subtype?: string } | undefined;
    for await (const message of query({
      prompt: "Work the ad account.",
      options: { ...fragment, env: fake.env(envExtra), cwd: tmpdir(), settingSources: [] },
    })) {
      if (message.type === "result") result = message;
    }
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    return { seen: fake.toolResults(), requests: fake.turns(), result, warned };
  } finally {
    process.off("warning", onWarning);
    await fake.close();
  }
}

/** A confirm channel that records what the person was shown and answers with `answer`. */
export function person(answer: (request: ConfirmRequest) => ConfirmDecision) {
  const shown: ConfirmRequest[] = [];
  return {
    shown,
    confirm: async (request: ConfirmRequest) => {
      shown.push(request);
      return answer(request);
    },
  };
}
