const KEY_PATTERN = /adk_[A-Za-z0-9_-]+/g;

/** What a secret is replaced with. */
export const REDACTED = "adk_***";

/**
 * Replaces the API key, and anything shaped like one (`adk_...`), with `adk_***`.
 * Safe on JSON text: the replacement contains no character JSON escapes.
 */
export function redact(text: string, key?: string): string {
  // The usual text holds neither: two scans, no copy.
  const hasKey = key ? text.includes(key) : false;
  if (!hasKey && !text.includes("adk_")) return text;
  const out = hasKey ? text.split(key!).join(REDACTED) : text;
  return out.replace(KEY_PATTERN, REDACTED);
}

// A \u escape of an ASCII character: JSON text can spell a key with these (`adk\u005f...`), and
// the text then holds no key for `redact` to find, while the parsed value does.
const ESCAPED_ASCII = /\\u00[0-7]/i;

/**
 * {@link redact} for JSON text, also where escapes spell a key out: such text is normalised
 * (parsed and written back, which escapes no key character) before redacting. Text that is not
 * JSON is redacted as it is.
 */
export function redactJson(text: string, key?: string): string {
  const out = redact(text, key);
  // `\/` only matters for a key with a slash: some encoders escape every slash of every URL.
  const slash = key?.includes("/") === true && out.includes("\\/");
  if (!slash && !ESCAPED_ASCII.test(out)) return out;
  try {
    return redact(JSON.stringify(JSON.parse(out)), key);
  } catch {
    return out;
  }
}
