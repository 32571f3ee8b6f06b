import type { ModelMessage } from "ai";
import type { AdTool, AdToolkit, ConfirmDecision, ConfirmRequest, ToolResult } from "../types.js";

// The host's half of the AI SDK's native approval round trip, one rule for ai@6 and ai@7: read the
// approval requests of a generateText result, show the person adrails' request for the exact
// payload (an identical ad already live included), and answer in the SDK's own vocabulary.

/** The result of `generateText` (ai@6 or ai@7) as the approval round reads it. */
export interface AiSdkStepResult {
  content: readonly unknown[];
  response: { messages: readonly unknown[] };
  /** ai@7: every message of the call (its `response.messages` holds the last step's only). */
  responseMessages?: readonly unknown[];
}

/** A tool approval request of a tool that is not adrails': the host's own tools. */
export interface AiSdkOtherApproval {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** What {@link aiSdkApprovalRound} gives back. */
export interface AiSdkApprovalRound {
  /** Append these to the conversation: the call's messages, then the answers, if anyone was asked. */
  messages: ModelMessage[];
  /** How many approval requests were answered: call `generateText` again when this is not 0. */
  answered: number;
}

/** The toolkit tool behind an AI SDK tool, as {@link aiSdkTools} registered it. */
export type OriginOf = (tool: unknown) => { toolkit: AdToolkit; adTool: AdTool } | undefined;

/**
 * The scope of an approval asked through the AI SDK: its tool call. The SDK binds each approval
 * response to one tool call id, and the call id travels with the conversation, so every process
 * (and every replay of the conversation) names the same request, redeemed once; a second delivery
 * replays the first push at the service. A host session is left out on purpose: an approval copied
 * into another conversation is still the same approval.
 */
export const approvalScope = (toolCallId: string) => `ai-sdk:${toolCallId}`;

const DENIED_UNASKED = "No person was asked about this tool call, so it did not run.";

/**
 * Answers the approval requests of one `generateText` result through a person. For an adrails tool
 * `askPerson` gets the toolkit's request for the exact payload (its `message`, and `previousLive`
 * when an identical ad already went live); the approval's `reason` carries the person's sentence,
 * sent to the service as `hard_confirm_text`. A "no" runs the call through the toolkit as a denial
 * (nothing sent, audited) and its ToolResult, hint included, becomes the denial's `reason`, which
 * is what the AI SDK shows the model for a denied call. Approval requests of other tools go to
 * `askOther`; without it they are denied. ai@7's `responseMessages` are used when present, so no
 * step of the call is lost from the conversation.
 */
export async function approvalRound(
  originOf: OriginOf,
  tools: Record<string, unknown>,
  result: AiSdkStepResult,
  askPerson: (request: ConfirmRequest) => ConfirmDecision | Promise<ConfirmDecision>,
  askOther?: (request: AiSdkOtherApproval) => ConfirmDecision | Promise<ConfirmDecision>,
): Promise<AiSdkApprovalRound> {
  const messages = [...(result.responseMessages ?? result.response.messages)] as ModelMessage[];
  const answers: {
    type: "tool-approval-response";
    approvalId: string;
    approved: boolean;
    reason?: string;
  }[] = [];
  for (const part of result.content) {
    const ask = approvalAsk(part);
    if (!ask) continue;
    const origin = originOf(tools[ask.toolName]);
    const request = origin
      ? await origin.adTool.ask(ask.input, {
          toolCallId: ask.toolCallId,
          requestScope: approvalScope(ask.toolCallId),
          channel: "ai-sdk",
        })
      : null;
    let decision: ConfirmDecision;
    try {
      if (origin && request) decision = await askPerson(request);
      else if (askOther) decision = await askOther(ask);
      else decision = { approved: false, reason: DENIED_UNASKED };
    } catch {
      decision = { approved: false, reason: "Asking the person failed, so the call did not run." };
    }
    // The answer is recorded against the request in the store: a decline there is final, whatever
    // the conversation says later.
    if (origin && request && (decision?.approved === true || decision?.approved === false)) {
      await origin.adTool.respond(request, decision, "ai-sdk").catch(() => {});
    }
    if (decision?.approved === true) {
      const text =
        typeof decision.text === "string" && decision.text.trim() !== "" ? decision.text : undefined;
      answers.push({
        type: "tool-approval-response",
        approvalId: ask.approvalId,
        approved: true,
        ...(text ? { reason: text } : {}),
      });
      continue;
    }
    const reason =
      typeof decision?.reason === "string" && decision.reason.trim() !== "" ? decision.reason : undefined;
    answers.push({
      type: "tool-approval-response",
      approvalId: ask.approvalId,
      approved: false,
      reason: origin ? await deniedText(origin, ask, reason) : (reason ?? DENIED_UNASKED),
    });
  }
  if (answers.length > 0) messages.push({ role: "tool", content: answers });
  return { messages, answered: answers.length };
}

/** What the model reads for a denied adrails call: the toolkit's ToolResult for that denial. */
async function deniedText(
  origin: { toolkit: AdToolkit; adTool: AdTool },
  ask: AiSdkOtherApproval,
  reason: string | undefined,
): Promise<string> {
  const result: ToolResult = await origin.adTool.call(ask.input, {
    toolCallId: ask.toolCallId,
    denial: reason === undefined ? { via: "ai-sdk" } : { via: "ai-sdk", reason },
  });
  return origin.toolkit.toModelText(result);
}

function approvalAsk(part: unknown): AiSdkOtherApproval | undefined {
  const p = part as Record<string, unknown> | null;
  if (p?.type !== "tool-approval-request" || p.isAutomatic === true || typeof p.approvalId !== "string") {
    return undefined;
  }
  const call = p.toolCall as Record<string, unknown> | undefined;
  if (typeof call?.toolCallId !== "string" || typeof call.toolName !== "string") return undefined;
  return {
    approvalId: p.approvalId,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input,
  };
}
