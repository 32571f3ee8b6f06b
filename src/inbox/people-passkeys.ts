import type { PasskeyCredential, PasskeyPolicy, PasskeyRp } from "../guards/approval/passkey.js";

// The passkey members of a people file: each person's credentials, the relying party, whether the
// user must be verified, and the accounts where approvals need a passkey. Checked here with clear
// messages; the COSE keys themselves are read by the WebAuthn library when an assertion is checked.

/** A people file that is not right: the message names the entry and the key. */
export class PeopleFileError extends Error {}

const PASSKEY_KEYS = new Set(["id", "publicKey", "counter", "transports", "label"]);
const RP_KEYS = new Set(["id", "origins"]);
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A host name: labels of letters, digits and hyphens; an IP address is not one (WebAuthn refuses it). */
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** One credential of a people file's `passkeys` list (or of an enrolment export). */
export function parsePasskey(value: unknown, at: string): PasskeyCredential {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PeopleFileError(`${at} must be an object with "id" and "publicKey" (base64url).`);
  }
  const e = value as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    if (!PASSKEY_KEYS.has(key)) {
      throw new PeopleFileError(
        `${at} has an unknown key "${key}" (allowed: id, publicKey, counter, transports, label).`,
      );
    }
  }
  if (typeof e.id !== "string" || !BASE64URL.test(e.id) || e.id.length < 16 || e.id.length > 1400) {
    throw new PeopleFileError(`${at}.id must be the credential id in base64url, as the page exported it.`);
  }
  if (typeof e.publicKey !== "string" || !BASE64URL.test(e.publicKey) || e.publicKey.length < 40) {
    throw new PeopleFileError(
      `${at}.publicKey must be the credential's COSE public key in base64url, as the page exported it.`,
    );
  }
  if (e.counter !== undefined && (!Number.isInteger(e.counter) || (e.counter as number) < 0)) {
    throw new PeopleFileError(`${at}.counter must be a whole number of 0 or more.`);
  }
  if (
    e.transports !== undefined &&
    (!Array.isArray(e.transports) || !e.transports.every((t) => typeof t === "string" && t !== ""))
  ) {
    throw new PeopleFileError(`${at}.transports must be a list of names such as "usb" or "internal".`);
  }
  if (e.label !== undefined && (typeof e.label !== "string" || e.label.length > 80)) {
    throw new PeopleFileError(`${at}.label must be a name of up to 80 characters.`);
  }
  return {
    id: e.id,
    publicKey: e.publicKey,
    ...(e.counter === undefined ? {} : { counter: e.counter as number }),
    ...(e.transports === undefined ? {} : { transports: [...(e.transports as string[])] }),
    ...(typeof e.label === "string" && e.label !== "" ? { label: e.label } : {}),
  };
}

/** A person's `passkeys` list; `seen` gathers credential ids across the file, none may repeat. */
export function parsePasskeys(value: unknown, at: string, seen: Map<string, string>): PasskeyCredential[] {
  if (!Array.isArray(value)) {
    throw new PeopleFileError(`${at} must be a list of { "id", "publicKey" } credentials.`);
  }
  return value.map((entry, i) => {
    const passkey = parsePasskey(entry, `${at}[${i}]`);
    const before = seen.get(passkey.id);
    if (before !== undefined) {
      throw new PeopleFileError(
        `${at}[${i}]: credential ${passkey.id} is already listed at ${before}: one passkey stands for one person, or it would count twice under the two-person rule.`,
      );
    }
    seen.set(passkey.id, `${at}[${i}]`);
    return passkey;
  });
}

function parseRp(value: unknown): PasskeyRp {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PeopleFileError(
      '"rp" must be { "id": "<the host name the inbox page is opened at>", "origins"?: [...] }.',
    );
  }
  const e = value as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    if (!RP_KEYS.has(key))
      throw new PeopleFileError(`"rp" has an unknown key "${key}" (allowed: id, origins).`);
  }
  if (typeof e.id !== "string" || !HOST.test(e.id) || /^[\d.]+$/.test(e.id)) {
    throw new PeopleFileError(
      '"rp.id" must be the host name the inbox page is opened at ("localhost", "inbox.example.com"), not an IP address: WebAuthn refuses those.',
    );
  }
  if (e.origins === undefined) return { id: e.id };
  const id = e.id;
  if (
    !Array.isArray(e.origins) ||
    e.origins.length === 0 ||
    !e.origins.every((o) => typeof o === "string" && sameHost(o, id))
  ) {
    throw new PeopleFileError(
      `"rp.origins" must be a non-empty list of origins of ${id}'s page, e.g. ["https://${id}"] or ["http://localhost:8787"].`,
    );
  }
  return { id, origins: [...(e.origins as string[])] };
}

function sameHost(origin: string, id: string): boolean {
  try {
    const url = new URL(origin);
    return url.origin === origin && url.hostname === id;
  } catch {
    return false;
  }
}

/**
 * The file-level passkey members (`rp`, `userVerification`, `requirePasskeys`) of a people file.
 * `accountList` is the people file's own reader of account lists.
 */
export function parsePasskeyPolicy(
  file: Record<string, unknown>,
  accountList: (value: unknown, where: string) => "*" | string[],
): PasskeyPolicy {
  const policy: PasskeyPolicy = {};
  if (file.rp !== undefined) policy.rp = parseRp(file.rp);
  if (file.userVerification !== undefined) {
    if (file.userVerification !== "required" && file.userVerification !== "preferred") {
      throw new PeopleFileError('"userVerification" must be "required" or "preferred".');
    }
    policy.userVerification = file.userVerification;
  }
  if (file.requirePasskeys !== undefined)
    policy.requirePasskeys = accountList(file.requirePasskeys, '"requirePasskeys"');
  return policy;
}
