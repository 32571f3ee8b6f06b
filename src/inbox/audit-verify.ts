import { type DecisionClaims, type OpenedStatement, openStatement } from "../guards/approval/proof.js";
import type { Approvers } from "../guards/approval/verify.js";
import { AUDIT_GENESIS, lineHash } from "./audit-chain.js";
import { type AuditApproval, auditPasskey } from "./audit-passkeys.js";
import { type InboxKey, verifyDecision } from "./signing.js";
import type { InboxAuditEntry } from "./types.js";

/** One line of a trail that does not hold, by its line number (from 1). */
export interface TrailProblem {
  line: number;
  message: string;
}

/** What checking a trail found. */
export interface TrailCheck {
  /** Decision lines whose signature holds (v2 statements and old v1 signatures). */
  verified: number;
  /** Of `verified`: decisions signed in the old (v1) form. */
  v1: number;
  /** Other lines (requests, expiries, outcomes): written by agents, not signed. */
  unsigned: number;
  /** Lines at the start written before the trail was chained (no `prev`): their order is not checked. */
  unchained: number;
  problems: TrailProblem[];
  /** The last line's hash and number: note it to notice later that lines were cut from the end. */
  head: { line: number; hash: string } | null;
  /** With a people file: each approval line's person, and the passkey that signed it (or the inbox alone). */
  approvals?: AuditApproval[];
}

/** Options of {@link verifyTrail}. */
export interface TrailCheckOptions {
  /** The first line may follow lines no longer kept (a Redis stream trimmed at its length limit). */
  continues?: boolean;
  /** False: check the chain only (no keys at hand); decision lines are counted as unsigned. */
  decisions?: boolean;
  /** False: check the decisions only, for an extract of a trail (lines picked from it break the chain). */
  chain?: boolean;
  /**
   * The people file: every approval by a person with passkeys, or on an account that requires
   * them, must carry a valid assertion by one of that person's passkeys.
   */
  people?: Approvers;
}

/** The decision each audit event records, in a v2 statement. */
const DECISIONS: Record<string, DecisionClaims["decision"]> = {
  approve: "approve",
  "first-approval": "approve",
  decline: "decline",
};
const V1_DECISIONS: Record<string, string> = {
  approve: "approved",
  "first-approval": "partial",
  decline: "declined",
};

type Verdict = { problem: string } | { version: "v1" } | { version: "v2"; opened: OpenedStatement };

/** Whether a decision entry is what one of `trusted` signed. */
async function decisionVerdict(entry: InboxAuditEntry, trusted: readonly InboxKey[]): Promise<Verdict> {
  if (typeof entry.signature !== "string") return { problem: "the decision carries no signature" };
  const differs = (what: string) => ({ problem: `the ${what} differs from what the inbox signed` });
  const words = entry.event === "decline" ? "reason" : "sentence";
  const opened = await openStatement(trusted, entry.signature);
  if (opened) {
    const c = opened.claims;
    if (c.decision !== DECISIONS[entry.event]) return differs(`event (${entry.event})`);
    if (c.request !== entry.approvalRequest) return differs("approval request id");
    if (c.item !== undefined && c.item !== entry.id) return differs("item id");
    if (c.tool !== entry.tool) return differs("tool");
    if (c.fingerprint !== entry.fingerprint) return differs("payload fingerprint");
    if (c.account !== (entry.account ?? null)) return differs("account");
    if (entry.event === "decline" ? c.reason !== entry.reason : c.text !== entry.text) return differs(words);
    if (entry.decider !== c.who) return differs("person");
    if (entry.approvers !== undefined && !entry.approvers.includes(c.who)) return differs("approvers");
    if (Date.parse(entry.at) !== c.at) return differs("time");
    return { version: "v2", opened };
  }
  const claims = await verifyDecision(trusted, entry.signature);
  if (!claims) {
    return { problem: "the signature is not the inbox's (another key, or the signature itself was edited)" };
  }
  if (claims.decision !== V1_DECISIONS[entry.event]) return differs(`event (${entry.event})`);
  if (claims.item !== entry.id) return differs("item id");
  if (claims.request !== entry.approvalRequest) return differs("approval request id");
  if (claims.fingerprint !== entry.fingerprint) return differs("payload fingerprint");
  if (entry.event === "decline" ? claims.reason !== entry.reason : claims.text !== entry.text)
    return differs(words);
  const who = entry.approvers ?? (entry.decider !== undefined ? [entry.decider] : []);
  if (JSON.stringify(who) !== JSON.stringify(claims.who) || entry.decider !== claims.who.at(-1)) {
    return differs("person");
  }
  if (Date.parse(entry.at) !== claims.at) return differs("time");
  return { version: "v1" };
}

interface Line {
  number: number;
  text: string;
  hash: string;
  entry: InboxAuditEntry | null;
}

/** Why `line` does not follow the line before it in the chain, or null when it does. */
function linkProblem(lines: readonly Line[], i: number, byHash: Map<string, number>): TrailProblem | null {
  const line = lines[i]!;
  const before = lines[i - 1];
  const prev = line.entry?.prev;
  if (prev === (before?.hash ?? AUDIT_GENESIS)) return null;
  // A chain that starts after lines written before it: its first link names the last of them or nothing.
  if (before && before.entry?.prev === undefined && prev === AUDIT_GENESIS) return null;
  const at = prev === undefined ? undefined : byHash.get(prev);
  if (at !== undefined && at > i) {
    return {
      line: line.number,
      message: `out of order: it follows line ${lines[at]!.number}, which comes after it`,
    };
  }
  if (at !== undefined && at < i - 1) {
    return {
      line: line.number,
      message: `out of order: it follows line ${lines[at]!.number}, not the line before it`,
    };
  }
  const seq = line.entry?.seq;
  const seqBefore = before ? before.entry?.seq : 0;
  if (before && Number.isInteger(seq) && seq === (seqBefore ?? Number.NaN) + 1) {
    return { line: before.number, message: "edited: the next line names another hash for it" };
  }
  if (Number.isInteger(seq) && Number.isInteger(seqBefore) && (seq as number) > (seqBefore as number) + 1) {
    const gone = (seq as number) - (seqBefore as number) - 1;
    return {
      line: line.number,
      message: `${gone} line(s) before it were deleted (it is line ${seq} of the trail, the line before it ${seqBefore})`,
    };
  }
  return {
    line: line.number,
    message: before
      ? "does not follow the line before it: that line was edited, or lines between them were deleted"
      : "is not the trail's first line: the lines before it were deleted",
  };
}

/**
 * Checks an audit trail (JSON lines text, or its lines) line by line: every line must name the
 * hash of the line before it, so a line deleted, duplicated, moved or edited is reported with its
 * line number; every decision line must carry a statement one of `trusted` signed (v2, or the old
 * v1 signature) whose claims are the line's event, request, fingerprint, account, words, person
 * and time. Several keys verify a trail written across a key rotation.
 */
export async function verifyTrail(
  text: string | readonly string[],
  trusted: readonly InboxKey[],
  options: TrailCheckOptions = {},
): Promise<TrailCheck> {
  const check: TrailCheck = { verified: 0, v1: 0, unsigned: 0, unchained: 0, problems: [], head: null };
  if (options.people) check.approvals = [];
  const raw = typeof text === "string" ? text.split("\n") : text;
  const lines: Line[] = [];
  raw.forEach((t, i) => {
    if (t.trim() === "") return;
    let entry: InboxAuditEntry | null = null;
    try {
      const value = JSON.parse(t) as unknown;
      if (typeof value === "object" && value !== null && !Array.isArray(value))
        entry = value as InboxAuditEntry;
    } catch {
      entry = null;
    }
    lines.push({ number: i + 1, text: t, hash: lineHash(t), entry });
  });
  const byHash = new Map<string, number>();
  lines.forEach((l, i) => {
    if (!byHash.has(l.hash)) byHash.set(l.hash, i);
  });
  const problems = new Map<number, string[]>();
  // A decision's problem is said first on its line: it is the one no rewrite of the trail can hide.
  const report = (p: TrailProblem, first = false) => {
    const said = problems.get(p.line) ?? [];
    problems.set(p.line, first ? [p.message, ...said] : [...said, p.message]);
  };
  let chained = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = line.entry;
    if (!entry) {
      report({ line: line.number, message: "not a JSON entry" });
      continue;
    }
    const first = byHash.get(line.hash)!;
    if (options.chain === false) {
      // An extract: only the decisions are checked.
    } else if (first < i) {
      report({ line: line.number, message: `duplicated: the same line as line ${lines[first]!.number}` });
    } else if (entry.prev === undefined) {
      if (chained) report({ line: line.number, message: "carries no chain link (prev): added or edited" });
      else check.unchained++;
    } else {
      chained = true;
      const problem = i === 0 && options.continues ? null : linkProblem(lines, i, byHash);
      if (problem) report(problem);
    }
    if (
      options.decisions === false ||
      typeof entry.event !== "string" ||
      !Object.hasOwn(DECISIONS, entry.event)
    ) {
      check.unsigned++;
      continue;
    }
    let verdict = await decisionVerdict(entry, trusted);
    if (options.people && "opened" in verdict && verdict.opened.claims.decision === "approve") {
      const passkey = await auditPasskey(verdict.opened, options.people, line.number, String(entry.id));
      if ("problem" in passkey) verdict = passkey;
      else check.approvals!.push(passkey.approval);
    }
    if ("problem" in verdict) {
      const message = `${entry.event} of item ${JSON.stringify(entry.id)}: ${verdict.problem}`;
      report({ line: line.number, message }, true);
    } else {
      check.verified++;
      if (verdict.version === "v1") check.v1++;
    }
  }
  check.problems = [...problems]
    .sort(([a], [b]) => a - b)
    .map(([line, messages]) => ({ line, message: messages.join("; ") }));
  const last = lines.at(-1);
  check.head = last ? { line: last.number, hash: last.hash } : null;
  return check;
}
