// `redis` is an optional peer dependency: every path that uses a Redis URL checks for it first, so
// a user who set ADRAILS_REDIS_URL without installing it is told what to install at start, rather
// than meeting "unavailable" later or "Cannot find package" from deep inside.

/** What to tell a person whose command needs the `redis` package. */
export const REDIS_MISSING =
  "The fleet's Redis store needs the `redis` package, which is not installed: run `npm install redis` in the project that runs adrails.";

/** True when `error` says the `redis` package itself could not be found. */
export function isRedisMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    typeof message === "string" &&
    /['"]redis['"]/.test(message)
  );
}

/** Resolves when the `redis` package loads; false when it is not installed (other errors are thrown). */
export async function redisInstalled(): Promise<boolean> {
  try {
    await import("redis");
    return true;
  } catch (error) {
    if (isRedisMissing(error)) return false;
    throw error;
  }
}
