import { needsPasskey } from "./passkey.js";
import { checkPasskey } from "./passkey-check.js";
import { counterProblem, type PasskeyCounters } from "./passkey-counter.js";
import type { OpenedStatement } from "./proof.js";
import type { Approvers } from "./verify.js";

/**
 * Whether a statement's approval holds as far as passkeys go, with the people file this process
 * was given: a person with passkeys, or anyone approving on an account that requires them, must
 * have signed the statement's payload with one of theirs. Returns the credential that signed, or
 * why the approval counts for nothing. A decline needs no passkey: refusing is always safe.
 */
export async function approvalPasskey(
  opened: OpenedStatement,
  people: Approvers | undefined,
  account: string | null,
  counters: PasskeyCounters | undefined,
): Promise<{ problem: string } | { credential?: string }> {
  const c = opened.claims;
  if (c.decision !== "approve" || !people) return {};
  const person = people.people.find((p) => p.name === c.who);
  if (!needsPasskey(people, person, account)) return {};
  const passkeys = person?.passkeys ?? [];
  if (passkeys.length === 0) {
    return {
      problem: `${c.who} has no passkey in the people file, and approvals on ${account ?? "this account"} count only with one`,
    };
  }
  const check = await checkPasskey(opened.assertion, opened.payload, passkeys, people);
  if (!check.ok) return { problem: `${c.who}'s approval ${check.problem}` };
  const signature = (opened.assertion as { response: { signature: string } }).response.signature;
  const problem = await counterProblem(counters, check.credential, {
    counter: check.counter,
    at: c.at,
    signature,
  });
  return problem ? { problem } : { credential: check.credential };
}
