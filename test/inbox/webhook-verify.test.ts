import { afterEach, describe, expect, it } from "vitest";
import { memoryQueue } from "../../src/inbox/memory-queue.js";
import { createNotifier, type NotifyEvent, slackText } from "../../src/inbox/notify.js";
import type { InboxItem } from "../../src/inbox/types.js";
import { verifyWebhook, webhookHeaders, webhookSignature } from "../../src/inbox/webhook.js";
import { NOTIFY_SECRET, pushRequest, type Received, webhookReceiver } from "./notify-helpers.js";

// Issue 40, webhooks: notifications are signed in the Standard Webhooks layout (the id and a
// timestamp with the body); the documented receiver (`verifyWebhook` from adrails/inbox) refuses
// a replay after 5 minutes and a repeated id; Slack text never turns an agent's URL into a link.

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

function item(id: string, headline?: string): InboxItem {
  return {
    id,
    request: pushRequest(id, 30_000, headline),
    requester: { pid: process.pid, host: "test" },
    createdAt: Date.now(),
    state: "pending",
  };
}

async function until<T>(check: () => T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("webhook signatures (Standard Webhooks)", () => {
  it("match the specification's example", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    const body = '{"test": 2432232314}';
    expect(webhookSignature(secret, id, 1614265330, body)).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
    const headers = webhookHeaders(secret, id, body, 1614265330_000);
    expect(await verifyWebhook(secret, headers, body, { now: 1614265330_000 })).toEqual({
      ok: true,
      id,
      timestamp: 1614265330,
    });
  });

  it("refuse another body, id, time or secret, a notification older than 5 minutes and a repeated id", async () => {
    const body = '{"event":"approval.requested"}';
    const now = Date.now();
    const headers = webhookHeaders(NOTIFY_SECRET, "msg_1", body, now);
    const reason = async (h: Record<string, string>, b = body, secret = NOTIFY_SECRET, at = now) => {
      const check = await verifyWebhook(secret, h, b, { now: at });
      return check.ok ? "ok" : check.reason;
    };
    expect(await reason(headers)).toBe("ok");
    expect(await reason(headers, '{"event":"approval.decided"}')).toBe("bad-signature");
    expect(await reason({ ...headers, "webhook-id": "msg_2" })).toBe("bad-signature");
    expect(await reason({ ...headers, "webhook-timestamp": String(Math.floor(now / 1000) + 1) })).toBe(
      "bad-signature",
    );
    expect(await reason(headers, body, "another-secret-0123456789")).toBe("bad-signature");
    expect(await reason({ "content-type": "application/json" })).toBe("missing-headers");
    expect(await reason(headers, body, NOTIFY_SECRET, now + 299_000)).toBe("ok");
    expect(await reason(headers, body, NOTIFY_SECRET, now + 301_000)).toBe("too-old");
    expect(await reason(headers, body, NOTIFY_SECRET, now - 400_000)).toBe("too-new");

    const seen = new Set<string>();
    expect((await verifyWebhook(NOTIFY_SECRET, headers, body, { seen, now })).ok).toBe(true);
    const again = await verifyWebhook(NOTIFY_SECRET, headers, body, { seen, now });
    expect(again).toMatchObject({ ok: false, reason: "repeated" });
    // A rotated secret: the sender may give two signatures, one that holds is enough.
    const both = { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` };
    expect(await reason(both)).toBe("ok");
  });

  it("are what an inbox's notifier sends: a retry keeps the id with a fresh signature, a captured one replays nowhere", async () => {
    const receiver = await webhookReceiver({ failures: 1 });
    const notifier = createNotifier(memoryQueue(), {
      urls: [receiver.url],
      secret: NOTIFY_SECRET,
      publicUrl: "http://127.0.0.1:1/",
      backoffMs: 50,
    });
    open.push(receiver, { close: () => notifier.close() });
    await notifier.watch([item("apr_webhook")]);
    const [failed, delivered] = await until(() => receiver.got.length >= 2 && receiver.got);
    const id = (r: Received) => r.headers["webhook-id"];
    expect(id(delivered!)).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(id(failed!)).toBe(id(delivered!));
    expect(delivered!.headers["x-adrails-delivery"]).toBe(id(delivered!));
    expect(delivered!.headers["x-adrails-signature"]).toBeUndefined();

    const seen = new Set<string>();
    const headers = delivered!.headers;
    expect(await verifyWebhook(NOTIFY_SECRET, headers, delivered!.body, { seen })).toMatchObject({
      ok: true,
    });
    expect(await verifyWebhook(NOTIFY_SECRET, headers, delivered!.body, { seen })).toMatchObject({
      ok: false,
      reason: "repeated",
    });
    // The same capture to a receiver that never saw it, 6 minutes later: too old.
    const later = await verifyWebhook(NOTIFY_SECRET, headers, delivered!.body, { now: Date.now() + 360_000 });
    expect(later).toMatchObject({ ok: false, reason: "too-old" });
  });
});

describe("Slack text", () => {
  const event = (summary: string): NotifyEvent => ({
    event: "approval.requested",
    id: "apr_1",
    tool: "push-creative",
    account: "act_1001",
    summary,
    approve_url: "https://inbox.example.com/?item=apr_1",
    expires_at: "2026-12-07T20:00:00.000Z",
    state: "pending",
    sent_at: "2026-12-07T19:00:00.000Z",
  });

  it("never turns an agent's URL into a link: not a <url|label> link, not a bare URL", () => {
    const text = slackText(
      event('push-creative: ACTIVE ad "<https://evil.example|Click> or https://evil.example/login"'),
    );
    expect(text).toContain("<https://inbox.example.com/?item=apr_1|Open in the inbox>");
    const agent = text.slice(text.indexOf("`"), text.lastIndexOf("`") + 1);
    expect(agent).toBe(
      '`push-creative: ACTIVE ad "&lt;https:\u200d//evil.example|Click&gt; or https:\u200d//evil.example/login"`',
    );
    expect(text.replace("<https://inbox.example.com/", "")).not.toMatch(/<https?:|https?:\/\//);
  });

  it("keeps an agent's backtick from closing the code", () => {
    const text = slackText(event("a ` <!channel> http://x.example"));
    expect(text.match(/`/g)).toHaveLength(2);
    expect(text).not.toContain("<!channel>");
    expect(text).not.toContain("http://x");
  });
});
