/** The constant attribution string of every wrapped answer (spec 2.1). The simulator names itself. */
export const SOURCE = "Ad Analysis and Creative Service (simulator): insight to creative, safely";

/** The pricing page a 403 plan refusal points to. */
export const UPGRADE_URL = "https://adrails-sim.example/pricing";

/** A refusal a handler raises: answered as a wrapped error `{source, data: {error, ...extra}}`. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Shorthand for `throw new SimError(...)` in expressions. */
export function fail(status: number, message: string, extra: Record<string, unknown> = {}): never {
  throw new SimError(status, message, extra);
}
