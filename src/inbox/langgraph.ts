import type { ConfirmRequest } from "../types.js";

/**
 * The interrupt value LangGraph's Agent Inbox shows (its `HumanInterrupt` schema): the action is
 * the tool, its args the ad as a person judges it, and the description the full request. Edits are
 * not allowed (an edited payload is another payload, needing its own approval); "respond" is a
 * decline with a reason; "accept" is an approval recorded as given via the Agent Inbox.
 */
export interface AgentInboxInterrupt {
  action_request: { action: string; args: Record<string, unknown> };
  config: { allow_ignore: boolean; allow_respond: boolean; allow_edit: boolean; allow_accept: boolean };
  description: string;
}

/** The Agent Inbox's answer (`HumanResponse`). */
export interface AgentInboxResponse {
  type: "accept" | "ignore" | "response" | "edit";
  args: null | string | { action: string; args: Record<string, unknown> };
}

/** Shapes a confirmation request as an Agent Inbox interrupt value. */
export function agentInboxInterrupt(request: ConfirmRequest): AgentInboxInterrupt {
  return {
    action_request: {
      action: request.tool,
      args: {
        ...request.summary,
        fingerprint: request.fingerprint,
        expires_at: new Date(request.expiresAt).toISOString(),
      },
    },
    config: { allow_ignore: true, allow_respond: true, allow_edit: false, allow_accept: true },
    description: `${request.message}\n\nAccept to let this ad go live once. Respond with a reason to decline; the agent reads it.`,
  };
}

/**
 * An Agent Inbox answer as the decision the adapters bind to a payload: `accept` approves this
 * fingerprint (a recorded statement is sent, as the Agent Inbox has no sentence field), `response`
 * declines with its text as the reason, `ignore` and `edit` decline.
 */
export function fromAgentInboxResponse(
  response: unknown,
  fingerprint: string,
): { approved: true; fingerprint: string } | { approved: false; fingerprint: string; reason: string } {
  const r = (Array.isArray(response) ? response[0] : response) as Partial<AgentInboxResponse> | undefined;
  if (r?.type === "accept") return { approved: true, fingerprint };
  if (r?.type === "response" && typeof r.args === "string" && r.args.trim() !== "") {
    return { approved: false, fingerprint, reason: r.args.trim() };
  }
  if (r?.type === "edit") {
    return {
      approved: false,
      fingerprint,
      reason: "the person edited the ad; an edited ad needs its own approval",
    };
  }
  return { approved: false, fingerprint, reason: "the person dismissed the request in the Agent Inbox" };
}
