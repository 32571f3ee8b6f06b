import type { ApprovalRecords } from "../../store/index.js";
import { type AskLedger, askSlot } from "./redeem.js";

// A request missing when its answer comes back is almost never an edited payload: it was asked
// where this toolkit does not look (another process on memory, another store, another key or
// service), or it expired and was dropped. The message names what can be told from here, and
// what to configure, so nobody chases an edit that never happened.

/** Where a toolkit's approval records live, so that a request missing there can be explained. */
export interface RecordOrigin {
  /**
   * "process": no store given; this process's memory, shared by its toolkits of one key and
   * service. "own": a memory store given to this toolkit. "shared": a store other processes reach.
   */
  kind: "process" | "own" | "shared";
  /** The store's name, as its errors say it ("memory", "redis at host:port"). */
  store: string;
  /**
   * Where else in this process request `id` is recorded: in the memory toolkits given no store
   * share, for this key and service ("process") or for another ("another key"), or nowhere.
   */
  elsewhere?(id: string): Promise<"process" | "another key" | undefined>;
}

/** The call a missing request was to be redeemed for, when known. */
export interface MissingCall {
  tool: string;
  fingerprint: string;
  callId?: string;
  scope?: string;
}

/** How long a request is kept after it expired (the stores' RECORD_KEEP_MS), in words. */
const KEPT = "15 minutes";

/**
 * Why approval request `id` is not in this toolkit's store, with what to configure: the payload
 * was edited after the ask only when the ask ledger shows this very call shown with another one.
 * Never rejects.
 */
export async function missingRequest(
  id: string,
  origin: RecordOrigin | undefined,
  asks?: AskLedger,
  call?: MissingCall,
  /** When the request's expiry is known (an answer carries its request) and now, on the store's clock. */
  known?: { expiresAt: number; now: number },
): Promise<string> {
  if (asks && call?.callId !== undefined && call.scope !== undefined) {
    const first = await asks.recorded(askSlot(call.scope, call.tool, call.callId)).catch(() => null);
    const shown = first?.split(" ")[0];
    if (shown && shown !== call.fingerprint) {
      return `tool call ${call.callId} was shown to the person as payload ${shown}, and the payload now is ${call.fingerprint} (the saved state was edited after the ask), so no request was ever made for this payload`;
    }
  }
  if (known && Number.isFinite(known.expiresAt) && known.expiresAt <= known.now) {
    return `approval request ${id} expired at ${new Date(known.expiresAt).toISOString()} and is no longer kept (a request is kept ${KEPT} past its expiry). Ask the person again: repeat the call, and answer within the approval's time (approvalTtlMs)`;
  }
  const where = await origin?.elsewhere?.(id).catch(() => undefined);
  if (where === "another key") {
    return `approval request ${id} was asked by a toolkit of this process with another API key or base URL; requests are kept per key and service, so this one cannot redeem it. Build the toolkit that resumes the call with the same apiKey and baseUrl as the one that asked`;
  }
  if (where === "process" && origin?.kind !== "process") {
    return `approval request ${id} was asked by a toolkit of this process that was given no store (those share this process's memory), and this toolkit was given its own store (${origin?.store}). Give both toolkits the same store option, or leave it out on both`;
  }
  switch (origin?.kind) {
    case "process":
      return `approval request ${id} is not in this process's memory, where toolkits given no store keep their requests: it was asked in another process (another worker or serverless instance, or before a restart), which memory does not reach, or it expired more than ${KEPT} ago. To answer in one process what another asked, give every process the same shared store (createAdTools({ store: redisStore({ url }) }); for the adrails CLI and MCP server, ADRAILS_REDIS_URL), then ask again`;
    case "own":
      return `approval request ${id} is not in the memory store this toolkit was given: another store object was used to ask it (each memoryStore() is its own), or another process asked it, or it expired more than ${KEPT} ago. Give the toolkits that ask and answer the same store (or leave store out: toolkits of one process then share their records), then ask again`;
    case "shared":
      return `approval request ${id} is not in the shared store (${origin.store}): it was asked through another store (another Redis URL, database or key prefix), or by a toolkit with another API key or base URL, or it expired more than ${KEPT} ago, or the store lost it (restarted empty, or evicted its keys). Point every process at the same store with the same apiKey and baseUrl, then ask again`;
    default:
      return `no approval request ${id} is recorded in the store (it was asked through another store or by another process, or it expired more than ${KEPT} ago)`;
  }
}

/**
 * Why request `id` is missing at redemption, for a call that may carry its request's expiry and
 * the scope it was asked in (an answer from a conversation). Never rejects.
 */
export async function missingCarried(
  o: { records: ApprovalRecords; origin?: RecordOrigin; asks?: AskLedger },
  id: string,
  call: MissingCall,
  asked?: { expiresAt: number; scope?: string | undefined },
): Promise<string> {
  const now = asked && (await o.records.clock().catch(() => Date.now()));
  const known = asked && now !== undefined ? { expiresAt: asked.expiresAt, now } : undefined;
  return missingRequest(id, o.origin, o.asks, { ...call, scope: asked?.scope ?? call.scope }, known);
}
