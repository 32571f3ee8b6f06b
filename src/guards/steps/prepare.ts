import type { z } from "zod";
import type { ToolDefinition } from "../../tools/define.js";
import type { ToolResult } from "../../types.js";
import { type DecisionLog, decide } from "../audit.js";
import { fingerprint, retryKeys } from "../fingerprint.js";
import { blocked } from "../results.js";
import { takesAccount } from "../scope.js";
import { CONFIRM_FIELD, validate } from "../validation.js";

/** A call's input after the guards that run before sending: checked, defaulted, fingerprinted. */
export type Prepared =
  | { ok: true; body: Record<string, unknown>; givenId?: unknown; notes: string[] }
  | { ok: false; result: ToolResult };

/** Fingerprint of the intended change: the body without its retry key and confirmation. */
export function changeOf(def: ToolDefinition, body: Record<string, unknown>): string {
  return fingerprint(def.name, body, retryKeys(def.idField?.name));
}

/** The guards before sending: shape, model-sent confirmation and retry key, default account, validation. */
export function prepare(
  def: ToolDefinition,
  schema: z.ZodType,
  input: unknown,
  log: DecisionLog,
  accountDefault?: string,
): Prepared {
  const raw = input === undefined || input === null ? {} : input;
  if (typeof raw !== "object" || Array.isArray(raw)) {
    decide(log, "validation", "refuse", "input is not an object");
    return {
      ok: false,
      result: blocked(
        "validation",
        `Invalid input for ${def.name}: the input must be a JSON object.`,
        "Nothing was sent. Call again with an object of the tool's fields.",
      ),
    };
  }
  const work: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  const notes: string[] = [];
  const shape = def.input.shape;

  if (CONFIRM_FIELD in shape && work[CONFIRM_FIELD] !== undefined) {
    delete work[CONFIRM_FIELD];
    decide(log, "hard-confirmation", "modify", "dropped hard_confirm_text sent by the model");
    notes.push(
      "The hard_confirm_text you sent was dropped and not forwarded: only a person can confirm an ACTIVE ad.",
    );
  }

  // adrails sets every retry key itself, so an id never depends on what the model chose: the
  // model's own is kept aside only to tell it when it differed from the one sent.
  let givenId: unknown;
  const idName = def.idField?.name;
  if (idName && work[idName] !== undefined) {
    givenId = work[idName];
    delete work[idName];
  }

  if (accountDefault && takesAccount(def) && (work.account_id === undefined || work.account_id === null)) {
    work.account_id = accountDefault;
    decide(log, "scope", "modify", `account_id defaulted to ${accountDefault}`);
  }

  const validated = validate(def.name, schema, work);
  if (!validated.ok) {
    decide(log, "validation", "refuse", validated.error);
    return { ok: false, result: blocked("validation", validated.error, validated.hint, notes) };
  }
  decide(log, "validation", "allow");
  return { ok: true, body: validated.value, givenId, notes };
}
