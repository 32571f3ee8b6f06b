import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/evals/drivers/mock-turn.js
var usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: void 0, cacheWrite: void 0 },
  outputTokens: { total: 1, text: 1, reasoning: void 0 }
};
function mockTurnResult(turn) {
  const content = [
    ...turn.content === "" ? [] : [{ type: "text", text: turn.content }],
    ...turn.calls.map((call) => ({
      type: "tool-call",
      toolCallId: call.id,
      toolName: call.name,
      input: JSON.stringify(call.args)
    }))
  ];
  const finish = turn.calls.length > 0 ? "tool-calls" : "stop";
  return { content, finishReason: { unified: finish, raw: void 0 }, usage, warnings: [] };
}
__name(mockTurnResult, "mockTurnResult");

export {
  mockTurnResult
};
