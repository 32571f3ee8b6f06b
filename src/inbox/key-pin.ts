import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { INBOX_KEY_PATH, type InboxKey, publicKeyFromText } from "./signing.js";

/**
 * Public keys from text: one key (an Ed25519 JWK or SPKI PEM), a JSON array of JWKs, or a JWK set
 * (`{"keys":[...]}`), the current key first. Several keys verify an audit trail written across a
 * key rotation. Throws naming `source` and the position of a key that is not one.
 */
export async function publicKeysFromText(text: string, source: string): Promise<InboxKey[]> {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[") && !/^\{\s*"keys"\s*:/.test(trimmed))
    return [await publicKeyFromText(text, source)];
  let list: unknown;
  try {
    const value = JSON.parse(trimmed) as unknown;
    list = Array.isArray(value) ? value : (value as { keys?: unknown }).keys;
  } catch {
    throw new Error(`${source} is not valid JSON: give a JWK, a JSON array of JWKs or {"keys":[...]}.`);
  }
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${source} holds no key.`);
  return Promise.all(
    list.map((jwk, i) => publicKeyFromText(JSON.stringify(jwk), `${source} (key ${i + 1})`)),
  );
}

/** Where an agent keeps the thumbprints of the inbox keys it pinned, by inbox origin. */
export const PIN_FILE = "inbox-keys.json";

/** Options of {@link fetchPinnedInboxKey}. */
export interface PinnedKeyOptions {
  /** The pin file (`$ADRAILS_HOME/inbox-keys.json`): inbox origin -> JWK thumbprint, mode 0600. */
  pinFile: string;
  /** Default 10 000 ms. */
  timeoutMs?: number;
}

function loopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function readPins(file: string): Record<string, string> {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, string>)
      : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new Error(`The pinned inbox keys ${file} cannot be read: delete the file to pin again.`);
  }
}

function writePins(file: string, pins: Record<string, string>): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(pins, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/**
 * The inbox's public key fetched from `{inboxUrl}/.well-known/adrails-inbox-key` and pinned: the
 * first fetch records its thumbprint for the inbox's origin in `pinFile`; later fetches must serve
 * the same key, else this throws saying what changed and how to pin again. Redirects are refused
 * (a key is taken only from the address given) and plain http only on loopback.
 */
export async function fetchPinnedInboxKey(
  inboxUrl: string | URL,
  options: PinnedKeyOptions,
): Promise<InboxKey> {
  const base = new URL(String(inboxUrl));
  if (base.protocol !== "https:" && !(base.protocol === "http:" && loopback(base))) {
    throw new Error(
      `The inbox's key is fetched over https only (plain http on loopback only): ${base.origin} is not. Use its https:// address, or set ADRAILS_INBOX_PUBLIC_KEY.`,
    );
  }
  if (!base.pathname.endsWith("/")) base.pathname = `${base.pathname}/`;
  base.search = "";
  base.hash = "";
  const at = new URL(INBOX_KEY_PATH, base);
  let text: string;
  try {
    const response = await fetch(at, {
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`it redirects (HTTP ${response.status}); a key is taken only from the address given`);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    const why = (error as Error).name === "TimeoutError" ? "no answer in time" : (error as Error).message;
    throw new Error(`Cannot read the inbox's public key at ${at.href}: ${why}.`);
  }
  const key = await publicKeyFromText(text, `The key served at ${at.href}`);
  const pins = readPins(options.pinFile);
  const pinned = pins[base.origin];
  if (pinned === undefined) {
    writePins(options.pinFile, { ...pins, [base.origin]: key.jwk.kid! });
  } else if (pinned !== key.jwk.kid) {
    throw new Error(
      `The inbox at ${base.origin} now serves another key (thumbprint ${key.jwk.kid}) than the one pinned in ${options.pinFile} (${pinned}): decisions are not taken from it. If the inbox's key was rotated on purpose, delete its line from ${options.pinFile} (or the file) to pin the new key, or set ADRAILS_INBOX_PUBLIC_KEY to the key the inbox prints.`,
    );
  }
  return key;
}
