import { createHash } from "node:crypto";

// Every simulated value is a pure function of the seed and a label, so the same seed gives the same
// world whatever order the requests arrive in.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function digest(...parts: unknown[]): Buffer {
  return createHash("sha256").update(parts.map(String).join("\u0000")).digest();
}

/** A float in [0, 1) for these parts. */
export function unit(...parts: unknown[]): number {
  return digest(...parts).readUInt32BE(0) / 2 ** 32;
}

/** An integer in [min, max] for these parts. */
export function between(min: number, max: number, ...parts: unknown[]): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}

/** One element of `items` for these parts. */
export function pick<T>(items: readonly T[], ...parts: unknown[]): T {
  return items[between(0, items.length - 1, ...parts)]!;
}

/** `length` characters from [A-Za-z0-9] for these parts. */
export function chars(length: number, ...parts: unknown[]): string {
  let out = "";
  for (let block = 0; out.length < length; block++) {
    for (const byte of digest(...parts, block)) {
      if (out.length === length) break;
      out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/** `length` decimal digits, never starting with 0. */
export function digits(length: number, ...parts: unknown[]): string {
  let out = String(between(1, 9, ...parts, "lead"));
  for (let block = 0; out.length < length; block++) {
    for (const byte of digest(...parts, block)) {
      if (out.length === length) break;
      out += String(byte % 10);
    }
  }
  return out;
}

/** Lowercase hex SHA-256. */
export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** JSON with object keys sorted, so equal values hash equally. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

/** Rounds to `places` decimals. */
export function round(value: number, places = 2): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}
