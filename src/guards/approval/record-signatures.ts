import { hmacSha256, sameSecret } from "../../hashing.js";
import type { ApprovalRecordInput, RecordedAnswer } from "../../store/index.js";
import { canonicalJson } from "../fingerprint.js";

// HMACs of records and recorded answers under the toolkit's approvalSecret: a record or answer
// edited in the store by something without the secret is told apart before the verifier runs.

/** The HMAC of a request record's fields. */
export function recordSignature(r: ApprovalRecordInput, secret: string): string {
  const content = [
    "adrails-request-1",
    r.id,
    r.tool,
    r.account ?? null,
    r.payload,
    r.fingerprint,
    r.callId ?? null,
    r.scope,
    r.channel,
    r.shownAt ?? null,
    r.names ?? null,
    r.askedAt,
    r.expiresAt,
    r.summary,
    r.message,
  ];
  return hmacSha256(secret, canonicalJson(content));
}

/** The HMAC of a recorded answer and its request id. */
export function answerSignature(id: string, a: RecordedAnswer, secret: string): string {
  const content = [
    "adrails-recorded-answer-1",
    id,
    a.approved,
    a.text ?? null,
    a.reason ?? null,
    a.who ?? null,
    a.channel,
    a.at,
  ];
  return hmacSha256(secret, canonicalJson(content));
}

/** True when `given` is the expected signature (constant time). */
export function signed(given: string | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  return sameSecret(given, expected);
}
