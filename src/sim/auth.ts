import { sha256 } from "./random.js";
import type { KeyRecord, World } from "./world.js";

const KEY_SHAPE = /^adk_[A-Za-z0-9]{16,128}$/;

export type AuthResult = { ok: true; key: KeyRecord } | { ok: false; error: string };

/** Checks an Authorization header the way spec section 5 describes; every failure is a 401. */
export function authenticate(header: string | undefined, world: World, now = Date.now()): AuthResult {
  if (header === undefined || header.trim() === "") {
    return { ok: false, error: "Missing Authorization header: send Authorization: Bearer adk_..." };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { ok: false, error: "Malformed Authorization header: expected Bearer adk_..." };
  const token = match[1]!;
  if (!KEY_SHAPE.test(token)) return { ok: false, error: "Malformed API key: keys start with adk_" };
  const key = world.keysByHash.get(sha256(token));
  if (!key) return { ok: false, error: "Invalid API key" };
  if (key.revoked) return { ok: false, error: "This API key has been revoked" };
  if (key.expiresAt !== null && key.expiresAt <= now) return { ok: false, error: "This API key has expired" };
  if (key.identity.deactivated) return { ok: false, error: "The account that owns this key is deactivated" };
  return { ok: true, key };
}
