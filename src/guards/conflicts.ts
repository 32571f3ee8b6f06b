/** What a 409 from the write boundary was about. Error text is not a contract, so this reads it loosely. */
export type Conflict = "budget" | "confirmation" | "duplicate" | "unknown";

/** Reads a 409's error text: budget, confirmation, duplicate request id, or unknown. */
export function classifyConflict(error: string): Conflict {
  if (/budget|writes? (per|an|a) hour|write limit/i.test(error)) return "budget";
  if (/confirm/i.test(error)) return "confirmation";
  if (
    /duplicate|already (been )?used|still running|in (flight|progress)|request[_ ]id|idempoten/i.test(error)
  ) {
    return "duplicate";
  }
  return "unknown";
}
