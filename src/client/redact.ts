const KEY_PATTERN = /adk_[A-Za-z0-9_-]+/g;
const KEY_PREFIX = "adk_";

/** What a secret is replaced with. */
export const REDACTED = "adk_***";

// Shorter encoded fragments could match ordinary text by chance.
const MIN_FORM = 8;

// A process serving many keys (one per tenant) must not keep every key it ever saw: the newest
// few are enough to spare the encoding work.
const MAX_CACHED_KEYS = 64;
const formsCache = new Map<string, readonly string[]>();

/**
 * Every spelling of `key` that a server or a log could echo: the key, the key without its `adk_`
 * prefix, their hex (both cases), and their base64 and base64url at each of the three byte
 * alignments, so the key is found inside any encoded text, `Bearer <key>` included. Longest first.
 */
export function secretForms(key: string | undefined): readonly string[] {
  if (!key) return [];
  const known = formsCache.get(key);
  if (known) return known;
  const plain = [key];
  if (key.startsWith(KEY_PREFIX) && key.length - KEY_PREFIX.length >= MIN_FORM)
    plain.push(key.slice(KEY_PREFIX.length));
  const forms = new Set<string>();
  for (const text of plain) {
    const bytes = Buffer.from(text, "utf8");
    forms.add(text);
    forms.add(bytes.toString("hex"));
    forms.add(bytes.toString("hex").toUpperCase());
    for (let offset = 0; offset < 3; offset++) {
      const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
      // Only the characters whose 6 bits all come from the key: the same whatever surrounds it.
      const from = Math.ceil((offset * 8) / 6);
      const to = Math.floor((shifted.length * 8) / 6);
      for (const encoding of ["base64", "base64url"] as const) {
        forms.add(shifted.toString(encoding).slice(from, to));
      }
    }
  }
  const list = [...forms].filter((form) => form.length >= MIN_FORM).sort((a, b) => b.length - a.length);
  // A process sees one or two keys; the cap only guards against a caller cycling through many.
  if (formsCache.size > 64) formsCache.clear();
  if (formsCache.size >= MAX_CACHED_KEYS) formsCache.delete(formsCache.keys().next().value!);
  formsCache.set(key, list);
  return list;
}

/** True when `text` may hold the key in any spelling, or anything shaped like a key. */
export function holdsSecret(text: string, key?: string): boolean {
  if (text.includes(KEY_PREFIX)) return true;
  for (const form of secretForms(key)) if (text.includes(form)) return true;
  return false;
}

/**
 * Replaces the API key in every spelling of {@link secretForms}, and anything shaped like a key
 * (`adk_...`), with `adk_***`. The one place adrails redacts: results, model text, audit events,
 * onOutcome and the CLI all pass through it. Safe on JSON text: the replacement contains no
 * character JSON escapes.
 */
export function redact(text: string, key?: string): string {
  if (!holdsSecret(text, key)) return text;
  let out = text;
  for (const form of secretForms(key)) if (out.includes(form)) out = out.split(form).join(REDACTED);
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
  // `\/` only matters for a spelling with a slash (base64): some encoders escape every slash.
  const slash = out.includes("\\/") && secretForms(key).some((form) => form.includes("/"));
  if (!slash && !ESCAPED_ASCII.test(out)) return out;
  try {
    return redact(JSON.stringify(JSON.parse(out)), key);
  } catch {
    return out;
  }
}
