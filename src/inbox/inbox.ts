import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { canonicalJson } from "../guards/fingerprint.js";
import type { ConfirmDecision, ConfirmRequest } from "../types.js";
import { memoryAudit } from "./audit.js";
import { memoryQueue } from "./memory-queue.js";
import type {
  DecideResult,
  InboxAudit,
  InboxAuditEntry,
  InboxItem,
  InboxQueue,
  ItemOutcome,
  Requester,
} from "./types.js";

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
}

/** What a person submits from the page. */
export type PersonDecision = { approved: true; text: string } | { approved: false; reason: string };

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
  decide(id: string, decision: PersonDecision, by: string, fingerprint?: string): Promise<DecideResult>;
  /**
   * Ends in the audit every waiting request that expired or whose agent stopped waiting; resolves
   * to how many it ended. Runs on its own with {@link Inbox.startSweeper}.
   */
  sweep(): Promise<number>;
  /** Sweeps every `everyMs` until {@link Inbox.close} (once per inbox; later calls do nothing). */
  startSweeper(everyMs: number): void;
  /** The newest items, after marking those past expiry or without a waiter. */
  list(limit?: number): Promise<InboxItem[]>;
  /** Records what the approved write did. */
  settle(id: string, outcome: ItemOutcome): Promise<void>;
  /** Lets go of the queue's connections. */
  close(): Promise<void>;
}

/** How a wait in the inbox ended: the decision, and the item's id for the outcome. */
export interface AskResult {
  id: string;
  decision: ConfirmDecision;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** Items a sweep reads (newest first): a memory queue keeps 1000. */
const SWEEP_LIMIT = 2000;

/** True when the request read back from the store is the one asked about, byte for byte. */
function sameRequest(stored: unknown, asked: ConfirmRequest): boolean {
  return canonicalJson(stored) === canonicalJson(JSON.parse(JSON.stringify(asked)));
}

/** Creates an inbox over a queue and an audit trail (both memory by default). */
export function createInbox(options: InboxOptions = {}): Inbox {
  const queue = options.queue ?? memoryQueue();
  const audit = options.audit ?? memoryAudit();
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const aliveMs = options.abandonAfterMs ?? 5000;
  const pollMs = options.pollMs ?? 250;
  const graceMs = options.graceMs ?? 1000;

  const entry = (item: InboxItem, event: InboxAuditEntry["event"], extra: Partial<InboxAuditEntry> = {}) => {
    const base: InboxAuditEntry = {
      at: iso(Date.now()),
      event,
      id: item.id,
      tool: item.request.tool,
      fingerprint: item.request.fingerprint,
      ...(item.request.account ? { account: item.request.account } : {}),
      approvalRequest: item.request.id,
      ...(item.request.rule ? { rule: item.request.rule.name } : {}),
      channel: "inbox",
      requester: item.requester,
      ...extra,
    };
    return audit.append(base);
  };

  async function ask(
    request: ConfirmRequest,
    who: Partial<Requester> = {},
    signal?: AbortSignal,
  ): Promise<AskResult> {
    const item: InboxItem = {
      id: randomUUID(),
      request,
      requester: {
        ...(who.agent ? { agent: who.agent } : {}),
        ...(who.conversation ? { conversation: who.conversation } : {}),
        pid: who.pid ?? process.pid,
        host: who.host ?? hostname(),
      },
      createdAt: Date.now(),
      state: "pending",
    };
    const no = (reason: string): AskResult => ({ id: item.id, decision: { approved: false, reason } });
    try {
      await queue.add(item, aliveMs);
    } catch (error) {
      return no(`the inbox could not take the request (${message(error)})`);
    }
    await entry(item, "request", {
      requestedAt: iso(item.createdAt),
      expiresAt: iso(request.expiresAt),
    }).catch(() => {});
    let lastBeat = Date.now();
    // Stop before the approval window closes, so a late decision is never taken.
    while (Date.now() < request.expiresAt - graceMs / 2 && !signal?.aborted) {
      try {
        if (Date.now() - lastBeat >= heartbeatMs) {
          await queue.beat(item.id, aliveMs);
          lastBeat = Date.now();
        }
        const now = await queue.get(item.id);
        if (now && now.state === "declined") {
          return { id: item.id, decision: { approved: false, reason: now.decision?.reason ?? "" } };
        }
        // The item as read back from the store must be the request this call asked about, byte
        // for byte, and the decision must be for that payload: an item rewritten in the store
        // shows the person something else than what this call would send.
        if (
          now &&
          (now.state === "approved" || now.state === "declined") &&
          !sameRequest(now.request, request)
        ) {
          await queue.close(item.id, "expired", Date.now()).catch(() => false);
          return no(
            "the inbox item was changed in the store after it was asked (it no longer matches this call's request), so its decision does not count",
          );
        }
        if (
          now?.state === "approved" &&
          now.decision?.fingerprint !== undefined &&
          now.decision.fingerprint !== request.fingerprint
        ) {
          return no(
            `the person approved payload ${now.decision.fingerprint}, not this call's payload ${request.fingerprint}`,
          );
        }
        if (now && now.state === "approved") {
          if (await queue.redeem(item.id, Date.now())) {
            return { id: item.id, decision: { approved: true, text: now.decision?.text ?? "" } };
          }
          return no("the inbox approval was already taken once");
        }
        if (now && now.state !== "pending") return no(`the inbox request was ${now.state}`);
      } catch {
        // The store is down: keep waiting; nothing is sent without a decision taken from it.
      }
      await sleep(Math.min(pollMs, Math.max(1, request.expiresAt - Date.now())));
    }
    const closed = await queue.close(item.id, "expired", Date.now()).catch(() => false);
    if (closed)
      await entry(item, "expire", { reason: "no decision before the request expired" }).catch(() => {});
    return no(
      signal?.aborted
        ? "the call was cancelled while waiting in the inbox"
        : "nobody decided in the inbox before the request expired",
    );
  }

  async function decide(
    id: string,
    decision: PersonDecision,
    by: string,
    fingerprint?: string,
  ): Promise<DecideResult> {
    const result = await queue.decide(
      id,
      {
        approved: decision.approved,
        by,
        at: Date.now(),
        ...(decision.approved ? { text: decision.text } : { reason: decision.reason }),
        ...(fingerprint !== undefined ? { fingerprint } : {}),
      },
      graceMs,
    );
    if (result.ok) {
      await entry(
        result.item,
        decision.approved ? "approve" : "decline",
        decision.approved ? { decider: by, text: decision.text } : { decider: by, reason: decision.reason },
      );
    } else if (result.code === "abandoned" && result.item) {
      await markClosed(result.item, "abandoned");
    } else if (result.code === "expired" && result.item && result.item.state === "pending") {
      await markClosed(result.item, "expired");
    }
    return result;
  }

  async function markClosed(item: InboxItem, state: "expired" | "abandoned"): Promise<void> {
    if (await queue.close(item.id, state, Date.now())) {
      await entry(
        item,
        state === "expired" ? "expire" : "abandon",
        state === "expired"
          ? { reason: "no decision before the request expired" }
          : { reason: "the agent that asked stopped waiting (no heartbeat)" },
      );
    }
  }

  /** Closes the waiting items among `items` that expired or lost their agent; how many it closed. */
  async function closeStale(items: InboxItem[]): Promise<number> {
    const now = Date.now();
    let closed = 0;
    for (const item of items) {
      if (item.state !== "pending") continue;
      if (now >= item.request.expiresAt) await markClosed(item, "expired");
      else if (!item.detached && !(await queue.alive(item.id))) await markClosed(item, "abandoned");
      else continue;
      closed += 1;
      const fresh = await queue.get(item.id);
      if (fresh) Object.assign(item, fresh);
    }
    return closed;
  }

  async function list(limit = 200): Promise<InboxItem[]> {
    const items = await queue.list(limit);
    await closeStale(items);
    return items;
  }

  const sweep = async () => closeStale(await queue.list(SWEEP_LIMIT));
  let sweeper: ReturnType<typeof setInterval> | undefined;
  let sweeping = false;
  function startSweeper(everyMs: number): void {
    if (sweeper) return;
    sweeper = setInterval(() => {
      // Never two sweeps at once: a slow store must not pile them up.
      if (sweeping) return;
      sweeping = true;
      sweep()
        .catch(() => {})
        .finally(() => {
          sweeping = false;
        });
    }, everyMs);
    sweeper.unref();
  }

  async function settle(id: string, outcome: ItemOutcome): Promise<void> {
    await queue.settle(id, outcome);
    const item = await queue.get(id);
    if (!item) return;
    await entry(item, "outcome", {
      ...(item.decision ? { decider: item.decision.by } : {}),
      ok: outcome.ok,
      status: outcome.status,
      ...(outcome.requestId ? { requestId: outcome.requestId } : {}),
      ...(outcome.adId ? { adId: outcome.adId } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
    });
  }

  return {
    queue,
    audit,
    ask,
    decide,
    list,
    settle,
    sweep,
    startSweeper,
    close: () => {
      clearInterval(sweeper);
      return queue.shutdown();
    },
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
