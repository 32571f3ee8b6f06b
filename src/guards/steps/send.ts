import type { Outcome } from "../../client/outcome.js";
import { StoreError } from "../../store/index.js";
import { decide } from "../audit.js";
import { traceParent } from "../telemetry.js";
import { CONFIRM_FIELD } from "../validation.js";
import type { Call, PipelineState } from "./call.js";

/** How long a write waits for an identical send that holds the claim elsewhere, before sending anyway. */
const CLAIM_WAIT_MS = 30_000;

/** Sends once per identical payload in flight, so parallel identical calls share one request. */
export function sendStep(p: PipelineState, call: Call): Promise<Outcome> {
  const { def, body, ids, context } = call;
  const callOptions = {
    signal: context.signal,
    timeoutMs: context.timeoutMs,
    trace: traceParent(call.audit),
  };
  if (!def.idField || !ids) return p.o.client.call(def.name, body, callOptions);
  const sentId = String(body[def.idField.name]);
  // The change, the retry key and the confirmation together are the whole body.
  const key = `${def.name}\n${call.change}\n${sentId}\n${String(body[CONFIRM_FIELD] ?? "")}`;
  const pending = p.inflight.get(key);
  if (pending) return pending;
  const sending = (async () => {
    try {
      // Across processes, the holder of the claim sends first; the others then send the same
      // id, which the service replays.
      return await p.o.claims.exclusive(
        key,
        CLAIM_WAIT_MS,
        async () => {
          const outcome = await p.o.client.call(def.name, body, callOptions);
          try {
            await p.requestIds.settle(ids, outcome, sentId);
          } catch (error) {
            // The answer is here and must reach the caller; this process still holds its own pin.
            if (!(error instanceof StoreError)) throw error;
            decide(
              call.log,
              "store",
              "modify",
              `the outcome was not recorded in the shared store (${error.store})`,
            );
          }
          return outcome;
        },
        context.signal,
      );
    } finally {
      p.inflight.delete(key);
    }
  })();
  p.inflight.set(key, sending);
  return sending;
}
