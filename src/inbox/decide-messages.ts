import type { DecideRefusal, InboxItem } from "./types.js";

// What the person reads after deciding on the page: what happened, and what to do.

/** The status and message of a decision that was not recorded. */
export function refusal(code: DecideRefusal, name: string, account: string): [number, string] {
  const why: Record<DecideRefusal, [number, string]> = {
    "not-found": [404, "That request is not in the inbox."],
    "already-decided": [409, "Someone already decided this request; your decision was not recorded."],
    expired: [410, "This request expired; nothing was recorded and nothing will be sent."],
    abandoned: [
      410,
      "The agent that asked stopped waiting (abandoned); nothing was recorded and nothing will be sent.",
    ],
    changed: [
      409,
      "This request changed since the page showed it (another payload fingerprint); nothing was recorded. Read it again.",
    ],
    "not-allowed": [
      403,
      `You (${name}) may not decide requests on account ${account}; nothing was recorded. Ask someone listed for it.`,
    ],
    "same-person": [
      409,
      "You approved this request already: this account needs a second person's approval. Nothing more was recorded.",
    ],
    raced: [409, "Someone decided at the same moment; nothing was recorded. Read it again."],
  };
  return why[code];
}

/** The message of a decision recorded on `item`; `passkey` when the person's passkey signed it. */
export function decided(item: InboxItem, passkey: boolean): string {
  const what =
    item.state === "declined"
      ? "Declined: the agent reads your reason."
      : item.state === "pending"
        ? "Your approval is recorded. This account needs two people: the request waits for a second person's approval."
        : item.detached
          ? "Approved: the call runs when the agent next checks for your decision."
          : "Approved: the agent is launching this ad.";
  return passkey ? `${what} Signed with your passkey.` : what;
}
