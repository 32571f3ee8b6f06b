import { hmacSha256, sameSecret } from "../../hashing.js";
import type { ApprovalAnswer, ApprovalRequest, ConfirmDecision } from "../../types.js";

/** Answers made by this process (the objects themselves): they never crossed a store or a wire. */
const madeHere = new WeakSet<object>();

/** True for an answer object this process made (not one read back from a run state or a store). */
export function answeredHere(value: unknown): boolean {
  return typeof value === "object" && value !== null && madeHere.has(value);
}

/**
 * A person's answer to `request` through `channel`, now. With a `secret` the answer is signed:
 * request, decision, sentence or reason, channel and time together, so that no part of it can be
 * edited, nor the answer moved to another request, where it is kept (a saved run state, a
 * checkpoint, an inbox) without the secret.
 */
export function answerRequest(
  request: ApprovalRequest | ApprovalAnswer["request"],
  decision: ConfirmDecision,
  channel: string,
  secret?: string,
): ApprovalAnswer {
  const { id, tool, callId, fingerprint, account, askedAt, expiresAt } = request;
  // What the person was told of a live identical ad goes with their answer: an ad that went live
  // in the very millisecond of the ask then still counts as known when it is that ad.
  const seen = request as { previousLive?: { adId?: unknown }; toldOfLive?: unknown };
  const toldOfLive = seen.previousLive?.adId ?? seen.toldOfLive;
  const answer: ApprovalAnswer = {
    request: {
      id,
      tool,
      ...(callId === undefined ? {} : { callId }),
      fingerprint,
      ...(account === undefined ? {} : { account }),
      askedAt,
      expiresAt,
      ...(typeof toldOfLive === "string" ? { toldOfLive } : {}),
    },
    approved: decision.approved === true,
    channel,
    at: Date.now(),
  };
  if (decision.approved === true) {
    const text = typeof decision.text === "string" ? decision.text.trim() : "";
    if (text !== "") answer.text = text;
  } else {
    const reason = typeof decision.reason === "string" ? decision.reason.trim() : "";
    if (reason !== "") answer.reason = reason;
  }
  const made = secret === undefined ? answer : { ...answer, sig: signature(answer, secret) };
  madeHere.add(made);
  return made;
}

/** The answer as it was given, checked for shape (and signature, with a secret), or why it is not one. */
export function readAnswer(
  value: unknown,
  secret?: string,
): { answer: ApprovalAnswer } | { problem: string } {
  if (!isAnswer(value)) return { problem: "the answer passed in is malformed" };
  if (secret !== undefined && !signedRightly(value, secret)) {
    return {
      problem:
        "the answer does not carry a valid signature (it was edited where it was kept, or signed with another secret)",
    };
  }
  return { answer: value };
}

function isAnswer(value: unknown): value is ApprovalAnswer {
  if (value === null || typeof value !== "object") return false;
  const a = value as Partial<ApprovalAnswer>;
  const r = a.request as Partial<ApprovalAnswer["request"]> | undefined;
  const optionalString = (v: unknown) => v === undefined || typeof v === "string";
  return (
    typeof a.approved === "boolean" &&
    typeof a.channel === "string" &&
    typeof a.at === "number" &&
    optionalString(a.text) &&
    optionalString(a.reason) &&
    optionalString(a.sig) &&
    r !== null &&
    typeof r === "object" &&
    typeof r.id === "string" &&
    typeof r.tool === "string" &&
    typeof r.fingerprint === "string" &&
    typeof r.askedAt === "number" &&
    typeof r.expiresAt === "number" &&
    optionalString(r.callId) &&
    optionalString(r.account) &&
    optionalString(r.toldOfLive)
  );
}

function signature(answer: ApprovalAnswer, secret: string): string {
  const r = answer.request;
  const content = [
    "adrails-answer-1",
    r.id,
    r.tool,
    r.callId ?? null,
    r.fingerprint,
    r.account ?? null,
    r.askedAt,
    r.expiresAt,
    answer.approved,
    answer.text ?? null,
    answer.reason ?? null,
    answer.channel,
    answer.at,
    // Only when present, so answers signed without it still verify.
    ...(r.toldOfLive === undefined ? [] : [r.toldOfLive]),
  ];
  return hmacSha256(secret, JSON.stringify(content));
}

function signedRightly(answer: ApprovalAnswer, secret: string): boolean {
  if (typeof answer.sig !== "string") return false;
  return sameSecret(answer.sig, signature(answer, secret));
}
