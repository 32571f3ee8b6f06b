import type { ToolRuntime } from "@langchain/core/tools";
import { interrupt, isGraphBubbleUp } from "@langchain/langgraph";
import type { AdTool, ApprovalAnswer, CallContext, UnboundAnswer } from "../types.js";
import type { InterruptRequest } from "./langchain.js";
import { type AskLog, bindDecision, type PendingConfirmation } from "./shared.js";

// LangGraph's approval words in the approval model: an interrupt shows the call's request, and the
// resume value, once bound to this call, is the person's answer to it.

type Asked =
  | { kind: "answered"; answer: ApprovalAnswer }
  | { kind: "unbound"; unbound: UnboundAnswer }
  | { kind: "unavailable" };

const VIA = "langgraph";

export const NO_INTERRUPT =
  "LangGraph could not pause this graph to ask a person (it needs a checkpointer and a thread_id), so the approval was left to the adrails confirm channel.";

// Where LangGraph keeps a `Command({ resume: { [interruptId]: value } })` while it runs: such a value
// reached only the interrupt it names. If a LangGraph version moves it, answers naming nothing
// count as sent to every pending interrupt, which refuses rather than approves.
const RESUME_MAP = "__pregel_resume_map";

/**
 * Pauses the graph with this call's approval request. The first run records the ask and throws
 * LangGraph's interrupt; the resumed run gets the person's decision, bound to this call by
 * {@link bindDecision} (a value sent to every pending interrupt counts only for the payload or call
 * it names, or the only one pending) and turned into an answer to this call's request. Outside a
 * graph that can pause, nobody was asked.
 */
export async function askPerson(
  adTool: AdTool,
  input: unknown,
  asks: AskLog,
  where: {
    threadId?: string;
    context: CallContext;
    step?: PendingConfirmation[];
    runtime?: ToolRuntime;
  },
): Promise<Asked> {
  const { threadId, context } = where;
  const toolCallId = context.toolCallId;
  const fingerprint = adTool.confirmationRequest(input)?.fingerprint ?? "";
  const key = `${threadId ?? ""}\n${toolCallId ?? ""}\n${fingerprint}`;
  asks.asked(key);
  const place = { toolCallId, sessionId: context.sessionId, channel: VIA };
  const plain = adTool.confirmationRequest(input, place);
  if (!plain) return { kind: "unavailable" };
  // The first run records the request in the store before the graph pauses; a resumed run (on any
  // worker) finds that record, with its ask time and the live identical ad it named. A resumed run
  // that finds none is refused; the toolkit says why it is missing (an edited checkpoint, another
  // process or store, an expiry).
  const existing = await adTool.recorded(plain.id).catch(() => null);
  const request = existing ?? (await adTool.ask(input, place).catch(() => null)) ?? plain;
  let decision: unknown;
  try {
    const shown: InterruptRequest = { ...request, ...(toolCallId === undefined ? {} : { toolCallId }) };
    decision = interrupt(shown);
  } catch (error) {
    if (isGraphBubbleUp(error)) throw error;
    asks.take(key);
    return { kind: "unavailable" };
  }
  if (existing === null) {
    asks.take(key);
    return {
      kind: "unbound",
      unbound: {
        via: VIA,
        reason: `no request for this tool call with payload ${plain.fingerprint} is recorded where this toolkit looks`,
        pending: [],
        missing: plain.id,
      },
    };
  }
  asks.take(key);
  const own: PendingConfirmation = { toolCallId, fingerprint: request.fingerprint };
  const addressed = (where.runtime?.config?.configurable as Record<string, unknown> | undefined)?.[
    RESUME_MAP
  ];
  const bound = bindDecision(decision, own, addressed != null ? [own] : where.step);
  if (bound.kind === "unbound") {
    return { kind: "unbound", unbound: { via: VIA, reason: bound.reason, pending: bound.pending } };
  }
  const answer =
    bound.kind === "approved"
      ? adTool.answer(request, { approved: true, text: bound.text ?? "" }, VIA)
      : adTool.answer(request, { approved: false, reason: bound.reason }, VIA);
  return { kind: "answered", answer };
}
