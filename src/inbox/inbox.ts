import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { type PasskeyAssertion, statementPayload } from "../guards/approval/passkey.js";
import { askClaims, type DecisionClaims, signStatement } from "../guards/approval/proof.js";
import { type ApprovalAuthority, approvalsNeeded, mayDecide } from "../guards/approval/verify.js";
import { canonicalJson } from "../guards/fingerprint.js";
import type { ConfirmRequest } from "../types.js";
import { memoryAudit } from "./audit.js";
import type { AskResult, Inbox, InboxOptions, PersonDecision, SignedClaims } from "./inbox-api.js";
import { memoryQueue } from "./memory-queue.js";
import { showingPayloads, statementsOf } from "./shown.js";
import { generateInboxKey, type InboxKey } from "./signing.js";
import { pagedSweep, SWEEP_PAGING } from "./sweep.js";
import type { DecideResult, InboxAuditEntry, InboxItem, ItemOutcome, Requester } from "./types.js";

export type { AskResult, Inbox, InboxOptions, PersonDecision } from "./inbox-api.js";
export { statementsOf } from "./shown.js";

const iso = (ms: number) => new Date(ms).toISOString();

/** True when the request read back from the store is the one asked about, byte for byte. */
function sameRequest(stored: unknown, asked: ConfirmRequest): boolean {
  return canonicalJson(stored) === canonicalJson(JSON.parse(JSON.stringify(asked)));
}

/** Creates an inbox over a queue and an audit trail (both memory by default). */
export function createInbox(options: InboxOptions = {}): Inbox {
  const audit = options.audit ?? memoryAudit();
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const aliveMs = options.abandonAfterMs ?? 5000;
  const pollMs = options.pollMs ?? 250;
  const graceMs = options.graceMs ?? 1000;
  const people = options.people;
  // Made on first use: an inbox that never decides nor waits needs no key.
  let ownKey: Promise<InboxKey> | undefined;
  const signingKey = () => (ownKey ??= Promise.resolve(options.key ?? generateInboxKey()));
  const trustedKey = () => Promise.resolve(options.publicKey ?? signingKey());
  const authority: ApprovalAuthority = {
    keys: async () => [await trustedKey()],
    ...(people ? { people } : {}),
  };
  const queue = showingPayloads(options.queue ?? memoryQueue(), authority);
  const watch = async (items: InboxItem[]) => {
    try {
      await options.watch?.(items);
    } catch {
      // Watching (notifications) never stands in the way of asking or deciding.
    }
  };

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
    void watch([item]);
    let lastBeat = Date.now();
    // Stop before the approval window closes, so a late decision is never taken.
    while (Date.now() < request.expiresAt - graceMs / 2 && !signal?.aborted) {
      try {
        if (Date.now() - lastBeat >= heartbeatMs) {
          await queue.beat(item.id, aliveMs);
          lastBeat = Date.now();
        }
        const now = await queue.get(item.id);
        if (now && (now.state === "approved" || now.state === "declined")) {
          // The item as read back from the store must be the request this call asked about, byte
          // for byte: an item rewritten in the store shows the person something else than what
          // this call would send.
          if (!sameRequest(now.request, request)) {
            await queue.close(item.id, "expired", Date.now()).catch(() => false);
            return no(
              "the inbox item was changed in the store after it was asked (it no longer matches this call's request), so its decision does not count",
            );
          }
          // Carried, not judged: the toolkit's verifier checks the signed statements against the
          // call it is about to send (write access to the store is not the power to approve).
          // A decline the inbox did not sign is nobody's: it ends the wait (nothing is sent), but
          // as no decision, and its words, a store writer's, never reach the model.
          if (now.state === "declined" && now.unverifiedDecision) {
            return {
              id: item.id,
              decision: {
                approved: false,
                undecided: true,
                reason:
                  "the inbox request was closed in the store without a decision the inbox signed, so nobody declined it and nothing was sent (make the same call again to ask again)",
              },
            };
          }
          if (now.state === "declined") return no(now.decision?.reason || "a person declined in the inbox");
          if (await queue.redeem(item.id, Date.now())) {
            return {
              id: item.id,
              decision: { approved: true, text: now.decision?.text ?? "", statements: statementsOf(now) },
            };
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
    return {
      id: item.id,
      decision: {
        approved: false,
        undecided: true,
        reason: signal?.aborted
          ? "the call was cancelled while waiting in the inbox"
          : "nobody decided in the inbox before the request expired (not a decline: make the same call again to ask again)",
      },
    };
  }

  /** The claims a decision on the item would be signed with at `at`, or why it cannot be taken. */
  async function draft(
    id: string,
    decision: PersonDecision,
    by: string,
    fingerprint: string | undefined,
    at: number,
  ) {
    const item = await queue.get(id);
    if (!item) return { ok: false as const, code: "not-found" as const };
    // The queue shows each item as its payload says (showingPayloads): an item with none to show
    // cannot be decided, since a decision is signed over what the person saw.
    if (typeof item.request.payload !== "string")
      return { ok: false as const, code: "changed" as const, item };
    if (fingerprint !== undefined && fingerprint !== item.request.fingerprint)
      return { ok: false as const, code: "changed" as const, item };
    const account = item.request.account ?? null;
    if (people) {
      const person = people.people.find((p) => p.name === by);
      if (!person || !mayDecide(person, account))
        return { ok: false as const, code: "not-allowed" as const, item };
    }
    const needed = approvalsNeeded(people, account);
    const claims: DecisionClaims = {
      v: 2,
      ...askClaims(item.request),
      decision: decision.approved ? "approve" : "decline",
      ...(decision.approved ? { text: decision.text } : { reason: decision.reason }),
      who: by,
      needed,
      item: item.id,
      at,
    };
    return { ok: true as const, item, claims, needed };
  }

  async function claimsFor(id: string, decision: PersonDecision, by: string, fingerprint: string) {
    const drafted = await draft(id, decision, by, fingerprint, Date.now());
    if (!drafted.ok) return drafted;
    if (drafted.item.state !== "pending")
      return { ok: false as const, code: "already-decided" as const, item: drafted.item };
    return { ok: true as const, json: statementPayload(drafted.claims) };
  }

  async function decide(
    id: string,
    decision: PersonDecision,
    by: string,
    fingerprint?: string,
    signed?: SignedClaims,
  ): Promise<DecideResult> {
    const fixedAt = signed ? (JSON.parse(signed.json) as DecisionClaims).at : undefined;
    // Another approval may land between the read and the write: then read and sign again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const at = fixedAt ?? Date.now();
      const drafted = await draft(id, decision, by, fingerprint, at);
      if (!drafted.ok) return drafted;
      const { item, claims, needed } = drafted;
      // A passkey signed these very claims: the inbox signs nothing else for it.
      if (signed && statementPayload(claims) !== signed.json) return { ok: false, code: "changed", item };
      // The queue shows only the approvals that hold for this ask (heldApprovals): one planted in
      // the store stands in the count of the store's compare-and-set, and for nobody.
      const prior = item.approvals ?? [];
      const recorded = prior.length + (item.ignoredApprovals ?? 0);
      const who = decision.approved ? [...prior.map((a) => a.by), by] : [by];
      // The person's assertion travels inside the statement (its protected header).
      const sig = await signStatement(
        await signingKey(),
        claims,
        signed?.passkey as PasskeyAssertion | undefined,
      );
      const final = !decision.approved || who.length >= needed;
      const result = await queue.decide(
        id,
        {
          approved: decision.approved,
          by,
          at,
          ...(decision.approved ? { text: decision.text } : { reason: decision.reason }),
          ...(fingerprint !== undefined ? { fingerprint } : {}),
          who,
          sig,
        },
        graceMs,
        decision.approved
          ? {
              needed: needed + recorded - prior.length,
              prior: recorded,
              held: prior.map((a) => a.sig ?? ""),
            }
          : undefined,
      );
      if (!result.ok && result.code === "raced") continue;
      if (result.ok) {
        const event = !decision.approved ? "decline" : final ? "approve" : "first-approval";
        await entry(result.item, event, {
          at: iso(at),
          decider: by,
          ...(decision.approved ? { text: decision.text } : { reason: decision.reason }),
          ...(who.length > 1 || needed > 1 ? { approvers: who } : {}),
          signature: sig,
        });
        void watch([result.item]);
      } else if (result.code === "abandoned" && result.item) {
        await markClosed(result.item, "abandoned");
      } else if (result.code === "expired" && result.item && result.item.state === "pending") {
        await markClosed(result.item, "expired");
      }
      return result;
    }
    return { ok: false, code: "raced" };
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

  const sweep = pagedSweep(
    queue,
    { ...SWEEP_PAGING, ...options.sweepPaging },
    async (item) => (await closeStale([item])) > 0,
    watch,
  );
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
    claims: claimsFor,
    decide,
    list,
    settle,
    sweep,
    startSweeper,
    close: () => {
      clearInterval(sweeper);
      return queue.shutdown();
    },
    publicJwk: async () => ({ ...(await trustedKey()).jwk }),
    authority,
  };
}

/** The account a request is about: its own, or the ad's. */
export function accountOf(request: ConfirmRequest): string | undefined {
  if (request.account) return request.account;
  const summary = request.summary as { account_id?: unknown };
  return typeof summary.account_id === "string" ? summary.account_id : undefined;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
