import { createHash } from "node:crypto";
import type { DecisionClaims } from "./proof.js";

// A named approver's passkey: the person's own device signs each approval, so not even the inbox
// host (which holds the Ed25519 key of proof.ts) can approve for them. The contract between the
// inbox page, the inbox, the verifier and the audit:
//
// - The statement's payload is `statementPayload(claims)`: the exact UTF-8 JSON of the
//   DecisionClaims the inbox signs as the JWS payload. The inbox fixes every claim (`at` too)
//   BEFORE asking the browser, and then signs those same claims.
// - The WebAuthn challenge of a decision is `passkeyChallenge(payload)`: base64url(SHA-256(payload
//   bytes)). The verifier recomputes it from the payload of the JWS it opened, so an assertion
//   moved to another request, ask, payload, account, person or time does not match.
// - The assertion (the browser's AuthenticationResponseJSON, as @simplewebauthn/browser's
//   startAuthentication returns it) travels inside the statement: in the JWS protected header, under
//   `webauthn` (`signStatement(key, claims, assertion)`). So every route that carries statements
//   (records, desk, plans, the audit's decision lines) carries the assertion too, unchanged.
// - The people file the agent was given holds each person's credentials (`passkeys`, see
//   PasskeyCredential), the relying party (`rp`, default { id: "localhost" }), whether the
//   authenticator must verify the user (`userVerification`, default "preferred"), and the accounts
//   where an approval counts only with a passkey (`requirePasskeys`). A person with passkeys has
//   every approval checked; a decline needs none (refusing is always safe).
// - The inbox page's enrolment exports `{ name, passkey: PasskeyCredential }` (PasskeyEnrolment):
//   `adrails inbox people add-passkey` adds it to the people file.
//
// @simplewebauthn/server is loaded on first use: a call that never meets a passkey never loads it.

/** A credential of a person, as the people file keeps it (from the page's enrolment). */
export interface PasskeyCredential {
  /** The credential id, base64url (as the browser reports it: `id` of the response). */
  id: string;
  /** The credential's COSE public key, base64url. */
  publicKey: string;
  /** The signature counter at enrolment (0 for authenticators that keep none). */
  counter?: number;
  /** How the browser reaches the authenticator ("usb", "internal", "hybrid", ...): a hint for the page. */
  transports?: string[];
  /** A name for the device, for people reading the file and the audit ("Ann's security key"). */
  label?: string;
}

/** The relying party passkeys are made for: the name the inbox page is opened at. */
export interface PasskeyRp {
  /** A host name, never an IP address (WebAuthn refuses those): "localhost", "inbox.example.com". */
  id: string;
  /**
   * The exact origins the page is served at. Without them: `https://{id}` on any port, and for
   * `localhost` also `http://localhost` on any port.
   */
  origins?: readonly string[];
}

/** What the people file says about passkeys, as the verifier reads it. */
export interface PasskeyPolicy {
  rp?: PasskeyRp;
  /** "required": the authenticator must have verified the user (PIN, biometrics); default "preferred". */
  userVerification?: "required" | "preferred";
  /** Accounts where an approval counts only with a passkey assertion, or "*" for all. */
  requirePasskeys?: "*" | readonly string[];
}

/** What the inbox page's enrolment exports, and `adrails inbox people add-passkey` reads. */
export interface PasskeyEnrolment {
  name: string;
  passkey: PasskeyCredential;
}

/**
 * A WebAuthn assertion as the browser returns it (`AuthenticationResponseJSON` of
 * @simplewebauthn/browser): every binary member base64url.
 */
export interface PasskeyAssertion {
  id: string;
  rawId: string;
  type: "public-key";
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}

/** The protected header member of a statement that carries the person's assertion. */
export const PASSKEY_HEADER = "webauthn";

/** The relying party when the people file names none. */
export const DEFAULT_RP: PasskeyRp = { id: "localhost" };

/** The exact text a statement signs (its JWS payload): the challenge is computed over it. */
export function statementPayload(claims: DecisionClaims): string {
  return JSON.stringify(claims);
}

/** The WebAuthn challenge of a statement payload: base64url(SHA-256(its UTF-8 bytes)). */
export function passkeyChallenge(payload: string | Uint8Array): string {
  const bytes = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload);
  return createHash("sha256").update(bytes).digest("base64url");
}

/**
 * A people-file credential from what a registration verified (`registrationInfo.credential` of
 * @simplewebauthn/server's verifyRegistrationResponse): the public key as base64url.
 */
export function passkeyCredential(
  credential: { id: string; publicKey: Uint8Array; counter: number; transports?: readonly string[] },
  label?: string,
): PasskeyCredential {
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    ...(credential.transports?.length ? { transports: [...credential.transports] } : {}),
    ...(label ? { label } : {}),
  };
}

/** Whether approvals on `account` count only with a passkey assertion. */
export function passkeysRequired(policy: PasskeyPolicy | undefined, account: string | null): boolean {
  const required = policy?.requirePasskeys;
  if (required === undefined) return false;
  if (required === "*") return true;
  return account !== null && required.includes(account);
}

/** Whether a person's approval on `account` must carry an assertion: they have passkeys, or the account requires them. */
export function needsPasskey(
  policy: PasskeyPolicy | undefined,
  person: { passkeys?: readonly PasskeyCredential[] } | undefined,
  account: string | null,
): boolean {
  return (person?.passkeys?.length ?? 0) > 0 || passkeysRequired(policy, account);
}
