import type { Outcome } from "../../client/outcome.js";
import type { StoreError } from "../../store/index.js";
import type { ToolResult } from "../../types.js";
import { decide, safely } from "../audit.js";
import { blocked, shapeOutcome } from "../results.js";
import { redactDeep } from "../secrets.js";
import type { Call, PipelineState } from "./call.js";

/** The service's answer as the ToolResult the model reads, with the call's notes. */
export function shapeStep(p: PipelineState, call: Call, outcome: Outcome): ToolResult {
  if (p.o.onOutcome) safely(p.o.onOutcome, redactDeep(outcome, p.o.apiKey), call.context.toolCallId);
  const idField = call.def.idField?.name;
  return shapeOutcome(outcome, {
    writes: call.def.effect === "write" || call.def.effect === "workflow",
    idField,
    // adrails sets every retry key itself (steps/key.ts).
    idDerived: idField !== undefined,
    notes: [...call.notes, ...call.outcomeNotes.map((note) => note(outcome))].filter(
      (note): note is string => note !== undefined,
    ),
  });
}

/** Single use and the id ledger cannot be checked: fail closed, before anything is sent. */
export function storeRefusal(call: Call, error: StoreError): ToolResult {
  decide(call.log, "store", "refuse", `the shared store (${error.store}) failed`);
  return blocked(
    "store",
    error.message,
    error.hint ??
      `Nothing was sent: the shared store (${error.store}) that keeps approvals and retry keys is unavailable. Wait a little and call again with the same input; if it persists, tell the user the store needs attention.`,
    call.notes,
  );
}
