import { type InboxKey, verifyDecision } from "./signing.js";
import type { InboxAuditEntry } from "./types.js";

/** One line of a trail that does not hold, by its line number (from 1). */
export interface TrailProblem {
  line: number;
  message: string;
}

/** What checking a trail found. */
export interface TrailCheck {
  /** Decision lines whose signature holds. */
  verified: number;
  /** Other lines (requests, expiries, outcomes): written by agents, not signed. */
  unsigned: number;
  problems: TrailProblem[];
}

const DECISIONS: Record<string, string> = {
  approve: "approved",
  "first-approval": "partial",
  decline: "declined",
};

/** Why a decision entry does not match what the inbox signed, or null when it does. */
async function problemOf(entry: InboxAuditEntry, trusted: readonly InboxKey[]): Promise<string | null> {
  if (typeof entry.signature !== "string") return "the decision carries no signature";
  const claims = await verifyDecision(trusted, entry.signature);
  if (!claims) return "the signature is not the inbox's (another key, or the signature itself was edited)";
  const differs = (what: string) => `the ${what} differs from what the inbox signed`;
  if (claims.decision !== DECISIONS[entry.event]) return differs(`event (${entry.event})`);
  if (claims.item !== entry.id) return differs("item id");
  if (claims.request !== entry.approvalRequest) return differs("approval request id");
  if (claims.fingerprint !== entry.fingerprint) return differs("payload fingerprint");
  if (entry.event === "decline" ? claims.reason !== entry.reason : claims.text !== entry.text) {
    return differs(entry.event === "decline" ? "reason" : "sentence");
  }
  const who = entry.approvers ?? (entry.decider !== undefined ? [entry.decider] : []);
  if (JSON.stringify(who) !== JSON.stringify(claims.who) || entry.decider !== claims.who.at(-1)) {
    return differs("person");
  }
  if (Date.parse(entry.at) !== claims.at) return differs("time");
  return null;
}

/**
 * Checks an audit trail (JSON lines) against the inbox's public key: every decision line must
 * carry the inbox's signature, and its event, ids, fingerprint, words, people and time must be
 * the signed ones. Lines that are not JSON are problems too.
 */
export async function verifyTrail(text: string, trusted: readonly InboxKey[]): Promise<TrailCheck> {
  const check: TrailCheck = { verified: 0, unsigned: 0, problems: [] };
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    let entry: InboxAuditEntry;
    try {
      entry = JSON.parse(line) as InboxAuditEntry;
    } catch {
      check.problems.push({ line: i + 1, message: "not a JSON entry" });
      continue;
    }
    if (typeof entry !== "object" || entry === null) {
      check.problems.push({ line: i + 1, message: "not a JSON entry" });
      continue;
    }
    if (typeof entry.event !== "string" || !Object.hasOwn(DECISIONS, entry.event)) {
      check.unsigned++;
      continue;
    }
    const problem = await problemOf(entry, trusted);
    if (problem)
      check.problems.push({
        line: i + 1,
        message: `${entry.event} of item ${JSON.stringify(entry.id)}: ${problem}`,
      });
    else check.verified++;
  }
  return check;
}
