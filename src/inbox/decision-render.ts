import type { Approvers } from "../guards/approval/verify.js";
import { approvalsNeeded, mayDecide } from "./people.js";
import { proofOf, proofs } from "./proof-render.js";
import { esc, FIELD_CAP, head, type RenderContext, row, short, time } from "./render.js";
import type { InboxItem } from "./types.js";

// The decision part of a card: who must decide, who did, and the forms. It depends on who looks
// (their accounts, whether they approved already), so each session's page gets its own.

/** The signed-in person a card is rendered for, and the people file the inbox decides with. */
export interface Viewer {
  name: string;
  people?: Approvers | undefined;
}

/** Where a waiting request stands for the person looking at it. */
interface Standing {
  /** Different people who must approve: 2 under the two-person rule. */
  needed: number;
  /** Approvals recorded so far (the first of two). */
  approved: string[];
  /** Why this person cannot approve (or decide at all, with `decide` false). */
  blocked?: { text: string; decide: boolean };
}

/** The account decisions are judged on: the one `inbox.decide` checks. */
const accountOf = (item: InboxItem) => item.request.account ?? null;

function standing(item: InboxItem, viewer: Viewer | undefined): Standing {
  const account = accountOf(item);
  const people = viewer?.people;
  const needed = approvalsNeeded(people, account);
  // The approvals that hold: the queue shows no other (see `heldApprovals`).
  const approved = needed > 1 ? (item.approvals ?? []).map((a) => a.by) : [];
  if (!viewer || !people) return { needed, approved };
  const person = people.people.find((p) => p.name === viewer.name);
  if (!person || !mayDecide(person, account)) {
    const where = account === null ? "requests that name no account" : `requests on account ${account}`;
    return {
      needed,
      approved,
      blocked: {
        decide: false,
        text: `You (${viewer.name}) may not decide ${where}: the people file does not list you for it. Ask someone listed for it.`,
      },
    };
  }
  if (approved.includes(viewer.name)) {
    return {
      needed,
      approved,
      blocked: {
        decide: true,
        text: "You approved this already: it waits for a second person's approval. You can still decline it.",
      },
    };
  }
  return { needed, approved };
}

/** A version of what {@link decisionForms} shows this viewer: part of the item's version on the page. */
export function viewerKey(item: InboxItem, viewer: Viewer | undefined): string {
  const s = standing(item, viewer);
  return JSON.stringify([viewer?.name ?? "", s.needed, s.blocked?.text ?? ""]);
}

/** Rows of a waiting card: how many people must approve, and who did so far. */
export function approvalRows(item: InboxItem, ctx: RenderContext): string[] {
  if (item.state !== "pending") return [];
  const s = standing(item, ctx.viewer);
  if (s.needed < 2 && !item.approvals?.length && !item.ignoredApprovals) return [];
  const firsts = (item.approvals ?? []).map(
    (a) =>
      `${short(a.by, ctx)} at ${time(a.at)} with the sentence “${esc(head(a.text ?? "", ctx, FIELD_CAP))}” (${proofOf(a)})`,
  );
  return [
    ...(s.needed < 2
      ? []
      : [
          row(
            "Approvals needed",
            "Two different people: this account is under the two-person rule. The first approval sends nothing; the second launches, and both sentences are sent.",
          ),
        ]),
    ...(firsts.length > 0
      ? [
          row(
            "Approvals so far",
            `${firsts.join(", ")}. This account needs two people, so the request waits for a second person.`,
          ),
        ]
      : []),
    ...(item.ignoredApprovals ? [row("Ignored", esc(IGNORED))] : []),
  ];
}

/** Said of an item whose store holds approvals that do not verify (see `heldApprovals`). */
const IGNORED =
  "An approval that does not verify was ignored: the inbox did not sign it for this request, so it counts for nobody (something other than the inbox wrote it into the store).";

/** Said of a closed item whose decision does not verify (see `signedDecision`). */
const UNVERIFIED = (state: string) =>
  `The store marks this request ${state}, but no decision the inbox signed for it holds: nobody decided it here, it counts for nobody, and no agent redeems it (something other than the inbox wrote it into the store).`;

/** What the forms say: for one ad, or for the `count` payloads of a plan. */
export interface FormWords {
  /** e.g. "this ad", "these 3 payloads". */
  what: string;
  /** The approve button when one approval launches, e.g. "Approve and launch". */
  launch: string;
  /** The approve button of a first approval of two, e.g. "Approve (1 of 2)". */
  first: string;
  /** The approve button of the second approval of two, which launches. */
  second: string;
  decline: string;
}

export const AD_WORDS: FormWords = {
  what: "this ad",
  launch: "Approve and launch",
  first: "Approve (1 of 2)",
  second: "Approve (2 of 2) and launch",
  decline: "Decline",
};

export function decisionForms(item: InboxItem, ctx: RenderContext, words: FormWords = AD_WORDS): string {
  const id = esc(item.id);
  const s = standing(item, ctx.viewer);
  // The second approval is another person's: the first approver's own (closed) button still says 1 of 2.
  const second = s.needed > 1 && s.approved.some((name) => name !== ctx.viewer?.name);
  const button = s.needed < 2 ? words.launch : second ? words.second : words.first;
  const sentence =
    s.needed < 2 || second
      ? `Type a sentence confirming ${words.what} may go live now (sent to the service as the confirmation)`
      : `Type a sentence confirming ${words.what} may go live (the first of two approvals: nothing is sent until a second person approves; both sentences are sent)`;
  const off = (disabled: boolean) => (disabled ? " disabled" : "");
  const noApprove = s.blocked !== undefined;
  const noDecline = s.blocked !== undefined && !s.blocked.decide;
  // The fingerprint the person saw goes with the decision: a rewritten item is refused.
  const hidden = `<input type="hidden" name="id" value="${id}"><input type="hidden" name="fingerprint" value="${esc(item.request.fingerprint)}">`;
  const why = s.blocked ? `<p class="why-not" id="why-${id}">${esc(s.blocked.text)}</p>` : "";
  const described = s.blocked ? ` aria-describedby="why-${id}"` : "";
  return `<div class="decide">${why}
<form class="approve" method="post" action="decide" data-action="approve">${hidden}<input type="hidden" name="action" value="approve">
<label for="text-${id}">${esc(sentence)}</label>
<input id="text-${id}" name="text" type="text" required minlength="10" maxlength="500" autocomplete="off"${off(noApprove)}>
<button type="submit"${off(noApprove)}${described}>${esc(button)}</button></form>
<form class="decline" method="post" action="decide" data-action="decline">${hidden}<input type="hidden" name="action" value="decline">
<label for="reason-${id}">Reason for declining (the agent reads it)</label>
<textarea id="reason-${id}" name="reason" required maxlength="1000" rows="2"${off(noDecline)}></textarea>
<button type="submit" class="secondary"${off(noDecline)}${described}>${esc(words.decline)}</button></form></div>`;
}

export function history(item: InboxItem, ctx: RenderContext): string {
  const d = item.decision;
  const c = (text: string | undefined) => esc(head(text ?? "", ctx, FIELD_CAP));
  const parts: string[] = [];
  // Under the two-person rule each approver's own sentence is kept (and sent), in order.
  const approvals = d?.approved && (item.approvals?.length ?? 0) > 1 ? item.approvals! : undefined;
  if (approvals) {
    const each = approvals.map((a) => `${c(a.by)} at ${time(a.at)} with the sentence “${c(a.text)}”`);
    parts.push(`Approved by two people: ${each.join(", then ")}.`);
  } else if (d?.approved) {
    parts.push(
      `Approved by ${c((d.who ?? [d.by]).join(" and "))} at ${time(d.at)} with the sentence “${c(d.text)}”.`,
    );
  }
  if (d && !d.approved && item.approvals?.length) {
    const each = item.approvals.map((a) => `${c(a.by)} at ${time(a.at)} with the sentence “${c(a.text)}”`);
    parts.push(`First approved by ${each.join(", ")}; nothing was sent.`);
  }
  if (d && !d.approved) parts.push(`Declined by ${c(d.by)} at ${time(d.at)}: “${c(d.reason)}”.`);
  if (d) parts.push(proofs(item, ctx));
  if (item.ignoredApprovals) parts.push(esc(IGNORED));
  if (item.unverifiedDecision) parts.push(esc(UNVERIFIED(item.state)));
  if (item.state === "expired")
    parts.push(`Expired at ${time(item.closedAt)} without a decision; nothing was sent.`);
  if (item.state === "abandoned") {
    parts.push(
      `The agent stopped waiting (noticed at ${time(item.closedAt)}); it cannot be approved and nothing was sent.`,
    );
  }
  if (item.state === "expired" || item.state === "abandoned") {
    parts.push("This is not a decline: the agent can ask again by making the same call (a new request).");
  }
  const o = item.outcome;
  if (o?.ok === true) {
    parts.push(
      `Result: ad ${c(o.adId ?? "?")} created ${c(o.adStatus ?? "")} (request ${c(o.requestId ?? "")}).`,
    );
  } else if (o) {
    parts.push(`Result: the write failed (${c(String(o.status ?? "no answer"))}): ${c(o.error ?? "")}.`);
  } else if (d?.approved) {
    parts.push(
      item.redeemedAt
        ? "The agent took the approval and is sending it."
        : "Waiting for the agent to take the approval.",
    );
  }
  return `<p class="what-happened">${parts.join(" ")}</p>`;
}
