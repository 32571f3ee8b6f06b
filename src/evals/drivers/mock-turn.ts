import type { PlayedTurn } from "../script.js";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A scripted turn as a LanguageModelV3 generate result (the AI SDK's mock model plays it). */
export function mockTurnResult(turn: PlayedTurn) {
  const content = [
    ...(turn.content === "" ? [] : [{ type: "text" as const, text: turn.content }]),
    ...turn.calls.map((call) => ({
      type: "tool-call" as const,
      toolCallId: call.id,
      toolName: call.name,
      input: JSON.stringify(call.args),
    })),
  ];
  const finish = turn.calls.length > 0 ? ("tool-calls" as const) : ("stop" as const);
  return { content, finishReason: { unified: finish, raw: undefined }, usage, warnings: [] };
}
