/** Model calls allowed per user turn: far more than any script needs, few enough to stop a loop. */
export const MAX_STEPS = 25;

/** The toolkit's default approval window (5 minutes) when a fixture sets none. */
export const DEFAULT_TTL_MS = 5 * 60_000;

/** The guard named by a ToolResult the model read, if a guard refused the call. */
export function blockedBy(result: unknown): string | undefined {
  if (result === null || typeof result !== "object") return undefined;
  const guard = (result as { blocked?: unknown }).blocked;
  return typeof guard === "string" ? guard : undefined;
}
