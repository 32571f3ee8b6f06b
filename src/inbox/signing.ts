import { readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  CompactSign,
  type CryptoKey,
  calculateJwkThumbprint,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  importSPKI,
  type JWK,
} from "jose";
import { ensurePrivateDir, ensurePrivateFile } from "../upstream/home.js";

/**
 * What the inbox signs for each decision: the request and the exact payload it was about, what
 * was decided with the person's own words, who, and when. "partial" is the first of two approvals
 * under the two-person rule: signed for the audit, never enough to redeem.
 */
export interface DecisionClaims {
  v: 1;
  /** The inbox item's id. */
  item: string;
  /** The approval request's id. */
  request: string;
  /** The payload fingerprint the people saw. */
  fingerprint: string;
  decision: "approved" | "declined" | "partial";
  /** The approval sentence (approved, partial). */
  text?: string;
  /** The decline reason. */
  reason?: string;
  /** Who decided: one name, or each approver under the two-person rule. */
  who: string[];
  /** When, in ms since the epoch. */
  at: number;
}

/** The inbox's Ed25519 key: the private half signs (the inbox only), the public half verifies. */
export interface InboxKey {
  privateKey?: CryptoKey;
  publicKey: CryptoKey;
  /** The public key as a JWK, with its thumbprint as `kid`. */
  jwk: JWK;
}

const ALG = "EdDSA";
const ALGORITHMS = ["EdDSA", "Ed25519"];

async function withPublic(publicKey: CryptoKey, privateKey?: CryptoKey): Promise<InboxKey> {
  const { kty, crv, x } = await exportJWK(publicKey);
  const jwk: JWK = { kty, crv, x, alg: ALG, use: "sig" };
  jwk.kid = await calculateJwkThumbprint(jwk);
  return { ...(privateKey ? { privateKey } : {}), publicKey, jwk };
}

/** A fresh key pair, kept in memory only: the default of an inbox given no key. */
export async function generateInboxKey(): Promise<InboxKey> {
  const pair = await generateKeyPair(ALG, { crv: "Ed25519", extractable: true });
  return withPublic(pair.publicKey, pair.privateKey);
}

function isEd25519(jwk: JWK): boolean {
  return jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string";
}

/**
 * The inbox's private key from text: an Ed25519 JWK with `d` (JSON) or a PKCS#8 PEM. Throws a
 * message naming `source` when the text is neither.
 */
export async function privateKeyFromText(text: string, source: string): Promise<InboxKey> {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith("{")) {
      const jwk = JSON.parse(trimmed) as JWK;
      if (!isEd25519(jwk) || typeof jwk.d !== "string") throw new Error("not an Ed25519 private JWK");
      const privateKey = (await importJWK({ ...jwk, alg: ALG }, ALG, { extractable: true })) as CryptoKey;
      const { d: _d, ...pub } = jwk;
      return withPublic((await importJWK({ ...pub, alg: ALG }, ALG)) as CryptoKey, privateKey);
    }
    const privateKey = await importPKCS8(trimmed, ALG, { extractable: true });
    const { d: _d, ...pub } = await exportJWK(privateKey);
    return withPublic((await importJWK({ ...pub, alg: ALG }, ALG)) as CryptoKey, privateKey);
  } catch {
    throw new Error(
      `${source} is not an Ed25519 private key: give a JWK (JSON with "kty":"OKP","crv":"Ed25519","d","x") or a PKCS#8 PEM.`,
    );
  }
}

/**
 * A public key from text: an Ed25519 JWK (JSON, as the inbox serves and prints it) or an SPKI
 * PEM. Throws a message naming `source` when the text is neither.
 */
export async function publicKeyFromText(text: string, source: string): Promise<InboxKey> {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith("{")) {
      const jwk = JSON.parse(trimmed) as JWK;
      if (!isEd25519(jwk)) throw new Error("not Ed25519");
      const { kty, crv, x } = jwk;
      return withPublic((await importJWK({ kty, crv, x, alg: ALG }, ALG)) as CryptoKey);
    }
    return withPublic(await importSPKI(trimmed, ALG, { extractable: true }));
  } catch {
    throw new Error(
      `${source} is not an Ed25519 public key: give the JWK the inbox prints (JSON with "kty":"OKP","crv":"Ed25519","x") or an SPKI PEM.`,
    );
  }
}

/**
 * The inbox's key kept in `file` (a private JWK, mode 0600 in a 0700 folder), made on first use.
 * `warn` hears when a file's permissions had to be narrowed.
 */
export async function inboxKeyFile(file: string, warn: (message: string) => void): Promise<InboxKey> {
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text !== undefined) {
    ensurePrivateFile(file, warn);
    return privateKeyFromText(text, `The inbox key file ${file}`);
  }
  ensurePrivateDir(dirname(file), warn);
  const key = await generateInboxKey();
  const { kty, crv, x, d } = await exportJWK(key.privateKey!);
  // "wx": two inboxes starting at once must not overwrite each other's key.
  try {
    writeFileSync(file, `${JSON.stringify({ kty, crv, x, d })}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return inboxKeyFile(file, warn);
    throw error;
  }
  return key;
}

/** Where an inbox serves its public key, under its page's URL. */
export const INBOX_KEY_PATH = ".well-known/adrails-inbox-key";

/**
 * The public key an inbox serves (`GET {inboxUrl}/.well-known/adrails-inbox-key`), fetched once,
 * unpinned (`fetchPinnedInboxKey` pins it): https, or http on loopback only; a redirect is
 * refused. Throws naming the URL when it gives none.
 */
export async function fetchInboxKey(inboxUrl: string | URL): Promise<InboxKey> {
  const base = String(inboxUrl);
  const at = new URL(INBOX_KEY_PATH, base.endsWith("/") ? base : `${base}/`);
  const loopback = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(at.hostname);
  if (at.protocol !== "https:" && !(at.protocol === "http:" && loopback)) {
    throw new Error(
      `The inbox's key is fetched over https only (plain http on loopback only), not from ${at.origin}.`,
    );
  }
  let text: string;
  try {
    const response = await fetch(at, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
    if (response.status >= 300 && response.status < 400)
      throw new Error(`a redirect (HTTP ${response.status}) is refused`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    throw new Error(`Cannot read the inbox's public key at ${at.href}: ${(error as Error).message}.`);
  }
  return publicKeyFromText(text, `The key served at ${at.href}`);
}

/** Signs a decision with the inbox's private key: a compact JWS (EdDSA). */
export async function signDecision(key: InboxKey, claims: DecisionClaims): Promise<string> {
  if (!key.privateKey) throw new Error("This inbox holds no private key, so it cannot sign decisions.");
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: ALG, kid: key.jwk.kid! })
    .sign(key.privateKey);
}

/**
 * The claims of `signature` when one of `trusted` signed it, else null. Never throws: anything
 * malformed is simply not a signature from this inbox.
 */
export async function verifyDecision(
  trusted: readonly InboxKey[],
  signature: unknown,
): Promise<DecisionClaims | null> {
  if (typeof signature !== "string" || signature.length > 20_000) return null;
  for (const key of trusted) {
    try {
      const { payload } = await compactVerify(signature, key.publicKey, { algorithms: ALGORITHMS });
      const claims = JSON.parse(new TextDecoder().decode(payload)) as DecisionClaims;
      if (claims?.v !== 1 || !Array.isArray(claims.who)) return null;
      return claims;
    } catch {
      // Not this key: try the next.
    }
  }
  return null;
}
