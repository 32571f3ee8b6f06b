import {
  DEFAULT_RP,
  type PasskeyAssertion,
  type PasskeyCredential,
  type PasskeyPolicy,
  type PasskeyRp,
  passkeyChallenge,
} from "./passkey.js";

// Checks one person's WebAuthn assertion over one statement payload, with @simplewebauthn/server
// (an optional peer dependency, loaded here on first use). Shared by the verifier, the inbox (to
// tell the person at once) and the offline audit check. Never throws.

/** What an assertion proved, or why it proves nothing. */
export type PasskeyCheck =
  | {
      ok: true;
      /** The credential id that signed. */
      credential: string;
      /** Its label in the people file, if any. */
      label?: string;
      /** The authenticator's signature counter (0 when it keeps none). */
      counter: number;
      userVerified: boolean;
    }
  | { ok: false; problem: string };

type Server = typeof import("@simplewebauthn/server");
let server: Promise<Server> | undefined;

/** The WebAuthn library, or a message saying how to install it. */
async function webauthn(): Promise<Server | string> {
  server ??= import("@simplewebauthn/server");
  try {
    return await server;
  } catch {
    server = undefined;
    return "the people file names passkeys, and checking them needs the package @simplewebauthn/server (version 13): install it next to adrails (npm install @simplewebauthn/server@13)";
  }
}

/** The origin of a response, read from its clientDataJSON, or undefined. */
function originOf(assertion: PasskeyAssertion): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(assertion.response.clientDataJSON, "base64url").toString("utf8"));
    return typeof data?.origin === "string" ? data.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `origin` is one the relying party's page is served at (see PasskeyRp.origins). */
export function originAllowed(rp: PasskeyRp, origin: string): boolean {
  if (rp.origins) return rp.origins.includes(origin);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || url.hostname !== rp.id) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && rp.id === "localhost");
}

function isAssertion(value: unknown): value is PasskeyAssertion {
  const v = value as Partial<PasskeyAssertion> | null;
  const text = (s: unknown) => typeof s === "string" && s !== "" && s.length < 8_000;
  return (
    typeof v === "object" &&
    v !== null &&
    text(v.id) &&
    v.rawId === v.id &&
    v.type === "public-key" &&
    typeof v.response === "object" &&
    v.response !== null &&
    text(v.response.clientDataJSON) &&
    text(v.response.authenticatorData) &&
    text(v.response.signature)
  );
}

/**
 * Checks `assertion` as this person's approval of the statement whose exact payload is `payload`:
 * made by one of `passkeys` (from the people file the caller was given), over the challenge of
 * that payload, at the relying party's name and origin, with the user present (and verified, when
 * the policy requires it), and a counter above the one enrolled where the authenticator keeps one.
 */
export async function checkPasskey(
  assertion: unknown,
  payload: string | Uint8Array,
  passkeys: readonly PasskeyCredential[],
  policy: PasskeyPolicy | undefined,
): Promise<PasskeyCheck> {
  const no = (problem: string): PasskeyCheck => ({ ok: false, problem });
  if (assertion === undefined) return no("it carries no passkey assertion");
  if (!isAssertion(assertion)) return no("its passkey assertion is malformed");
  const credential = passkeys.find((p) => p.id === assertion.id);
  if (!credential) return no(`its passkey ${assertion.id} is not one of the person's in the people file`);
  const rp = policy?.rp ?? DEFAULT_RP;
  const origin = originOf(assertion);
  if (origin === undefined || !originAllowed(rp, origin)) {
    return no(`its passkey assertion was made at ${origin ?? "an unknown origin"}, not at ${rp.id}'s page`);
  }
  const lib = await webauthn();
  if (typeof lib === "string") return no(lib);
  try {
    const result = await lib.verifyAuthenticationResponse({
      response: assertion as Parameters<Server["verifyAuthenticationResponse"]>[0]["response"],
      expectedChallenge: passkeyChallenge(payload),
      expectedOrigin: origin,
      expectedRPID: rp.id,
      expectedType: "webauthn.get",
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, "base64url")),
        counter: credential.counter ?? 0,
      },
      requireUserVerification: policy?.userVerification === "required",
    });
    if (!result.verified) return no(`its passkey signature does not hold for credential ${credential.id}`);
    const info = result.authenticationInfo;
    return {
      ok: true,
      credential: credential.id,
      ...(credential.label ? { label: credential.label } : {}),
      counter: info.newCounter,
      userVerified: info.userVerified,
    };
  } catch (error) {
    return no(`its passkey assertion does not hold (${passkeyReason(error)})`);
  }
}

/** The library's message, shortened for people: it can quote the challenges, which say nothing. */
function passkeyReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("challenge")) return "it was made for another decision: the challenge differs";
  return message.length > 200 ? `${message.slice(0, 200)}...` : message;
}

/**
 * Why `publicKey` (base64url) is not a COSE public key the WebAuthn library can verify with, or
 * undefined when it is. Read by the library, never by hand.
 */
export async function passkeyKeyProblem(publicKey: string): Promise<string | undefined> {
  let helpers: typeof import("@simplewebauthn/server/helpers");
  try {
    helpers = await import("@simplewebauthn/server/helpers");
  } catch {
    const lib = await webauthn();
    return typeof lib === "string" ? lib : "the WebAuthn library's helpers could not be loaded";
  }
  try {
    const key = helpers.decodeCredentialPublicKey(new Uint8Array(Buffer.from(publicKey, "base64url")));
    if (!(key instanceof Map) || key.get(1) === undefined || typeof key.get(3) !== "number")
      return "it is not a COSE public key (no key type or algorithm)";
    return undefined;
  } catch (error) {
    return `it is not a COSE public key (${error instanceof Error ? error.message : String(error)})`;
  }
}
