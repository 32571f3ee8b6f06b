import type { InboxKey } from "./signing.js";
import { verifyDecision } from "./signing.js";
import type { InboxItem } from "./types.js";

/**
 * A decision read from the store, after its signature was checked: only "approved" may be
 * redeemed. "refused" is a decided item whose signature does not hold (forged, copied, edited or
 * missing): nothing may be sent for it.
 */
export type CheckedDecision =
  | { state: "approved"; text: string; who: string[]; at: number; sig: string }
  | { state: "declined"; reason: string; who: string[]; at: number; sig: string }
  | { state: "refused"; reason: string };

/** What the waiter asked about: the decision must be for this request and this exact payload. */
export interface Expected {
  item: string;
  request: string;
  fingerprint: string;
}

/**
 * Checks the decision on `item` against the inbox's public key(s): signed by one of them, for
 * this item, request and payload fingerprint, with the state, sentence or reason, and people the
 * item shows. The sentence and names returned are the signed ones.
 */
export async function checkDecision(
  trusted: readonly InboxKey[],
  item: InboxItem,
  expected: Expected,
): Promise<CheckedDecision> {
  const refuse = (why: string): CheckedDecision => ({
    state: "refused",
    reason: `${why}, so it does not count and nothing was sent`,
  });
  const d = item.decision;
  if (!d || (item.state !== "approved" && item.state !== "declined")) {
    return refuse(`the inbox item is ${item.state} without a decision`);
  }
  if (trusted.length === 0) return refuse("this agent has no inbox public key to check the decision with");
  const claims = await verifyDecision(trusted, d.sig);
  if (!claims) {
    return refuse(
      d.sig
        ? "the decision in the store is not signed by the inbox's key (ADRAILS_INBOX_PUBLIC_KEY)"
        : "the decision in the store carries no inbox signature",
    );
  }
  const want = item.state === "approved" ? "approved" : "declined";
  if (claims.decision !== want)
    return refuse(`the signature is for a ${claims.decision} decision, not ${want}`);
  if (claims.item !== expected.item || claims.request !== expected.request) {
    return refuse("the signed decision is for another request");
  }
  if (claims.fingerprint !== expected.fingerprint) {
    return refuse(`the signed decision is for payload ${claims.fingerprint}, not ${expected.fingerprint}`);
  }
  const words = want === "approved" ? d.text : d.reason;
  const signedWords = want === "approved" ? claims.text : claims.reason;
  if ((words ?? "") !== (signedWords ?? ""))
    return refuse("the decision's words differ from the signed ones");
  const who = d.who ?? [d.by];
  if (JSON.stringify(who) !== JSON.stringify(claims.who) || claims.at !== d.at) {
    return refuse("the decision's people or time differ from the signed ones");
  }
  const sig = d.sig as string;
  return want === "approved"
    ? { state: "approved", text: claims.text ?? "", who: claims.who, at: claims.at, sig }
    : { state: "declined", reason: claims.reason ?? "", who: claims.who, at: claims.at, sig };
}
