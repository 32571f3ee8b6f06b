import { createHmac, randomUUID } from "node:crypto";
import { webhookHeaders } from "./webhook.js";

/** One notification for one webhook: its body is fixed once, so every retry sends the same bytes. */
export interface Delivery {
  event: string;
  id: string;
  body: string;
}

export interface DeliveryOptions {
  attempts: number;
  backoffMs: number;
  timeoutMs: number;
  secret?: string;
  onGiveUp(message: string): void;
}

/**
 * The old body-only signature (`sha256=<hex HMAC-SHA256 of the body>`), no longer sent: it signs
 * neither the delivery id nor a time, so a captured notification replays forever. Use
 * `verifyWebhook` on the `webhook-*` headers.
 * @deprecated
 */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

const MAX_BACKOFF_MS = 60_000;
const MAX_QUEUED = 1000;

/**
 * Sends deliveries to one webhook in order, one at a time; a failed try (no answer, a 5xx, 408,
 * 425 or 429) is retried after a growing delay, a refusal (another 4xx) or the last try is given
 * up. Runs on timers only: nobody waits on it.
 */
export function deliveryQueue(url: string, options: DeliveryOptions) {
  const host = new URL(url).host;
  const waiting: (Delivery & { tries: number; key: string })[] = [];
  let busy = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const current = new Set<AbortController>();

  const giveUp = (d: Delivery, why: string) =>
    options.onGiveUp(`The ${d.event} notification for request ${d.id} to ${host} was given up: ${why}.`);

  async function tryOnce(d: Delivery & { key: string }): Promise<"sent" | "retry" | string> {
    const abort = new AbortController();
    current.add(abort);
    const timeout = setTimeout(() => abort.abort(), options.timeoutMs);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "adrails-inbox",
          "x-adrails-event": d.event,
          // The same on every retry: a receiver drops a delivery it already has.
          "x-adrails-delivery": d.key,
          // Standard Webhooks: the id, this try's time and the body, signed together.
          ...(options.secret ? webhookHeaders(options.secret, d.key, d.body) : { "webhook-id": d.key }),
        },
        body: d.body,
        redirect: "manual",
        signal: abort.signal,
      });
      await response.body?.cancel().catch(() => {});
      if (response.ok) return "sent";
      if (response.status >= 500 || [408, 425, 429].includes(response.status)) return "retry";
      return `the webhook answered ${response.status}`;
    } catch {
      return "retry";
    } finally {
      clearTimeout(timeout);
      current.delete(abort);
    }
  }

  async function run(): Promise<void> {
    if (busy || closed) return;
    busy = true;
    try {
      while (!closed && waiting.length > 0) {
        const head = waiting[0]!;
        head.tries += 1;
        const outcome = await tryOnce(head);
        if (closed) return;
        if (outcome === "retry" && head.tries < options.attempts) {
          const delay = Math.min(MAX_BACKOFF_MS, options.backoffMs * 2 ** (head.tries - 1));
          // Jitter: instances retrying one webhook do not hammer it in step.
          timer = setTimeout(
            () => {
              timer = undefined;
              void run();
            },
            delay * (0.8 + Math.random() * 0.4),
          );
          timer.unref?.();
          return;
        }
        waiting.shift();
        if (outcome === "retry") giveUp(head, `no success after ${head.tries} tries`);
        else if (outcome !== "sent") giveUp(head, outcome);
      }
    } finally {
      busy = false;
    }
  }

  return {
    push(d: Delivery): void {
      if (closed) return;
      if (waiting.length >= MAX_QUEUED) {
        giveUp(d, `${MAX_QUEUED} notifications are already waiting for this webhook`);
        return;
      }
      waiting.push({ ...d, tries: 0, key: `msg_${randomUUID().replaceAll("-", "")}` });
      if (!timer) void run();
    },
    size: () => waiting.length,
    close(): void {
      closed = true;
      clearTimeout(timer);
      for (const abort of current) abort.abort();
      waiting.length = 0;
    },
  };
}
