import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { AdClient } from "../client/index.js";
import type { Outcome } from "../client/outcome.js";
import { StoreError } from "../store/index.js";
import type { ToolDefinition } from "../tools/define.js";
import type {
  AdToolsOptions,
  AuditEvent,
  CallContext,
  ConfirmChannel,
  ConfirmRequest,
  ToolResult,
  UnboundAnswer,
} from "../types.js";
import {
  type ApprovalLedger,
  approvalRequestId,
  type Confirmation,
  redeemApproval,
  sentence,
} from "./approvals.js";
import { type DecisionLog, decide, safely } from "./audit.js";
import { askChannel, CONFIRM_TOOL, confirmRequest, denialOf, needsHardConfirmation } from "./confirmation.js";
import { fingerprint, retryKeys } from "./fingerprint.js";
import { creativeLoopNote, type PushStatus, pushNote, runKeyNote } from "./notes.js";
import {
  checkGivenId,
  createGivenKeys,
  createRequestIds,
  type DerivedId,
  type IdLedger,
  targetOf,
} from "./request-ids.js";
import { blocked, shapeOutcome } from "./results.js";
import { takesAccount } from "./scope.js";
import { redactDeep, redactResult } from "./secrets.js";
import type { SendClaims } from "./shared.js";
import { CONFIRM_FIELD, validate } from "./validation.js";

/** What the call path needs from the toolkit. */
export interface PipelineOptions
  extends Pick<AdToolsOptions, "confirm" | "onUnconfirmedActive" | "onEvent" | "onOutcome" | "sessionId"> {
  client: AdClient;
  /** The key every surface is scrubbed of. */
  apiKey: string;
  accountDefault?: string;
  approvalTtlMs: number;
  approvals: ApprovalLedger;
  ids: IdLedger;
  /** Claims on identical sends, so that processes sharing a store send one of them at a time. */
  claims: SendClaims;
}

/** How long a write waits for an identical send that holds the claim elsewhere, before sending anyway. */
const CLAIM_WAIT_MS = 30_000;

/** The guarded call path: prepare, confirm, key, send, shape, inside one no-throw, redacting, audited frame. */
export interface CallPipeline {
  call(def: ToolDefinition, schema: z.ZodType, input: unknown, context: CallContext): Promise<ToolResult>;
  /** A refusal of a call that reaches no tool (out of scope, unknown), audited like any other. */
  refuse(tool: string, context: CallContext, refusal: () => ToolResult): Promise<ToolResult>;
  /** The confirmation request an input needs, or null. Never throws. */
  confirmationFor(def: ToolDefinition, schema: z.ZodType, input: unknown): ConfirmRequest | null;
}

/** A call's input after the guards that run before sending: checked, defaulted, fingerprinted. */
export type Prepared =
  | { ok: true; body: Record<string, unknown>; givenId?: string; notes: string[] }
  | { ok: false; result: ToolResult };

/** One call on its way through the steps. */
interface Call {
  def: ToolDefinition;
  context: CallContext;
  log: DecisionLog;
  audit: Partial<AuditEvent>;
  body: Record<string, unknown>;
  /** Fingerprint of the intended change ("" for reads nobody audits). */
  change: string;
  notes: string[];
  /** Notes about what happened, written once the answer is known. */
  outcomeNotes: ((outcome: Outcome) => string | undefined)[];
  givenId?: string;
  /** The approval key an approved ACTIVE push is bound to. */
  approvalKey?: string;
  ids?: DerivedId;
  idDerived: boolean;
}

/** Builds the call path of one toolkit. */
export function createCallPipeline(o: PipelineOptions): CallPipeline {
  // Without a session id, ids are scoped to this toolkit, so separate runs never replay each other.
  const instanceScope = `toolkit:${randomUUID()}`;
  const requestIds = createRequestIds(o.ids);
  const givenKeys = createGivenKeys();
  const inflight = new Map<string, Promise<Outcome>>();

  /** Everything that must happen whatever a call does: no throw, redaction, audit. */
  async function guarded(
    tool: string,
    context: CallContext,
    body: (log: DecisionLog, audit: Partial<AuditEvent>) => Promise<ToolResult>,
  ): Promise<ToolResult> {
    const started = Date.now();
    const log: DecisionLog = [];
    const audit: Partial<AuditEvent> = {};
    let result: ToolResult;
    try {
      result = await body(log, audit);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = {
        ok: false,
        status: null,
        error: `adrails failed while handling the call: ${message}`,
        hint: "This is a fault in the tool layer, not in your input. Tell the user; do not repeat the call.",
        retryable: false,
      };
    }
    result = redactResult(result, o.apiKey);
    if (o.onEvent) {
      const event: AuditEvent = {
        tool,
        ...(context.toolCallId === undefined ? {} : { toolCallId: context.toolCallId }),
        ...(audit.fingerprint === undefined ? {} : { fingerprint: audit.fingerprint }),
        ...(audit.requestId === undefined ? {} : { requestId: audit.requestId }),
        decisions: log,
        status: result.status,
        ok: result.ok,
        durationMs: Date.now() - started,
      };
      safely(o.onEvent, redactDeep(event, o.apiKey));
    }
    return result;
  }

  async function run(
    def: ToolDefinition,
    schema: z.ZodType,
    input: unknown,
    context: CallContext,
    log: DecisionLog,
    audit: Partial<AuditEvent>,
  ): Promise<ToolResult> {
    const prepared = prepare(def, schema, input, log, o.accountDefault);
    const denied = deniedStep(def, prepared, context, log, audit);
    if (denied) return denied;
    if (!prepared.ok) return prepared.result;
    // Reads without an audit hook never need the fingerprint: skip the hashing.
    const change = def.idField || def.name === CONFIRM_TOOL || o.onEvent ? changeOf(def, prepared.body) : "";
    if (change) audit.fingerprint = change;
    const call: Call = {
      def,
      context,
      log,
      audit,
      body: prepared.body,
      change,
      notes: prepared.notes,
      outcomeNotes: [],
      givenId: prepared.givenId,
      idDerived: false,
    };
    let outcome: Outcome;
    try {
      // Reads skip the steps that only writes need, and their turns of the event loop.
      if (def.name === CONFIRM_TOOL || def.name === "creative-loop") {
        const refused = await confirmStep(call);
        if (refused) return refused;
      }
      if (def.idField) await keyStep(call);
      outcome = await sendStep(call);
    } catch (error) {
      if (error instanceof StoreError) return storeRefusal(call, error);
      throw error;
    }
    return shapeStep(call, outcome);
  }

  /** Single use and the id ledger cannot be checked: fail closed, before anything is sent. */
  function storeRefusal(call: Call, error: StoreError): ToolResult {
    decide(call.log, "store", "refuse", `the shared store (${error.store}) failed`);
    return blocked(
      "store",
      error.message,
      error.hint ??
        `Nothing was sent: the shared store (${error.store}) that keeps approvals and retry keys is unavailable. Wait a little and call again with the same input; if it persists, tell the user the store needs attention.`,
      call.notes,
    );
  }

  /** A person said no to this call in a framework: refused, unless "pause" sends an ACTIVE push PAUSED. */
  function deniedStep(
    def: ToolDefinition,
    prepared: Prepared,
    context: CallContext,
    log: DecisionLog,
    audit: Partial<AuditEvent>,
  ): ToolResult | undefined {
    if (context.denial === undefined) return undefined;
    const downgrade =
      prepared.ok && o.onUnconfirmedActive === "pause" && needsHardConfirmation(def.name, prepared.body);
    if (downgrade) return undefined;
    if (prepared.ok) audit.fingerprint = changeOf(def, prepared.body);
    const denial = denialOf(context.denial);
    decide(log, "hard-confirmation", "refuse", `${denial.reason} (via ${denial.via})`);
    return prepared.ok
      ? declinedResult(def, prepared.body, denial.reason, prepared.notes)
      : declinedResult(def, undefined, denial.reason, []);
  }

  /** Hard confirmation of an ACTIVE push, and the notes the outcome of a push or loop needs. */
  async function confirmStep(call: Call): Promise<ToolResult | undefined> {
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
      const confirmation = await confirm(call);
      if (confirmation.approved) {
        call.body = { ...call.body, [CONFIRM_FIELD]: confirmation.text };
        call.approvalKey = confirmation.key;
        decide(log, "hard-confirmation", "allow", `approved by a person via ${confirmation.via}`);
        push = { kind: "approved" };
      } else if (o.onUnconfirmedActive === "pause") {
        call.body = { ...call.body, status: "PAUSED" };
        call.change = changeOf(def, call.body);
        call.audit.fingerprint = call.change;
        decide(
          log,
          "hard-confirmation",
          "modify",
          `created PAUSED instead of ACTIVE: ${confirmation.reason}`,
        );
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

  function confirm(call: Call): Promise<Confirmation> | Confirmation {
    const { context } = call;
    if (context.denial !== undefined) return denialOf(context.denial);
    if (context.unbound !== undefined) return unboundOf(context.unbound);
    if (context.approval !== undefined) {
      return redeemApproval(context.approval, call.change, { ttlMs: o.approvalTtlMs, ledger: o.approvals });
    }
    if (!o.confirm) return { approved: false, reason: "no confirmation channel is configured" };
    const request = confirmRequest(call.def.name, call.change, call.body, Date.now() + o.approvalTtlMs);
    return askChannel(o.confirm as ConfirmChannel, request, context.signal);
  }

  /**
   * The retry key: an id whose outcome is still unknown for this change first (so nothing can be
   * created twice), then one derived from a person's approval (the same in every process), then a
   * valid one the model chose, then one derived from the session and the change.
   */
  async function keyStep(call: Call): Promise<void> {
    const { def, log, notes, body } = call;
    const idName = def.idField?.name;
    if (!idName) return;
    let givenId = call.givenId;
    if (givenId !== undefined && !givenKeys.fits(def.name, body.account_id, givenId, call.change)) {
      givenId = undefined;
      decide(log, "request-id", "modify", `replaced a ${idName} already used for another change`);
      notes.push(
        `The ${idName} you sent was already used for a different change, which the service would only replay; adrails replaced it with a fresh one.`,
      );
    }
    const scope = call.context.sessionId ?? o.sessionId ?? instanceScope;
    // Derived even when the key comes from elsewhere, so the outcome still settles the change.
    const ids = await requestIds.derive(scope, def.name, call.change, targetOf(def.name, body));
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

  /** Sends once per identical payload in flight, so parallel identical calls share one request. */
  function sendStep(call: Call): Promise<Outcome> {
    const { def, body, ids, context } = call;
    const callOptions = { signal: context.signal, timeoutMs: context.timeoutMs };
    if (!def.idField || !ids) return o.client.call(def.name, body, callOptions);
    const sentId = String(body[def.idField.name]);
    // The change, the retry key and the confirmation together are the whole body.
    const key = `${def.name}\n${call.change}\n${sentId}\n${String(body[CONFIRM_FIELD] ?? "")}`;
    const pending = inflight.get(key);
    if (pending) return pending;
    const sending = (async () => {
      try {
        // Across processes, the holder of the claim sends first; the others then send the same
        // id, which the service replays.
        return await o.claims.exclusive(
          key,
          CLAIM_WAIT_MS,
          async () => {
            const outcome = await o.client.call(def.name, body, callOptions);
            try {
              await requestIds.settle(ids, outcome, sentId);
            } catch (error) {
              // The answer is here and must reach the caller; this process still holds its own pin.
              if (!(error instanceof StoreError)) throw error;
              decide(
                call.log,
                "store",
                "modify",
                `the outcome was not recorded in the shared store (${error.store})`,
              );
            }
            return outcome;
          },
          context.signal,
        );
      } finally {
        inflight.delete(key);
      }
    })();
    inflight.set(key, sending);
    return sending;
  }

  function shapeStep(call: Call, outcome: Outcome): ToolResult {
    if (o.onOutcome) safely(o.onOutcome, redactDeep(outcome, o.apiKey), call.context.toolCallId);
    const idField = call.def.idField?.name;
    return shapeOutcome(outcome, {
      writes: call.def.effect === "write" || call.def.effect === "workflow",
      idField,
      idDerived: idField !== undefined && call.idDerived,
      notes: [...call.notes, ...call.outcomeNotes.map((note) => note(outcome))].filter(
        (note): note is string => note !== undefined,
      ),
    });
  }

  return {
    call: (def, schema, input, context) =>
      guarded(def.name, context, (log, audit) => run(def, schema, input, context, log, audit)),
    refuse: (tool, context, refusal) =>
      guarded(tool, context, async (log) => {
        const result = refusal();
        if (result.ok === false && "blocked" in result) decide(log, result.blocked, "refuse", result.error);
        return result;
      }),
    confirmationFor(def, schema, input) {
      try {
        const prepared = prepare(def, schema, input, [], o.accountDefault);
        if (!prepared.ok || !needsHardConfirmation(def.name, prepared.body)) return null;
        return confirmRequest(
          def.name,
          changeOf(def, prepared.body),
          prepared.body,
          Date.now() + o.approvalTtlMs,
        );
      } catch {
        return null;
      }
    },
  };
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

/** Fingerprint of the intended change: the body without its retry key and confirmation. */
function changeOf(def: ToolDefinition, body: Record<string, unknown>): string {
  return fingerprint(def.name, body, retryKeys(def.idField?.name));
}

/** The guards before sending: shape, model-sent confirmation, retry key, default account, validation. */
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

  let givenId: string | undefined;
  const idName = def.idField?.name;
  if (idName && work[idName] !== undefined) {
    const checked = checkGivenId(def, work[idName]);
    if (checked.id === undefined) {
      delete work[idName];
      decide(log, "request-id", "modify", `replaced an invalid ${idName}`);
      if (checked.note) notes.push(checked.note);
    } else {
      givenId = checked.id;
    }
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
