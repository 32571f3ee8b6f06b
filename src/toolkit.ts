import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { type AdClient, type CallOptions, createClient } from "./client/index.js";
import type { Outcome } from "./client/outcome.js";
import { type DecisionLog, decide, safely } from "./guards/audit.js";
import {
  askChannel,
  CONFIRM_TOOL,
  type Confirmation,
  confirmRequest,
  createApprovals,
  denialOf,
  needsHardConfirmation,
} from "./guards/confirmation.js";
import { fingerprint, retryKeys } from "./guards/fingerprint.js";
import { DEFAULT_MAX_RESULT_CHARS, toModelText } from "./guards/model-text.js";
import { creativeLoopNote, type PushStatus, pushNote, runKeyNote } from "./guards/notes.js";
import {
  checkGivenId,
  createGivenKeys,
  createRequestIds,
  type DerivedId,
  targetOf,
} from "./guards/request-ids.js";
import { blocked, shapeOutcome } from "./guards/results.js";
import { accountNote, scopeRefusal, selectTools, takesAccount } from "./guards/scope.js";
import { redactDeep, redactResult } from "./guards/secrets.js";
import { CONFIRM_FIELD, modelSchema, validate } from "./guards/validation.js";
import type { ToolDefinition } from "./tools/define.js";
import { getTool, offeredTools } from "./tools/index.js";
import type {
  AdTool,
  AdToolkit,
  AdToolsOptions,
  AuditEvent,
  CallContext,
  ConfirmRequest,
  ToolResult,
} from "./types.js";

const DEFAULT_APPROVAL_TTL_MS = 5 * 60_000;
// Below this the truncation marker would not fit.
const MIN_RESULT_CHARS = 200;

/** A call's input after the guards that run before sending: checked, defaulted, fingerprinted. */
type Prepared =
  | {
      ok: true;
      body: Record<string, unknown>;
      /** A valid retry key the model sent. */
      givenId?: string;
      notes: string[];
    }
  | { ok: false; result: ToolResult };

/**
 * The guarded, framework-neutral tool set: the catalog's offered tools in scope, each with the
 * schema a model sees and a `call` that validates, confirms, fills in retry keys, sends and
 * shapes the answer into a ToolResult. `call` never throws.
 */
export function createAdTools(options: AdToolsOptions = {}): AdToolkit {
  const apiKey = options.apiKey ?? process.env.ADRAILS_API_KEY ?? "";
  const accountDefault = options.accountId;
  const ttlMs = options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS;
  const maxChars = Math.max(MIN_RESULT_CHARS, options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS);
  // Without a session id, ids are scoped to this toolkit, so separate runs never replay each other.
  const instanceScope = `toolkit:${randomUUID()}`;

  const client: AdClient = createClient({
    apiKey,
    baseUrl: options.baseUrl,
    timeouts: options.timeouts,
    retry: options.retry,
    rateLimit: options.rateLimit,
    writeBudget: options.writeBudget,
    store: options.store,
    dispatcher: options.dispatcher,
  });
  const requestIds = createRequestIds();
  const approvals = createApprovals(ttlMs);
  const inflight = new Map<string, Promise<Outcome>>();
  const givenKeys = createGivenKeys();

  const selected = selectTools(offeredTools, options);
  const note = accountNote(selected, options);
  const tools = selected.map(makeTool);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  function makeTool(def: ToolDefinition): AdTool {
    const schema = modelSchema(def, { accountDefault });
    const tool: AdTool = {
      name: def.name,
      group: def.group,
      definition: def,
      // Which account an omitted account_id means is said once, on one tool.
      description: note?.tool === def.name ? `${def.description} ${note.text}` : def.description,
      inputSchema: options.hideAccountId ? modelSchema(def, { accountDefault, hideAccountId: true }) : schema,
      needsConfirmation: (input) => confirmationFor(def, schema, input) !== null,
      confirmationRequest: (input) => confirmationFor(def, schema, input),
      call: (input, context = {}) =>
        guarded(def.name, context, (log, audit) => run(def, schema, input, context, log, audit)),
    };
    return Object.freeze(tool);
  }

  function confirmationFor(def: ToolDefinition, schema: z.ZodType, input: unknown): ConfirmRequest | null {
    try {
      const prepared = prepare(def, schema, input, []);
      if (!prepared.ok || !needsHardConfirmation(def.name, prepared.body)) return null;
      return confirmRequest(def.name, changeOf(def, prepared.body), prepared.body, Date.now() + ttlMs);
    } catch {
      return null;
    }
  }

  /** Runs one call with everything that must happen whatever it does: no throw, redaction, audit. */
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
    result = redactResult(result, apiKey);
    if (options.onEvent) {
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
      safely(options.onEvent, redactDeep(event, apiKey));
    }
    return result;
  }

  /** The guards before sending: shape, model-sent confirmation, retry key, default account, validation. */
  function prepare(def: ToolDefinition, schema: z.ZodType, input: unknown, log: DecisionLog): Prepared {
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

  /** Fingerprint of the intended change: the body without its retry key and confirmation. */
  function changeOf(def: ToolDefinition, body: Record<string, unknown>): string {
    return fingerprint(def.name, body, retryKeys(def.idField?.name));
  }

  async function run(
    def: ToolDefinition,
    schema: z.ZodType,
    input: unknown,
    context: CallContext,
    log: DecisionLog,
    audit: Partial<AuditEvent>,
  ): Promise<ToolResult> {
    const prepared = prepare(def, schema, input, log);
    if (context.denial !== undefined) {
      // A person said no to this call in the framework. Only an ACTIVE push under "pause" still
      // goes out, downgraded, as it would after a denial through the confirm channel.
      const downgrade =
        prepared.ok &&
        options.onUnconfirmedActive === "pause" &&
        needsHardConfirmation(def.name, prepared.body);
      if (!downgrade) {
        if (prepared.ok) audit.fingerprint = changeOf(def, prepared.body);
        const denied = denialOf(context.denial);
        decide(log, "hard-confirmation", "refuse", `${denied.reason} (via ${denied.via})`);
        return prepared.ok
          ? declinedResult(def, prepared.body, denied.reason, prepared.notes)
          : declinedResult(def, undefined, denied.reason, []);
      }
    }
    if (!prepared.ok) return prepared.result;
    const { notes } = prepared;
    let { body } = prepared;
    // Reads without an audit hook never need the fingerprint: skip the hashing.
    let change = def.idField || def.name === CONFIRM_TOOL || options.onEvent ? changeOf(def, body) : "";
    if (change) audit.fingerprint = change;
    // Notes about what happened, written once the answer is known.
    const outcomeNotes: ((outcome: Outcome) => string | undefined)[] = [];

    if (def.name === CONFIRM_TOOL) {
      let push: PushStatus;
      if (needsHardConfirmation(def.name, body)) {
        const confirmation = await confirm(def, body, change, context);
        if (confirmation.approved) {
          body = { ...body, [CONFIRM_FIELD]: confirmation.text };
          decide(log, "hard-confirmation", "allow", `approved by a person via ${confirmation.via}`);
          push = { kind: "approved" };
        } else if (options.onUnconfirmedActive === "pause") {
          body = { ...body, status: "PAUSED" };
          change = changeOf(def, body);
          audit.fingerprint = change;
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
          if (confirmation.declined) return declinedResult(def, body, confirmation.reason, notes);
          return blocked(
            "hard-confirmation",
            `An ACTIVE ad can start spending money, so it needs a person's approval, and there is none: ${confirmation.reason}.`,
            "Nothing was sent. Create the ad with status PAUSED instead, or ask the user to approve making it ACTIVE.",
            notes,
          );
        }
      } else {
        decide(log, "hard-confirmation", "allow", "not ACTIVE: created PAUSED");
        push = { kind: "paused", status: body.status };
      }
      outcomeNotes.push((outcome) => pushNote(push, outcome));
    }
    if (def.name === "creative-loop") {
      const autoLaunch = body.auto_launch === true;
      outcomeNotes.push((outcome) => creativeLoopNote(autoLaunch, outcome));
    }

    const idName = def.idField?.name;
    let ids: DerivedId | undefined;
    let givenId = prepared.givenId;
    if (idName && givenId !== undefined && !givenKeys.fits(def.name, body.account_id, givenId, change)) {
      givenId = undefined;
      decide(log, "request-id", "modify", `replaced a ${idName} already used for another change`);
      notes.push(
        `The ${idName} you sent was already used for a different change, which the service would only replay; adrails replaced it with a fresh one.`,
      );
    }
    if (idName) {
      const scope = context.sessionId ?? options.sessionId ?? instanceScope;
      // Derived even when the model chose the key, so the outcome still retires stale ids.
      ids = requestIds.derive(scope, def.name, change, targetOf(def.name, body));
      if (givenId !== undefined) {
        audit.requestId = givenId;
        decide(log, "request-id", "allow", `kept the ${idName} the model sent`);
      } else {
        const id = ids.id;
        // The body is the validator's fresh output, owned by this call: set the key in place.
        body[idName] = id;
        audit.requestId = id;
        decide(log, "request-id", "modify", `injected ${idName}`);
        if (def.name === "generate-from-brief") {
          // resume-generation takes the run's original key, which the model has not seen otherwise.
          outcomeNotes.push((outcome) => runKeyNote(idName, id, outcome));
        }
      }
    }

    const outcome = await send(def, body, change, ids, context);
    safely(options.onOutcome, outcome, context.toolCallId);
    return shapeOutcome(outcome, {
      writes: def.effect === "write" || def.effect === "workflow",
      idField: idName,
      idDerived: idName !== undefined && givenId === undefined,
      notes: [...notes, ...outcomeNotes.map((note) => note(outcome))].filter(
        (note): note is string => note !== undefined,
      ),
    });
  }

  async function confirm(
    def: ToolDefinition,
    body: Record<string, unknown>,
    change: string,
    context: CallContext,
  ): Promise<Confirmation> {
    if (context.denial !== undefined) return denialOf(context.denial);
    if (context.approval !== undefined) return approvals.redeem(context.approval, change, context.toolCallId);
    if (!options.confirm) return { approved: false, reason: "no confirmation channel is configured" };
    const request = confirmRequest(def.name, change, body, Date.now() + ttlMs);
    return askChannel(options.confirm, request, context.signal);
  }

  /** Sends once per identical payload in flight, so parallel identical calls share one request. */
  function send(
    def: ToolDefinition,
    body: Record<string, unknown>,
    change: string,
    ids: DerivedId | undefined,
    context: CallContext,
  ): Promise<Outcome> {
    const callOptions = { signal: context.signal, timeoutMs: context.timeoutMs };
    if (!def.idField || !ids) return client.call(def.name, body, callOptions);
    // The change, the retry key and the confirmation together are the whole body.
    const key = `${def.name}\n${change}\n${String(body[def.idField.name])}\n${String(body[CONFIRM_FIELD] ?? "")}`;
    const pending = inflight.get(key);
    if (pending) return pending;
    const sending = sendShared(key, def.name, body, ids, callOptions);
    inflight.set(key, sending);
    return sending;
  }

  async function sendShared(
    key: string,
    tool: string,
    body: Record<string, unknown>,
    ids: DerivedId,
    callOptions: CallOptions,
  ): Promise<Outcome> {
    try {
      const outcome = await client.call(tool, body, callOptions);
      requestIds.settle(ids, outcome);
      return outcome;
    } finally {
      inflight.delete(key);
    }
  }

  const call = (name: string, input: unknown, context: CallContext = {}): Promise<ToolResult> => {
    const tool = byName.get(name);
    if (tool) return tool.call(input, context);
    return guarded(String(name), context, async (log) => {
      const refusal = scopeRefusal(String(name), getTool(String(name)), options);
      decide(log, refusal.blocked, "refuse", refusal.error);
      return blocked(refusal.blocked, refusal.error, refusal.hint);
    });
  };

  const { apiKey: _secret, ...shown } = options;
  return Object.freeze({
    tools: Object.freeze(tools),
    get: (name: string) => byName.get(name),
    call,
    toModelText: (result: ToolResult) => toModelText(result, maxChars),
    options: Object.freeze(shown),
  });
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
      `An ACTIVE ad can start spending money, so it needs a person's approval, and there is none: ${reason}.`,
      "Nothing was sent. Do not repeat the call as ACTIVE. Create the ad with status PAUSED if the user wants it, or ask the user what to change.",
      notes,
    );
  }
  return blocked(
    "hard-confirmation",
    `The ${def.name} call was not run: ${reason}.`,
    "Nothing was sent. Do not repeat the call unchanged; ask the user what to change.",
    notes,
  );
}
