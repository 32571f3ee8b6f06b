import { SortedKeys } from "./sorted.js";

// Approval requests as records in the store, one per request, shared by every process that uses
// the store: made when a person is asked, answered by whoever answers, redeemed once by whoever
// sends. The checks that make an approval count (it exists, has not expired on the store's clock,
// is for this exact payload, was approved, was not used) are one atomic step of the store.

/** An identical ad the request names: live (its ad id), or a send of that payload whose outcome is unknown. */
export interface NamedLive {
  /** The service's ad id of an identical ad that went live. */
  adId?: string;
  /** The request id of an identical send whose outcome is unknown: it may be live. */
  unknownSend?: string;
  /** When it went live or was sent (store clock, epoch ms). */
  at: number;
}

/** What a channel records when it asks a person. Times are the store's clock ({@link ApprovalRecords.clock}). */
export interface ApprovalRecordInput {
  /** The request id: what conversations, run states, forms and pages carry. */
  id: string;
  tool: string;
  account?: string;
  /** The exact canonical payload (JSON) the person is shown. A redemption must match it byte for byte. */
  payload: string;
  fingerprint: string;
  /** The framework's tool call id, when it has one. */
  callId?: string;
  /** The scope the call's ids live in (a session, thread, run). */
  scope: string;
  /** Where the person is asked: "confirm", "cli", "ai-sdk", "langgraph", "openai-agents", "mcp-elicitation", "inbox". */
  channel: string;
  /** Where it was shown, as the channel names it (an OpenAI Agents run, an inbox item), when it says. */
  shownAt?: string;
  /** The identical ad the request tells the person of, if any. */
  names?: NamedLive;
  askedAt: number;
  expiresAt: number;
  /** What a person reads: the summary and message of the request (structured, never parsed back). */
  summary: Record<string, unknown>;
  message: string;
  /** A money rule behind the ask, which the message names first (advisory mode, or a custom rule's ask). */
  rule?: { name: string; reason: string; override: boolean };
  /** HMAC of the fields above, when the toolkit has an `approvalSecret`. */
  sig?: string;
}

/** A person's answer as recorded against a request. */
export interface RecordedAnswer {
  approved: boolean;
  /** Approved: the person's sentence. */
  text?: string;
  /** Declined: why. */
  reason?: string;
  /** Who answered, when the channel knows (an inbox user, a CLI user). */
  who?: string;
  channel: string;
  /** Store clock, epoch ms. */
  at: number;
  /** HMAC of the answer and its request id, when the toolkit has an `approvalSecret`. */
  sig?: string;
  /** The signed statements the answer came with (an inbox's decision): carried, never trusted as such. */
  statements?: string[];
}

/** A request record with what happened to it. */
export interface ApprovalRecord extends ApprovalRecordInput {
  answer?: RecordedAnswer;
  /** When it was redeemed (store clock); a record redeems once. */
  usedAt?: number;
  /**
   * The result of the call that redeemed it (JSON of its ToolResult), stored once it ran: a later
   * await of the request, in any process, reads it instead of sending again.
   */
  result?: string;
}

/** Why a redemption did not happen. */
export type RedeemRefusal = "missing" | "expired" | "payload" | "unanswered" | "declined" | "used";

/** Which page of pending requests to read. */
export interface PendingPage {
  /** Only the requests asked in this scope (a session, thread, run). */
  scope?: string;
  /** At most this many: default {@link PENDING_PAGE}, at most {@link PENDING_PAGE_MAX}. */
  limit?: number;
  /** The id of the last request of the previous page: this page starts after it. */
  after?: string;
}

/** Requests in a page of pending requests unless a limit is given. */
export const PENDING_PAGE = 100;
/** The most requests one page of pending requests holds. */
export const PENDING_PAGE_MAX = 1000;

/** The page size a listing uses for the `limit` asked. */
export const pageLimit = (limit: number | undefined): number =>
  limit === undefined || !Number.isFinite(limit)
    ? PENDING_PAGE
    : Math.min(PENDING_PAGE_MAX, Math.max(1, Math.floor(limit)));

/** The error when a page is asked after a request no longer recorded. */
export const unknownAfter = (id: string) =>
  `No approval request "${id}" is recorded (it expired long ago, or never was), so no page starts after it. List from the start instead.`;

/** An ask time as a fixed-width key, so keys sort as times do. */
export const askedKey = (askedAt: number): string =>
  String(Math.max(0, Math.floor(askedAt))).padStart(15, "0");

/** Why an answer was not recorded. */
export type AnswerRefusal = "missing" | "expired" | "declined" | "answered" | "used";

/** One answer of {@link ApprovalRecords.answerApprovals}: the request it is for. */
export interface AnswerFor {
  id: string;
  answer: RecordedAnswer;
}

/** What {@link ApprovalRecords.answerApprovals} did: all recorded, or the first request that refused. */
export type AnswersResult = { ok: true } | { ok: false; id: string; why: AnswerRefusal };

/**
 * The approval records of a store. `space` separates key identities (the store scoped to one API
 * key passes its own); ids are unique within a space.
 */
export interface ApprovalRecords {
  /**
   * The store's clock (epoch ms): Redis `TIME` (a reply's offset from this process's monotonic
   * clock answers for a second after it, never ahead of Redis), or this process's clock for the
   * memory store.
   */
  clock(): Promise<number>;
  /**
   * Records a request unless one with its id is there and has not expired: the record now in the
   * store, and whether this call made it.
   */
  createApproval(
    space: string,
    input: ApprovalRecordInput,
  ): Promise<{ record: ApprovalRecord; created: boolean }>;
  getApproval(space: string, id: string): Promise<ApprovalRecord | null>;
  /**
   * Records an answer: only while the request is valid and unused. A decline is final; an approval
   * already given stays, except that a decline replaces an approval not yet used.
   */
  answerApproval(
    space: string,
    id: string,
    answer: RecordedAnswer,
  ): Promise<
    { ok: true; record: ApprovalRecord } | { ok: false; why: AnswerRefusal; record?: ApprovalRecord }
  >;
  /**
   * Records answers to several requests as one step (a plan's one decision). Approvals: all or
   * none; every request must exist, be valid, unused and not declined (one already approved is
   * left as it is). Declines: recorded on every request that can still take one.
   */
  answerApprovals(space: string, answers: readonly AnswerFor[]): Promise<AnswersResult>;
  /**
   * One page of the requests not answered nor expired, oldest first: the space's, or one scope's.
   * A page costs the same whatever the number pending.
   */
  pendingApprovals(space: string, page?: PendingPage): Promise<ApprovalRecord[]>;
  /**
   * Uses an approval, atomically: the record exists, has not expired, its payload equals `payload`
   * byte for byte, it was approved and not used; then it is marked used.
   */
  redeemApproval(
    space: string,
    id: string,
    payload: string,
  ): Promise<
    { ok: true; record: ApprovalRecord } | { ok: false; why: RedeemRefusal; record?: ApprovalRecord }
  >;
  /**
   * Stores the result of the call that redeemed the request, atomically and once: only on a
   * record marked used that holds no result yet. The record now in the store comes back either way.
   */
  settleApproval(
    space: string,
    id: string,
    result: string,
  ): Promise<
    { ok: true; record: ApprovalRecord } | { ok: false; why: SettleRefusal; record?: ApprovalRecord }
  >;
}

/** Why a result was not stored: no such record, not redeemed, or a result is there already. */
export type SettleRefusal = "missing" | "unused" | "settled";

/** How long a record is kept after it expires, for whoever reads what happened to it. */
export const RECORD_KEEP_MS = 15 * 60_000;

/** The approval records in this process's memory, on `now` as the store's clock. */
export function memoryApprovalRecords(now: () => number = () => Date.now(), max = 100_000): ApprovalRecords {
  const records = new Map<string, ApprovalRecord>();
  const keyOf = (space: string, id: string) => `${space}\n${id}`;
  // Pending requests per space, and per scope, in ask order; entries of requests no longer pending
  // leave when answered, or lazily when a listing or a create meets them.
  const queues = new Map<string, PendingQueue>();
  const queueOf = (space: string) => {
    let q = queues.get(space);
    if (!q) {
      q = new PendingQueue();
      queues.set(space, q);
    }
    return q;
  };
  const unqueue = (space: string, r: ApprovalRecord) => {
    const q = queues.get(space);
    q?.remove(queueKey(r));
    if (q?.all.size === 0) queues.delete(space);
  };
  const pendingNow = (space: string, key: string, at: number) => {
    const r = live(space, key.slice(16), at);
    return r !== undefined && r.answer === undefined && r.expiresAt > at && queueKey(r) === key
      ? r
      : undefined;
  };
  const live = (space: string, id: string, at: number) => {
    const key = keyOf(space, id);
    const record = records.get(key);
    if (record && record.expiresAt + RECORD_KEEP_MS <= at) {
      records.delete(key);
      return undefined;
    }
    return record;
  };
  const copy = (r: ApprovalRecord): ApprovalRecord => structuredClone(r);
  const sweep = (at: number) => {
    for (const [key, r] of records) {
      if (records.size < max && r.expiresAt + RECORD_KEEP_MS > at) break;
      // A record still valid is never dropped to make room: the ask fails instead.
      if (r.expiresAt > at && records.size >= max) throw new Error("too many approval requests pending");
      records.delete(key);
    }
  };
  return {
    async clock() {
      return now();
    },
    async createApproval(space, input) {
      const at = now();
      const existing = live(space, input.id, at);
      if (existing && existing.expiresAt > at) return { record: copy(existing), created: false };
      sweep(at);
      const record: ApprovalRecord = structuredClone(input);
      if (existing) unqueue(space, existing);
      records.delete(keyOf(space, input.id));
      records.set(keyOf(space, input.id), record);
      const q = queueOf(space);
      // A space nobody lists stays bounded: each create drops a few requests that expired at the head.
      for (let i = 0; i < 2; i++) {
        const head = q.all.from(undefined).next();
        if (head.done || pendingNow(space, head.value, at)) break;
        q.remove(head.value);
      }
      q.add(queueKey(record), record.scope);
      return { record: copy(record), created: true };
    },
    async getApproval(space, id) {
      const record = live(space, id, now());
      return record ? copy(record) : null;
    },
    async answerApproval(space, id, answer) {
      const at = now();
      const record = live(space, id, at);
      if (!record) return { ok: false, why: "missing" };
      const refused = answerRefusal(record, answer, at);
      if (refused) return { ok: false, why: refused, record: copy(record) };
      record.answer = structuredClone(answer);
      unqueue(space, record);
      return { ok: true, record: copy(record) };
    },
    async answerApprovals(space, answers) {
      // One synchronous pass: nothing else runs between the checks and the writes.
      const at = now();
      const approving = answers.some((a) => a.answer.approved);
      const found = answers.map((a) => ({ a, record: live(space, a.id, at) }));
      let first: AnswersResult = { ok: true };
      for (const { a, record } of found) {
        const why = record ? answerRefusal(record, a.answer, at) : "missing";
        if (why === undefined || why === "answered") continue;
        if (first.ok) first = { ok: false, id: a.id, why };
      }
      if (approving && !first.ok) return first;
      for (const { a, record } of found) {
        if (record && answerRefusal(record, a.answer, at) === undefined) {
          record.answer = structuredClone(a.answer);
          unqueue(space, record);
        }
      }
      return first;
    },
    async pendingApprovals(space, page = {}) {
      const at = now();
      const limit = pageLimit(page.limit);
      let after: string | undefined;
      if (page.after !== undefined) {
        const last = live(space, page.after, at);
        if (!last) throw new Error(unknownAfter(page.after));
        after = queueKey(last);
      }
      const q = queues.get(space);
      const keys = page.scope === undefined ? q?.all : q?.byScope.get(page.scope);
      const out: ApprovalRecord[] = [];
      if (!q || !keys) return out;
      for (const key of keys.from(after)) {
        if (out.length >= limit) break;
        const record = pendingNow(space, key, at);
        if (record) out.push(copy(record));
        else q.remove(key);
      }
      if (q.all.size === 0) queues.delete(space);
      return out;
    },
    async redeemApproval(space, id, payload) {
      const at = now();
      const record = live(space, id, at);
      if (!record) return { ok: false, why: "missing" };
      const refused = redeemRefusal(record, payload, at);
      if (refused) return { ok: false, why: refused, record: copy(record) };
      record.usedAt = at;
      return { ok: true, record: copy(record) };
    },
    async settleApproval(space, id, result) {
      const record = live(space, id, now());
      if (!record) return { ok: false, why: "missing" };
      if (record.usedAt === undefined) return { ok: false, why: "unused", record: copy(record) };
      if (record.result !== undefined) return { ok: false, why: "settled", record: copy(record) };
      record.result = result;
      return { ok: true, record: copy(record) };
    },
  };
}

/** A pending request's place in its queues: its ask time, then its id. */
const queueKey = (r: ApprovalRecord) => `${askedKey(r.askedAt)}\n${r.id}`;

/** One space's pending requests, and each scope's, in ask order. */
class PendingQueue {
  readonly all = new SortedKeys();
  readonly byScope = new Map<string, SortedKeys>();
  private readonly scopeOf = new Map<string, string>();

  add(key: string, scope: string): void {
    this.all.add(key);
    this.scopeOf.set(key, scope);
    let keys = this.byScope.get(scope);
    if (!keys) {
      keys = new SortedKeys();
      this.byScope.set(scope, keys);
    }
    keys.add(key);
  }

  remove(key: string): void {
    this.all.delete(key);
    const scope = this.scopeOf.get(key);
    if (scope === undefined) return;
    this.scopeOf.delete(key);
    const keys = this.byScope.get(scope);
    keys?.delete(key);
    if (keys?.size === 0) this.byScope.delete(scope);
  }
}

function answerRefusal(
  record: ApprovalRecord,
  answer: RecordedAnswer,
  at: number,
): AnswerRefusal | undefined {
  if (record.expiresAt <= at) return "expired";
  if (record.usedAt !== undefined) return "used";
  if (record.answer?.approved === false) return "declined";
  if (record.answer?.approved === true && answer.approved) return "answered";
  return undefined;
}

function redeemRefusal(record: ApprovalRecord, payload: string, at: number): RedeemRefusal | undefined {
  if (record.expiresAt <= at) return "expired";
  if (record.payload !== payload) return "payload";
  if (record.answer === undefined) return "unanswered";
  if (!record.answer.approved) return "declined";
  if (record.usedAt !== undefined) return "used";
  return undefined;
}
