import { needsPasskey } from "../guards/approval/passkey.js";
import { checkPasskey } from "../guards/approval/passkey-check.js";
import type { OpenedStatement } from "../guards/approval/proof.js";
import type { Approvers } from "../guards/approval/verify.js";

// The passkey part of checking an audit trail offline (`adrails audit verify --people FILE`): each
// approval line's statement carries the person's assertion; it is checked with the people file's
// public keys, and the line is named with its person and credential. Counters and times are the
// verifier's business at redeem time: a trail is checked for what each line proves.

/** Who approved on one line of a trail, and with what proof. */
export interface AuditApproval {
  /** The line number (from 1). */
  line: number;
  /** The inbox item. */
  item: string;
  who: string;
  /** "passkey": the person's own device signed it; "inbox": only the inbox's key did. */
  proof: "passkey" | "inbox";
  /** The credential that signed (proof "passkey"). */
  credential?: string;
  /** Its label in the people file. */
  label?: string;
}

/**
 * What an approval line's statement proves with `people`: the person's passkey, or only the
 * inbox's key where the people file asks no passkey of them. A problem when the person's passkey
 * was required and its assertion does not hold (or is missing).
 */
export async function auditPasskey(
  opened: OpenedStatement,
  people: Approvers,
  line: number,
  item: string,
): Promise<{ problem: string } | { approval: AuditApproval }> {
  const c = opened.claims;
  const base = { line, item, who: c.who };
  const person = people.people.find((p) => p.name === c.who);
  if (!needsPasskey(people, person, c.account) && opened.assertion === undefined) {
    return { approval: { ...base, proof: "inbox" } };
  }
  const check = await checkPasskey(opened.assertion, opened.payload, person?.passkeys ?? [], people);
  if (!check.ok) return { problem: `${c.who}'s approval ${check.problem}` };
  return {
    approval: {
      ...base,
      proof: "passkey",
      credential: check.credential,
      ...(check.label ? { label: check.label } : {}),
    },
  };
}
