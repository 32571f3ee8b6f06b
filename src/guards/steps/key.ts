import type { ToolResult } from "../../types.js";
import { approvalRequestId } from "../approvals.js";
import { decide } from "../audit.js";
import { runKeyNote } from "../notes.js";
import { targetOf } from "../request-ids.js";
import { idScopeOf, unknownSendOf } from "./approve.js";
import type { Call, PipelineState } from "./call.js";
import { claimStep } from "./send.js";

/**
 * The retry key, always one adrails derives, never the model's (an id must not depend on what the
 * model chose, nor on state a store can lose): an id whose outcome is still unknown for this
 * change first (so nothing can be created twice), then one derived from a person's approval (the
 * same in every process), then one derived from the session, the change and its generation (the
 * same in a process started after the store lost its state, so the service replays the first send).
 */
export async function keyStep(p: PipelineState, call: Call): Promise<void> {
  const { def, log, notes, body } = call;
  const idName = def.idField?.name;
  if (!idName) return;
  const ids = await (call.deriving ?? derivedOf(p, call));
  call.ids = ids;
  let id: string;
  if (ids.pinned !== undefined) {
    id = ids.pinned;
    decide(log, "request-id", "modify", `kept the ${idName} of an earlier send with an unknown outcome`);
    if (differs(call.givenId, id)) {
      notes.push(
        `The ${idName} you sent was replaced by ${id}, the one an earlier attempt at this same change went out with: its outcome is unknown, and only the same ${idName} lets the service replay it instead of doing it twice.`,
      );
    }
  } else if (call.approvalKey !== undefined) {
    id = approvalRequestId(call.approvalKey, call.change);
    decide(log, "request-id", "modify", `${idName} derived from the person's approval`);
    if (differs(call.givenId, id)) {
      notes.push(
        `The ${idName} you sent was replaced by one bound to the person's approval, so that approval can create this ad only once.`,
      );
    }
  } else {
    id = ids.id;
    decide(log, "request-id", "modify", `injected ${idName}`);
    if (differs(call.givenId, id)) notes.push(droppedNote(idName));
  }
  if (differs(call.givenId, id)) decide(log, "request-id", "modify", `dropped the ${idName} the model sent`);
  // The body is the validator's fresh output, owned by this call: set the key in place.
  body[idName] = id;
  call.audit.requestId = id;
  if (def.name === "generate-from-brief") {
    // resume-generation takes the run's original key, which the model has not seen otherwise.
    call.outcomeNotes.push((outcome) => runKeyNote(idName, id, outcome));
  }
}

/** The retry key's reads for the call: its generation and pin in the refusal ledger. */
const derivedOf = (p: PipelineState, call: Call) =>
  p.requestIds.derive(
    idScopeOf(p, call.context),
    call.def.name,
    call.change,
    targetOf(call.def.name, call.body),
  );

/**
 * What a send needs, asked for in one turn so it is one round trip: an approved launch's check
 * that no identical ad went live since the ask (read in the same Redis script as the claim, just
 * before it: later than in a round trip of its own before the claim), the send's claim and rate
 * turn, and the retry key's reads. A refusal comes back with nothing of the key applied; the claim
 * and the turn are let go by the caller (`dropClaim`).
 */
export async function sendReady(p: PipelineState, call: Call): Promise<ToolResult | undefined> {
  const late = call.late?.();
  if (call.def.idField) {
    claimStep(p, call);
    call.deriving = derivedOf(p, call);
    // Read by keyStep, or dropped with a refusal: never left to reject unheard.
    call.deriving.catch(() => {});
  }
  const refused = await late;
  if (refused) return refused;
  if (call.def.idField) await keyStep(p, call);
  return undefined;
}

const differs = (given: unknown, sent: string) => given !== undefined && given !== sent;

const droppedNote = (idName: string) =>
  `The ${idName} you sent was not used: adrails sets ${idName} itself, the same for the same change, so a repeat replays instead of doing it twice. Leave it out.`;

/**
 * For the launch claim's tries: reads the unknown send each try goes with (one round trip, read in
 * the store after the claim, as reading it after the claim's answer was), when a request is to be
 * recorded from it.
 */
export function readWithClaim(p: PipelineState, call: Call): (() => void) | undefined {
  if (call.context.answer !== undefined || call.context.approval !== undefined) return undefined;
  return () => {
    call.unknownSend = unknownSendOf(p, call);
    // Awaited by the request it is for; a try that did not hold the claim drops its read.
    call.unknownSend.catch(() => {});
  };
}
