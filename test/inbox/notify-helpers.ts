import { createHmac, timingSafeEqual } from "node:crypto";
import type { ConfirmRequest } from "../../src/types.js";
import { listen } from "./helpers.js";
import { adRequest } from "./requests.js";

export const NOTIFY_SECRET = "notify-secret-0123456789abcdef";

/** One POST the receiver got. */
export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Answered 2xx (counted as delivered). */
  ok: boolean;
}

/**
 * A loopback webhook: records every POST; the first `failures` are answered 503 after `slowMs`
 * (a struggling receiver).
 */
export async function webhookReceiver(options: { failures?: number; slowMs?: number } = {}) {
  const got: Received[] = [];
  let failures = options.failures ?? 0;
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const fail = failures > 0;
      if (fail) failures -= 1;
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), ok: !fail };
      const answer = () => {
        got.push(entry);
        res.writeHead(fail ? 503 : 200, { "content-type": "text/plain" });
        res.end(fail ? "busy" : "ok");
      };
      if (fail && options.slowMs) setTimeout(answer, options.slowMs);
      else answer();
    });
  });
  return {
    ...server,
    got,
    /** Delivered JSON bodies (2xx), parsed. */
    delivered: () => got.filter((r) => r.ok).map((r) => JSON.parse(r.body) as Record<string, unknown>),
  };
}

/**
 * True when `webhook-signature` is the HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}"
 * under `secret` (Standard Webhooks), computed here without adrails' own helper.
 */
export function validSignature(r: Received, secret = NOTIFY_SECRET): boolean {
  const { "webhook-id": id, "webhook-timestamp": stamp, "webhook-signature": header } = r.headers;
  if (typeof id !== "string" || typeof stamp !== "string" || typeof header !== "string") return false;
  if (!header.startsWith("v1,")) return false;
  const expected = createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`${id}.${stamp}.${r.body}`)
    .digest();
  const given = Buffer.from(header.slice(3), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An ACTIVE push request as an agent puts it in the inbox. */
export function pushRequest(id: string, expiresInMs: number, headline = "Spring sale"): ConfirmRequest {
  return adRequest({ id, expiresInMs, headline, account: "act_1001", adsetId: "2002" });
}

/** Signs in to an inbox page over HTTP; gives the headers a decision needs. */
export async function inboxSession(url: string, token: string, name = "Alice Reviewer") {
  const origin = url.replace(/\/$/, "");
  const signIn = await fetch(`${url}signin`, {
    method: "POST",
    headers: { origin, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name, token }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const { key } = (await signIn.json()) as { key: string };
  const headers = {
    origin,
    accept: "application/json",
    cookie: signIn.headers.get("set-cookie")!.split(";")[0]!,
    "x-adrails-inbox-key": key,
  };
  return {
    headers,
    /** Posts a decision as the page does; resolves to the HTTP status. */
    async decide(id: string, fingerprint: string, form: { text: string } | { reason: string }) {
      const response = await fetch(`${url}decide`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          id,
          fingerprint,
          ...("text" in form
            ? { action: "approve", text: form.text }
            : { action: "decline", reason: form.reason }),
        }),
      });
      await response.text();
      return response.status;
    },
    async pendingIds(): Promise<string[]> {
      const list = (await (await fetch(`${url}items.json`, { headers })).json()) as {
        pending: { items: { id: string }[] };
      };
      return list.pending.items.map((i) => i.id);
    },
  };
}
