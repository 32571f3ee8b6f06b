/** How much of a server's own text is shown. */
const MAX = 300;
// Things a server may echo that must not reach a terminal or a log: parameters that carry a
// code, verifier or token, bearer values, JWTs, and long opaque strings.
const PARAMS =
  /\b(code|code_verifier|verifier|access_token|refresh_token|id_token|token|client_secret|assertion)(["']?\s*[=:]\s*["']?)[^\s"'&,;]+/gi;
const BEARER = /\bBearer\s+[^\s"',;]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const OPAQUE = /[A-Za-z0-9_\-.~+/]{32,}={0,2}/g;

/**
 * A server's text (an `error_description`, an error message) fit to show a person: every value
 * in `secrets` (the authorization code, the PKCE verifier, tokens) removed, anything shaped like a
 * code, verifier or token removed, control characters dropped, at most 300 characters.
 */
export function serverText(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join("[removed]");
  out = out
    .replace(PARAMS, (_m, name: string, sep: string) => `${name}${sep}[removed]`)
    .replace(BEARER, "Bearer [removed]")
    .replace(JWT, "[removed]")
    .replace(OPAQUE, "[removed]")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it drops
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, " ");
  return out.length > MAX ? `${out.slice(0, MAX)}…` : out;
}
