import type { ToolResult } from "../types.js";

// The AI SDK keeps a tool's own output (the full ToolResult) in the steps of the call that ran it,
// but a call that runs after its approval response runs before the first step of the next
// `generateText`: only the text the model read (`toModelOutput`, capped) reaches the response
// messages. The adapter keeps the last results it returned, by tool call id, so a host can read the
// full ToolResult of any call that ran in this process, approved launches included.

// Bounded, oldest out first: a long-running server must not keep every result it ever returned.
const KEPT = 500;
const recent = new Map<string, ToolResult>();

/** Records the ToolResult an adrails tool returned for `toolCallId`. */
export function keepResult(toolCallId: string | undefined, result: ToolResult): void {
  if (!toolCallId) return;
  recent.delete(toolCallId);
  recent.set(toolCallId, result);
  if (recent.size > KEPT) recent.delete(recent.keys().next().value as string);
}

const isToolResult = (value: unknown): value is ToolResult =>
  value !== null &&
  typeof value === "object" &&
  "ok" in value &&
  "status" in value &&
  ((value as { ok: unknown }).ok === true ||
    (value as { ok: unknown }).ok === false ||
    (value as { ok: unknown }).ok === "partial" ||
    (value as { ok: unknown }).ok === "pending");

/**
 * The full ToolResult of an adrails tool call the AI SDK reports: a step's tool result
 * (`step.toolResults[i]`, `step.content`), or a `tool-result` part of the response messages, which
 * holds only the text the model read. An approved call (native approval) runs at the start of the
 * next `generateText` and belongs to no step: pass its `tool-result` part from
 * `result.response.messages`. Undefined for another tool's part, a denied call, or a call that did
 * not run in this process (the last 500 results are kept).
 */
export function adToolResult(part: unknown): ToolResult | undefined {
  if (part === null || typeof part !== "object") return undefined;
  const { type, toolCallId, output } = part as { type?: unknown; toolCallId?: unknown; output?: unknown };
  if (type !== undefined && type !== "tool-result") return undefined;
  // A denied call never ran, whatever ran earlier under the same call id.
  if ((output as { type?: unknown } | null)?.type === "execution-denied") return undefined;
  const kept = typeof toolCallId === "string" ? recent.get(toolCallId) : undefined;
  if (kept) return kept;
  return isToolResult(output) ? output : undefined;
}
