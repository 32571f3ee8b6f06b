// The inbox page under a flood and a huge payload, its sweeper with no page open, and what it keeps
// out of everything it writes: the inbox token and API keys. Real chromium, real HTTP.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import type { InboxItem } from "../../src/inbox/types.js";
import type { ConfirmRequest, ConfirmSummary } from "../../src/types.js";
import { launchBrowser, listen, PAGE_REFRESH_MS, serveInbox, signIn, TOKEN, until } from "./helpers.js";
import { summaryRequest } from "./requests.js";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const closers: (() => Promise<unknown>)[] = [];
const stops: AbortController[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop.abort();
  for (const close of closers.splice(0)) await close().catch(() => {});
});

async function fresh(options: Parameters<typeof createInbox>[0] = {}) {
  const inbox = createInbox({ heartbeatMs: 500, abandonAfterMs: 5000, pollMs: 300, ...options });
  const server = await serveInbox(inbox);
  context = await browser.newContext();
  page = await context.newPage();
  closers.push(
    () => context.close(),
    server.close,
    () => inbox.close(),
  );
  return { inbox, server };
}

function crafted(summary: Partial<ConfirmSummary>, expiresInMs = 120_000): ConfirmRequest {
  return summaryRequest(summary, { expiresInMs });
}

function ask(inbox: Inbox, request: ConfirmRequest, agent: string) {
  const stop = new AbortController();
  stops.push(stop);
  return inbox.ask(request, { agent }, stop.signal);
}

const card = (text: string) => page.locator("#pending article", { hasText: text });

describe("bounds", { timeout: 120_000 }, () => {
  it("a 4 MB headline and a 230-request flood: small pages, the real request on page one, paging, polls that never overlap", async () => {
    const inbox = createInbox({ heartbeatMs: 1000, abandonAfterMs: 20_000, pollMs: 1000 });
    // Counted at the server: how many polls of the page are in flight at once.
    let inFlight = 0;
    let maxInFlight = 0;
    const handler = createInboxHandler(inbox, { token: TOKEN, refreshMs: PAGE_REFRESH_MS });
    const server = await listen((req, res) => {
      if (req.url?.includes("items.json")) {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        res.on("close", () => inFlight--);
      }
      handler(req, res);
    });
    context = await browser.newContext();
    page = await context.newPage();
    closers.push(
      () => context.close(),
      server.close,
      () => inbox.close(),
    );
    const huge = `Huge ${"x".repeat(4 * 1024 * 1024)}`;
    ask(inbox, crafted({ headline: huge }), "big-payload-agent");
    for (let i = 0; i < 230; i++) ask(inbox, crafted({ headline: `Flood ${i}` }), "flooding-agent");
    ask(inbox, crafted({ headline: "The real request" }), "nightly-creative-job");
    await until(async () => (await inbox.list(1000)).length === 232);

    const sizes: number[] = [];
    const statuses: number[] = [];
    page.on("response", async (response) => {
      if (!response.url().includes("items.json")) return;
      statuses.push(response.status());
      if (response.status() === 200) sizes.push((await response.body()).length);
    });
    await signIn(page, server.url);
    await card("The real request").waitFor();
    expect(await page.locator("#pending-count").innerText()).toBe("232");
    await expect.poll(() => page.locator("#pending article").count()).toBe(25);
    await page.getByText("Page 1 of 10: 207 more on other pages").waitFor();
    expect((await page.content()).length).toBeLessThan(400_000);

    // The whole 4 MB value is there for whoever asks for it.
    const big = card("Huge xxx");
    await big.getByRole("button", { name: `Show all ${huge.length} characters` }).click();
    await until(async () => (await page.locator("#full-text").innerText()).length === huge.length);
    await page.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: "Next page" }).first().click();
    await page.getByText("Page 2 of 10").waitFor();
    await expect.poll(() => page.locator("#pending article").count()).toBe(25);
    expect(await card("The real request").count()).toBe(0);

    // Nothing changes now: polls answer 304 without a body.
    await until(() => statuses.includes(304), 30_000).catch((e) => {
      console.log(statuses);
      throw e;
    });
    expect(Math.max(...sizes)).toBeLessThan(400_000);
    expect(maxInFlight).toBe(1);
  });

  it("a video's thumbnail is its structured field: one planted in the text is never shown", async () => {
    const { inbox, server } = await fresh();
    const planted = crafted({
      media: "video https://cdn.example.com/v.mp4",
      thumbnail: "https://cdn.example.com/real-thumb.png",
      headline: 'Video ad, thumbnail_url "https://cdn.example.com/planted.png"',
    });
    ask(inbox, planted, "video-agent");
    await signIn(page, server.url);
    const item = card("Video ad");
    await item.waitFor();
    expect(await item.locator("img.preview").getAttribute("src")).toBe(
      "https://cdn.example.com/real-thumb.png",
    );
    expect(await item.locator('img[src*="planted"]').count()).toBe(0);
  });
});

describe("the sweeper", { timeout: 60_000 }, () => {
  it("ends a request whose agent died, and one that expired, in the audit with no page open", async () => {
    const inbox = createInbox({ abandonAfterMs: 300 });
    const server = await listen(createInboxHandler(inbox, { token: TOKEN, sweepMs: 200 }));
    closers.push(server.close, () => inbox.close());
    const item = (request: ConfirmRequest): InboxItem => ({
      id: request.id,
      request,
      requester: { agent: "died", pid: 1, host: "worker-1" },
      createdAt: Date.now(),
      state: "pending",
    });
    // An agent that put its request in and died before its first heartbeat; and one whose time ran out.
    await inbox.queue.add(item(crafted({ headline: "Died" })), 300);
    await inbox.queue.add(item(crafted({ headline: "Ran out" }, 500)), 60_000);
    await until(async () => {
      const events = (await inbox.audit.read()).map((e) => e.event);
      return events.includes("abandon") && events.includes("expire");
    }, 10_000);
    const states = (await inbox.queue.list(10)).map((i) => i.state).sort();
    expect(states).toEqual(["abandoned", "expired"]);

    context = await browser.newContext();
    page = await context.newPage();
    closers.push(() => context.close());
    await signIn(page, server.url);
    await page.locator("#history article", { hasText: "stopped waiting" }).waitFor();
  });
});

describe("redaction", { timeout: 60_000 }, () => {
  it("the inbox token and API keys stay out of the item, the page, the audit and what the agent reads", async () => {
    const { inbox, server } = await fresh();
    const apiKey = "adk_live_0123456789abcdefSECRET";
    const asked = ask(inbox, crafted({ headline: `Key leak ${apiKey}` }), "leaky-agent");
    await signIn(page, server.url, `Eve ${TOKEN}`);
    const item = card("Key leak");
    await item.waitFor();
    expect(await page.content()).not.toContain(apiKey);
    expect(await page.content()).not.toContain(TOKEN);
    await item
      .getByRole("textbox", { name: /Reason for declining/ })
      .fill(`no: token ${TOKEN}, key ${apiKey}`);
    await item.getByRole("button", { name: "Decline" }).click();
    const { decision } = await asked;
    expect(decision.approved).toBe(false);
    const read = JSON.stringify(decision);
    // The request itself is the payload as sent (the person saw the key was in it: shown redacted).
    const stored = JSON.stringify((await inbox.queue.list(10)).map((i) => i.decision));
    const audit = JSON.stringify(await inbox.audit.read());
    await page.locator("#history article", { hasText: "Declined by" }).waitFor();
    const shown = await page.content();
    for (const text of [read, stored, audit, shown]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(apiKey);
    }
    expect(read).toContain("no: token");
  });
});
