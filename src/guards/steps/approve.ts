import type { ToolDefinition } from "../../tools/define.js";
import type { AuditEvent, CallContext, ConfirmChannel, ToolResult, UnboundAnswer } from "../../types.js";
import { type Confirmation, redeemApproval, sentence } from "../approvals.js";
import { type DecisionLog, decide } from "../audit.js";
import {
  askChannel,
  CONFIRM_TOOL,
  confirmRequest,
  denialOf,
  needsHardConfirmation,
} from "../confirmation.js";
import { creativeLoopNote, type PushStatus, pushNote } from "../notes.js";
import { blocked } from "../results.js";
import { CONFIRM_FIELD } from "../validation.js";
import type { Call, PipelineState } from "./call.js";
import { changeOf, type Prepared } from "./prepare.js";

/** A person said no to this call in a framework: refused, unless "pause" sends an ACTIVE push PAUSED. */
export function deniedStep(
  p: PipelineState,
  def: ToolDefinition,
  prepared: Prepared,
  context: CallContext,
  log: DecisionLog,
  audit: Partial<AuditEvent>,
): ToolResult | undefined {
  if (context.denial === undefined) return undefined;
  const downgrade =
    prepared.ok && p.o.onUnconfirmedActive === "pause" && needsHardConfirmation(def.name, prepared.body);
  if (downgrade) return undefined;
  if (prepared.ok) audit.fingerprint = changeOf(def, prepared.body);
  const denial = denialOf(context.denial);
  decide(log, "hard-confirmation", "refuse", `${denial.reason} (via ${denial.via})`);
  return prepared.ok
    ? declinedResult(def, prepared.body, denial.reason, prepared.notes)
    : declinedResult(def, undefined, denial.reason, []);
}

/** Hard confirmation of an ACTIVE push, and the notes the outcome of a push or loop needs. */
export async function confirmStep(p: PipelineState, call: Call): Promise<ToolResult | undefined> {
  const { def, log, notes } = call;
  if (def.name === "creative-loop") {
    const autoLaunch = call.body.auto_launch === true;
    call.outcomeNotes.push((outcome) => creativeLoopNote(autoLaunch, outcome));
  }
  if (def.name !== CONFIRM_TOOL) return undefined;
  let push: PushStatus;
  if (!needsHardConfirmation(def.name, call.body)) {
    decide(log, "hard-confirmation", "allow", "not ACTIVE: created PAUSED");
    push = { kind: "paused", status: call.body.status };
  } else {
    const confirmation = await confirm(p, call);
    if (confirmation.approved) {
      call.body = { ...call.body, [CONFIRM_FIELD]: confirmation.text };
      call.approvalKey = confirmation.key;
      decide(log, "hard-confirmation", "allow", `approved by a person via ${confirmation.via}`);
      push = { kind: "approved" };
    } else if (p.o.onUnconfirmedActive === "pause") {
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
      return blocked(
        "hard-confirmation",
        `An ACTIVE ad can start spending money, so it needs a person's approval, and there is none: ${sentence(confirmation.reason)}`,
        "Nothing was sent. Create the ad with status PAUSED instead, or ask the user to approve making it ACTIVE.",
        notes,
      );
    }
  }
  call.outcomeNotes.push((outcome) => pushNote(push, outcome));
  return undefined;
}

function confirm(p: PipelineState, call: Call): Promise<Confirmation> | Confirmation {
  const { context } = call;
  if (context.denial !== undefined) return denialOf(context.denial);
  if (context.unbound !== undefined) return unboundOf(context.unbound);
  if (context.approval !== undefined) {
    return redeemApproval(context.approval, call.change, { ttlMs: p.o.approvalTtlMs, ledger: p.o.approvals });
  }
  if (!p.o.confirm) return { approved: false, reason: "no confirmation channel is configured" };
  const request = confirmRequest(call.def.name, call.change, call.body, Date.now() + p.o.approvalTtlMs);
  return askChannel(p.o.confirm as ConfirmChannel, request, context.signal);
}

/** A person's answer that does not bind to this call, as a confirmation that did not happen. */
function unboundOf(unbound: UnboundAnswer): Confirmation {
  const via =
    typeof unbound?.via === "string" && unbound.via !== "" ? unbound.via : "a framework approval flow";
  const pending = Array.isArray(unbound?.pending) ? unbound.pending.filter((p) => typeof p === "string") : [];
  const listed = pending.length > 0 ? ` (pending: ${pending.join(", ")})` : "";
  return {
    approved: false,
    via,
    reason: `a person's answer via ${via} could not be bound to this payload: ${String(unbound?.reason)}${listed}; the host must answer naming the payload's fingerprint or tool call, or answer each interrupt by its id`,
  };
}

/** The refusal after a person declined the call: nothing sent, and not to be repeated unchanged. */
function declinedResult(
  def: ToolDefinition,
  body: Record<string, unknown> | undefined,
  reason: string,
  notes: string[],
): ToolResult {
  if (body !== undefined && needsHardConfirmation(def.name, body)) {
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
