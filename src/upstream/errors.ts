/** Why signing in or using the MCP door stopped, in words for the person at the shell. */
export type UpstreamErrorKind =
  /** The server's answers break the authorization rules (metadata, mix-up, PKCE, state, iss). */
  | "invalid"
  /** The person or the server refused the grant. */
  | "refused"
  /** No usable sign-in: none yet, expired, revoked, or a refresh was refused. */
  | "login-needed"
  /** Credentials on disk are unsafe or unreadable. */
  | "credentials";

/** A failure of sign-in or of the MCP door, with what to do next. Never carries a token. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

/** The hint every "sign in again" message ends with. */
export const LOGIN_HINT = "Run `adrails login` to sign in again.";

/** A refused or missing sign-in. */
export function loginNeeded(message: string): UpstreamError {
  return new UpstreamError("login-needed", message, LOGIN_HINT);
}
