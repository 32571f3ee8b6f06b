import type {
  ApprovalRecord,
  ApprovalRecordInput,
  ApprovalRecords,
  RecordedAnswer,
} from "../../store/index.js";
import type { ToolDefinition } from "../../tools/define.js";
import type { ApprovalAnswer, ConfirmDecision, ConfirmRequest } from "../../types.js";
import { type Confirmation, confirmationText } from "../approvals.js";
import { canonicalJson, retryKeys } from "../fingerprint.js";
import type { LiveLedger } from "../live-record.js";
import { missingCarried, type RecordOrigin } from "./missing.js";
import { answerSignature, recordSignature, signed } from "./record-signatures.js";
import { type AskLedger, askSlot, openAsk } from "./redeem.js";
import { refusalText } from "./refusals.js";
import { approvalRequest } from "./request.js";
import { type ApprovalTrust, accountOfPayload, type DecisionProof, verifyDecision } from "./verify.js";

// One record per approval request, in the toolkit's store: made when a person is asked, answered
// by whoever answers, redeemed once by whoever sends. The record carries a decision, never judges
// it: verify.ts does, on the redeem path. Times are the store's clock, so processes agree on expiry.

/** What the record side of the approval model needs from the toolkit. */
export interface RecordOptions {
  records: ApprovalRecords;
  ttlMs: number;
  /** With a secret, records and answers are signed, and nothing unsigned redeems. */
  secret?: string;
  live?: LiveLedger;
  /** What the verifier trusts; without it, only this process's own decisions redeem. */
  trust?: ApprovalTrust;
  /** The payload each tool call was first shown with: a call resumed with another is refused. */
  asks?: AskLedger;
  /** Where the records live, to explain a request that is not there. */
  origin?: RecordOrigin;
}

/** Where a request is asked: the call's place and the channel that shows it. */
export interface AskPlace {
  callId?: string;
  scope: string;
  channel: string;
  shownAt?: string;
  /** Names the request without a call id (see `RequestPlace.seed`). */
  seed?: string;
  /** The id of an identical send whose outcome is unknown (it may be live), when there is one. */
  unknownSend?: string | Promise<string | undefined>;
  /** What else the person is told before the request is recorded (a money rule behind the ask). */
  annotate?: (request: ConfirmRequest) => ConfirmRequest;
  /**
   * A request recorded for this call that expired unanswered is asked afresh (same id, new expiry):
   * for requests that wait at a desk, where repeating the call is how the agent asks again.
   */
  renew?: boolean;
}

/** The space of the toolkit's records (the store given is already scoped to one API key). */
const SPACE = "";

/** The exact payload a person is shown and a redemption must match: the canonical body, without retry keys. */
export function payloadOf(def: ToolDefinition, body: Record<string, unknown>): string {
  return canonicalJson(body, retryKeys(def.idField?.name));
}

/**
 * Records the request for one call as a person is shown it now, or returns the one already
 * recorded for it (a form shown again, a resumed run): the same ask time and expiry in every
 * process. It names an identical ad that went live, or a send of this payload whose outcome is
 * unknown.
 */
export async function recordRequest(
  o: RecordOptions,
  def: ToolDefinition,
  body: Record<string, unknown>,
  fingerprint: string,
  place: AskPlace,
): Promise<ConfirmRequest> {
  // The clock and the unknown send's read (often read already, with the launch claim) share a
  // round trip; so do the record's read and the live ads' (read in case the request is new).
  const [now, unknownSend] = await Promise.all([o.records.clock(), place.unknownSend]);
  const plain = approvalRequest(
    def,
    body,
    fingerprint,
    {
      callId: place.callId,
      scope: place.scope,
      askedAt: now,
      ...(place.seed === undefined ? {} : { seed: place.seed }),
    },
    o.ttlMs,
  );
  // A request already recorded for this call is the one the person was shown, expired or not: an
  // ask made again after its expiry (a form shown late, a run resumed late) must not make the same
  // request valid again, or a late answer would redeem. A new ask needs a new call.
  const annotating = o.live?.annotate(plain);
  const existing = await o.records.getApproval(SPACE, plain.id);
  // Renewed only when nothing happened to it but the expiry: a decline stays final while it is kept.
  const renew =
    place.renew && existing && existing.expiresAt <= now && existing.usedAt === undefined && !existing.answer;
  if (existing && !renew) {
    return requestOf(existing);
  }
  let shown = annotating ? await annotating : plain;
  if (unknownSend !== undefined && shown.previousLive === undefined) {
    shown = {
      ...shown,
      possiblyLive: { requestId: unknownSend },
      message: `An identical ad may already be live: an earlier send of this exact payload (request id ${unknownSend}) got no answer, so whether it was created is unknown. Look in the ad account before approving. ${shown.message}`,
    };
  }
  if (place.annotate) shown = place.annotate(shown);
  const input: ApprovalRecordInput = {
    id: shown.id,
    tool: shown.tool,
    ...(shown.account === undefined ? {} : { account: shown.account }),
    payload: payloadOf(def, body),
    fingerprint,
    ...(shown.callId === undefined ? {} : { callId: shown.callId }),
    scope: place.scope,
    channel: place.channel,
    ...(place.shownAt === undefined ? {} : { shownAt: place.shownAt }),
    ...(shown.previousLive
      ? { names: { adId: shown.previousLive.adId, at: shown.previousLive.at } }
      : unknownSend !== undefined
        ? { names: { unknownSend, at: now } }
        : {}),
    askedAt: shown.askedAt,
    expiresAt: shown.expiresAt,
    summary: shown.summary as unknown as Record<string, unknown>,
    message: shown.message,
    ...(shown.rule === undefined ? {} : { rule: shown.rule }),
  };
  if (o.secret !== undefined) input.sig = recordSignature(input, o.secret);
  // While the first payload a tool call was shown with is still open, it is the one the call may
  // redeem: state edited between the ask and the resume (a run's stored arguments) asks afresh and
  // never redeems. Once that request was used or declined, the id is free for a new call.
  if (o.asks && shown.callId !== undefined) {
    const slot = askSlot(place.scope, def.name, shown.callId);
    if ((await openAsk(o.asks, o.records, slot, fingerprint)) === undefined)
      await o.asks.record(slot, `${fingerprint} ${shown.id}`, o.ttlMs).catch(() => {});
  }
  const { record } = await o.records.createApproval(SPACE, input);
  return requestOf(record);
}

/** The request as channels show it, from its record. */
export function requestOf(record: ApprovalRecord): ConfirmRequest {
  const request: ConfirmRequest = {
    id: record.id,
    tool: record.tool,
    ...(record.callId === undefined ? {} : { callId: record.callId }),
    fingerprint: record.fingerprint,
    ...(record.account === undefined ? {} : { account: record.account }),
    askedAt: record.askedAt,
    expiresAt: record.expiresAt,
    summary: record.summary as unknown as ConfirmRequest["summary"],
    message: record.message,
    payload: record.payload,
  };
  if (record.names?.adId !== undefined)
    request.previousLive = { adId: record.names.adId, at: record.names.at };
  if (record.names?.unknownSend !== undefined) request.possiblyLive = { requestId: record.names.unknownSend };
  if (record.rule !== undefined) request.rule = record.rule;
  return request;
}

/** The request recorded under `id`, or null. */
export async function recordedRequest(o: RecordOptions, id: string): Promise<ConfirmRequest | null> {
  const record = await o.records.getApproval(SPACE, id);
  return record ? requestOf(record) : null;
}

/** The record of request `id`, with what happened to it, or null. */
export function recordOf(o: RecordOptions, id: string): Promise<ApprovalRecord | null> {
  return o.records.getApproval(SPACE, id);
}

/**
 * Stores the result of the call that redeemed request `id` (once; see
 * `ApprovalRecords.settleApproval`). A store that fails here loses only the copy for later awaits.
 */
export async function settleRecorded(
  o: RecordOptions,
  id: string,
  result: unknown,
): Promise<ApprovalRecord | undefined> {
  const settled = await o.records.settleApproval(SPACE, id, JSON.stringify(result)).catch(() => undefined);
  return settled?.ok ? settled.record : undefined;
}

/** One page of the requests of this toolkit's key (or of one scope) still waiting for an answer, oldest first. */
export async function pendingRequests(
  o: RecordOptions,
  scope?: string,
  page: { limit?: number; after?: string } = {},
): Promise<ConfirmRequest[]> {
  const records = await o.records.pendingApprovals(SPACE, {
    ...page,
    ...(scope === undefined ? {} : { scope }),
  });
  return records.map(requestOf);
}

/**
 * Records a person's answer against its request (on the store's clock), signed with a secret: a
 * decline is final. Returns why it was not recorded, when it was not.
 */
export async function recordAnswer(
  o: RecordOptions,
  id: string,
  decision: ConfirmDecision & { who?: string; statements?: string[] },
  channel: string,
): Promise<string | undefined> {
  return (await answerRecorded(o, id, decision, channel)).refused;
}

/**
 * As {@link recordAnswer}, with the record as the answer's own step left it when it was recorded:
 * read atomically with the answer, it needs no read of its own before the redemption.
 */
export async function answerRecorded(
  o: RecordOptions,
  id: string,
  decision: ConfirmDecision & { who?: string; statements?: string[] },
  channel: string,
): Promise<{ refused?: string; record?: ApprovalRecord }> {
  const answer = recordedAnswerOf(o, id, decision, channel, await o.records.clock());
  const result = await o.records.answerApproval(SPACE, id, answer);
  if (result.ok) return { record: result.record };
  return result.why === "answered" ? {} : { refused: refusalText(result.why) };
}

/**
 * Records one decision against several requests in one step of the store (a plan): approvals all
 * or none. Returns why not, naming the request, when the approval was not recorded.
 */
export async function recordAnswers(
  o: RecordOptions,
  ids: readonly string[],
  decision: ConfirmDecision & { who?: string; statements?: string[] },
  channel: string,
): Promise<string | undefined> {
  const at = await o.records.clock();
  const answers = ids.map((id) => ({ id, answer: recordedAnswerOf(o, id, decision, channel, at) }));
  const result = await o.records.answerApprovals(SPACE, answers);
  if (result.ok) return undefined;
  return `request ${result.id}: ${refusalText(result.why)}`;
}

/** A decision as the record keeps it, signed with a secret. */
function recordedAnswerOf(
  o: RecordOptions,
  id: string,
  decision: ConfirmDecision & { who?: string; statements?: string[] },
  channel: string,
  at: number,
): RecordedAnswer {
  const answer: RecordedAnswer = { approved: decision.approved === true, channel, at };
  const words = decision.approved === true ? decision.text : (decision as { reason?: unknown }).reason;
  if (typeof words === "string" && words.trim() !== "") {
    if (answer.approved) answer.text = words.trim();
    else answer.reason = words.trim();
  }
  if (typeof decision.who === "string" && decision.who !== "") answer.who = decision.who;
  if (Array.isArray(decision.statements))
    answer.statements = decision.statements.filter((s) => typeof s === "string");
  if (o.secret !== undefined) answer.sig = answerSignature(id, answer, o.secret);
  return answer;
}

/** The call a recorded request is redeemed for. */
export interface RecordedCall {
  tool: string;
  fingerprint: string;
  payload: string;
  callId?: string;
  account?: string;
  /** The scope of the call's session, as its asks were recorded under. */
  scope?: string;
}

/**
 * Redeems request `id` for this call, once, fleet-wide: the record must exist (signed, with a
 * secret), name this tool, account and call, and hold this exact payload; the decision `proof`
 * must satisfy the verifier for this call and this ask; then the store takes the redemption once,
 * before the request expires on its clock. What the record says was answered is never the
 * authority: the sentence sent is the one the proof carries. `read`: the record as a step of the
 * store just returned it (the answer's), instead of reading it again; the redemption checks what
 * can change since (expiry, payload, answer, use) in its own step either way.
 */
export async function redeemRecorded(
  o: RecordOptions,
  id: string,
  call: RecordedCall,
  proof: DecisionProof,
  asked?: { expiresAt: number; scope?: string | undefined },
  read?: ApprovalRecord,
): Promise<Confirmation> {
  const record = read ?? (await o.records.getApproval(SPACE, id));
  if (!record) return { approved: false, reason: await missingCarried(o, id, call, asked) };
  const via = record.answer?.channel || record.channel || "an approval channel";
  const no = (reason: string): Confirmation => ({ approved: false, reason, via });
  if (o.secret !== undefined && !signed(record.sig, recordSignature(record, o.secret))) {
    return no(
      "the approval request in the store is not signed with this toolkit's approvalSecret (it was written or edited there by something else)",
    );
  }
  if (record.tool !== call.tool)
    return no(`the answer was given for a ${record.tool} call, not this ${call.tool} call`);
  if (record.callId !== undefined && call.callId !== undefined && record.callId !== call.callId) {
    return no(`the answer was given for tool call ${record.callId}, not for this one (${call.callId})`);
  }
  if (record.account !== undefined && call.account !== undefined && record.account !== call.account) {
    return no(`the answer was given for account ${record.account}, not ${call.account}`);
  }
  if (o.asks && call.scope !== undefined && record.callId !== undefined) {
    const first = await openAsk(
      o.asks,
      o.records,
      askSlot(call.scope, call.tool, record.callId),
      call.fingerprint,
    );
    if (first !== undefined) {
      return no(
        `tool call ${record.callId} was shown to the person as payload ${first}, and the payload now is ${call.fingerprint} (the saved state was edited after the ask)`,
      );
    }
  }
  if (record.fingerprint !== call.fingerprint || record.payload !== call.payload) {
    return no(
      `the answer was given for payload ${record.fingerprint}, not for this payload ${call.fingerprint} (it was edited after the ask)`,
    );
  }
  const verdict = await verifyDecision(
    proof,
    {
      request: id,
      tool: call.tool,
      payload: call.payload,
      account: accountOfPayload(call.payload),
      askedAt: record.askedAt,
      now: await o.records.clock(),
    },
    o.trust ?? { shared: true, maxTtlMs: o.ttlMs },
  );
  if (!verdict.ok) {
    return verdict.declined
      ? { approved: false, declined: true, via: verdict.via, reason: verdict.reason }
      : { approved: false, via: verdict.via, reason: verdict.reason };
  }
  const used = await o.records.redeemApproval(SPACE, id, call.payload);
  if (!used.ok) {
    if (used.why === "declined") return { approved: false, declined: true, via, reason: "a person declined" };
    if (used.why === "expired") {
      const ttl = Math.round((record.expiresAt - record.askedAt) / 1000);
      return no(`the approval expired (older than ${ttl} s)`);
    }
    return no(refusalText(used.why));
  }
  return {
    approved: true,
    text: confirmationText(verdict.text, verdict.via, call.fingerprint),
    via: verdict.via,
    key: id,
    record: id,
    askedAt: record.askedAt,
    ...(record.names?.adId === undefined ? {} : { toldOfLive: record.names.adId }),
    ...(record.names?.unknownSend === undefined ? {} : { toldOfUnknown: record.names.unknownSend }),
  };
}

/**
 * Records a carried answer (from a conversation, a run state) against its request, then redeems
 * it: the answer itself is the proof the verifier checks, never what the store recorded.
 * `requestScope`: where the request was asked, when not in the call's session.
 */
export async function redeemCarried(
  o: RecordOptions,
  answer: ApprovalAnswer,
  call: RecordedCall,
  requestScope?: string,
): Promise<Confirmation> {
  const decision: ConfirmDecision = answer.approved
    ? { approved: true, text: answer.text ?? "" }
    : { approved: false, ...(answer.reason === undefined ? {} : { reason: answer.reason }) };
  const record = await o.records.getApproval(SPACE, answer.request.id);
  if (record && record.answer === undefined)
    await recordAnswer(o, answer.request.id, decision, answer.channel);
  else if (record && !answer.approved) await recordAnswer(o, answer.request.id, decision, answer.channel);
  return redeemRecorded(
    o,
    answer.request.id,
    call,
    { kind: "answer", answer, via: answer.channel || "an approval channel" },
    { expiresAt: answer.request.expiresAt, scope: requestScope },
  );
}
