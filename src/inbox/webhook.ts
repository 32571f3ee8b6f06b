import { createHmac, timingSafeEqual } from "node:crypto";

// Webhook signatures in the Standard Webhooks layout (standardwebhooks.com): `webhook-id` (the same
// on every retry), `webhook-timestamp` (Unix seconds of this try) and `webhook-signature`
// (`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`). The id and the time are signed with
// the body, so a captured notification cannot be replayed later or under another id.

/** How far a notification's timestamp may be from the receiver's clock. */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * The HMAC key of a secret: a `whsec_<base64>` secret (the Standard Webhooks form) is its decoded
 * bytes; any other string is its UTF-8 bytes.
 */
export function webhookKey(secret: string): Buffer {
  if (secret.startsWith("whsec_")) {
    const bytes = Buffer.from(secret.slice("whsec_".length), "base64");
    if (bytes.length > 0) return bytes;
  }
  return Buffer.from(secret, "utf8");
}

/** The `webhook-signature` value of one try: `v1,<base64 HMAC-SHA256>`. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", webhookKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three signed headers of one try of a notification. */
export function webhookHeaders(
  secret: string,
  id: string,
  body: string,
  now = Date.now(),
): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": webhookSignature(secret, id, timestamp, body),
  };
}

/** Where a receiver remembers the ids it took (a `Set` will do for one process; a shared store for several). */
export interface SeenIds {
  has(id: string): boolean | Promise<boolean>;
  add(id: string): unknown;
}

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** Ids already taken: a repeated id is refused, and a taken one is added. Keep each for at least the tolerance. */
  seen?: SeenIds;
  /** Seconds a timestamp may be off the receiver's clock. Default 300 (5 minutes). */
  toleranceS?: number;
  /** The receiver's clock (ms). Default `Date.now()`. */
  now?: number;
}

/** What {@link verifyWebhook} found. */
export type WebhookCheck =
  | { ok: true; id: string; timestamp: number }
  | {
      ok: false;
      reason: "missing-headers" | "bad-signature" | "too-old" | "too-new" | "repeated";
      /** A sentence for the receiver's log. */
      message: string;
    };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a notification an adrails inbox sent (or any Standard Webhooks sender): the signature
 * over its id, timestamp and exact raw body under `secret`; a timestamp within 5 minutes of now;
 * an id not taken before (with `seen`, which it then remembers). Never throws.
 */
export async function verifyWebhook(
  secret: string,
  headers: HeaderBag,
  body: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookCheck> {
  const id = header(headers, "webhook-id");
  const stamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !stamp || !signatures || !/^\d{1,12}$/.test(stamp)) {
    return {
      ok: false,
      reason: "missing-headers",
      message: "No webhook-id, webhook-timestamp and webhook-signature headers: not a signed notification.",
    };
  }
  const timestamp = Number(stamp);
  const expected = Buffer.from(webhookSignature(secret, id, timestamp, body).slice(3), "base64");
  // Several signatures may be given (a secret being rotated): one that holds is enough.
  const holds = signatures.split(" ").some((candidate) => {
    if (!candidate.startsWith("v1,")) return false;
    const given = Buffer.from(candidate.slice(3), "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!holds) {
    return {
      ok: false,
      reason: "bad-signature",
      message: "The signature does not hold: another secret, or the id, time or body were changed.",
    };
  }
  const tolerance = options.toleranceS ?? WEBHOOK_TOLERANCE_S;
  const age = Math.floor((options.now ?? Date.now()) / 1000) - timestamp;
  if (age > tolerance) {
    return { ok: false, reason: "too-old", message: `The notification is ${age} s old: a replay, refused.` };
  }
  if (age < -tolerance) {
    return {
      ok: false,
      reason: "too-new",
      message: "The notification's time is ahead of this clock: refused.",
    };
  }
  if (options.seen) {
    if (await options.seen.has(id)) {
      return {
        ok: false,
        reason: "repeated",
        message: `Notification ${id} was taken already: a repeat, dropped.`,
      };
    }
    await options.seen.add(id);
  }
  return { ok: true, id, timestamp };
}
