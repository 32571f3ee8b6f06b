import type { AuditEvent } from "../types.js";

/** One guard's decision on a call, as the audit event records it. */
export type GuardDecision = AuditEvent["decisions"][number];

/** The guard decisions of one call, in the order they were taken. */
export type DecisionLog = GuardDecision[];

/** Records a guard's decision. */
export function decide(
  log: DecisionLog,
  guard: string,
  decision: GuardDecision["decision"],
  detail?: string,
): void {
  log.push(detail === undefined ? { guard, decision } : { guard, decision, detail });
}

/** Calls a host hook without letting it break the call: a hook that throws or rejects is ignored. */
export function safely<A extends unknown[]>(hook: ((...args: A) => unknown) | undefined, ...args: A): void {
  if (!hook) return;
  try {
    const returned = hook(...args);
    if (returned instanceof Promise) returned.catch(() => {});
  } catch {
    // A failing host hook must not change what the model reads.
  }
}
