import type { JWK } from "jose";
import type { ApprovalAuthority } from "../guards/approval/verify.js";
import type { ConfirmDecision, ConfirmRequest } from "../types.js";
import type { People } from "./people.js";
import type { InboxKey } from "./signing.js";
import type {
  DecideRefusal,
  DecideResult,
  InboxAudit,
  InboxItem,
  InboxQueue,
  ItemOutcome,
  Requester,
} from "./types.js";

// What the inbox offers agents and pages; createInbox in inbox.ts builds it.

/** Options of {@link createInbox}. */
export interface InboxOptions {
  /** Where items live. Default: this process's memory. */
  queue?: InboxQueue;
  /** Where the audit trail goes. Default: memory. */
  audit?: InboxAudit;
  /** How often a waiting agent says it is still there. Default 1000 ms. */
  heartbeatMs?: number;
  /** A waiter silent this long is abandoned: its item can no longer be approved. Default 5000 ms. */
  abandonAfterMs?: number;
  /** How often a waiter looks for a decision. Default 250 ms. */
  pollMs?: number;
  /** A decision must land this long before expiry, so the waiter can still take it. Default 1000 ms. */
  graceMs?: number;
  /**
   * The inbox's Ed25519 key: its private half signs every decision taken here. Default: a key made
   * in memory, which is enough when the agents wait in this same process.
   */
  key?: InboxKey | Promise<InboxKey>;
  /**
   * The public key of the inbox that decides, when that is another process: waiters here redeem
   * only decisions it signed. Default: this inbox's own key.
   */
  publicKey?: InboxKey | Promise<InboxKey>;
  /** Named approvers: who may decide for which account, and the accounts needing two people. */
  people?: People;
  /**
   * Shown the items each sweep reads, a new request and each decision (the webhook notifications
   * use it); must not wait on anything slow. Its errors are ignored.
   */
  watch?: (items: InboxItem[]) => Promise<void> | void;
  /**
   * What one sweep reads: page 1 of the waiting list and `pages` more from a cursor that wraps
   * around, `size` items each. Default { size: 200, pages: 4 }.
   */
  sweepPaging?: { size?: number; pages?: number };
}

/** What a person submits from the page. */
export type PersonDecision = { approved: true; text: string } | { approved: false; reason: string };

/**
 * A decision whose statement a person's passkey signed before the inbox did: the claims as the
 * exact JSON the passkey's challenge is the digest of, and the assertion, kept with the statement.
 */
export interface SignedClaims {
  json: string;
  passkey: unknown;
}

/** The claims a decision would be signed with, as exact JSON, or why it cannot be taken. */
export type DraftResult = { ok: true; json: string } | { ok: false; code: DecideRefusal; item?: InboxItem };

/**
 * The approval inbox: agents put the calls that need a person here and wait; people decide from
 * the page; every step goes to the audit trail. One instance per process, over a shared queue.
 */
export interface Inbox {
  readonly queue: InboxQueue;
  readonly audit: InboxAudit;
  /**
   * Puts a request in the inbox and waits for a person, beating a heartbeat, until a decision is
   * taken (once) or the request expires. Store failures while waiting are retried until expiry.
   */
  ask(request: ConfirmRequest, requester?: Partial<Requester>, signal?: AbortSignal): Promise<AskResult>;
  /**
   * Records a person's decision, once; the reason names why not when refused. With `fingerprint`
   * (the payload the person saw), an item whose payload differs is refused ("changed").
   */
  decide(
    id: string,
    decision: PersonDecision,
    by: string,
    fingerprint?: string,
    signed?: SignedClaims,
  ): Promise<DecideResult>;
  /**
   * The statement a decision on a waiting item would be signed as, fixed now: what a person's
   * passkey signs (the digest of this JSON) before {@link Inbox.decide} takes it with `signed`.
   */
  claims(id: string, decision: PersonDecision, by: string, fingerprint: string): Promise<DraftResult>;
  /**
   * Ends in the audit the waiting requests that expired or whose agent stopped waiting, among
   * `shown` and a bounded part of the list (every one within a few sweeps; see
   * {@link InboxOptions.sweepPaging}); resolves to how many it ended. Runs on its own with
   * {@link Inbox.startSweeper}.
   */
  sweep(shown?: readonly InboxItem[]): Promise<number>;
  /** Sweeps every `everyMs` until {@link Inbox.close} (once per inbox; later calls do nothing). */
  startSweeper(everyMs: number): void;
  /** The newest items, after marking those past expiry or without a waiter. */
  list(limit?: number): Promise<InboxItem[]>;
  /** Records what the approved write did. */
  settle(id: string, outcome: ItemOutcome): Promise<void>;
  /** Lets go of the queue's connections. */
  close(): Promise<void>;
  /** The public key decisions are verified with (this inbox's own, or the one given), as a JWK. */
  publicJwk(): Promise<JWK>;
  /**
   * Whose statements this inbox's decisions carry, as this process knows it (its own key or the
   * `publicKey` given, and its people file): what a toolkit's verifier trusts for them.
   */
  readonly authority: ApprovalAuthority;
}

/** How a wait in the inbox ended: the decision, and the item's id for the outcome. */
export interface AskResult {
  id: string;
  decision: ConfirmDecision;
}
