import type { ToolExecutionOptions } from "ai";
import type { AdTool, ApprovalAnswer } from "../types.js";
import { approvalScope } from "./ai-sdk-approvals.js";
import { type AskLog, stringField } from "./shared.js";

// The AI SDK's approval words in the approval model, on the tool's side: the first ask records the
// payload shown for the tool call, and an approval response in the conversation becomes the
// person's answer to that call's own request.

/**
 * True when this exact input needs a person. The first time (no answer yet in the conversation),
 * records the payload the person is shown for this call, fleet-wide: the SDK asks again when it
 * resumes an approved call, and a payload edited in the conversation since must not be recorded
 * as the one shown.
 */
export async function asksPerson(
  adTool: AdTool,
  asks: AskLog,
  input: unknown,
  options: { toolCallId: string; messages?: readonly unknown[] },
  sessionId?: string,
): Promise<boolean> {
  const request = adTool.confirmationRequest(input);
  if (!request) return false;
  const key = askKey(options.toolCallId, request.fingerprint);
  asks.asked(key);
  if (!resumes(options.messages ?? [], options.toolCallId)) {
    // An ask that cannot be recorded is still shown: the person is asked either way.
    const shown = await adTool
      .ask(input, {
        toolCallId: options.toolCallId,
        requestScope: approvalScope(options.toolCallId),
        channel: VIA,
        ...(sessionId === undefined ? {} : { sessionId }),
      })
      .catch(() => undefined);
    // No request now: a money rule refuses the call (the day's launches are used), so the call
    // runs unasked and is refused with the rule named.
    if (shown === null) return false;
    asks.told(key, shown?.previousLive);
  }
  return true;
}

const askKey = (toolCallId: string, fingerprint: string) => `${toolCallId}\n${fingerprint}`;

/**
 * The person's answer a call carries: an approval response (approved) in the conversation for
 * this tool call, answering a request the person was shown (not an automatic one), as an answer to
 * this call's own request. It redeems only for the payload first shown for this call, once.
 * Without one, the toolkit decides as if no framework approval existed, which never sends an
 * unconfirmed ACTIVE ad.
 */
export function answerFrom(
  adTool: AdTool,
  asks: AskLog,
  input: unknown,
  options: ToolExecutionOptions,
): ApprovalAnswer | undefined {
  const { toolCallId } = options;
  const fingerprint = adTool.confirmationRequest(input)?.fingerprint;
  if (fingerprint === undefined) return undefined;
  const response = findApprovalResponse(options.messages, toolCallId);
  if (!response) return undefined;
  const key = askKey(toolCallId, fingerprint);
  const previousLive = asks.toldOf(key);
  const askedAt = asks.take(key);
  const request = adTool.confirmationRequest(input, {
    toolCallId,
    sessionId: approvalScope(toolCallId),
    ...(askedAt === undefined ? {} : { askedAt }),
  });
  if (!request) return undefined;
  // Answered as the person saw it: with the live identical ad their form named, if any.
  const seen = previousLive === undefined ? request : { ...request, previousLive };
  return adTool.answer(seen, { approved: true, text: response.reason ?? "" }, VIA);
}

const VIA = "ai-sdk";

/** True when the conversation ends with an answer to this call's approval request: the SDK resumes it. */
function resumes(messages: readonly unknown[], toolCallId: string): boolean {
  const last = messages.at(-1) as { role?: unknown } | undefined;
  if (last?.role !== "tool") return false;
  return findApprovalResponse(messages, toolCallId, [last]) !== undefined;
}

function findApprovalResponse(
  messages: readonly unknown[],
  toolCallId: string,
  answers: readonly unknown[] = messages,
): { approvalId: string; reason?: string } | undefined {
  const requested = new Set<string>();
  let found: { approvalId: string; reason?: string } | undefined;
  for (const part of messageParts(messages)) {
    if (
      part.type === "tool-approval-request" &&
      part.toolCallId === toolCallId &&
      part.isAutomatic !== true &&
      typeof part.approvalId === "string"
    ) {
      requested.add(part.approvalId);
    }
  }
  for (const part of messageParts(answers)) {
    if (part.type !== "tool-approval-response" || part.approved !== true) continue;
    const approvalId = stringField(part, "approvalId");
    if (approvalId === undefined || !requested.has(approvalId)) continue;
    const reason = stringField(part, "reason");
    found = reason === undefined ? { approvalId } : { approvalId, reason };
  }
  return found;
}

export function* messageParts(messages: readonly unknown[]): Generator<Record<string, unknown>> {
  for (const message of messages) {
    const content = (message as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) continue;
    for (const part of content)
      if (part !== null && typeof part === "object") yield part as Record<string, unknown>;
  }
}
