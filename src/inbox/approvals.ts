import type { Outcome } from "../client/outcome.js";
import type { AdToolsOptions, AuditEvent, ConfirmChannel } from "../types.js";
import type { Inbox } from "./inbox.js";
import type { ItemOutcome } from "./types.js";

/** Options of {@link inboxApprovals}. */
export interface InboxApprovalsOptions {
  /** A name for this agent or job, shown on the page and recorded in the audit. */
  agent?: string;
  /** The conversation, thread or run, shown on the page. */
  conversation?: string;
  /** Your own audit hook, still called for every event. */
  onEvent?: (event: AuditEvent) => void;
  /** Your own outcome hook, still called for every outcome. */
  onOutcome?: (outcome: Outcome, toolCallId?: string) => void;
}

/** The toolkit options that route approvals to the inbox: spread them into `createAdTools`. */
export type InboxToolkitOptions = Required<
  Pick<AdToolsOptions, "confirm" | "onEvent" | "onOutcome" | "approvalAuthority">
>;

interface Written {
  adId?: string;
  adStatus?: string;
  error?: string;
}

/**
 * Routes every call that needs a person to the inbox: the call waits there until someone decides
 * on the page (or the request expires), and the write's outcome is recorded on the item and in
 * the audit trail. `createAdTools({ ...inboxApprovals(inbox, { agent: "nightly" }), apiKey })`.
 */
export function inboxApprovals(inbox: Inbox, options: InboxApprovalsOptions = {}): InboxToolkitOptions {
  // Approved items waiting for their write's audit event, by payload fingerprint.
  const awaiting = new Map<string, string[]>();
  const written = new Map<string, Written>();
  let lastFailure: Written | undefined;

  const confirm: ConfirmChannel = async (request) => {
    const { id, decision } = await inbox.ask(request, {
      ...(options.agent ? { agent: options.agent } : {}),
      ...(options.conversation ? { conversation: options.conversation } : {}),
    });
    if (decision.approved)
      awaiting.set(request.fingerprint, [...(awaiting.get(request.fingerprint) ?? []), id]);
    return decision;
  };

  const onOutcome = (outcome: Outcome, toolCallId?: string) => {
    try {
      if (outcome.tool === "push-creative") {
        const data = (outcome.kind === "success" ? outcome.data : undefined) as
          | Record<string, unknown>
          | undefined;
        if (data && typeof data.request_id === "string") {
          written.set(data.request_id, {
            ...(data.ad_id != null ? { adId: String(data.ad_id) } : {}),
            ...(typeof data.status === "string" ? { adStatus: data.status } : {}),
          });
          if (written.size > 1000) written.delete(written.keys().next().value as string);
        } else if ("error" in outcome) {
          lastFailure = { error: outcome.error };
        }
      }
    } finally {
      options.onOutcome?.(outcome, toolCallId);
    }
  };

  const onEvent = (event: AuditEvent) => {
    try {
      const ids = event.fingerprint ? awaiting.get(event.fingerprint) : undefined;
      const approvedHere = event.decisions.some(
        (d) =>
          d.guard === "hard-confirmation" &&
          d.decision === "allow" &&
          d.detail?.startsWith("approved by a person"),
      );
      if (ids && ids.length > 0 && approvedHere) {
        const id = ids.shift()!;
        if (ids.length === 0) awaiting.delete(event.fingerprint!);
        const found =
          (event.requestId && written.get(event.requestId)) || (event.ok === true ? undefined : lastFailure);
        lastFailure = undefined;
        const outcome: ItemOutcome = {
          at: Date.now(),
          ok: event.ok === "pending" ? false : event.ok,
          status: event.status,
          ...(event.requestId ? { requestId: event.requestId } : {}),
          ...(found?.adId ? { adId: found.adId } : {}),
          ...(found?.adStatus ? { adStatus: found.adStatus } : {}),
          ...(event.ok === true ? {} : { error: found?.error ?? failureText(event) }),
        };
        inbox.settle(id, outcome).catch(() => {});
      }
    } finally {
      options.onEvent?.(event);
    }
  };

  // The verifier redeems the inbox's signed decisions against this inbox's key and people file.
  return { confirm, onEvent, onOutcome, approvalAuthority: inbox.authority };
}

function failureText(event: AuditEvent): string {
  const refused = event.decisions.find((d) => d.decision === "refuse");
  if (refused) return `refused by the ${refused.guard} guard${refused.detail ? `: ${refused.detail}` : ""}`;
  return event.status === null ? "no answer from the service" : `HTTP ${event.status}`;
}
