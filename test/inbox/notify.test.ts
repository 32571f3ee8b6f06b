// Webhook notifications from a real inbox server (memory queue): a loopback receiver checks the
// signature and the events; a failing webhook is retried and never holds up a decision; the slack
// format; no token, key or person's sentence in any notification, in any spelling.
import { afterEach, describe, expect, it } from "vitest";
import { secretForms } from "../../src/client/redact.js";
import { inboxDesk } from "../../src/inbox/desk.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { memoryQueue } from "../../src/inbox/memory-queue.js";
import { createNotifier, type Notifier, type NotifyOptions } from "../../src/inbox/notify.js";
import { listen, TOKEN, until } from "./helpers.js";
import {
  inboxSession,
  NOTIFY_SECRET,
  pushRequest,
  validSignature,
  webhookReceiver,
} from "./notify-helpers.js";

const API_KEY = "adk_live_notifyTestKey0123456789";
const SENTENCE = "I approve this spring tent launch going live today";
const REASON = "Too expensive for this week's budget, try next month";

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;
const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

/** An inbox page on a loopback server whose sweeper feeds a notifier to `receiver`. */
async function inboxWithNotifier(receiver: Receiver, options: Partial<NotifyOptions> = {}) {
  const queue = memoryQueue();
  let notifier: Notifier | undefined;
  const gaveUp: string[] = [];
  const inbox: Inbox = createInbox({
    queue,
    heartbeatMs: 100,
    abandonAfterMs: 2000,
    pollMs: 50,
    watch: (items) => notifier?.watch(items),
  });
  const server = await listen(createInboxHandler(inbox, { token: TOKEN, sweepMs: 150 }));
  notifier = createNotifier(queue, {
    urls: [receiver.url],
    secret: NOTIFY_SECRET,
    publicUrl: server.url,
    secrets: [TOKEN, API_KEY],
    backoffMs: 100,
    onGiveUp: (m) => gaveUp.push(m),
    ...options,
  });
  open.push(receiver, { close: () => inbox.close() }, server, { close: () => notifier?.close() });
  return { inbox, server, session: await inboxSession(server.url, TOKEN), gaveUp };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const events = (r: Receiver, id: string) =>
  r
    .delivered()
    .filter((b) => b.id === id)
    .map((b) => b.event);

describe("inbox webhook notifications", { timeout: 30_000 }, () => {
  it("posts approval.requested and approval.decided once each, signed, with a link to the request", async () => {
    const receiver = await webhookReceiver();
    const { inbox, server, session } = await inboxWithNotifier(receiver);
    const request = pushRequest("apr_signed", 30_000);
    const asked = inbox.ask(request, { agent: "nightly-job" });
    const id = (await until(async () => (await session.pendingIds())[0]))!;
    await until(() => events(receiver, id).includes("approval.requested"));

    expect(await session.decide(id, request.fingerprint, { text: SENTENCE })).toBe(200);
    expect((await asked).decision).toMatchObject({ approved: true, text: SENTENCE });
    await until(() => events(receiver, id).includes("approval.decided"));
    await sleep(600); // several sweeps: nothing is sent twice
    expect(events(receiver, id)).toEqual(["approval.requested", "approval.decided"]);

    for (const r of receiver.got) {
      expect(validSignature(r)).toBe(true);
      expect(validSignature(r, "another-secret-0123456789")).toBe(false);
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["x-adrails-event"]).toBe(JSON.parse(r.body).event);
    }
    const [requested, decided] = receiver.delivered();
    expect(requested).toMatchObject({
      event: "approval.requested",
      id,
      tool: "push-creative",
      account: "act_1001",
      approve_url: `${server.url}?item=${id}`,
      expires_at: new Date(request.expiresAt).toISOString(),
      state: "pending",
    });
    expect(requested!.summary).toBe('push-creative: ACTIVE ad "Spring sale" in ad set 2002 of act_1001');
    expect(decided).toMatchObject({
      event: "approval.decided",
      id,
      decision: "approved",
      decided_by: "Alice Reviewer",
    });
  });

  it("warns a minute before expiry (here 1.5 s), then says it expired; the audit records an expiry, not a decline", async () => {
    const receiver = await webhookReceiver();
    const { inbox } = await inboxWithNotifier(receiver, { expiringMs: 1500 });
    const asked = inbox.ask(pushRequest("apr_expiring", 3500));
    const item = await until(async () => (await inbox.queue.list(10))[0]);
    const id = item!.id;
    const { decision } = await asked;
    expect(decision.approved).toBe(false);
    await until(() => events(receiver, id).includes("approval.expired"));
    await sleep(500);
    expect(events(receiver, id)).toEqual(["approval.requested", "approval.expiring", "approval.expired"]);
    const expiring = receiver.delivered().find((b) => b.event === "approval.expiring")!;
    expect(Date.parse(String(expiring.sent_at))).toBeGreaterThanOrEqual(item!.request.expiresAt - 1500 - 50);
    expect(receiver.delivered().find((b) => b.event === "approval.expired")).toMatchObject({
      state: "expired",
    });
    const trail = (await inbox.audit.read()).filter((e) => e.id === id).map((e) => e.event);
    expect(trail).toEqual(["request", "expire"]);
  });

  it("notifies a request posted with no waiter (a pending result), and again when it is asked anew after expiring", async () => {
    const receiver = await webhookReceiver();
    const { inbox, server, session } = await inboxWithNotifier(receiver);
    const desk = inboxDesk(inbox, { url: server.url });
    const first = pushRequest("apr_desk", 1200, "Desk sale");
    const { url } = await desk.post(first);
    await until(() => events(receiver, "apr_desk").includes("approval.expired"), 10_000);
    expect(receiver.delivered()[0]!.approve_url).toBe(url);
    // Asked again: same request id, a later ask, a new item in its place.
    const again = { ...pushRequest("apr_desk", 30_000, "Desk sale"), askedAt: Date.now() };
    await desk.post(again);
    await until(() => events(receiver, "apr_desk").filter((e) => e === "approval.requested").length === 2);
    expect(await session.decide("apr_desk", again.fingerprint, { text: SENTENCE })).toBe(200);
    await until(() => events(receiver, "apr_desk").includes("approval.decided"));
    await sleep(500);
    expect(events(receiver, "apr_desk")).toEqual([
      "approval.requested",
      "approval.expired",
      "approval.requested",
      "approval.decided",
    ]);
  });

  it("retries a failing webhook with backoff, with the same delivery id, and never holds up a decision", async () => {
    // Each of the first three tries hangs 800 ms, then fails.
    const receiver = await webhookReceiver({ failures: 3, slowMs: 800 });
    const { inbox, session } = await inboxWithNotifier(receiver);
    const request = pushRequest("apr_retry", 30_000);
    const asked = inbox.ask(request);
    const id = (await until(async () => (await session.pendingIds())[0]))!;
    expect(await session.decide(id, request.fingerprint, { text: SENTENCE })).toBe(200);
    // Answered before the decision's webhook got even a first (800 ms, failing) answer.
    const answered = receiver.got.map((r) => JSON.parse(r.body) as { id?: string; event?: string });
    expect(answered.filter((b) => b.id === id).map((b) => b.event)).not.toContain("approval.decided");
    expect((await asked).decision.approved).toBe(true);
    expect(receiver.got.filter((r) => r.ok)).toHaveLength(0); // the webhook was still failing

    await until(() => events(receiver, id).includes("approval.decided"), 15_000);
    await sleep(400);
    expect(events(receiver, id)).toEqual(["approval.requested", "approval.decided"]);
    const failed = receiver.got.filter((r) => !r.ok);
    expect(failed).toHaveLength(3);
    const delivery = (r: (typeof failed)[0]) => r.headers["x-adrails-delivery"];
    const requested = receiver.got.find((r) => r.ok && JSON.parse(r.body).event === "approval.requested")!;
    for (const r of failed) expect(delivery(r)).toBe(delivery(requested));
    expect(failed.every((r) => r.body === requested.body)).toBe(true);
  });

  it("gives up after the last try and says so without the webhook's path", async () => {
    const receiver = await webhookReceiver({ failures: 100 });
    const { inbox, session, gaveUp } = await inboxWithNotifier(receiver, { attempts: 3, backoffMs: 50 });
    const asked = inbox.ask(pushRequest("apr_giveup", 30_000));
    const id = (await until(async () => (await session.pendingIds())[0]))!;
    await until(() => gaveUp.length > 0);
    expect(receiver.got).toHaveLength(3);
    expect(gaveUp[0]).toContain(`approval.requested notification for request ${id}`);
    expect(gaveUp[0]).toContain("no success after 3 tries");
    await session.decide(id, `sha256:apr_giveup`, { reason: "not today, the budget is spent" });
    await asked;
  });

  it("posts Slack incoming-webhook text in which an agent's text cannot mention or link", async () => {
    const receiver = await webhookReceiver();
    const { inbox, server, session } = await inboxWithNotifier(receiver, { format: "slack" });
    const request = pushRequest("apr_slack", 30_000, "<!channel> Spring <https://evil.example|sale>");
    const asked = inbox.ask(request);
    const id = (await until(async () => (await session.pendingIds())[0]))!;
    await session.decide(id, request.fingerprint, { reason: REASON });
    await asked;
    await until(() => receiver.delivered().length === 2);
    const [requested, decided] = receiver.delivered().map((b) => String(b.text));
    expect(Object.keys(receiver.delivered()[0]!)).toEqual(["text"]);
    expect(requested).toContain(`<${server.url}?item=${id}|Open in the inbox>`);
    expect(requested).toContain("Approval needed: `push-creative: ACTIVE ad");
    expect(requested).toContain('&lt;!channel&gt; Spring &lt;https:\u200d//evil.example|sale&gt;"');
    expect(requested).not.toContain("<!channel>");
    expect(requested).not.toContain("https://evil");
    expect(decided).toContain("Declined by `Alice Reviewer`");
    expect(decided).not.toContain(REASON);
    expect(receiver.got.every((r) => validSignature(r))).toBe(true);
  });

  it("never puts the inbox token, an API key or a person's sentence in a notification, in any spelling", async () => {
    for (const format of ["json", "slack"] as const) {
      const receiver = await webhookReceiver();
      const { inbox, server } = await inboxWithNotifier(receiver, { format });
      // The person typed the token into their name; the agent put the token and a key in the headline.
      const eve = await inboxSession(server.url, TOKEN, `Eve ${TOKEN}`);
      const headline = `Spring ${TOKEN} ${API_KEY} ${Buffer.from(TOKEN).toString("base64")}`;
      const yes = pushRequest("apr_secret_yes", 30_000, headline);
      const no = pushRequest("apr_secret_no", 30_000, headline);
      const asks = [inbox.ask(yes), inbox.ask(no)];
      const ids = await until(async () => {
        const found = await eve.pendingIds();
        return found.length === 2 ? found : undefined;
      });
      const items = await Promise.all(ids!.map((i) => inbox.queue.get(i)));
      for (const item of items) {
        expect(
          await eve.decide(
            item!.id,
            item!.request.fingerprint,
            item!.request.id === yes.id ? { text: SENTENCE } : { reason: REASON },
          ),
        ).toBe(200);
      }
      await Promise.all(asks);
      await until(() => receiver.delivered().length === 4);
      const bodies = receiver.got.map((r) => r.body);
      const all = bodies.join("\n");
      expect(all).toContain("Spring");
      for (const secret of [TOKEN, API_KEY, SENTENCE, REASON, NOTIFY_SECRET]) {
        const spellings = [
          ...secretForms(secret),
          encodeURIComponent(secret),
          JSON.stringify(secret).slice(1, -1),
          Buffer.from(secret).toString("base64"),
        ];
        for (const spelling of spellings) expect(all, `${format}: ${spelling}`).not.toContain(spelling);
      }
      // The sentence and the reason are not there even in part.
      expect(all).not.toContain("spring tent launch");
      expect(all).not.toContain("budget");
      for (const thing of open.splice(0).reverse()) await thing.close();
    }
  });
});
