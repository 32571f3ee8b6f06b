import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxDesk } from "../../src/inbox/desk.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { inboxPlans } from "../../src/inbox/plans.js";
import { FIELD_CAP } from "../../src/inbox/render.js";
import { createAdTools } from "../../src/toolkit.js";
import { unique, useWorld } from "../approval-records/support.js";
import { launchBrowser, screenshot, serveInbox, signIn } from "../inbox/helpers.js";

// The inbox page in Debian's chromium: a plan of N payloads is one card showing each of them
// (long fields capped, like any other field), and one click approves the whole list.

const w = useWorld();
let inbox: Inbox;
let server: Awaited<ReturnType<typeof serveInbox>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  inbox = createInbox({ heartbeatMs: 200, abandonAfterMs: 3000, pollMs: 50 });
  server = await serveInbox(inbox);
  browser = await launchBrowser();
  page = await browser.newPage();
  await signIn(page, server.url);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await inbox?.close();
});

/** How long a single request the toolkit posts to the inbox (a desk) waits for a person, by default. */
async function deskRequestTtl(): Promise<number> {
  const desk = inboxDesk(createInbox(), { url: "http://127.0.0.1:1/" });
  let ttl = 0;
  const toolkit = createAdTools({
    apiKey: w.sim.apiKey,
    baseUrl: w.sim.url,
    rateLimit: false,
    desk: {
      ...desk,
      post: (request, requester) => {
        ttl = request.expiresAt - request.askedAt;
        return desk.post(request, requester);
      },
    },
  });
  const pending = await toolkit.call("push-creative", w.push(unique("Single request ttl")));
  expect(pending.ok).toBe("pending");
  return ttl;
}

describe("a plan in the inbox page", { timeout: 60_000 }, () => {
  it("shows all N payloads in one card, and one click approves the list", async () => {
    const heads = [
      unique("Page plan A"),
      unique("Page plan B"),
      unique("Page plan C"),
      unique("Page plan D"),
    ];
    const long = `Spring offer ${"with every detail spelled out ".repeat(40)}end of text`;
    const inputs = heads.map((h, i) => w.push(h, i === 2 ? { primary_text: long } : {}));
    const toolkit = createAdTools({ apiKey: w.sim.apiKey, baseUrl: w.sim.url, rateLimit: false });
    const asked = toolkit.askMany("push-creative", inputs, {
      channel: inboxPlans(inbox, { agent: "plan-browser-test" }),
    });

    const card = page.locator("#pending article", { hasText: heads[0]! });
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator("#pending article").count()).toBe(1);
    const payloads = card.locator("li.plan-payload");
    expect(await payloads.count()).toBe(4);
    for (const [i, h] of heads.entries()) await expect.poll(() => payloads.nth(i).innerText()).toContain(h);
    // The long text is capped like any other field, and can be read in full.
    const third = payloads.nth(2);
    expect((await third.innerText()).includes("end of text")).toBe(false);
    await third.getByRole("button", { name: `Show all ${long.length} characters` }).click();
    await expect.poll(() => page.locator("#full-text").innerText()).toBe(long);
    await page.locator("#full-close").click();
    expect(long.length).toBeGreaterThan(FIELD_CAP);
    // Its time left counts down like a single request's, from the same default expiry.
    const left = card.getByRole("timer");
    await expect.poll(() => left.innerText()).toMatch(/^(59 min \d\d s|1 h 00 min) left$/);
    const [item] = await inbox.list();
    const planTtl = item!.request.expiresAt - item!.request.askedAt;
    expect(planTtl).toBe(60 * 60_000);
    const single = await deskRequestTtl();
    expect(planTtl).toBe(single);
    await screenshot(page, "plan-pending.png");

    expect(heads.map((h) => w.sent(h).length)).toEqual([0, 0, 0, 0]);
    await card.getByRole("textbox", { name: /Type a sentence/ }).fill("I approve these four ads going live");
    await card.getByRole("button", { name: "Approve all 4 and launch" }).click();

    const plan = await asked;
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    for (const input of inputs) expect((await plan.call(input)).ok).toBe(true);
    expect(heads.map((h) => w.live(h))).toEqual([1, 1, 1, 1]);
    // One decision: no other card waits.
    await page.reload();
    await expect.poll(() => page.locator("#pending article").count()).toBe(0);
  });
});
