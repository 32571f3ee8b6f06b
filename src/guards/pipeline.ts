import type { z } from "zod";
import type { Outcome } from "../client/outcome.js";
import { StoreError } from "../store/index.js";
import type { ToolDefinition } from "../tools/define.js";
import type {
  ApprovalAnswer,
  AskWhere,
  AuditEvent,
  AwaitApprovalOptions,
  CallContext,
  ConfirmDecision,
  ConfirmRequest,
  PendingApprovalsPage,
  ToolResult,
} from "../types.js";
import { answerRequest } from "./approval/answer.js";
import { type AwaitDeps, awaitRecorded } from "./approval/await.js";
import { DESK_CHANNEL } from "./approval/desk.js";
import { launchBusy, launchKey } from "./approval/launch.js";
import {
  pendingRequests,
  recordAnswer,
  recordedRequest,
  recordOf,
  recordRequest,
  settleRecorded,
} from "./approval/records.js";
import { approvalRequest, needsPerson } from "./approval/request.js";
import { type DecisionLog, decide, safely } from "./audit.js";
import { CONFIRM_TOOL } from "./confirmation.js";
import { createRequestIds } from "./request-ids.js";
import { redactDeep, redactResult } from "./secrets.js";
import { confirmStep, deniedStep, recordOptionsOf, scopeOf, unknownSendOf } from "./steps/approve.js";
import type { Call, PipelineOptions, PipelineState } from "./steps/call.js";
import { readWithClaim, sendReady } from "./steps/key.js";
import { changeOf, type Prepared, prepare } from "./steps/prepare.js";
import { ruledCallOf, ruledOf, ruledRequest, rulesStep, settledOf, untoldStep } from "./steps/rules.js";
import { secretField, secretsStep } from "./steps/secrets.js";
import { dropClaim, sendStep } from "./steps/send.js";
import { shapeStep, storeRefusal } from "./steps/shape.js";
import { traceToolCall } from "./telemetry.js";

export type { PipelineOptions, Prepared };
export { prepare };

/** The guarded call path: prepare, confirm, key, send, shape, inside one no-throw, redacting, audited frame. */
export interface CallPipeline {
  call(def: ToolDefinition, schema: z.ZodType, input: unknown, context: CallContext): Promise<ToolResult>;
  /** A refusal of a call that reaches no tool (out of scope, unknown), audited like any other. */
  refuse(tool: string, context: CallContext, refusal: () => ToolResult): Promise<ToolResult>;
  /** The approval request an input needs, or null. Never throws. */
  confirmationFor(
    def: ToolDefinition,
    schema: z.ZodType,
    input: unknown,
    where?: AskWhere,
  ): ConfirmRequest | null;
  /**
   * The approval request, with the ask recorded in the store (see `AdTool.ask`), valid for `ttlMs`
   * (default the toolkit's `approvalTtlMs`). Never rejects.
   */
  ask(
    def: ToolDefinition,
    schema: z.ZodType,
    input: unknown,
    where?: AskWhere,
    ttlMs?: number,
  ): Promise<ConfirmRequest | null>;
  /** A person's answer to a request, signed when the toolkit has a secret. */
  answer(request: ConfirmRequest, decision: ConfirmDecision, channel: string): ApprovalAnswer;
  /** Records an answer in the store, then returns it as `answer` does (see `AdTool.respond`). */
  respond(request: ConfirmRequest, decision: ConfirmDecision, channel: string): Promise<ApprovalAnswer>;
  /** The request recorded under `id`, or null. */
  recorded(id: string): Promise<ConfirmRequest | null>;
  /** Unanswered requests of the toolkit's key, oldest first, of one scope when given. */
  pending(sessionId?: string, page?: PendingApprovalsPage): Promise<ConfirmRequest[]>;
  /** See `AdToolkit.awaitApproval`; `call` runs a tool of the toolkit by name. Never rejects. */
  awaitApproval(
    approvalId: string,
    options: AwaitApprovalOptions | undefined,
    call: AwaitDeps["call"],
  ): Promise<ToolResult>;
}

/** How much longer than an approval a launch claim lasts, for the send (a video takes up to 90 s). */
const LAUNCH_SLACK_MS = 180_000;
/** How long a call with an answer handed in waits for an identical launch to end. */
const LAUNCH_WAIT_MS = 30_000;

// The scope of ids and requests when no session is given. The store is already scoped to the API
// key, so a repeat of the same change for the same account goes out under the first send's id from
// any process: the service replays it. `sessionId` (the CLI's `--session`) narrows it.
const DEFAULT_SCOPE = "default";

/** Builds the call path of one toolkit. */
export function createCallPipeline(o: PipelineOptions): CallPipeline {
  const p: PipelineState = {
    o,
    instanceScope: DEFAULT_SCOPE,
    requestIds: createRequestIds(o.ids),
    inflight: new Map(),
  };

  /** Everything that must happen whatever a call does: no throw, redaction, audit. */
  async function guarded(
    tool: string,
    context: CallContext,
    body: (log: DecisionLog, audit: Partial<AuditEvent>) => Promise<ToolResult>,
    input?: unknown,
    enter?: boolean,
  ): Promise<ToolResult> {
    const started = Date.now();
    const log: DecisionLog = [];
    const audit: Partial<AuditEvent> = {};
    let result: ToolResult;
    try {
      result = await traceToolCall(tool, context, () => body(log, audit), {
        log,
        audit,
        input,
        apiKey: o.apiKey,
        telemetry: o.telemetry,
        enter,
      });
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
        ...(audit.account === undefined ? {} : { account: audit.account }),
        ...(audit.rule === undefined ? {} : { rule: audit.rule }),
        ...(audit.ruleDecision === undefined ? {} : { ruleDecision: audit.ruleDecision }),
      };
      safely(o.onEvent, redactDeep(event, o.apiKey));
    }
    return result;
  }

  /** A call's steps; a result of a call that redeemed a recorded request is stored with it. */
  async function run(
    def: ToolDefinition,
    schema: z.ZodType,
    input: unknown,
    context: CallContext,
    log: DecisionLog,
    audit: Partial<AuditEvent>,
  ): Promise<ToolResult> {
    const redeemed: Redeemed = {};
    const result = await steps(def, schema, input, context, log, audit, redeemed);
    if (redeemed.id === undefined) {
      await redeemed.after;
      return result;
    }
    const shown = redactResult(result, o.apiKey);
    const [stored] = await Promise.all([
      settleRecorded(recordOptionsOf(p), redeemed.id, shown),
      redeemed.after,
    ]);
    if (stored?.channel === DESK_CHANNEL) await o.desk?.desk.settled?.(stored.id, shown).catch(() => {});
    return result;
  }

  async function steps(
    def: ToolDefinition,
    schema: z.ZodType,
    input: unknown,
    context: CallContext,
    log: DecisionLog,
    audit: Partial<AuditEvent>,
    redeemed: Redeemed,
  ): Promise<ToolResult> {
    const prepared = prepare(def, schema, input, log, o.accountDefault);
    const denied = deniedStep(p, def, prepared, context, log, audit);
    if (denied) return denied;
    if (!prepared.ok) return prepared.result;
    // Reads without an audit hook never need the fingerprint: skip the hashing.
    const change = def.idField || def.needsPerson || o.onEvent ? changeOf(def, prepared.body) : "";
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
      redeemed,
    };
    // A payload carrying the toolkit's own secret is refused before any rule, person or store sees it.
    const leaking = secretsStep(p, call);
    if (leaking) return leaking;
    let outcome: Outcome;
    let release: (() => Promise<void>) | undefined;
    let ruled: Awaited<ReturnType<typeof rulesStep>>;
    let sent = false;
    try {
      // Money rules decide before any person is asked.
      const ruling = rulesStep(p, call);
      if (ruling) {
        ruled = await ruling;
        if (ruled.refusal) return ruled.refusal;
        call.ruleAsk = ruled.ask;
        const untold = await untoldStep(p, call);
        if (untold) return untold;
      }
      // Reads skip the steps that only writes need, and their turns of the event loop.
      if (asksPerson(def) || call.ruleAsk) {
        if (o.launches && def.name === CONFIRM_TOOL && needsPerson(def, call.body)) {
          const key = launchKey(call.body.account_id, call.change);
          // An answer already given waits for the identical launch to end, then is checked against
          // it (used once, given before that ad went live); asking a person would only be refused.
          // So does a call whose request waits at a desk: its record decides once the launch ended.
          const handedIn =
            context.answer !== undefined ||
            context.approval !== undefined ||
            (o.desk !== undefined && (context.pending === true || !o.confirm));
          const waitMs = handedIn ? LAUNCH_WAIT_MS : 0;
          const ttl = o.approvalTtlMs + LAUNCH_SLACK_MS;
          const taken = await o.launches.take(key, ttl, waitMs, context.signal, readWithClaim(p, call));
          if (taken === null) {
            decide(log, "hard-confirmation", "refuse", "an identical ACTIVE push is being asked or launched");
            return launchBusy(call.notes);
          }
          release = taken;
        }
        const refused = await confirmStep(p, call);
        if (refused) return refused;
      }
      const late = await sendReady(p, call);
      if (late) return late;
      outcome = await sendStep(p, call);
      sent = true;
    } catch (error) {
      if (error instanceof StoreError) return storeRefusal(call, error);
      throw error;
    } finally {
      if (call.claiming) await dropClaim(p, call);
      if (!sent) {
        await release?.();
        await ruled?.settle({ sent: false, launched: false });
      }
    }
    // Asked for in one turn, in this order, so they share a round trip: the live record before the
    // launch claim's release (an identical launch after it is told of this ad), then the rules'
    // settlement and, in run(), the redeemed request's result. None of them rejects.
    const noted = o.live?.note(call, outcome);
    const released = release?.();
    const shaped = shapeStep(p, call, outcome);
    redeemed.after = Promise.all([call.sendAfter, noted, released, ruled?.settle(settledOf(call, outcome))]);
    return shaped;
  }

  function confirmationFor(
    def: ToolDefinition,
    schema: z.ZodType,
    input: unknown,
    where: AskWhere = {},
  ): ConfirmRequest | null {
    try {
      const prepared = prepare(def, schema, input, [], o.accountDefault);
      if (!prepared.ok || !needsPerson(def, prepared.body) || secretField(p, def, prepared.body)) return null;
      const request = approvalRequest(
        def,
        prepared.body,
        changeOf(def, prepared.body),
        { callId: where.toolCallId, scope: scopeOf(p, where), askedAt: where.askedAt },
        o.approvalTtlMs,
      );
      // A call the money rules refuse is refused, not shown to a person first.
      return ruledRequest(p, request, o.rules?.preview(ruledOf(def, prepared.body)));
    } catch {
      return null;
    }
  }

  return {
    call: (def, schema, input, context) =>
      guarded(
        def.name,
        context,
        (log, audit) => run(def, schema, input, context, log, audit),
        input,
        asksPerson(def),
      ),
    refuse: (tool, context, refusal) =>
      guarded(tool, context, async (log) => {
        const result = refusal();
        if (result.ok === false && "blocked" in result) decide(log, result.blocked, "refuse", result.error);
        return result;
      }),
    confirmationFor,
    async ask(def, schema, input, where = {}, ttlMs = undefined) {
      let prepared: Prepared;
      try {
        prepared = prepare(def, schema, input, [], o.accountDefault);
      } catch {
        return null;
      }
      // A payload carrying a secret is never recorded: its call is refused instead.
      if (!prepared.ok || !needsPerson(def, prepared.body) || secretField(p, def, prepared.body)) return null;
      // A call the money rules refuse is refused, not shown to a person first (enforce); in
      // advisory mode the person is told first which rule approving overrides.
      const finding = o.rules
        ? await o.rules.peek(await ruledCallOf(p, def, prepared.body, where))
        : undefined;
      if (finding && o.rules?.mode === "enforce") return null;
      const change = changeOf(def, prepared.body);
      const call = { def, body: prepared.body, change, context: where };
      const scope = where.requestScope ?? scopeOf(p, where);
      const records = recordOptionsOf(p);
      return recordRequest(
        ttlMs === undefined ? records : { ...records, ttlMs },
        def,
        prepared.body,
        change,
        {
          callId: where.toolCallId,
          scope,
          channel: where.channel ?? "framework",
          ...(where.shownAt === undefined ? {} : { shownAt: where.shownAt }),
          unknownSend: await unknownSendOf(p, call).catch(() => undefined),
          ...(finding
            ? { annotate: (request: ConfirmRequest) => ruledRequest(p, request, finding) ?? request }
            : {}),
        },
      );
    },
    answer: (request, decision, channel) => answerRequest(request, decision, channel, o.approvalSecret),
    async respond(request, decision, channel) {
      // A request waiting in the inbox is answered there, signed by whoever decides: an answer
      // written from here (any process holding the store) would decide nothing anyway.
      const record = await recordOf(recordOptionsOf(p), request.id);
      if (record?.channel === DESK_CHANNEL) {
        throw new Error(
          `Request ${request.id} waits in the approval inbox: only a decision made there answers it.`,
        );
      }
      const refused = await recordAnswer(recordOptionsOf(p), request.id, decision, channel);
      if (refused !== undefined) throw new Error(`The answer was not recorded: ${refused}.`);
      return answerRequest(request, decision, channel, o.approvalSecret);
    },
    recorded: (id) => recordedRequest(recordOptionsOf(p), id),
    pending: (sessionId, page) =>
      pendingRequests(
        recordOptionsOf(p),
        sessionId === undefined ? undefined : scopeOf(p, { sessionId }),
        page,
      ),
    async awaitApproval(approvalId, options, call) {
      const records = o.desk ? { ...recordOptionsOf(p), ttlMs: o.desk.ttlMs } : recordOptionsOf(p);
      try {
        return redactResult(
          await awaitRecorded({ records, desk: o.desk, call }, approvalId, options),
          o.apiKey,
        );
      } catch (error) {
        const message = error instanceof StoreError ? `${error.store} is unavailable` : String(error);
        return {
          ok: false,
          status: null,
          error: `The approval could not be awaited: ${message}. Nothing was sent by this await.`,
          hint: "Call await-approval again in a moment.",
          retryable: true,
        };
      }
    },
  };
}

/** The request a call redeemed, and the store steps after its send, asked for but not yet answered. */
interface Redeemed {
  id?: string;
  after?: Promise<unknown>;
}

/** Calls of this tool may wait for a person's answer (the confirm step runs). */
function asksPerson(def: ToolDefinition): boolean {
  return def.needsPerson !== undefined || def.name === "creative-loop";
}
