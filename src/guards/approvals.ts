import { digest } from "./fingerprint.js";
import { ID_PREFIX } from "./request-ids.js";

/**
 * Single use of approvals. Promise-returning so that a store shared by a fleet can back it; the
 * in-memory one is the default. "No second ad" never rests on it alone: an approved push sends a
 * request id derived from the approval, so a second use anywhere only replays the first.
 */
export interface ApprovalLedger {
  /** Marks approval `id` used until `expiresAt` (epoch ms); false when it was already used. */
  consume(id: string, expiresAt: number): Promise<boolean>;
}

/** The default ledger: this process only, the newest `max` approvals. */
export function memoryApprovalLedger(max = 100_000): ApprovalLedger {
  const used = new Map<string, number>();
  return {
    async consume(id, expiresAt) {
      const now = Date.now();
      const until = used.get(id);
      if (until !== undefined && until >= now) return false;
      used.delete(id);
      used.set(id, expiresAt);
      // Maps iterate in insertion order: expired and then the oldest entries go first.
      for (const [key, end] of used) {
        if (used.size <= max && end >= now) break;
        used.delete(key);
      }
      return true;
    },
  };
}

/**
 * The `hard_confirm_text` sent for a person's approval, the one rule for every channel (confirm
 * callback, AI SDK approval, LangGraph interrupt, host approvals, the CLI): the person's own words
 * when they wrote some, otherwise a recorded statement naming the channel and the payload. Either
 * way a person acted; the model can never supply this text.
 */
export function confirmationText(text: unknown, via: string, fingerprint: string): string {
  if (typeof text === "string" && text.trim() !== "") return text.trim();
  return `Approved by a person via ${via} for payload ${fingerprint}`;
}

/**
 * How a hard confirmation ended. `text` is what is sent as `hard_confirm_text`; `key` identifies a
 * framework or host approval, and the push's request id is derived from it. `declined` marks a
 * person's explicit no, as opposed to nobody answering (no channel, expired, failed).
 */
export type Confirmation =
  | {
      approved: true;
      text: string;
      via: string;
      key?: string;
      /** The id of the recorded request this approval redeemed. */
      record?: string;
      askedAt?: number;
      /** The identical live ad the person was told of when asked, if any. */
      toldOfLive?: string;
      /** The identical send with an unknown outcome the person was told of, if any. */
      toldOfUnknown?: string;
    }
  | { approved: false; reason: string; declined?: boolean; via?: string };

/**
 * The request id of a push made under an approval: the same in every process that receives the
 * approval, so a second delivery replays the first push at the service instead of creating another.
 */
export function approvalRequestId(key: string, fingerprint: string): string {
  return `${ID_PREFIX}${digest(`approval\n${key}\n${fingerprint}`)}`;
}

/** One confirmation that a model's message asks for, as a host sees it in an interrupt. */
export interface PendingConfirmation {
  toolCallId?: string;
  fingerprint: string;
}

/** A person's answer to a confirmation, bound to one payload, or why it cannot be. */
export type BoundDecision =
  | { kind: "approved"; text?: string }
  | { kind: "denied"; reason?: string }
  | { kind: "unbound"; reason: string; pending: string[] };

/**
 * Binds a person's decision (`{ approved, text?, reason?, fingerprint?, toolCallId? }`) to the
 * confirmation `own`. Frameworks can hand one answer to every confirmation pending at once
 * (LangGraph resumes all interrupts of a step with one value), so an approval counts only for the
 * payload the person saw: one that names this tool call, one that names a fingerprint pending
 * exactly once, or one naming neither while this is the only confirmation pending. `pending` is
 * every confirmation of the step, or undefined when it cannot be known. A denial needs no binding.
 */
export function bindDecision(
  decision: unknown,
  own: PendingConfirmation,
  pending: readonly PendingConfirmation[] | undefined,
): BoundDecision {
  const d = (decision !== null && typeof decision === "object" ? decision : {}) as Record<string, unknown>;
  const namedCall = typeof d.toolCallId === "string" ? d.toolCallId : undefined;
  const namedPayload = typeof d.fingerprint === "string" ? d.fingerprint : undefined;
  const listed = (pending ?? [own]).map((p) => p.fingerprint);
  const unbound = (reason: string): BoundDecision => ({ kind: "unbound", reason, pending: listed });
  if (namedCall !== undefined && namedCall !== own.toolCallId) {
    return unbound(`the answer was for tool call ${namedCall}, not for this one`);
  }
  if (namedPayload !== undefined && namedPayload !== own.fingerprint) {
    return unbound(`the answer was for payload ${namedPayload}, not for this payload ${own.fingerprint}`);
  }
  if (d.approved !== true) {
    const reason = typeof d.reason === "string" && d.reason.trim() !== "" ? d.reason.trim() : undefined;
    return reason === undefined ? { kind: "denied" } : { kind: "denied", reason };
  }
  if (namedCall === undefined) {
    const twins = pending?.filter((p) => p.fingerprint === own.fingerprint).length;
    if (namedPayload === undefined && (pending === undefined || pending.length !== 1)) {
      return unbound(
        pending === undefined
          ? "the answer names no payload, and the confirmations pending could not be counted"
          : `the answer names no payload while ${pending.length} confirmations are pending`,
      );
    }
    if (namedPayload !== undefined && twins !== undefined && twins > 1) {
      return unbound(
        `${twins} pending calls have payload ${own.fingerprint}; the answer must name the tool call`,
      );
    }
  }
  return typeof d.text === "string" ? { kind: "approved", text: d.text } : { kind: "approved" };
}

/** Ends `text` with a full stop unless it already ends a sentence. */
export function sentence(text: string): string {
  return /[.!?…]["')\]]*$/.test(text) ? text : `${text}.`;
}
