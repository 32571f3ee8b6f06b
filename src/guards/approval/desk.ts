import type { ApprovalRecord } from "../../store/index.js";
import type { ApprovalDesk, ConfirmRequest, DeskDecision, DeskRequester, ToolResult } from "../../types.js";
import type { Confirmation } from "../approvals.js";
import { blocked } from "../results.js";
import { missingRequest } from "./missing.js";
import { type RecordOptions, recordAnswer, recordOf, redeemRecorded, requestOf } from "./records.js";

// The desk route of the approval model: when nobody can be asked inside the call, the request is
// recorded (channel "inbox"), posted to the desk, and the call returns a pending result. The record
// stays the authority: a decision read from the desk is recorded against the request and redeemed
// there, once; the result of the call that redeemed it is stored with it for every later await.

/** The channel name of requests that wait at a desk. */
export const DESK_CHANNEL = "inbox";

/** What the toolkit gives the desk route. */
export interface DeskOptions {
  desk: ApprovalDesk;
  /** How long a pending request waits for a person (ms). */
  ttlMs: number;
  requester?: DeskRequester;
}

/** The pending result for a recorded request posted at `url`. */
export function pendingResult(
  request: Pick<ConfirmRequest, "id" | "expiresAt">,
  url: string,
  note?: string,
): ToolResult {
  return {
    ok: "pending",
    status: null,
    approval_id: request.id,
    approve_url: url,
    expires_at: new Date(request.expiresAt).toISOString(),
    hint: `Nothing was sent yet: a person must approve this call first. Give the user this link to approve or decline it: ${url} . Then call await-approval with approval_id "${request.id}" to get the call's result; do not repeat the call meanwhile.`,
    ...(note === undefined ? {} : { note }),
  };
}

/** The stored result of the call that redeemed a record, as the model reads it again. */
export function storedResult(record: ApprovalRecord): ToolResult | undefined {
  if (record.result === undefined) return undefined;
  try {
    const result = JSON.parse(record.result) as ToolResult;
    const again = `This is the result of the approved call (approval ${record.id}), which ran once; nothing was sent again.`;
    return { ...result, note: result.note ? `${result.note} ${again}` : again };
  } catch {
    return undefined;
  }
}

/**
 * How long after its redemption a call that stored no result is taken as lost (the process that
 * sent it stopped, or lost the store): longer than any send (workflows: 300 s) and its retries.
 */
export const LOST_AFTER_MS = 10 * 60_000;

/** The answer for a request redeemed long ago whose call stored no result: look before acting. */
export function lostResult(record: Pick<ApprovalRecord, "id" | "tool" | "usedAt">): ToolResult {
  return {
    ok: false,
    status: null,
    error: `A person approved the ${record.tool} call of approval ${record.id} and it was sent at ${new Date(record.usedAt ?? 0).toISOString()}, but its result was not stored (the process that sent it stopped, or lost the store), so whether it took effect is unknown.`,
    hint: "Do not repeat the call: look in the ad account whether it took effect, and tell the user.",
    retryable: false,
  };
}

/** The refusal after a desk's request expired undecided. */
export function expiredResult(record: Pick<ApprovalRecord, "id" | "tool" | "expiresAt">): ToolResult {
  return blocked(
    "expired",
    `Nobody decided on approval request ${record.id} (${record.tool}) before it expired at ${new Date(record.expiresAt).toISOString()}.`,
    "Nothing was sent. Make the same call again to ask the person again, or tell the user it was not approved in time.",
  );
}

/** Reads a desk's decision, never rejecting: a desk that cannot be read says why. */
export async function deskDecision(
  desk: ApprovalDesk,
  id: string,
): Promise<DeskDecision | { failed: string }> {
  try {
    const decision = await desk.decision(id);
    const state = (decision as { state?: unknown })?.state;
    if (state === "waiting" || state === "expired") return decision;
    if (state === "approved" && typeof (decision as { text?: unknown }).text === "string") return decision;
    if (state === "declined") return decision;
    return { failed: "the desk gave a decision adrails cannot read" };
  } catch (error) {
    return {
      failed: `the desk could not be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/** Posts a request to the desk (idempotent per id), or says why it could not. */
export async function postRequest(
  o: DeskOptions,
  request: ConfirmRequest,
  requester?: DeskRequester,
): Promise<{ url: string } | { failed: string }> {
  try {
    const posted = await o.desk.post(request, requester ?? o.requester);
    if (typeof posted?.url !== "string" || posted.url === "") return { failed: "the desk gave no URL" };
    return posted;
  } catch (error) {
    return {
      failed: `the desk could not take the request (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/**
 * The answer for a call whose request waits at a desk: the record's state first (ran: its stored
 * result; running elsewhere, expired, declined), else the desk's decision recorded and redeemed,
 * else the request posted and the pending result.
 */
export async function deskConfirmation(
  records: RecordOptions,
  o: DeskOptions,
  request: ConfirmRequest,
  call: { tool: string; fingerprint: string; payload: string; callId?: string; account?: string },
  requester?: DeskRequester,
): Promise<Confirmation | { result: ToolResult }> {
  const record = await recordOf(records, request.id);
  if (!record) return { approved: false, reason: await missingRequest(request.id, records.origin) };
  const stored = storedResult(record);
  if (stored) return { result: stored };
  if (record.usedAt !== undefined) {
    if ((await records.records.clock()) - record.usedAt > LOST_AFTER_MS)
      return { result: lostResult(record) };
    const posted = await postRequest(o, requestOf(record), requester);
    const url = "url" in posted ? posted.url : "";
    return {
      result: pendingResult(
        record,
        url,
        "A person approved this call and it is being sent now: call await-approval for its result; do not repeat the call.",
      ),
    };
  }
  // A decline recorded in the store stops the call (the store can withhold a decision, never make one).
  if (record.answer?.approved === false) {
    const reason = record.answer.reason;
    return {
      approved: false,
      declined: true,
      via: DESK_CHANNEL,
      reason: reason ? `a person declined: ${reason}` : "a person declined",
    };
  }
  const now = await records.records.clock();
  if (record.expiresAt <= now) return { result: expiredResult(record) };
  // Posted before its decision is read: a request asked again after it expired replaces the old
  // item, so no decision on the old one counts for it.
  const posted = await postRequest(o, requestOf(record), requester);
  if ("failed" in posted) return { approved: false, reason: posted.failed };
  const decision = await deskDecision(o.desk, record.id);
  if ("failed" in decision) return { approved: false, reason: decision.failed };
  if (decision.state === "expired") return { result: expiredResult(record) };
  if (decision.state === "approved" || decision.state === "declined") {
    const statements = decision.statements ?? [];
    // Carried to the record for every process of the fleet; judged only by the verifier below.
    await recordAnswer(
      records,
      record.id,
      decision.state === "approved"
        ? { approved: true, text: decision.text, who: decision.who, statements }
        : { approved: false, reason: decision.reason, who: decision.who, statements },
      DESK_CHANNEL,
    );
    return redeemRecorded(records, record.id, call, { kind: "statements", statements, via: DESK_CHANNEL });
  }
  return { result: pendingResult(record, posted.url) };
}
