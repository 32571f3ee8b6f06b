/** How much of a server's own text is shown. */
const MAX = 300;
// Characters that show nothing (zero-width spaces and joiners, soft hyphen, word joiner, BOM,
// variation selectors, tags, bidi controls): one of them inside a code hides it from any match.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
// What may sit between two characters of a secret and still leave it readable to a person.
const GAP = "[\\p{Default_Ignorable_Code_Point}\\p{Cf}\\p{Cc}\\s]*";
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
// Things a server may echo that must not reach a terminal or a log: parameters that carry a
// code, verifier or token, bearer values, JWTs, and long opaque strings.
const NAMES = "code|code_verifier|verifier|access_token|refresh_token|id_token|token|client_secret|assertion";
const PARAMS = new RegExp(`\\b(${NAMES})(["']?\\s*[=:]\\s*["']?)[^\\s"'&,;]+`, "gi");
// "code ac_1x2y...", "verifier dBjf...": a value after a space, when it looks like one (a digit,
// "_" or "-" in 6 characters or more), not a word ("token expired").
const SPOKEN = new RegExp(`\\b(${NAMES})(\\s+)(?=[^\\s"'&,;]*[\\d_-])[^\\s"'&,;]{6,}`, "gi");
const BEARER = /\bBearer\s+[^\s"',;]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const OPAQUE = /[A-Za-z0-9_\-.~+/]{32,}={0,2}/g;

/**
 * A server's text (an `error_description`, an error message) fit to show a person: every value
 * in `secrets` (the authorization code, the PKCE verifier, tokens) removed, also when invisible
 * characters or spaces are slipped between its characters, anything shaped like a code, verifier
 * or token removed, invisible and control characters dropped, at most 300 characters.
 */
export function serverText(text: string, secrets: readonly (string | undefined)[] = []): string {
  return cleanText(text, secrets, MAX);
}

/**
 * {@link serverText} without the 300-character cut, for whole log lines (`max` characters).
 * @internal
 */
export function cleanText(text: string, secrets: readonly (string | undefined)[], max: number): string {
  // NFKC first: a code written in full-width or other look-alike forms reads as itself.
  let out = text.normalize("NFKC");
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    out = out.replace(spread(secret.normalize("NFKC")), "[removed]");
  }
  out = out
    .replace(INVISIBLE, "")
    .replace(PARAMS, (_m, name: string, sep: string) => `${name}${sep}[removed]`)
    .replace(SPOKEN, (_m, name: string, sep: string) => `${name}${sep}[removed]`)
    .replace(BEARER, "Bearer [removed]")
    .replace(JWT, "[removed]")
    .replace(OPAQUE, "[removed]")
    .replace(CONTROL, " ");
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/** A pattern of `secret` that also matches it with invisible characters or spaces between its characters. */
function spread(secret: string): RegExp {
  return new RegExp([...secret].map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join(GAP), "gu");
}

/**
 * A name a server gives (an account, a server name) fit to print: invisible and control
 * characters dropped, at most 300 characters; nothing else removed.
 */
export function serverName(text: string): string {
  const out = text.normalize("NFKC").replace(INVISIBLE, "").replace(CONTROL, " ");
  return out.length > MAX ? `${out.slice(0, MAX)}…` : out;
}
