import { approvalRequestId } from "../approvals.js";
import { decide } from "../audit.js";
import { runKeyNote } from "../notes.js";
import { targetOf } from "../request-ids.js";
import type { Call, PipelineState } from "./call.js";

/**
 * The retry key: an id whose outcome is still unknown for this change first (so nothing can be
 * created twice), then one derived from a person's approval (the same in every process), then a
 * valid one the model chose, then one derived from the session and the change.
 */
export async function keyStep(p: PipelineState, call: Call): Promise<void> {
  const { def, log, notes, body } = call;
  const idName = def.idField?.name;
  if (!idName) return;
  let givenId = call.givenId;
  if (givenId !== undefined && !p.givenKeys.fits(def.name, body.account_id, givenId, call.change)) {
    givenId = undefined;
    decide(log, "request-id", "modify", `replaced a ${idName} already used for another change`);
    notes.push(
      `The ${idName} you sent was already used for a different change, which the service would only replay; adrails replaced it with a fresh one.`,
    );
  }
  const scope = call.context.sessionId ?? p.o.sessionId ?? p.instanceScope;
  // Derived even when the key comes from elsewhere, so the outcome still settles the change.
  const ids = await p.requestIds.derive(scope, def.name, call.change, targetOf(def.name, body));
  call.ids = ids;
  let id: string;
  if (ids.pinned !== undefined) {
    id = ids.pinned;
    decide(log, "request-id", "modify", `kept the ${idName} of an earlier send with an unknown outcome`);
    if (givenId !== undefined && givenId !== id) {
      notes.push(
        `The ${idName} you sent was replaced by ${id}, the one an earlier attempt at this same change went out with: its outcome is unknown, and only the same ${idName} lets the service replay it instead of doing it twice.`,
      );
    }
  } else if (call.approvalKey !== undefined) {
    id = approvalRequestId(call.approvalKey, call.change);
    decide(log, "request-id", "modify", `${idName} derived from the person's approval`);
    if (givenId !== undefined && givenId !== id) {
      notes.push(
        `The ${idName} you sent was replaced by one bound to the person's approval, so that approval can create this ad only once.`,
      );
    }
  } else if (givenId !== undefined) {
    id = givenId;
    decide(log, "request-id", "allow", `kept the ${idName} the model sent`);
  } else {
    id = ids.id;
    decide(log, "request-id", "modify", `injected ${idName}`);
  }
  call.idDerived = id !== givenId;
  // The body is the validator's fresh output, owned by this call: set the key in place.
  body[idName] = id;
  call.audit.requestId = id;
  if (def.name === "generate-from-brief" && call.idDerived) {
    // resume-generation takes the run's original key, which the model has not seen otherwise.
    call.outcomeNotes.push((outcome) => runKeyNote(idName, id, outcome));
  }
}
