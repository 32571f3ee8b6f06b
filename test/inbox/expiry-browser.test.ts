// Expiry you can see, in Debian's chromium: the time left ticks on each waiting request without
// moving anything; a request that ran out says "Expired" (and an abandoned one "Abandoned"), apart
// from a decline; a notification's link opens its request, and a decision made on the page
// reaches a loopback webhook, signed.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { createNotifier, itemUrl } from "../../src/inbox/notify.js";
import { launchBrowser, PAGE_REFRESH_MS, screenshot, seeText, serveInbox, signIn, until } from "./helpers.js";
import { NOTIFY_SECRET, pushRequest, validSignature, webhookReceiver } from "./notify-helpers.js";

let browser: Browser;
let inbox: Inbox;
let server: Awaited<ReturnType<typeof serveInbox>>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  inbox = createInbox({ heartbeatMs: 100, abandonAfterMs: 2000, pollMs: 50 });
  server = await serveInbox(inbox);
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
  await server?.close();
  await inbox?.close();
});

const card = (p: Page, section: "pending" | "history", text: string) =>
  p.locator(`#${section} article`, { hasText: text });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A waiting item put straight into the queue by an agent elsewhere that never beats: alive for `aliveMs`. */
const addElsewhere = (to: Inbox, id: string, request: ReturnType<typeof pushRequest>, aliveMs: number) =>
  to.queue.add(
    { id, request, requester: { pid: 1, host: "elsewhere" }, createdAt: Date.now(), state: "pending" },
    aliveMs,
  );

describe("expiry on the inbox page", { timeout: 40_000 }, () => {
  it("shows the time left on a waiting request, ticking, without moving the form or losing typing", async () => {
    await signIn(page, server.url);
    const asked = inbox.ask(pushRequest("apr_clock", 10 * 60_000, "Clock sale"));
    const item = card(page, "pending", "Clock sale");
    await item.waitFor();
    const timer = item.locator(".time-left");
    await seeText(timer, "min");
    expect(await timer.getAttribute("role")).toBe("timer");
    const first = await timer.innerText();
    expect(first).toMatch(/^(9 min [0-5]\d|10 min 00) s left$/);

    const field = item.getByLabel(/Type a sentence/);
    await field.fill("I approve the clock");
    const before = await item.getByRole("button", { name: "Approve and launch" }).boundingBox();
    const timerBox = await timer.boundingBox();
    const texts = new Set([first]);
    for (let i = 0; i < 3; i++) {
      await sleep(1100);
      texts.add(await timer.innerText());
      expect(await item.getByRole("button", { name: "Approve and launch" }).boundingBox()).toEqual(before);
      expect(await timer.boundingBox()).toEqual(timerBox);
    }
    expect(texts.size).toBeGreaterThanOrEqual(3); // it ticks
    expect(await field.inputValue()).toBe("I approve the clock");
    await screenshot(page, "inbox-time-left.png");
    await item.getByLabel(/Reason for declining/).fill("not this one, wrong season");
    await item.getByRole("button", { name: "Decline" }).click();
    await asked;
  });

  it("counts down to Expired, then files it as expired, apart from a declined and an abandoned request", async () => {
    await signIn(page, server.url);
    const soon = inbox.ask(pushRequest("apr_soon", 4000, "Short sale"));
    const declined = inbox.ask(pushRequest("apr_no", 60_000, "Declined sale"));
    // An agent that put its request in and stopped beating: abandoned once its heartbeat lapses.
    await addElsewhere(inbox, "gone-agent", pushRequest("apr_gone", 60_000, "Abandoned sale"), 300);

    const short = card(page, "pending", "Short sale");
    await short.waitFor();
    await until(async () => (await short.locator(".time-left.soon").count()) === 1);
    expect(await short.locator(".time-left").innerText()).toMatch(/^\d s left$/);

    const no = card(page, "pending", "Declined sale");
    await no.getByLabel(/Reason for declining/).fill("the budget is spent this week");
    await no.getByRole("button", { name: "Decline" }).click();
    expect((await declined).decision.approved).toBe(false);

    // Filed by the server's sweep once the request ran out (the page's own countdown is the next test).
    await until(async () => (await card(page, "history", "Short sale").count()) === 1, 10_000);
    expect((await soon).decision.approved).toBe(false);

    const expired = card(page, "history", "Short sale");
    await seeText(expired, "Expired: nobody decided in time", 10_000);
    await seeText(expired, "This is not a decline: the agent can ask again");
    const gone = card(page, "history", "Abandoned sale");
    await seeText(gone, "Abandoned: the agent stopped waiting", 10_000);
    await seeText(gone, "This is not a decline");
    const refused = card(page, "history", "Declined sale");
    await seeText(refused, "Declined by Alice Reviewer");
    expect(await refused.innerText()).not.toContain("not a decline");
    expect(await expired.innerText()).not.toContain("Declined");
    expect(await expired.getAttribute("data-state")).toBe("expired");
    expect(await gone.getAttribute("data-state")).toBe("abandoned");
    const look = (l: typeof expired) =>
      l.evaluate((el) => {
        // The browser's own computed style (the test's tsconfig has no DOM types).
        const view = (el as unknown as { ownerDocument: { defaultView: any } }).ownerDocument.defaultView;
        const style = view.getComputedStyle(el);
        const badge = view.getComputedStyle(el.querySelector(".badge"));
        return `${style.borderTopStyle} ${badge.backgroundColor}`;
      });
    expect(await look(expired)).toBe(await look(gone));
    expect(await look(expired)).not.toBe(await look(refused));
    await screenshot(page, "inbox-expired.png");

    const trail = (await inbox.audit.read()).map((e) => `${e.event}:${e.approvalRequest}`);
    expect(trail).toContain("expire:apr_soon");
    expect(trail).toContain("abandon:apr_gone");
    expect(trail).toContain("decline:apr_no");
    expect(trail.filter((t) => t.endsWith(":apr_soon"))).toEqual(["request:apr_soon", "expire:apr_soon"]);
  });

  it("shows Expired and takes no decision once the time ran out, before the server files it", async () => {
    // No sweeper: the server files the item when a poll finds it past its expiry. The inbox takes
    // a decision only until 1 s before expiry, and the page's countdown ends there.
    await server.close();
    const { listen } = await import("./helpers.js");
    const { createInboxHandler } = await import("../../src/inbox/handler.js");
    const { TOKEN } = await import("./helpers.js");
    const slow = createInbox({ heartbeatMs: 100, abandonAfterMs: 60_000, pollMs: 50 });
    // The page's default refresh: a read of the list after the expiry would file the item, and the
    // test checks that the page said Expired while the server still had it as waiting.
    server = await listen(createInboxHandler(slow, { token: TOKEN, sweepMs: 60_000 }));
    await signIn(page, server.url);
    // Nobody waits on this item (no ask): only the page's clock and the sweep can say it ran out.
    await addElsewhere(slow, "ran-out", pushRequest("apr_ranout", 5000, "Ran out sale"), 60_000);
    const item = card(page, "pending", "Ran out sale");
    await seeText(item.locator(".time-left"), "s left");
    await seeText(item.locator(".time-left"), "Expired", 8000);
    const seen = await item.evaluate((el) => ({
      result: el.querySelector(".result")?.textContent,
      disabled: [...el.querySelectorAll("form button")].map(
        (b) => (b as unknown as { disabled: boolean }).disabled,
      ),
    }));
    expect(seen.result).toContain("This request expired: nobody can approve it now");
    expect(seen.disabled).toEqual([true, true]);
    // The server still had it as waiting: the page said so first.
    expect((await slow.queue.get("ran-out"))!.state).toBe("pending");
    await slow.close();
  });

  it("opens a notification's approve_url on that request", async () => {
    const asked = inbox.ask(pushRequest("apr_link", 60_000, "Linked sale"));
    const item = await until(async () => (await inbox.queue.list(5))[0]);
    await signIn(page, itemUrl(server.url, item!.id));
    const linked = card(page, "pending", "Linked sale");
    await linked.waitFor();
    await until(async () => (await linked.getAttribute("class"))?.includes("opened"));
    await inbox.decide(item!.id, { approved: false, reason: "test over" }, "tester");
    await asked;
  });

  it("a decision made in the browser reaches a loopback webhook, signed, with the link the person used", async () => {
    const receiver = await webhookReceiver();
    await server.close();
    const { listen, TOKEN } = await import("./helpers.js");
    const { createInboxHandler } = await import("../../src/inbox/handler.js");
    const { memoryQueue } = await import("../../src/inbox/memory-queue.js");
    const queue = memoryQueue();
    let notifier: ReturnType<typeof createNotifier> | undefined;
    const watched = createInbox({
      queue,
      heartbeatMs: 100,
      pollMs: 50,
      watch: (items) => notifier?.watch(items),
    });
    server = await listen(
      createInboxHandler(watched, { token: TOKEN, sweepMs: 200, refreshMs: PAGE_REFRESH_MS }),
    );
    notifier = createNotifier(queue, { urls: [receiver.url], secret: NOTIFY_SECRET, publicUrl: server.url });
    try {
      const asked = watched.ask(pushRequest("apr_browser", 60_000, "Webhook sale"));
      await until(() => receiver.delivered().some((b) => b.event === "approval.requested"));
      const requested = receiver.delivered()[0]!;
      // The person follows the notification's link.
      await signIn(page, String(requested.approve_url), "Carla Reviewer");
      const item = card(page, "pending", "Webhook sale");
      await item.getByLabel(/Type a sentence/).fill("I approve this webhook sale going live");
      await item.getByRole("button", { name: "Approve and launch" }).click();
      expect((await asked).decision.approved).toBe(true);
      await until(() => receiver.delivered().some((b) => b.event === "approval.decided"));
      expect(receiver.delivered()[1]).toMatchObject({
        event: "approval.decided",
        id: requested.id,
        decision: "approved",
        decided_by: "Carla Reviewer",
      });
      expect(receiver.got.every((r) => validSignature(r))).toBe(true);
      expect(receiver.got.map((r) => r.body).join("\n")).not.toContain("webhook sale going live");
    } finally {
      notifier.close();
      await watched.close();
      await receiver.close();
    }
  });
});
