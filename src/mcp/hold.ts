import type { ServerContext } from "@modelcontextprotocol/server";
import type { AdToolkit, ToolResult } from "../types.js";

/** A call waiting for a person at the toolkit's desk (the inbox). */
export type PendingResult = Extract<ToolResult, { ok: "pending" }>;

export const isPending = (result: ToolResult): result is PendingResult => result.ok === "pending";

/** How often a hold reports progress by default: well under 15 s, and MCP clients' common 60 s. */
export const PROGRESS_EVERY_MS = 10_000;
/** The longest a single MCP request holds for a decision (under the common 60 s client timeout). */
export const MAX_HOLD_MS = 50_000;

/**
 * Runs `work` while sending `notifications/progress` every `everyMs` (default 10 s) when the request
 * carries a progress token, so a client that resets its timeout on progress keeps waiting for a
 * person's decision.
 */
export async function withProgress<T>(
  ctx: ServerContext,
  waitMs: number,
  work: () => Promise<T>,
  everyMs = PROGRESS_EVERY_MS,
): Promise<T> {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return work();
  const started = Date.now();
  const total = Math.round(Math.min(waitMs, MAX_HOLD_MS) / 1000);
  const tick = setInterval(() => {
    const progress = Math.round((Date.now() - started) / 1000);
    ctx.mcpReq
      .notify({
        method: "notifications/progress",
        params: {
          progressToken: token,
          progress,
          total,
          message: `Waiting for a person's decision in the approval inbox (${progress} s of up to ${total} s).`,
        },
      })
      .catch(() => {});
  }, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(tick);
  }
}

/** Holds for the person's decision on `approvalId` (at most `waitMs`), with progress. Never rejects. */
export function holdForDecision(
  toolkit: AdToolkit,
  approvalId: string,
  ctx: ServerContext,
  waitMs: number,
  progressEveryMs?: number,
): Promise<ToolResult> {
  const ms = Math.min(waitMs, MAX_HOLD_MS);
  return withProgress(
    ctx,
    ms,
    () => toolkit.awaitApproval(approvalId, { waitMs: ms, signal: ctx.mcpReq.signal }),
    progressEveryMs,
  );
}

export function withNote<T extends ToolResult>(result: T, note: string): T {
  return { ...result, note: result.note ? `${result.note} ${note}` : note };
}
