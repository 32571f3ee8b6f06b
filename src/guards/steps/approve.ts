import type { ToolDefinition } from "../../tools/define.js";
import type {
  AuditEvent,
  CallContext,
  ConfirmDecision,
  ConfirmRequest,
  ToolResult,
  UnboundAnswer,
} from "../../types.js";
import { readAnswer } from "../approval/answer.js";
import { DESK_CHANNEL, deskConfirmation } from "../approval/desk.js";
import { wentLiveSinceAsked } from "../approval/launch.js";
import { missingRequest } from "../approval/missing.js";
import {
  answerRecorded,
  payloadOf,
  type RecordOptions,
  recordAnswer,
  recordRequest,
  redeemCarried,
  redeemRecorded,
} from "../approval/records.js";
import { type RedeemedCall, redeemApproval } from "../approval/redeem.js";
import { needsPerson } from "../approval/request.js";
import type { DecisionProof } from "../approval/verify.js";
import { type Confirmation, sentence } from "../approvals.js";
import { type DecisionLog, decide } from "../audit.js";
import { askChannel, CONFIRM_TOOL, denialOf } from "../confirmation.js";
import { creativeLoopNote, type PushStatus, pushNote } from "../notes.js";
import { blocked } from "../results.js";
import { CONFIRM_FIELD } from "../validation.js";
import type { Call, PipelineState } from "./call.js";
import { changeOf, type Prepared } from "./prepare.js";
import { ruleApproved, ruleUnapproved, withRule } from "./rules.js";

/** The scope a call's ids, requests and asks live in: its session, the toolkit's, or this toolkit. */
export function scopeOf(p: PipelineState, context: { sessionId?: string }): string {
  return context.sessionId ?? p.o.sessionId ?? p.instanceScope;
}

/** A pause of an ACTIVE push that the "pause" option turns into a PAUSED ad instead of a refusal. */
const downgrades = (p: PipelineState, def: ToolDefinition) =>
  p.o.onUnconfirmedActive === "pause" && def.name === CONFIRM_TOOL;

/** A person said no to this call in a framework: refused, unless "pause" sends an ACTIVE push PAUSED. */
export function deniedStep(
  p: PipelineState,
  def: ToolDefinition,
  prepared: Prepared,
  context: CallContext,
  log: DecisionLog,
  audit: Partial<AuditEvent>,
): ToolResult | undefined {
  const declined =
    context.denial ??
    (context.answer?.approved === false
      ? { via: context.answer.channel, reason: context.answer.reason }
      : undefined);
  if (declined === undefined) return undefined;
  if (prepared.ok && downgrades(p, def) && needsPerson(def, prepared.body)) return undefined;
  if (prepared.ok) audit.fingerprint = changeOf(def, prepared.body);
  const denial = denialOf(declined);
  decide(log, "hard-confirmation", "refuse", `${denial.reason} (via ${denial.via})`);
  return prepared.ok
    ? declinedResult(def, prepared.body, denial.reason, prepared.notes)
    : declinedResult(def, undefined, denial.reason, []);
}

/** A person's answer for a call that needs one, and the notes the outcome of a push or loop needs. */
export async function confirmStep(p: PipelineState, call: Call): Promise<ToolResult | undefined> {
  const { def, log, notes } = call;
  if (def.name === "creative-loop") {
    const autoLaunch = call.body.auto_launch === true;
    call.outcomeNotes.push((outcome) => creativeLoopNote(autoLaunch, outcome));
  }
  const isPush = def.name === CONFIRM_TOOL;
  let push: PushStatus | undefined;
  const person = needsPerson(def, call.body);
  if (!person && !call.ruleAsk) {
    if (!isPush) return undefined;
    decide(log, "hard-confirmation", "allow", "not ACTIVE: created PAUSED");
    push = { kind: "paused", status: call.body.status };
  } else {
    const confirmation = await confirm(p, call);
    if ("result" in confirmation) {
      const { result } = confirmation;
      decide(
        log,
        "hard-confirmation",
        "refuse",
        result.ok === "pending"
          ? `waiting for a person at the desk (approval ${result.approval_id})`
          : "not sent again: the result of the call an approval already allowed",
      );
      return result;
    }
    if (confirmation.approved) {
      if (confirmation.record !== undefined && call.redeemed) call.redeemed.id = confirmation.record;
      if (!person) {
        ruleApproved(call, confirmation.via ?? "confirm");
        const status: PushStatus = { kind: "paused", status: call.body.status };
        if (isPush) call.outcomeNotes.push((outcome) => pushNote(status, outcome));
        return undefined;
      }
      if (CONFIRM_FIELD in def.input.shape) call.body = { ...call.body, [CONFIRM_FIELD]: confirmation.text };
      // The first send's id (replayed by the service) unless the person, told an identical ad is
      // live, approved a second copy: then an id of their own answer.
      // A legacy approval names no request: its own identity keeps it to one ad in every process.
      if (confirmation.toldOfLive !== undefined || call.context.approval !== undefined) {
        call.approvalKey = confirmation.key;
      }
      const approved = () => {
        ruleApproved(call, confirmation.via ?? "confirm");
        decide(log, "hard-confirmation", "allow", `approved by a person via ${confirmation.via}`);
      };
      const { askedAt, toldOfLive } = confirmation;
      if (isPush && askedAt !== undefined) {
        // Checked just before the send, in the round trip of its claim (sendReady): no later.
        call.late = async () => {
          const late = await wentLiveSinceAsked(p.o.live, call, askedAt, toldOfLive);
          if (!late) approved();
          return late;
        };
      } else approved();
      push = { kind: "approved" };
    } else if (!person) {
      decide(log, "rules", "refuse", confirmation.reason);
      return ruleUnapproved(call, confirmation.reason);
    } else if (downgrades(p, def)) {
      call.body = { ...call.body, status: "PAUSED" };
      call.change = changeOf(def, call.body);
      call.audit.fingerprint = call.change;
      decide(log, "hard-confirmation", "modify", `created PAUSED instead of ACTIVE: ${confirmation.reason}`);
      notes.push(
        `Status ACTIVE was not approved by a person (${confirmation.reason}), so adrails changed it to PAUSED.`,
      );
      push = { kind: "downgraded" };
    } else {
      decide(log, "hard-confirmation", "refuse", confirmation.reason);
      if (confirmation.declined) return declinedResult(def, call.body, confirmation.reason, notes);
      return unapproved(def, confirmation.reason, notes);
    }
  }
  if (isPush && push) {
    const status = push;
    call.outcomeNotes.push((outcome) => pushNote(status, outcome));
  }
  return undefined;
}

/**
 * The one way a call that needs a person gets an answer: a framework's answer handed in (an
 * answer to this call's request, or a legacy approval), or else the host's confirm channel, whose
 * decision becomes an answer to a request made now. Every answer is redeemed the same way.
 */
async function confirm(p: PipelineState, call: Call): Promise<Confirmation | { result: ToolResult }> {
  const { context, def } = call;
  if (context.denial !== undefined) return denialOf(context.denial);
  const target: RedeemedCall = {
    tool: def.name,
    fingerprint: call.change,
    scope: scopeOf(p, context),
    ...(context.toolCallId === undefined ? {} : { callId: context.toolCallId }),
    ...(typeof call.body.account_id === "string" ? { account: call.body.account_id } : {}),
  };
  if (typeof context.unbound?.missing === "string") {
    const reason = await missingRequest(context.unbound.missing, p.o.origin, p.o.asks, target);
    return { approved: false, via: viaOf(context.unbound), reason };
  }
  if (context.unbound !== undefined) return unboundOf(context.unbound);
  const recorded = { ...target, payload: payloadOf(def, call.body) };
  const records = recordOptionsOf(p);
  if (context.answer !== undefined) {
    const read = readAnswer(context.answer, p.o.approvalSecret);
    if ("problem" in read) return { approved: false, reason: read.problem };
    return redeemCarried(records, read.answer, recorded, context.requestScope);
  }
  if (context.approval !== undefined) {
    if (p.o.approvalSecret !== undefined) {
      return {
        approved: false,
        reason:
          "the toolkit has an approvalSecret, and the deprecated `approval` field is unsigned, so it approves nothing (pass `answer` from adTool.answer() to a request the toolkit recorded)",
      };
    }
    const redeem = { ledger: p.o.approvals, asks: p.o.asks, secret: p.o.approvalSecret };
    return redeemApproval(context.approval, target, { ...redeem, ttlMs: p.o.approvalTtlMs });
  }
  const ruleAsk = call.ruleAsk;
  const desk = p.o.desk;
  if (desk && (context.pending === true || !p.o.confirm)) {
    const records = { ...recordOptionsOf(p), ttlMs: desk.ttlMs };
    const request = await recordRequest(records, def, call.body, call.change, {
      scope: target.scope,
      seed: DESK_CHANNEL,
      channel: DESK_CHANNEL,
      renew: true,
      unknownSend: call.unknownSend ?? unknownSendOf(p, call),
      ...(ruleAsk ? { annotate: (shown: ConfirmRequest) => withRule(shown, ruleAsk) } : {}),
    });
    const requester = context.sessionId === undefined ? undefined : { conversation: context.sessionId };
    return deskConfirmation(records, desk, request, recorded, requester);
  }
  if (!p.o.confirm) return { approved: false, reason: "no confirmation channel is configured" };
  const request = await recordRequest(records, def, call.body, call.change, {
    callId: context.toolCallId,
    scope: target.scope,
    channel: "confirm",
    unknownSend: call.unknownSend ?? unknownSendOf(p, call),
    ...(ruleAsk ? { annotate: (shown: ConfirmRequest) => withRule(shown, ruleAsk) } : {}),
  });
  const asked = await askChannel(p.o.confirm, request, context.signal);
  if ("none" in asked) return { approved: false, reason: asked.none };
  const channel = typeof asked.decision.channel === "string" ? asked.decision.channel : "confirm";
  const decision = asked.decision as ConfirmDecision & { prewritten?: unknown };
  if (decision.approved === true && decision.prewritten === true) {
    const named = request.previousLive
      ? `an identical ad (${request.previousLive.adId}) is already live`
      : request.possiblyLive
        ? `an identical send (request id ${request.possiblyLive.requestId}) may already be live`
        : undefined;
    if (named !== undefined) {
      await recordAnswer(records, request.id, { approved: false, reason: named }, channel);
      return {
        approved: false,
        via: channel,
        reason: `a confirmation written before the request was shown cannot approve it: ${named}, and a person must see that and answer this request themselves`,
      };
    }
  }
  const { refused, record } = await answerRecorded(records, request.id, decision, channel);
  if (refused !== undefined && decision.approved === true)
    return { approved: false, reason: refused, via: channel };
  return redeemRecorded(records, request.id, recorded, proofOf(decision, channel), undefined, record);
}

/**
 * The proof a confirm channel's decision is: the signed statements it carries (an inbox waited
 * on in the call), else the decision itself, which counts only here, in the process that asked.
 */
function proofOf(decision: ConfirmDecision, channel: string): DecisionProof {
  const statements = decision.approved === true ? decision.statements : undefined;
  if (Array.isArray(statements)) return { kind: "statements", statements, via: "inbox" };
  return { kind: "local", decision, via: channel };
}

/** The record side of the approval model for this toolkit. */
export function recordOptionsOf(p: PipelineState): RecordOptions {
  return {
    records: p.o.records,
    ttlMs: p.o.approvalTtlMs,
    ...(p.o.approvalSecret === undefined ? {} : { secret: p.o.approvalSecret }),
    ...(p.o.live === undefined ? {} : { live: p.o.live }),
    trust: p.o.trust,
    asks: p.o.asks,
    ...(p.o.origin === undefined ? {} : { origin: p.o.origin }),
  };
}

/** The id of an identical send whose outcome is unknown (it may be live), in the call's id scope. */
export async function unknownSendOf(
  p: PipelineState,
  call: {
    def: ToolDefinition;
    body: Record<string, unknown>;
    change: string;
    context: { sessionId?: string };
  },
): Promise<string | undefined> {
  if (!call.def.idField) return undefined;
  const ids = await p.requestIds.derive(idScopeOf(p, call.context), call.def.name, call.change);
  return ids.pinned;
}

/** The scope retry ids live in: the call's session, the toolkit's, or the default one every process shares. */
export function idScopeOf(p: PipelineState, context: { sessionId?: string }): string {
  return context.sessionId ?? p.o.sessionId ?? p.instanceScope;
}

const viaOf = (unbound: UnboundAnswer) =>
  typeof unbound?.via === "string" && unbound.via !== "" ? unbound.via : "a framework approval flow";

/** A person's answer that does not bind to this call, as a confirmation that did not happen. */
function unboundOf(unbound: UnboundAnswer): Confirmation {
  const via = viaOf(unbound);
  const pending = Array.isArray(unbound?.pending) ? unbound.pending.filter((p) => typeof p === "string") : [];
  const listed = pending.length > 0 ? ` (pending: ${pending.join(", ")})` : "";
  return {
    approved: false,
    via,
    reason: `a person's answer via ${via} could not be bound to this payload: ${String(unbound?.reason)}${listed}; the host must answer naming the payload's fingerprint or tool call, or answer each interrupt by its id`,
  };
}

/** The refusal when no person's answer redeemed for a call that needs one. */
function unapproved(def: ToolDefinition, reason: string, notes: string[]): ToolResult {
  if (def.name === CONFIRM_TOOL) {
    return blocked(
      "hard-confirmation",
      `An ACTIVE ad can start spending money, so it needs a person's approval, and there is none: ${sentence(reason)}`,
      "Nothing was sent. Create the ad with status PAUSED instead, or ask the user to approve making it ACTIVE.",
      notes,
    );
  }
  return blocked(
    "hard-confirmation",
    `The ${def.name} call needs a person's approval, and there is none: ${sentence(reason)}`,
    "Nothing was sent. Ask the user to approve this exact call, or leave it.",
    notes,
  );
}

/** The refusal after a person declined the call: nothing sent, and not to be repeated unchanged. */
function declinedResult(
  def: ToolDefinition,
  body: Record<string, unknown> | undefined,
  reason: string,
  notes: string[],
): ToolResult {
  if (body !== undefined && def.name === CONFIRM_TOOL && needsPerson(def, body)) {
    return blocked(
      "hard-confirmation",
      `An ACTIVE ad can start spending money, so it needs a person's approval, and there is none: ${sentence(reason)}`,
      "Nothing was sent. Do not repeat the call as ACTIVE. Create the ad with status PAUSED if the user wants it, or ask the user what to change.",
      notes,
    );
  }
  return blocked(
    "hard-confirmation",
    `The ${def.name} call was not run: ${sentence(reason)}`,
    "Nothing was sent. Do not repeat the call unchanged; ask the user what to change.",
    notes,
  );
}
