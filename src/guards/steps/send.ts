import type { Outcome } from "../../client/outcome.js";
import { StoreError } from "../../store/index.js";
import { decide } from "../audit.js";
import { isDefinitiveRefusal } from "../request-ids.js";
import { traceParent } from "../telemetry.js";
import { CONFIRM_FIELD } from "../validation.js";
import type { Call, PipelineState } from "./call.js";

/** How long a write waits for an identical send that holds the claim elsewhere, before sending anyway. */
const CLAIM_WAIT_MS = 30_000;

/**
 * The claim's key: the change and its confirmation, without the retry key, so the claim can be
 * asked for with the ledger's reads the key is derived from. Identical changes under different
 * keys then take turns too, which only orders them.
 */
const claimKeyOf = (call: Call) =>
  `${call.def.name}\n${call.change}\n${String(call.body[CONFIRM_FIELD] ?? "")}`;

/** The first try at the send's claim, asked for in the same round trip as the retry key's reads. */
export function claimStep(p: PipelineState, call: Call): void {
  if (!call.def.idField) return;
  const first = p.o.claims.attempt(claimKeyOf(call), CLAIM_WAIT_MS);
  // Read by the send, or let go when none follows; never left to reject unheard.
  first.catch(() => {});
  call.claiming = first;
  // The limiter's turn too: the send follows at once when the claim is this call's.
  call.turn = p.o.client.reserve?.(call.def.name, call.context.signal);
}

/** Hands the reserved turn back when the send does not use it. */
function giveBackTurn(p: PipelineState, call: Call): void {
  const turn = call.turn;
  call.turn = undefined;
  if (turn) p.o.client.giveBack?.(turn);
}

/** Lets go of a claim taken for a send that did not happen. */
export async function dropClaim(p: PipelineState, call: Call): Promise<void> {
  giveBackTurn(p, call);
  const first = call.claiming;
  call.claiming = undefined;
  if (first) await p.o.claims.drop(claimKeyOf(call), first);
}

/** Sends once per identical payload in flight, so parallel identical calls share one request. */
export function sendStep(p: PipelineState, call: Call): Promise<Outcome> {
  const { def, body, ids, context } = call;
  const callOptions = {
    signal: context.signal,
    timeoutMs: context.timeoutMs,
    trace: traceParent(call.audit),
  };
  if (!def.idField || !ids) {
    void dropClaim(p, call);
    return p.o.client.call(def.name, body, callOptions);
  }
  const sentId = String(body[def.idField.name]);
  // The change, the retry key and the confirmation together are the whole body.
  const key = `${def.name}\n${call.change}\n${sentId}\n${String(body[CONFIRM_FIELD] ?? "")}`;
  const pending = p.inflight.get(key);
  if (pending) {
    void dropClaim(p, call);
    return pending;
  }
  const first = call.claiming;
  call.claiming = undefined;
  let reserved = call.turn;
  call.turn = undefined;
  const sending = (async () => {
    try {
      // Across processes, the holder of the claim sends first; the others then send the same
      // id, which the service replays.
      const sent = await p.o.claims.exclusive(
        claimKeyOf(call),
        CLAIM_WAIT_MS,
        async (waited) => {
          // A turn taken before a wait for the claim is stale: handed back, a fresh one is taken.
          const turn = waited ? undefined : reserved;
          if (waited && reserved) p.o.client.giveBack?.(reserved);
          reserved = undefined;
          const outcome = await p.o.client.call(
            def.name,
            body,
            turn ? { ...callOptions, turn } : callOptions,
          );
          const recorded = p.requestIds.settle(ids, outcome, sentId).catch((error: unknown) => {
            // The answer is here and must reach the caller; this process still holds its own pin.
            if (!(error instanceof StoreError)) throw error;
            decide(
              call.log,
              "store",
              "modify",
              `the outcome was not recorded in the shared store (${error.store})`,
            );
          });
          // A pin or unpin is asked for at once, so the claim's release follows it in the same
          // round trip; a refusal's move to a fresh id reads first, so the release waits for it.
          if (isDefinitiveRefusal(outcome)) await recorded;
          return { value: outcome, recorded };
        },
        context.signal,
        first,
      );
      // The outcome's record and the claim's release, awaited with the steps after the send.
      call.sendAfter = sent.recorded;
      return sent.value;
    } finally {
      // The store failed before the send: the turn goes back unused.
      if (reserved) p.o.client.giveBack?.(reserved);
      p.inflight.delete(key);
    }
  })();
  p.inflight.set(key, sending);
  return sending;
}
