import type { ApprovalAnswer, ConfirmDecision } from "../../types.js";
import { digest } from "../fingerprint.js";
import { answeredHere, readAnswer } from "./answer.js";
import type { PasskeyCredential, PasskeyPolicy } from "./passkey.js";
import { approvalPasskey } from "./passkey-approval.js";
import type { PasskeyCounters } from "./passkey-counter.js";
import { type DecisionClaims, openStatement, type ProofKey } from "./proof.js";

// The one verifier. Every route that carries a person's decision (the desk and await-approval,
// --wait-approval, plans, URL elicitation, tasks, framework approvals, the CLI) hands it here just
// before a call that needs a person is sent; nothing else decides whether a decision counts. The
// store, the inbox item, the run state and the page only carry decisions: what counts is checked
// against what this process is about to send, with keys and secrets the store does not hold.

/**
 * Who may decide for which account, and where two people must: the people file's rules. With
 * passkeys (see passkey.ts), a person's approvals count only with an assertion by one of theirs.
 */
export interface Approvers extends PasskeyPolicy {
  people: readonly {
    name: string;
    accounts: "*" | readonly string[];
    passkeys?: readonly PasskeyCredential[];
  }[];
  /** Accounts whose requests need approvals from two different people, or "*" for all. */
  two: "*" | readonly string[];
}

/** Whether a person may decide requests on `account`. */
export function mayDecide(
  person: { accounts: "*" | readonly string[] },
  account: string | null | undefined,
): boolean {
  if (person.accounts === "*") return true;
  return typeof account === "string" && person.accounts.includes(account);
}

/** How many different people must approve a request on `account`: 2 under the two-person rule. */
export function approvalsNeeded(people: Approvers | undefined, account: string | null | undefined): number {
  if (!people) return 1;
  if (people.two === "*") return 2;
  return typeof account === "string" && people.two.includes(account) ? 2 : 1;
}

/** Whose signed statements redeem decisions made outside this process. */
export interface ApprovalAuthority {
  /** The keys statements are signed with (an inbox's public key), as this process was configured. */
  keys(): Promise<readonly ProofKey[]>;
  /** The people file this process was given: who may approve on which account, and how many. */
  people?: Approvers;
}

/** What the verifier trusts, from the toolkit's own configuration (never from the store). */
export interface ApprovalTrust {
  authority?: ApprovalAuthority;
  /** The toolkit's approvalSecret: HMAC of answers carried by chat apps. */
  secret?: string;
  /** The records live where other processes write (Redis): carried answers must then be signed. */
  shared: boolean;
  /** The longest ask this toolkit makes (ms): a signed ask longer than that is not one of its own. */
  maxTtlMs: number;
  /** The last signature counter seen of each passkey (in the store: a defence in depth, not the proof). */
  counters?: PasskeyCounters;
}

/** The call about to be sent, and the ask it redeems, as this process computes them. */
export interface CallUnderProof {
  /** The approval request's id. */
  request: string;
  tool: string;
  /** The canonical payload about to be sent (without retry keys). */
  payload: string;
  /** The account the payload acts on, or null. */
  account: string | null;
  /** The ask as recorded: its time binds statements to this ask instance. */
  askedAt: number;
  /** Now, on the store's clock. */
  now: number;
}

/** A decision as a route carries it to the verifier. */
export type DecisionProof =
  /** Signed statements, one per person (the inbox's routes). */
  | { kind: "statements"; statements: readonly unknown[]; via: string }
  /** An answer signed with the toolkit's approvalSecret (chat apps' routes). */
  | { kind: "answer"; answer: unknown; via: string }
  /** A decision this process's own confirm channel returned just now: valid only here. */
  | { kind: "local"; decision: ConfirmDecision; via: string };

/** What the verifier concluded. `text` is the person's own words, as signed or as given here. */
export type Verdict =
  | { ok: true; text: string | undefined; who: string[]; via: string }
  | { ok: false; declined?: true; reason: string; via: string };

/** The account a canonical payload acts on (its `account_id`), or null. */
export function accountOfPayload(payload: string): string | null {
  try {
    const body = JSON.parse(payload) as { account_id?: unknown };
    return typeof body?.account_id === "string" ? body.account_id : null;
  } catch {
    return null;
  }
}

/** The fingerprint of a payload, as every signer and the verifier compute it. */
export function payloadFingerprint(tool: string, payload: string): string {
  return `fp_${digest(`${tool}\n${payload}`)}`;
}

/** Checks a decision proof against the call about to be sent. Never throws. */
export async function verifyDecision(
  proof: DecisionProof,
  call: CallUnderProof,
  trust: ApprovalTrust,
): Promise<Verdict> {
  try {
    switch (proof.kind) {
      case "statements":
        return await verifyStatements(proof.statements, proof.via, call, trust);
      case "answer":
        return verifyAnswer(proof.answer, proof.via, call, trust);
      case "local":
        return verifyLocal(proof.decision, proof.via);
    }
  } catch (error) {
    return { ok: false, via: proof.via, reason: `the decision could not be checked (${String(error)})` };
  }
}

async function verifyStatements(
  statements: readonly unknown[],
  via: string,
  call: CallUnderProof,
  trust: ApprovalTrust,
): Promise<Verdict> {
  const no = (reason: string): Verdict => ({ ok: false, via, reason });
  const keys = trust.authority ? await trust.authority.keys() : [];
  if (keys.length === 0) {
    return no(
      "this agent has no key to check the inbox's signed decisions with (set ADRAILS_INBOX_PUBLIC_KEY, or give the toolkit the inbox's public key)",
    );
  }
  if (statements.length === 0) {
    return no(
      "the decision carries no inbox signature (it was written into the store by something other than the inbox), so it counts for nothing",
    );
  }
  const fingerprint = payloadFingerprint(call.tool, call.payload);
  const people = trust.authority?.people;
  const valid: Valid[] = [];
  const problems: string[] = [];
  for (const statement of statements.slice(0, 16)) {
    const opened = await openStatement(keys, statement);
    if (!opened) {
      problems.push("a statement not signed by the inbox's key");
      continue;
    }
    const why = claimProblem(opened.claims, call, fingerprint, trust);
    if (why) problems.push(why);
    else if (
      people &&
      !people.people.some((p) => p.name === opened.claims.who && mayDecide(p, call.account))
    ) {
      problems.push(`${opened.claims.who} may not decide on ${call.account ?? "this account"}`);
    } else {
      const passkey = await approvalPasskey(opened, people, call.account, trust.counters);
      if ("problem" in passkey) problems.push(passkey.problem);
      else valid.push({ ...opened.claims, ...passkey });
    }
  }
  const decline = valid.find((c) => c.decision === "decline");
  if (decline) {
    return {
      ok: false,
      declined: true,
      via,
      reason: decline.reason ? `a person declined: ${decline.reason}` : "a person declined",
    };
  }
  const approvals = distinctApprovals(valid);
  const needed = Math.max(approvalsNeeded(people, call.account), ...approvals.map((c) => c.needed), 1);
  if (approvals.length >= needed && approvals.length > 0) {
    const who = approvals.map((c) => c.who);
    const words = approvals.filter((c) => (c.text ?? "").trim() !== "");
    const text =
      words.length === 0
        ? undefined
        : words.length === 1
          ? words[0]!.text
          : words.map((c) => `${c.who}: ${c.text}`).join(" | ");
    return { ok: true, text, who, via };
  }
  const found = problems.length > 0 ? ` (${[...new Set(problems)].join("; ")})` : "";
  if (approvals.length > 0) {
    return no(
      `${needed} different approvers must approve on ${call.account ?? "this account"}, and only ${approvals.map((c) => c.who).join(", ")} did with a valid signature${found}`,
    );
  }
  return no(`no decision signed by the inbox holds for this call${found}`);
}

/** Why a signed statement is not about this ask of this call, or undefined when it is. */
function claimProblem(
  c: DecisionClaims,
  call: CallUnderProof,
  fingerprint: string,
  trust: ApprovalTrust,
): string | undefined {
  if (c.request !== call.request || c.tool !== call.tool) return "a signed decision for another request";
  if (c.fingerprint !== fingerprint)
    return `a signed decision for payload ${c.fingerprint}, not ${fingerprint}`;
  if (c.account !== call.account) return `a signed decision for account ${c.account}, not ${call.account}`;
  if (c.asked !== call.askedAt) return "a signed decision for an earlier ask of this request";
  if (c.expires - c.asked > trust.maxTtlMs || c.expires < c.asked)
    return "a signed decision for an ask this agent never made";
  if (call.now >= c.expires) return "a signed decision whose request expired";
  if (c.at > c.expires) return "a signed decision made after the request expired";
  return undefined;
}

/** A statement that holds, with the passkey that signed it when one did. */
type Valid = DecisionClaims & { credential?: string };

/** One approval per person and per passkey, the earliest: one device never stands for two people. */
function distinctApprovals(valid: Valid[]): Valid[] {
  const byWho = new Map<string, Valid>();
  const devices = new Set<string>();
  for (const c of valid.filter((v) => v.decision === "approve").sort((a, b) => a.at - b.at)) {
    if (byWho.has(c.who) || (c.credential !== undefined && devices.has(c.credential))) continue;
    byWho.set(c.who, c);
    if (c.credential !== undefined) devices.add(c.credential);
  }
  return [...byWho.values()];
}

function verifyAnswer(value: unknown, via: string, call: CallUnderProof, trust: ApprovalTrust): Verdict {
  if (trust.shared && trust.secret === undefined && !answeredHere(value)) {
    return {
      ok: false,
      via,
      reason:
        "the toolkit's approval records are in a shared store, so an answer carried by the app must be signed with an approvalSecret, and the toolkit has none (set approvalSecret, or ADRAILS_APPROVAL_SECRET)",
    };
  }
  const read = readAnswer(value, trust.secret);
  if ("problem" in read) return { ok: false, via, reason: read.problem };
  const answer: ApprovalAnswer = read.answer;
  const { request } = answer;
  const no = (reason: string): Verdict => ({ ok: false, via, reason });
  if (request.id !== call.request || request.tool !== call.tool)
    return no("the answer is for another request");
  if (request.fingerprint !== payloadFingerprint(call.tool, call.payload)) {
    return no(`the answer was given for payload ${request.fingerprint}, not for this payload`);
  }
  if (request.account !== undefined && call.account !== null && request.account !== call.account) {
    return no(`the answer was given for account ${request.account}, not ${call.account}`);
  }
  if (!Number.isFinite(answer.at) || answer.at > request.expiresAt)
    return no("the answer came after the request expired");
  if (call.now >= request.expiresAt) return no("the approval expired");
  if (!answer.approved) {
    return {
      ok: false,
      declined: true,
      via,
      reason: answer.reason ? `a person declined: ${answer.reason}` : "a person declined",
    };
  }
  return { ok: true, text: answer.text, who: [], via };
}

function verifyLocal(decision: ConfirmDecision, via: string): Verdict {
  if (decision.approved !== true) {
    const reason =
      typeof decision.reason === "string" && decision.reason !== "" ? decision.reason : undefined;
    return {
      ok: false,
      declined: true,
      via,
      reason: reason ? `a person declined: ${reason}` : "a person declined",
    };
  }
  const who = typeof decision.who === "string" && decision.who !== "" ? [decision.who] : [];
  return { ok: true, text: typeof decision.text === "string" ? decision.text : undefined, who, via };
}
