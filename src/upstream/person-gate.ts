import type { ToolAnnotations } from "@modelcontextprotocol/client";
import { type ApprovalLedger, type Confirmation, redeemApproval, sentence } from "../guards/approvals.js";
import { askChannel, denialOf } from "../guards/confirmation.js";
import { fingerprint, retryKeys } from "../guards/fingerprint.js";
import { blocked } from "../guards/results.js";
import type { CallContext, ConfirmChannel, ConfirmRequest, ToolResult } from "../types.js";
import type { UpstreamTool } from "./mapping.js";

/**
 * The request a person judges for a call of a door tool adrails does not know: its name,
 * description, exact arguments and annotations (shown, never a reason to skip asking).
 */
export function personRequest(tool: UpstreamTool, body: Record<string, unknown>, expiresAt: number): ConfirmRequest {
  const print = fingerprint(tool.name, body, retryKeys(undefined));
  const lines = [
    `Run ${tool.name}, a tool of the service's MCP door that adrails does not know: it may write or spend money.`,
    `Description: ${tool.description || "(none given)"}`,
    `Arguments: ${JSON.stringify(body)}`,
  ];
  const hints = annotationText(tool.annotations);
  if (hints) lines.push(`The door describes it as: ${hints} (shown for information; the call is still asked).`);
  lines.push(`Payload ${print}.`);
  return {
    tool: tool.name,
    fingerprint: print,
    summary: {
      account_id: typeof body.account_id === "string" ? body.account_id : "",
      adset_id: typeof body.adset_id === "string" ? body.adset_id : "",
      media: "",
      destination: "",
      status: "ACTIVE",
    },
    message: lines.join("\n"),
    expiresAt,
  };
}

/**
 * A person's answer for this exact call: an approval from a framework or host flow (redeemed
 * once), a denial, or the toolkit's `confirm` channel. No person: no approval.
 */
export async function askPerson(
  request: ConfirmRequest,
  context: CallContext,
  options: { confirm?: ConfirmChannel; ledger: ApprovalLedger; ttlMs: number },
): Promise<Confirmation> {
  if (context.denial !== undefined) return denialOf(context.denial);
  if (context.unbound !== undefined) {
    return { approved: false, reason: `a person's answer could not be bound to this call: ${context.unbound.reason}` };
  }
  if (context.approval !== undefined) {
    return redeemApproval(context.approval, request.fingerprint, { ttlMs: options.ttlMs, ledger: options.ledger });
  }
  if (!options.confirm) return { approved: false, reason: "no person can be asked here (no confirmation channel)" };
  return askChannel(options.confirm, request, context.signal);
}

/** The refusal when no person approved a call of an unknown door tool. Nothing was sent. */
export function unapproved(tool: UpstreamTool, confirmation: Confirmation & { approved: false }): ToolResult {
  return blocked(
    "hard-confirmation",
    `${tool.name} is a tool adrails does not know, so it is treated as a write that may spend money and needs a person's approval, and there is none: ${sentence(confirmation.reason)}`,
    confirmation.declined
      ? "Nothing was sent. Do not repeat the call unchanged; ask the user what to change."
      : "Nothing was sent. Ask the user to approve this exact call, or use a tool adrails knows.",
  );
}

function annotationText(annotations: ToolAnnotations | undefined): string {
  if (!annotations) return "";
  const parts: string[] = [];
  if (annotations.title) parts.push(`title ${JSON.stringify(annotations.title)}`);
  for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof annotations[key] === "boolean") parts.push(`${key} ${annotations[key]}`);
  }
  return parts.join(", ");
}
