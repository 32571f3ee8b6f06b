import type { AdTool, ApprovalAnswer, ConfirmRequest } from "../types.js";
import { type AskLog, createAskLog } from "./shared.js";

// Mastra's approval words in the approval model. A tool's `requireApproval` suspends the run for a
// call that needs a person; the call's input is shown (`onInputAvailable`, before Mastra gates the
// call) and recorded as the call's approval request in the toolkit's store; Mastra's
// `approveToolCall` for that run and tool call id is the person's answer to that request, which
// the tool's execute (reached only after it, with the input Mastra stored) hands to the toolkit to
// redeem, once. `declineToolCall` never reaches execute: nothing is sent and the model reads the
// person's reason.

export const VIA = "mastra";

/** The sentence sent with an approval: Mastra's `approveToolCall` carries none. */
export type ApprovalTextOf = (request: ConfirmRequest) => string | undefined | Promise<string | undefined>;

export interface MastraAsks {
  /** Records the request for this call's input as shown to the person, at its first showing. */
  shown(adTool: AdTool, input: unknown, toolCallId: string): Promise<void>;
  /** The request as first shown for this call (an identical live ad named), if it was shown here. */
  request(adTool: AdTool, input: unknown, toolCallId: string): ConfirmRequest | null;
  /** The person's answer Mastra's approval of this call stands for. */
  answer(adTool: AdTool, input: unknown, toolCallId: string): Promise<ApprovalAnswer | undefined>;
}

export function mastraAsks(sessionId: string | undefined, textOf: ApprovalTextOf | undefined): MastraAsks {
  const log: AskLog = createAskLog();
  // The requests as shown, for the host's page; the newest ones only.
  const shown = new Map<string, ConfirmRequest>();
  const keyOf = (adTool: AdTool, input: unknown, toolCallId: string) => {
    const fingerprint = adTool.confirmationRequest(input)?.fingerprint;
    return fingerprint === undefined ? undefined : `${toolCallId}\n${fingerprint}`;
  };
  return {
    async shown(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === undefined) return;
      log.asked(key);
      // A repeated showing (Mastra announces the input again on resume) keeps the first request.
      const request = await adTool.ask(input, { toolCallId, sessionId }).catch(() => null);
      log.told(key, request?.previousLive);
      if (request && !shown.has(key)) {
        shown.set(key, request);
        if (shown.size > 1000) shown.delete(shown.keys().next().value as string);
      }
    },
    request(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === undefined) return null;
      return shown.get(key) ?? adTool.confirmationRequest(input, { toolCallId, sessionId });
    },
    async answer(adTool, input, toolCallId) {
      const key = keyOf(adTool, input, toolCallId);
      if (key === undefined) return undefined;
      const previousLive = log.toldOf(key);
      const askedAt = log.take(key);
      shown.delete(key);
      const request = adTool.confirmationRequest(input, {
        toolCallId,
        sessionId,
        ...(askedAt === undefined ? {} : { askedAt }),
      });
      if (!request) return undefined;
      // Answered as the person saw it: with the live identical ad their form named, if any.
      const seen = previousLive === undefined ? request : { ...request, previousLive };
      const text = (await textOf?.(seen)) ?? "";
      return adTool.answer(seen, { approved: true, text }, VIA);
    },
  };
}
