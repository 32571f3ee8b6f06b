import type { ConfirmChannel, ConfirmDecision, ConfirmRequest, HumanDenial } from "../types.js";

/** The one tool whose writes can go live and spend money. */
export const CONFIRM_TOOL = "push-creative";

/** True only for push-creative with `status` exactly "ACTIVE" (the CLI's and MCP's wording; the pipeline asks `needsPerson`). */
export function needsHardConfirmation(tool: string, body: Record<string, unknown>): boolean {
  return tool === CONFIRM_TOOL && body.status === "ACTIVE";
}

/** A person's denial given through a framework flow, as a confirmation that did not happen. */
export function denialOf(denial: HumanDenial): {
  approved: false;
  reason: string;
  declined: true;
  via: string;
} {
  const via = typeof denial?.via === "string" && denial.via !== "" ? denial.via : "a framework approval flow";
  const reason =
    typeof denial?.reason === "string" && denial.reason.trim() !== "" ? denial.reason.trim() : undefined;
  return {
    approved: false,
    reason: reason ? `a person declined: ${reason}` : "a person declined",
    declined: true,
    via,
  };
}

/** What the host's channel said: a decision, or why there is none. */
export type ChannelAnswer = { decision: ConfirmDecision } | { none: string };

/**
 * Asks the host's channel and waits at most until the request expires. A malformed answer, an
 * exception, an abort or a late answer all count as no answer.
 */
export async function askChannel(
  channel: ConfirmChannel,
  request: ConfirmRequest,
  signal?: AbortSignal,
): Promise<ChannelAnswer> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const expired = new Promise<ChannelAnswer>((resolve) => {
    timer = setTimeout(
      () => resolve({ none: "no answer came before the approval window closed" }),
      Math.max(0, request.expiresAt - Date.now()),
    );
    timer.unref?.();
    onAbort = () => resolve({ none: "the call was cancelled while waiting for a person" });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
  const answered = (async (): Promise<ChannelAnswer> => {
    try {
      const decision = await channel(request);
      if (Date.now() > request.expiresAt) return { none: "the approval came after it expired" };
      // Nobody decided: no answer to record, and not a person's no.
      if (decision?.approved === false && decision.undecided === true)
        return { none: decision.reason ?? "nobody decided" };
      if (decision?.approved === true || decision?.approved === false) return { decision };
      return { none: "the confirmation channel gave no decision" };
    } catch {
      return { none: "the confirmation channel failed" };
    }
  })();
  try {
    return await Promise.race([answered, expired]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
