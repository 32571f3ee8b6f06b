import {
  ensurePrivateDir,
  ensurePrivateFile
} from "./chunk-5PS4MVI4.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/signing.js
import { readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { CompactSign, calculateJwkThumbprint, compactVerify, exportJWK, generateKeyPair, importJWK, importPKCS8, importSPKI } from "jose";
var ALG = "EdDSA";
var ALGORITHMS = ["EdDSA", "Ed25519"];
async function withPublic(publicKey, privateKey) {
  const { kty, crv, x } = await exportJWK(publicKey);
  const jwk = { kty, crv, x, alg: ALG, use: "sig" };
  jwk.kid = await calculateJwkThumbprint(jwk);
  return { ...privateKey ? { privateKey } : {}, publicKey, jwk };
}
__name(withPublic, "withPublic");
async function generateInboxKey() {
  const pair = await generateKeyPair(ALG, { crv: "Ed25519", extractable: true });
  return withPublic(pair.publicKey, pair.privateKey);
}
__name(generateInboxKey, "generateInboxKey");
function isEd25519(jwk) {
  return jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string";
}
__name(isEd25519, "isEd25519");
async function privateKeyFromText(text, source) {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith("{")) {
      const jwk = JSON.parse(trimmed);
      if (!isEd25519(jwk) || typeof jwk.d !== "string")
        throw new Error("not an Ed25519 private JWK");
      const privateKey2 = await importJWK({ ...jwk, alg: ALG }, ALG, { extractable: true });
      const { d: _d2, ...pub2 } = jwk;
      return withPublic(await importJWK({ ...pub2, alg: ALG }, ALG), privateKey2);
    }
    const privateKey = await importPKCS8(trimmed, ALG, { extractable: true });
    const { d: _d, ...pub } = await exportJWK(privateKey);
    return withPublic(await importJWK({ ...pub, alg: ALG }, ALG), privateKey);
  } catch {
    throw new Error(`${source} is not an Ed25519 private key: give a JWK (JSON with "kty":"OKP","crv":"Ed25519","d","x") or a PKCS#8 PEM.`);
  }
}
__name(privateKeyFromText, "privateKeyFromText");
async function publicKeyFromText(text, source) {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith("{")) {
      const jwk = JSON.parse(trimmed);
      if (!isEd25519(jwk))
        throw new Error("not Ed25519");
      const { kty, crv, x } = jwk;
      return withPublic(await importJWK({ kty, crv, x, alg: ALG }, ALG));
    }
    return withPublic(await importSPKI(trimmed, ALG, { extractable: true }));
  } catch {
    throw new Error(`${source} is not an Ed25519 public key: give the JWK the inbox prints (JSON with "kty":"OKP","crv":"Ed25519","x") or an SPKI PEM.`);
  }
}
__name(publicKeyFromText, "publicKeyFromText");
async function inboxKeyFile(file, warn) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error.code !== "ENOENT")
      throw error;
  }
  if (text !== void 0) {
    ensurePrivateFile(file, warn);
    return privateKeyFromText(text, `The inbox key file ${file}`);
  }
  ensurePrivateDir(dirname(file), warn);
  const key = await generateInboxKey();
  const { kty, crv, x, d } = await exportJWK(key.privateKey);
  try {
    writeFileSync(file, `${JSON.stringify({ kty, crv, x, d })}
`, { mode: 384, flag: "wx" });
  } catch (error) {
    if (error.code === "EEXIST")
      return inboxKeyFile(file, warn);
    throw error;
  }
  return key;
}
__name(inboxKeyFile, "inboxKeyFile");
var INBOX_KEY_PATH = ".well-known/adrails-inbox-key";
async function fetchInboxKey(inboxUrl) {
  const base = String(inboxUrl);
  const at = new URL(INBOX_KEY_PATH, base.endsWith("/") ? base : `${base}/`);
  let text;
  try {
    const response = await fetch(at, { signal: AbortSignal.timeout(1e4) });
    if (!response.ok)
      throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    throw new Error(`Cannot read the inbox's public key at ${at.href}: ${error.message}.`);
  }
  return publicKeyFromText(text, `The key served at ${at.href}`);
}
__name(fetchInboxKey, "fetchInboxKey");
async function signDecision(key, claims) {
  if (!key.privateKey)
    throw new Error("This inbox holds no private key, so it cannot sign decisions.");
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims))).setProtectedHeader({ alg: ALG, kid: key.jwk.kid }).sign(key.privateKey);
}
__name(signDecision, "signDecision");
async function verifyDecision(trusted, signature) {
  if (typeof signature !== "string" || signature.length > 2e4)
    return null;
  for (const key of trusted) {
    try {
      const { payload } = await compactVerify(signature, key.publicKey, { algorithms: ALGORITHMS });
      const claims = JSON.parse(new TextDecoder().decode(payload));
      if (claims?.v !== 1 || !Array.isArray(claims.who))
        return null;
      return claims;
    } catch {
    }
  }
  return null;
}
__name(verifyDecision, "verifyDecision");

export {
  generateInboxKey,
  privateKeyFromText,
  publicKeyFromText,
  inboxKeyFile,
  INBOX_KEY_PATH,
  fetchInboxKey,
  signDecision,
  verifyDecision
};
