const KEY_PATTERN = /adk_[A-Za-z0-9_-]+/g;

/** What a secret is replaced with. */
export const REDACTED = "adk_***";

/**
 * Replaces the API key, and anything shaped like one (`adk_...`), with `adk_***`.
 * Safe on JSON text: the replacement contains no character JSON escapes.
 */
export function redact(text: string, key?: string): string {
  let out = text;
  if (key) out = out.split(key).join(REDACTED);
  return out.replace(KEY_PATTERN, REDACTED);
}
