import type { ApprovalRecords } from "../../store/index.js";
import type { ApprovalAnswer, HumanApproval } from "../../types.js";
import { type ApprovalLedger, type Confirmation, confirmationText } from "../approvals.js";
import { canonicalJson, digest } from "../fingerprint.js";
import { readAnswer } from "./answer.js";

/**
 * What the store keeps of each ask: the payload a call was last shown to a person with, by session,
 * tool and call id, so that a call resumed from edited state (a different payload under the same
 * call id, never shown) is told apart from the call the person saw.
 */
export interface AskLedger {
  /** Records that `slot` is being shown to a person with this payload (a later showing replaces it). */
  record(slot: string, fingerprint: string, ttlMs: number): Promise<void>;
  /** The payload `slot` was last shown with, or null when none is known here. */
  recorded(slot: string): Promise<string | null>;
}

/** The slot of one call's ask. */
export function askSlot(scope: string, tool: string, callId: string): string {
  return `ask\n${scope}\n${tool}\n${callId}`;
}

/**
 * The payload another still-open request of this tool call was first shown with, or undefined
 * when there is none (none recorded, the same payload, or that request was used or declined).
 */
export async function openAsk(
  asks: AskLedger | undefined,
  records: ApprovalRecords,
  slot: string,
  fingerprint: string,
): Promise<string | undefined> {
  // A store that lost its state knows no first showing: the request itself is gone too.
  const first = await asks?.recorded(slot).catch(() => null);
  if (!first) return undefined;
  const [shown, id] = first.split(" ");
  if (shown === fingerprint || !id) return undefined;
  const record = await records.getApproval("", id);
  if (!record || record.usedAt !== undefined || record.answer?.approved === false) return undefined;
  return shown;
}

/** The call an answer is redeemed for, as the pipeline sees it. */
export interface RedeemedCall {
  tool: string;
  fingerprint: string;
  callId?: string;
  account?: string;
  /** The scope of the call's session, as its asks were recorded under. */
  scope: string;
}

export interface RedeemOptions {
  ledger: ApprovalLedger;
  asks?: AskLedger;
  /** With a secret, only answers signed with it redeem. */
  secret?: string;
}

/** Clock skew tolerated for an answer time from another machine. */
const FUTURE_SKEW_MS = 60_000;

/**
 * Redeems a person's answer for one call: it must be an answer (signed, with a secret) to this
 * call's own request (same tool, payload, account, and call id where both have one), given and
 * used before the request expires, for the payload the call was first asked about, and used once
 * anywhere the store reaches. A decline is a person's no. Anything else is no answer.
 */
export async function redeemAnswer(
  value: unknown,
  call: RedeemedCall,
  o: RedeemOptions,
): Promise<Confirmation> {
  const read = readAnswer(value, o.secret);
  if ("problem" in read) return { approved: false, reason: read.problem };
  return redeem(read.answer, call, o);
}

async function redeem(answer: ApprovalAnswer, call: RedeemedCall, o: RedeemOptions): Promise<Confirmation> {
  const { request } = answer;
  const via = answer.channel !== "" ? answer.channel : "an approval channel";
  const no = (reason: string): Confirmation => ({ approved: false, reason, via });
  if (request.tool !== call.tool)
    return no(`the answer was given for a ${request.tool} call, not this ${call.tool} call`);
  if (request.callId !== undefined && call.callId !== undefined && request.callId !== call.callId) {
    return no(`the answer was given for tool call ${request.callId}, not for this one (${call.callId})`);
  }
  if (request.fingerprint !== call.fingerprint) {
    return no(
      `the answer was given for payload ${request.fingerprint}, not for this payload ${call.fingerprint}`,
    );
  }
  if (request.account !== undefined && call.account !== undefined && request.account !== call.account) {
    return no(`the answer was given for account ${request.account}, not ${call.account}`);
  }
  const now = Date.now();
  if (!Number.isFinite(answer.at) || answer.at > now + FUTURE_SKEW_MS)
    return no("the answer carries an invalid time");
  if (answer.at > request.expiresAt) return no("the answer came after the request expired");
  if (now > request.expiresAt) {
    const ttl = Math.round((request.expiresAt - request.askedAt) / 1000);
    return no(`the approval expired (older than ${ttl} s)`);
  }
  if (!answer.approved) {
    return {
      approved: false,
      declined: true,
      via,
      reason: answer.reason ? `a person declined: ${answer.reason}` : "a person declined",
    };
  }
  const callId = request.callId ?? call.callId;
  if (o.asks && callId !== undefined) {
    const asked = await o.asks.recorded(askSlot(call.scope, call.tool, callId));
    if (asked !== null && asked !== call.fingerprint) {
      return no(
        `tool call ${callId} was shown to the person as payload ${asked}, and the payload now is ${call.fingerprint} (the saved state was edited after the ask)`,
      );
    }
  }
  if (!(await o.ledger.consume(request.id, request.expiresAt)))
    return no("the approval was already used once");
  return {
    approved: true,
    text: confirmationText(answer.text, via, call.fingerprint),
    via,
    key: request.id,
    askedAt: request.askedAt,
    ...(request.toldOfLive === undefined ? {} : { toldOfLive: request.toldOfLive }),
  };
}

/**
 * Redeems a framework approval that names a payload but no request (`CallContext.approval`), by
 * the same rule: it becomes an answer to a request named after the approval, valid for `ttlMs`
 * from the time it carries (`approvedAt`), or from now when it carries none.
 */
export async function redeemApproval(
  approval: unknown,
  call: RedeemedCall | string,
  options: RedeemOptions & { ttlMs: number },
): Promise<Confirmation> {
  const target: RedeemedCall = typeof call === "string" ? { tool: "", fingerprint: call, scope: "" } : call;
  if (typeof approval !== "object" || approval === null) {
    return { approved: false, reason: "the approval passed in is malformed" };
  }
  const given = approval as Partial<HumanApproval>;
  if (typeof given.fingerprint !== "string")
    return { approved: false, reason: "the approval passed in is malformed" };
  const now = Date.now();
  const at = given.approvedAt;
  if (at !== undefined && (typeof at !== "number" || !Number.isFinite(at) || at > now + FUTURE_SKEW_MS)) {
    return { approved: false, reason: "the approval carries an invalid time" };
  }
  const via = typeof given.via === "string" && given.via !== "" ? given.via : "a framework approval";
  const askedAt = at ?? now;
  const answer: ApprovalAnswer = {
    request: {
      id: legacyKey(given, given.fingerprint, via),
      tool: target.tool,
      fingerprint: given.fingerprint,
      askedAt,
      expiresAt: askedAt + options.ttlMs,
    },
    approved: true,
    channel: via,
    at: Math.min(now, askedAt + options.ttlMs),
    ...(typeof given.text === "string" ? { text: given.text } : {}),
  };
  // No ask was recorded for an approval that names no request.
  return redeem(answer, target, { ledger: options.ledger });
}

/**
 * What identifies an approval that names no request: its `id` for this payload, or else everything
 * it says. The tool call it arrives with is left out on purpose, so the same approval object passed
 * with another call is the same approval; the payload is part of it, so ids that repeat across
 * payloads never make one approval stand for another.
 */
function legacyKey(approval: Partial<HumanApproval>, fingerprint: string, via: string): string {
  if (typeof approval.id === "string" && approval.id !== "") return `id:${fingerprint}:${approval.id}`;
  const text = typeof approval.text === "string" ? approval.text : "";
  return `anon:${digest(canonicalJson({ fingerprint, via, text, approvedAt: approval.approvedAt ?? null }))}`;
}
