import type { CryptoKey, JWK } from "jose";
import { PASSKEY_HEADER, type PasskeyAssertion, statementPayload } from "./passkey.js";

// What a person's decision proof says, and the Ed25519 signatures over it. The inbox signs one
// statement per person (it holds the private key; agents hold only the public half); the one
// verifier (verify.ts) checks statements against the call it is about to send. jose is loaded on
// first use: a call that never meets a proof never loads it.

/**
 * One person's signed statement about one ask of one request: what they decided, on the payload
 * the signer displayed (its fingerprint computed from that payload), for the account it acts on,
 * under the people file's rule for that account.
 */
export interface DecisionClaims {
  v: 2;
  /** The approval request's id. */
  request: string;
  tool: string;
  /** The ask instance: when it was asked and when it expires (store clock, epoch ms). */
  asked: number;
  expires: number;
  /** `fp_...`, computed by the signer from the exact payload it displayed. */
  fingerprint: string;
  /** The account the displayed payload acts on (`account_id`), or null when it names none. */
  account: string | null;
  decision: "approve" | "decline";
  /** The person's approval sentence. */
  text?: string;
  /** The decline reason. */
  reason?: string;
  /** The one person this statement is from. */
  who: string;
  /** How many different people the signer's people file requires to approve on this account. */
  needed: number;
  /** The inbox item the person decided on, for the audit. */
  item?: string;
  /** When the person decided (epoch ms). */
  at: number;
}

/** The part of a statement that binds it to one ask of one request and its displayed payload. */
export type AskClaims = Pick<
  DecisionClaims,
  "request" | "tool" | "asked" | "expires" | "fingerprint" | "account"
>;

/** The {@link AskClaims} of a request as the signer shows it (its fingerprint from that payload). */
export function askClaims(request: {
  id: string;
  tool: string;
  askedAt: number;
  expiresAt: number;
  fingerprint: string;
  account?: string | null;
}): AskClaims {
  return {
    request: request.id,
    tool: request.tool,
    asked: request.askedAt,
    expires: request.expiresAt,
    fingerprint: request.fingerprint,
    account: request.account ?? null,
  };
}

/** An Ed25519 key of a decision signer: the private half signs (the inbox only), the public half verifies. */
export interface ProofKey {
  privateKey?: CryptoKey;
  publicKey: CryptoKey;
  /** The public key as a JWK, with its thumbprint as `kid`. */
  jwk: JWK;
}

export const PROOF_ALG = "EdDSA";
const ALGORITHMS = ["EdDSA", "Ed25519"];
/** Longer than any statement: a bigger string is not one. */
const MAX_STATEMENT = 20_000;

/**
 * Signs one person's statement with the signer's private key: a compact JWS (EdDSA) over
 * `statementPayload(claims)`. The person's passkey assertion over that payload's challenge, when
 * they gave one, travels in the protected header (see passkey.ts).
 */
export async function signStatement(
  key: ProofKey,
  claims: DecisionClaims,
  assertion?: PasskeyAssertion,
): Promise<string> {
  if (!key.privateKey) throw new Error("This key holds no private half, so it cannot sign decisions.");
  const { CompactSign } = await import("jose");
  return new CompactSign(new TextEncoder().encode(statementPayload(claims)))
    .setProtectedHeader({
      alg: PROOF_ALG,
      kid: key.jwk.kid!,
      ...(assertion === undefined ? {} : { [PASSKEY_HEADER]: assertion }),
    })
    .sign(key.privateKey);
}

/** A statement one of the trusted keys signed: its claims, exact payload, and the passkey assertion it carries. */
export interface OpenedStatement {
  claims: DecisionClaims;
  kid: string | undefined;
  /** The exact signed payload: the passkey challenge is computed over it. */
  payload: Uint8Array;
  /** The person's passkey assertion, as carried (unchecked), when there is one. */
  assertion?: unknown;
}

/**
 * The claims of `statement` when one of `trusted` signed it and they have the shape of a v2
 * statement, else null. Never throws: anything malformed is simply not a statement.
 */
export async function openStatement(
  trusted: readonly ProofKey[],
  statement: unknown,
): Promise<OpenedStatement | null> {
  if (typeof statement !== "string" || statement.length > MAX_STATEMENT) return null;
  const { compactVerify } = await import("jose");
  for (const key of trusted) {
    try {
      const { payload, protectedHeader } = await compactVerify(statement, key.publicKey, {
        algorithms: ALGORITHMS,
      });
      const claims = JSON.parse(new TextDecoder().decode(payload)) as DecisionClaims;
      if (!isClaims(claims)) return null;
      const assertion = (protectedHeader as Record<string, unknown>)[PASSKEY_HEADER];
      return { claims, kid: key.jwk.kid, payload, ...(assertion === undefined ? {} : { assertion }) };
    } catch {
      // Not this key: try the next.
    }
  }
  return null;
}

function isClaims(c: Partial<DecisionClaims> | null): c is DecisionClaims {
  const text = (v: unknown) => v === undefined || typeof v === "string";
  return (
    c !== null &&
    typeof c === "object" &&
    c.v === 2 &&
    typeof c.request === "string" &&
    typeof c.tool === "string" &&
    Number.isFinite(c.asked) &&
    Number.isFinite(c.expires) &&
    typeof c.fingerprint === "string" &&
    (c.account === null || typeof c.account === "string") &&
    (c.decision === "approve" || c.decision === "decline") &&
    text(c.text) &&
    text(c.reason) &&
    typeof c.who === "string" &&
    c.who !== "" &&
    Number.isInteger(c.needed) &&
    (c.needed as number) >= 1 &&
    Number.isFinite(c.at)
  );
}
