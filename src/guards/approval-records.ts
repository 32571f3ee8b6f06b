import { createHmac, timingSafeEqual } from "node:crypto";
import type { HumanApproval } from "../types.js";

// A framework that pauses a run to ask a person and resumes it later, maybe in another process,
// keeps what was asked in its serialized run state. These records are the one rule for turning
// such state back into a person's approval: bound to the payload asked about, and, with a secret,
// signed so that an edited state cannot read as approved.

/** What a run's state records between asking a person and the resumed call, per tool call. */
export interface ApprovalRecord {
  /** Fingerprint of the payload the run stopped to ask about. */
  fingerprint: string;
  /** When the run stopped to ask (epoch ms); the approval window runs from here. */
  askedAt: number;
  /** What the person approved, as recorded by the host's answer. */
  approved?: { fingerprint: string; at: number; text?: string };
  /** HMAC of the record and its call id under the host's secret, when one is set. */
  sig?: string;
}

/** Why a record gave no approval. */
export const RECORD_ALTERED =
  "The approval record in the run state does not carry a valid signature (the saved state was altered), so the approval was not used.";
export const RECORD_CHANGED =
  "The payload the person approved is not the one the run stopped to ask about (the run state was edited), so the approval was not used.";

export function isApprovalRecord(value: unknown): value is ApprovalRecord {
  if (value === null || typeof value !== "object") return false;
  const record = value as Partial<ApprovalRecord>;
  if (typeof record.fingerprint !== "string" || typeof record.askedAt !== "number") return false;
  const approved = record.approved as Partial<NonNullable<ApprovalRecord["approved"]>> | undefined;
  return (
    approved === undefined ||
    (approved !== null && typeof approved === "object" && typeof approved.fingerprint === "string")
  );
}

/** The record of asking about `fingerprint` now, for one tool call. */
export function askedRecord(fingerprint: string, callId: string, secret: string | undefined): ApprovalRecord {
  return signed({ fingerprint, askedAt: Date.now() }, callId, secret);
}

/**
 * The record with the person's approval of `fingerprint` (and their sentence) added, or undefined
 * when the record is not one or fails its signature: an alteration is never signed over.
 */
export function answeredRecord(
  record: unknown,
  callId: string,
  answer: { fingerprint: string; text?: string },
  secret: string | undefined,
): ApprovalRecord | undefined {
  if (!isApprovalRecord(record) || !signedRightly(record, callId, secret)) return undefined;
  const text = typeof answer.text === "string" && answer.text.trim() !== "" ? answer.text : undefined;
  const approved = {
    fingerprint: answer.fingerprint,
    at: Date.now(),
    ...(text === undefined ? {} : { text }),
  };
  return signed({ ...record, approved }, callId, secret);
}

/**
 * The person's approval a record carries for one tool call, as the toolkit redeems it (it then
 * checks that the payload sent is this one, uses it once, and expires it from the time of the ask),
 * or the note that says why there is none. `record` must exist: the caller says what its absence
 * means in its framework.
 */
export function approvalFromRecord(
  record: ApprovalRecord,
  callId: string,
  secret: string | undefined,
  via: string,
): { approval: HumanApproval } | { note: string } {
  if (!signedRightly(record, callId, secret)) return { note: RECORD_ALTERED };
  if (record.approved !== undefined && record.approved.fingerprint !== record.fingerprint) {
    return { note: RECORD_CHANGED };
  }
  const approval: HumanApproval = {
    fingerprint: record.fingerprint,
    via,
    id: `${via}:${callId}:${record.fingerprint}`,
    approvedAt: record.askedAt,
  };
  const text = record.approved?.text;
  if (typeof text === "string" && text.trim() !== "") approval.text = text;
  return { approval };
}

function signature(record: ApprovalRecord, callId: string, secret: string): string {
  const approved = record.approved;
  const content = [
    callId,
    record.fingerprint,
    record.askedAt,
    approved?.fingerprint,
    approved?.at,
    approved?.text,
  ];
  return createHmac("sha256", secret).update(JSON.stringify(content)).digest("base64url");
}

function signed(record: ApprovalRecord, callId: string, secret: string | undefined): ApprovalRecord {
  const { sig: _old, ...content } = record;
  return secret === undefined ? content : { ...content, sig: signature(content, callId, secret) };
}

function signedRightly(record: ApprovalRecord, callId: string, secret: string | undefined): boolean {
  if (secret === undefined) return true;
  if (typeof record.sig !== "string") return false;
  const expected = Buffer.from(signature(record, callId, secret));
  const given = Buffer.from(record.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
