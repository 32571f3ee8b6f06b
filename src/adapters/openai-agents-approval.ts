import { RunContext, type RunState, type RunToolApprovalItem } from "@openai/agents";
import type {
  AdTool,
  AdToolkit,
  ApprovalAnswer,
  ConfirmDecision,
  ConfirmRequest,
  ToolResult,
} from "../types.js";
import { answerRequest, readAnswer, stringField } from "./shared.js";

// The Agents SDK's approval words in the approval model: needsApproval asks (the call's request is
// kept in the run's context, serialized with the state), the SDK's approve is the person's answer
// to that one call's request, and the tool's execute hands that answer to the toolkit to redeem.

/** Where adrails keeps its part of a run's context. */
export const CONTEXT_KEY = "adrails";
const VIA = "openai-agents";

/** The adrails tool behind an SDK tool, for reading interruptions. */
export interface Origin {
  toolkit: AdToolkit;
  adTool: AdTool;
  argsOf(input: unknown): unknown;
  secret: string | undefined;
}
export const origins = new WeakMap<object, Origin>();
/** What a run's context keeps per tool call between asking a person and the resumed call. */
interface AskRecord {
  request: ConfirmRequest;
  answer?: ApprovalAnswer;
}

/**
 * True when this exact input needs a person; records the call's approval request in the run's
 * context (serialized with the state). A repeated ask (a resumed run that was not answered) keeps
 * the first request: a refresh would make a stale question look new.
 */
export async function askPerson(
  adTool: AdTool,
  runContext: RunContext,
  args: unknown,
  callId: string | undefined,
  sessionId: string | undefined,
): Promise<boolean> {
  try {
    const request = await adTool.ask(args, { toolCallId: callId, sessionId });
    if (!request) return false;
    if (callId !== undefined) {
      // Keyed by call and payload: runs sharing one context with colliding call ids keep their
      // own requests, and a click answers the payload of the item clicked.
      const records = recordsOf(runContext?.context, true);
      const key = recordKey(callId, request.fingerprint);
      if (records && records[key] === undefined) records[key] = { request };
    }
    return true;
  } catch {
    // Asking is the safe answer: without an answer the toolkit sends nothing that needs one.
    return true;
  }
}

const NOT_ANSWERED =
  "The Agents SDK ran this call as approved, but no person answered this call's own approval request (alwaysApprove given for another call, or an approved list edited in a saved state, is not one; approve each item with approveAdCall(state, item) or state.approve(item)), so it was left to the adrails confirm channel.";

/** The answer the run's context holds for this call, checked against the adapter's secret, or a note. */
export function answerFor(
  runContext: RunContext | undefined,
  callId: string | undefined,
  secret: string | undefined,
  fingerprint: string,
): { answer?: ApprovalAnswer; note?: string } {
  if (!runContext || callId === undefined) return { note: NOT_ANSWERED };
  const records = recordsOf(runContext.context, false);
  let answer = records?.[recordKey(callId, fingerprint)]?.answer;
  if (answer === undefined && records) {
    // An answer for this call id with another payload (edited arguments, or another run's item):
    // handed in only to be refused by name, never to approve this payload.
    const others = Object.entries(records).filter(
      ([key, r]) => key.startsWith(recordKey(callId, "")) && r.answer?.approved === true,
    );
    if (others.length === 1) answer = others[0]![1].answer;
  }
  if (answer === undefined) return { note: NOT_ANSWERED };
  if (secret === undefined) return { answer };
  const read = readAnswer(answer, secret);
  return "answer" in read
    ? { answer: read.answer }
    : { note: `The answer in the run state was not used: ${read.problem}.` };
}

/** The asks recorded in a run's context (serialized with the run state), created when asked to. */
function recordsOf(context: unknown, create: boolean): Record<string, AskRecord> | undefined {
  if (context === null || typeof context !== "object") return undefined;
  const holder = context as Record<string, unknown>;
  let slot = holder[CONTEXT_KEY] as { approvals?: Record<string, AskRecord> } | undefined;
  if (slot === undefined || slot === null || typeof slot !== "object") {
    if (!create || !Object.isExtensible(holder)) return undefined;
    slot = {};
    holder[CONTEXT_KEY] = slot;
  }
  if (slot.approvals === undefined || slot.approvals === null || typeof slot.approvals !== "object") {
    if (!create) return undefined;
    slot.approvals = {};
  }
  return slot.approvals;
}

// Call ids come from the model: a prefix keeps one like "__proto__" an ordinary key.
const recordKey = (callId: string, fingerprint: string) => `call:${callId}\n${fingerprint}`;

export function forgetAsk(context: unknown, callId: string, fingerprint: string): void {
  const records = recordsOf(context, false);
  if (records) delete records[recordKey(callId, fingerprint)];
}

/**
 * Records a person's answer to the request of an interruption's call in the run's context: the
 * request the run stopped with, never one made now, so an answer given after the arguments were
 * edited still names the payload the run asked about (and the edited call is refused). An answer
 * already recorded stays unless `replace`.
 */
function recordAnswer(
  context: unknown,
  interruption: RunToolApprovalItem,
  decision: ConfirmDecision,
  replace: boolean,
): void {
  const callId = stringField(interruption.rawItem, "callId");
  const found = originOf(interruption);
  if (!found || callId === undefined) return;
  const fingerprint = found.origin.adTool.confirmationRequest(found.args)?.fingerprint;
  if (fingerprint === undefined) return;
  const record = recordsOf(context, false)?.[recordKey(callId, fingerprint)];
  if (!record?.request || (record.answer !== undefined && !replace)) return;
  const { adTool, secret } = found.origin;
  record.answer =
    secret === undefined
      ? adTool.answer(record.request, decision, VIA)
      : answerRequest(record.request, decision, VIA, secret);
}

// The SDK's own approve (state.approve, and approveAdCall through it) is the person's click: for an
// item of an adrails tool it records an answer to that call's request, and only that call's, even
// with alwaysApprove. What the SDK keeps (its approved list, serialized with the state) answers
// nothing: neither the SDK's public state (isToolApproved, the serialized approvals) nor a hook
// tells which item a person clicked "always approve" on, nor an approved list edited in a saved
// state from a real one, and a state loaded with RunState.fromString is approved before any adrails
// code runs. So the click is observed where the SDK records it, RunContext.prototype.approveTool,
// wrapped once per process (a symbol shared by every copy of adrails), only when native approval
// is in use; each copy adds its own recorder, which ignores items of tools that are not its own,
// and the SDK's method then runs unchanged. If the SDK no longer has that method nothing is
// wrapped: a plain state.approve() then answers nothing, and approveAdCall still does.
const HOOK = Symbol.for("adrails.openai-agents.approveTool.recorders");

/** Records what a person's click on an item means, in the run's context. */
export type ApproveRecorder = (context: unknown, item: RunToolApprovalItem) => void;

/**
 * Observes the SDK's approve on `proto` (RunContext.prototype) with `recorder`; true when the hook
 * is in place. Installs the wrapper once, whatever adrails copy asks first.
 */
export function hookApprove(
  proto: object = RunContext.prototype,
  recorder: ApproveRecorder = recordClick,
): boolean {
  const target = proto as Record<PropertyKey, unknown>;
  let recorders = target[HOOK] as Set<ApproveRecorder> | undefined;
  if (!recorders) {
    const original = target.approveTool;
    if (typeof original !== "function") return false;
    const installed = new Set<ApproveRecorder>();
    recorders = installed;
    Object.defineProperty(target, "approveTool", {
      value: function approveTool(this: { context?: unknown }, ...args: unknown[]) {
        for (const record of installed) {
          try {
            record(this?.context, args[0] as RunToolApprovalItem);
          } catch {
            // No answer recorded is the safe side: the call is then refused.
          }
        }
        return original.apply(this, args);
      },
      writable: true,
      configurable: true,
      enumerable: false,
    });
    Object.defineProperty(target, HOOK, { value: installed });
  }
  recorders.add(recorder);
  return true;
}

function recordClick(context: unknown, item: RunToolApprovalItem): void {
  recordAnswer(context, item, { approved: true, text: "" }, false);
}

/** The adrails tool behind an interruption, with the arguments it would run with. */
function originOf(interruption: RunToolApprovalItem): { origin: Origin; args: unknown } | undefined {
  const tools = (interruption.agent?.tools ?? []) as unknown[];
  const found = tools.find(
    (candidate): candidate is object =>
      candidate !== null &&
      typeof candidate === "object" &&
      (candidate as { name?: unknown }).name === interruption.name &&
      origins.has(candidate),
  );
  const origin = found ? origins.get(found) : undefined;
  if (!origin) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(interruption.arguments ?? "");
  } catch {
    return undefined;
  }
  return { origin, args: origin.argsOf(raw) };
}

/**
 * What to show the person for an interruption of an adrails tool: the confirmation request of the
 * exact payload (summary, message, fingerprint), or null when the call needs none. The SDK also
 * stops for a write whose arguments are not JSON; that gives null too, and it never runs.
 */
export function adConfirmationRequest(interruption: RunToolApprovalItem): ConfirmRequest | null {
  const found = originOf(interruption);
  return found ? found.origin.adTool.confirmationRequest(found.args) : null;
}

/**
 * Approves an interruption as the person's answer to that call's approval request, with their
 * sentence (`text`, sent to the service as the confirmation text), recorded in the run's context
 * (serialized with the state); then calls `state.approve()`. When the call later runs, it redeems
 * that answer once; an edited payload is refused. Works for any interruption; for one that is not
 * an adrails call needing a person it is `state.approve()`.
 */
export function approveAdCall(
  state: RunState<any, any>,
  interruption: RunToolApprovalItem,
  options: { text?: string } = {},
): void {
  recordAnswer(state._context.context, interruption, { approved: true, text: options.text ?? "" }, true);
  state.approve(interruption);
}

/**
 * Rejects an interruption as the person's no: the toolkit records the denial (audit event, nothing
 * sent) and the model reads the toolkit's refusal, with the person's `reason`, as it would through
 * any other adapter; then calls `state.reject()`. Resolves to the ToolResult the model will read
 * (undefined for an interruption of a tool that is not from adrails, which is just rejected).
 */
export async function rejectAdCall(
  state: RunState<any, any>,
  interruption: RunToolApprovalItem,
  options: { reason?: string } = {},
): Promise<ToolResult | undefined> {
  const found = originOf(interruption);
  let result: ToolResult | undefined;
  if (found) {
    const denial = { via: VIA, ...(options.reason === undefined ? {} : { reason: options.reason }) };
    const toolCallId = stringField(interruption.rawItem, "callId");
    const fingerprint = found.origin.adTool.confirmationRequest(found.args)?.fingerprint;
    const asked =
      toolCallId !== undefined && fingerprint !== undefined
        ? recordsOf(state._context.context, false)?.[recordKey(toolCallId, fingerprint)]?.request
        : undefined;
    // The decline is recorded against the request in the store, where it is final.
    if (asked) {
      const no = {
        approved: false as const,
        ...(options.reason === undefined ? {} : { reason: options.reason }),
      };
      await found.origin.adTool.respond(asked, no, VIA).catch(() => {});
    }
    result = await found.origin.adTool.call(found.args, { denial, toolCallId });
    if (toolCallId !== undefined && fingerprint !== undefined) {
      forgetAsk(state._context.context, toolCallId, fingerprint);
    }
  }
  const message = result ? found!.origin.toolkit.toModelText(result) : options.reason;
  state.reject(interruption, message === undefined ? {} : { message });
  return result;
}
