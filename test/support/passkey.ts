import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type { PasskeyAssertion, PasskeyCredential } from "../../src/guards/approval/passkey.js";
import { passkeyChallenge, statementPayload } from "../../src/guards/approval/passkey.js";
import {
  askClaims,
  type DecisionClaims,
  type ProofKey,
  signStatement,
} from "../../src/guards/approval/proof.js";
import type { Inbox } from "../../src/inbox/inbox.js";

// A software authenticator for tests without a browser: a P-256 key made with node:crypto, whose
// assertions are built as an authenticator and a browser build them (authenticatorData =
// rpIdHash | flags | counter; clientDataJSON of type webauthn.get; an ES256 signature over
// authenticatorData || SHA-256(clientDataJSON)). Its public key is encoded as COSE for the people
// file. Test code only: the library parses and verifies all of it.

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

/** The COSE_Key (EC2, ES256, P-256) of a public key, as a CBOR map of five entries. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    x,
    Buffer.from([0x22, 0x58, 0x20]),
    y,
  ]);
}

export interface AssertOptions {
  rpId?: string;
  origin?: string;
  /** User present (default true). */
  up?: boolean;
  /** User verified (default true). */
  uv?: boolean;
  /** The counter to report instead of the authenticator's own. */
  counter?: number;
}

export interface SoftAuthenticator {
  /** The credential as the people file lists it. */
  credential: PasskeyCredential;
  /** An assertion over `challenge` (base64url). */
  assert(challenge: string, options?: AssertOptions): PasskeyAssertion;
}

/** A new authenticator; `counting` raises a signature counter on every assertion (a security key). */
export function softAuthenticator(
  options: { rpId?: string; origin?: string; counting?: boolean; label?: string; id?: string } = {},
): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const id = options.id ?? randomBytes(20).toString("base64url");
  let counter = 0;
  return {
    credential: {
      id,
      publicKey: coseKey(publicKey).toString("base64url"),
      counter: 0,
      transports: ["usb"],
      ...(options.label ? { label: options.label } : {}),
    },
    assert(challenge, o = {}) {
      if (options.counting) counter++;
      const rpId = o.rpId ?? options.rpId ?? "localhost";
      const origin = o.origin ?? options.origin ?? "http://localhost:8787";
      const flags = ((o.up ?? true) ? 0x01 : 0) | ((o.uv ?? true) ? 0x04 : 0);
      const count = Buffer.alloc(4);
      count.writeUInt32BE(o.counter ?? counter);
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }),
      );
      const signature = sign(
        "sha256",
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: clientDataJSON.toString("base64url"),
          authenticatorData: authenticatorData.toString("base64url"),
          signature: signature.toString("base64url"),
        },
        clientExtensionResults: {},
      };
    },
  };
}

/** The claims the inbox signs for `who`'s approval of item `id`, as it fixes them before asking the browser. */
export async function approvalClaims(
  inbox: Inbox,
  id: string,
  who: string,
  needed = 1,
  text = "I approve this ad going live today",
): Promise<DecisionClaims> {
  const item = await inbox.queue.get(id);
  if (!item) throw new Error(`no inbox item ${id}`);
  return {
    v: 2,
    ...askClaims(item.request),
    decision: "approve",
    text,
    who,
    needed,
    item: item.id,
    at: Date.now(),
  };
}

/**
 * What an inbox does with a person's approval: signs the claims with its key, the assertion (when
 * the person's authenticator gave one) in the statement, and records it on the item.
 */
export async function recordApproval(
  inbox: Inbox,
  key: ProofKey,
  claims: DecisionClaims,
  assertion: PasskeyAssertion | undefined,
  count?: { needed: number; prior: number },
): Promise<string> {
  const sig = await signStatement(key, claims, assertion);
  const result = await inbox.queue.decide(
    claims.item ?? claims.request,
    { approved: true, by: claims.who, at: claims.at, text: claims.text ?? "", who: [claims.who], sig },
    0,
    count,
  );
  if (!result.ok) throw new Error(`the item took no decision: ${result.code}`);
  return sig;
}

/** The challenge a person's authenticator signs for these claims. */
export const challengeOf = (claims: DecisionClaims) => passkeyChallenge(statementPayload(claims));
