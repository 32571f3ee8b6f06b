import { createRequire } from "node:module";

// node:crypto is loaded on the first hash, not when a module of this package is imported: loading
// it took 4.3 ms of the ~33 ms that importing an adapter adds to the framework's own import
// (bench/import-time.ts), and importing an adapter hashes nothing.
type NodeCrypto = typeof import("node:crypto");
let loaded: NodeCrypto | undefined;
const nodeCrypto = (): NodeCrypto => (loaded ??= createRequire(import.meta.url)("node:crypto") as NodeCrypto);

/** SHA-256 of `text` (UTF-8), hex. */
export const sha256Hex = (text: string): string =>
  nodeCrypto().createHash("sha256").update(text).digest("hex");

/** HMAC-SHA-256 of `text` (UTF-8) under `secret`, base64url. */
export const hmacSha256 = (secret: string, text: string): string =>
  nodeCrypto().createHmac("sha256", secret).update(text).digest("base64url");

/** Whether two strings are equal, compared in constant time for strings of one length. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && nodeCrypto().timingSafeEqual(a, b);
}

/** A random UUID (v4). */
export const randomId = (): string => nodeCrypto().randomUUID();
