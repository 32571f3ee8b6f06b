import type { ConfirmRequest } from "../types.js";

/** Where an inbox item stands. Only "pending" can still be decided. */
export type ItemState = "pending" | "approved" | "declined" | "expired" | "abandoned";

/** Who asked: shown to the person deciding and recorded in the audit. */
export interface Requester {
  /** A name for the agent or job, e.g. "nightly-creative-job". */
  agent?: string;
  /** The conversation, thread or run the call belongs to. */
  conversation?: string;
  pid: number;
  host: string;
}

/** A person's decision, as recorded on an item. */
export interface ItemDecision {
  approved: boolean;
  /** Who decided (the name given at sign-in). */
  by: string;
  at: number;
  /** The approval sentence, sent to the service as `hard_confirm_text`. */
  text?: string;
  /** The decline reason the model reads. */
  reason?: string;
  /** The payload fingerprint the person saw: the decision is refused if the item's differs. */
  fingerprint?: string;
  /** Everyone who approved (the two-person rule: both names). */
  who?: string[];
  /** The inbox's Ed25519 signature of this decision (compact JWS): agents redeem nothing without it. */
  sig?: string;
}

/** What the write did after an approval: the ad it made, or why it failed. */
export interface ItemOutcome {
  at: number;
  ok: boolean | "partial";
  status: number | null;
  requestId?: string;
  adId?: string;
  adStatus?: string;
  error?: string;
}

/** One call waiting for (or past) a person's decision. */
export interface InboxItem {
  id: string;
  request: ConfirmRequest;
  requester: Requester;
  createdAt: number;
  state: ItemState;
  /**
   * Posted by a desk (`inboxDesk`): no agent waits on it, so it is never abandoned; it can be
   * decided until the request's expiry, and the toolkit's store redeems the decision.
   */
  detached?: boolean;
  decision?: ItemDecision;
  /** Approvals recorded so far under the two-person rule, each signed; the item stays pending until two. */
  approvals?: ItemDecision[];
  /**
   * Set by the inbox as it reads the item, never taken from the store: how many recorded approvals
   * do not hold for this ask (not signed by the inbox for it) and were left out of `approvals`.
   */
  ignoredApprovals?: number;
  /**
   * Set by the inbox as it reads the item, never taken from the store: the item is closed as
   * approved or declined, but no decision the inbox signed for this ask holds, so `decision` was
   * left out (something other than the inbox wrote it). Its statement is kept only to be carried
   * to agents, whose verifier says why it fails; nothing shows its words.
   */
  unverifiedDecision?: { sig?: string };
  /** When the waiting agent took the approval (once). */
  redeemedAt?: number;
  /** When the item stopped being pending without a decision (expired, abandoned). */
  closedAt?: number;
  outcome?: ItemOutcome;
}

/** Why a decision was not recorded. */
export type DecideRefusal =
  | "not-found"
  | "already-decided"
  | "expired"
  | "abandoned"
  | "changed"
  /** The person may not decide requests on this account. */
  | "not-allowed"
  /** The same person approved already: the two-person rule needs someone else. */
  | "same-person"
  /** Another approval landed while this one was signed: read again. */
  | "raced";

/** The two-person rule for one decision: how many approvals the request needs, how many were seen. */
export interface ApprovalCount {
  needed: number;
  prior: number;
  /**
   * The statements (`sig`) of the recorded approvals that hold: only these refuse their person as
   * "same-person" (an approval planted under someone's name never blocks them). All when absent.
   */
  held?: readonly string[];
}

export type DecideResult =
  | { ok: true; item: InboxItem }
  | { ok: false; code: DecideRefusal; item?: InboxItem };

/**
 * Where inbox items live: this process's memory, or Redis for a fleet. Every change of state is a
 * compare-and-set, so two decisions on one item record one. Operations that cannot reach the
 * store reject with a StoreError.
 */
export interface InboxQueue {
  /** Names the queue in messages, e.g. "memory" or "redis at 127.0.0.1:6379". */
  readonly name: string;
  /** Adds a pending item whose waiter counts as alive for `aliveMs`. */
  add(item: InboxItem, aliveMs: number): Promise<void>;
  /** The waiter is still there: alive for another `aliveMs`. */
  beat(id: string, aliveMs: number): Promise<void>;
  get(id: string): Promise<InboxItem | null>;
  /** The newest `limit` items, newest first. */
  list(limit: number): Promise<InboxItem[]>;
  /** True while the item's waiter keeps beating. */
  alive(id: string): Promise<boolean>;
  /**
   * Records a decision if the item is pending, its waiter alive and `now` before its expiry less
   * `graceMs` (so the waiter has time to take it). With `count.needed` 2, an approval is added to
   * `approvals` (refused "same-person" for one already there, "raced" when their number is not
   * `count.prior`) and the item is approved only with the second.
   */
  decide(id: string, decision: ItemDecision, graceMs: number, count?: ApprovalCount): Promise<DecideResult>;
  /** Moves a pending item to "expired" or "abandoned"; false when it was no longer pending. */
  close(id: string, state: "expired" | "abandoned", at: number): Promise<boolean>;
  /** Takes an approval once: true for the first caller, false after. */
  redeem(id: string, at: number): Promise<boolean>;
  /** Records the write's outcome on an item. */
  settle(id: string, outcome: ItemOutcome): Promise<void>;
  /**
   * Sets `tag` on an item once: true for the first caller on this store, false after (the
   * notifications use it so that inbox instances sharing a store send each one once).
   */
  mark?(id: string, tag: string): Promise<boolean>;
  /**
   * One page of the waiting requests in their fair order and one of the history (newest first),
   * with their true counts, read without reading every item. Items the store holds but that cannot
   * be read (malformed, oversized, not an inbox item) are left out of both lists and named in
   * `unreadable`.
   */
  page?(query: QueuePageQuery): Promise<QueuePage>;
  /** Lets go of connections the queue opened. */
  shutdown(): Promise<void>;
}

/** Which pages {@link InboxQueue.page} reads (from 1; clamped to the last page). */
export interface QueuePageQuery {
  pending: number;
  history: number;
  size: number;
}

/** One page of a list of the inbox. */
export interface QueueListPage {
  items: InboxItem[];
  page: number;
  pages: number;
  total: number;
}

/** An item the store holds but the inbox cannot read: shown as such, never decided. */
export interface UnreadableItem {
  id: string;
  reason: string;
}

/** What {@link InboxQueue.page} reads. */
export interface QueuePage {
  pending: QueueListPage;
  history: QueueListPage;
  /** The most recent unreadable items (a few), and how many there are. */
  unreadable: UnreadableItem[];
  unreadableTotal: number;
}

/** What happened, one line of the audit trail. */
export type AuditKind =
  | "request"
  /** The first of two approvals under the two-person rule: the request keeps waiting. */
  | "first-approval"
  | "approve"
  | "decline"
  | "expire"
  | "abandon"
  | "outcome"
  | "rule";

/** One audit entry. Never carries an API key or the inbox token. */
export interface InboxAuditEntry {
  /** ISO time of the entry. */
  at: string;
  event: AuditKind;
  /** The inbox item's id. */
  id: string;
  /** The approval request's id (the approval model's, redeemed once fleet-wide). */
  approvalRequest?: string;
  tool: string;
  fingerprint: string;
  account?: string;
  /** Where the decision came from: "inbox". */
  channel: string;
  /** Who decided (approve, decline). */
  decider?: string;
  requester?: Requester;
  /** The approval sentence, or the decline / expiry reason. */
  text?: string;
  reason?: string;
  /** The write's request id at the service, and what it did (outcome). */
  requestId?: string;
  adId?: string;
  status?: number | null;
  ok?: boolean | "partial";
  error?: string;
  /** The money rule behind the entry: the rule an approval overrides, or on "rule" the one that decided. */
  rule?: string;
  /** On "rule": what the money rules decided (deny, override, would-deny, ...). */
  ruleDecision?: string;
  /** On decisions: the inbox's Ed25519 signature (compact JWS), checked by `adrails audit verify`. */
  signature?: string;
  /** On decisions under the two-person rule: everyone who approved. */
  approvers?: string[];
  /** When the request was made and expires (ISO), on "request". */
  requestedAt?: string;
  expiresAt?: string;
  /** The line's place in its trail, from 1 (set by the trail when it appends). */
  seq?: number;
  /** The hash of the trail's previous line (`sha256:<hex>` of its exact text), or all zeros on the first. */
  prev?: string;
}

/** An append-only audit trail: memory, a JSON lines file, or a Redis stream. */
export interface InboxAudit {
  readonly name: string;
  append(entry: InboxAuditEntry): Promise<void>;
  /** Every entry kept, oldest first. */
  read(): Promise<InboxAuditEntry[]>;
  /** Every line kept, oldest first, as the exact text its successor's hash covers: `adrails audit verify` checks them. */
  lines?(): Promise<string[]>;
  /**
   * For a trail shared by several processes: the entries appended after `cursor` (oldest first,
   * at most a batch) and the cursor to ask from next. Without a cursor: none, and the current end.
   */
  since?(cursor?: string): Promise<{ entries: InboxAuditEntry[]; cursor: string }>;
}
