import { request } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inboxApprovals } from "../../src/inbox/approvals.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import type { AuditEvent, ToolResult } from "../../src/types.js";
import { type SimFixture, startSimFixture } from "../toolkit/sim-setup.js";
import {
  drawCreative,
  launchBrowser,
  listen,
  mediaServer,
  PAGE_REFRESH_MS,
  pageKey,
  screenshot,
  seeText,
  serveInbox,
  signIn,
  TOKEN,
  until,
} from "./helpers.js";

const IMAGE = "https://cdn.example.com/creatives/spring.png";

let fx: SimFixture;
let browser: Browser;
let media: Awaited<ReturnType<typeof mediaServer>>;
let inbox: Inbox;
let server: Awaited<ReturnType<typeof serveInbox>>;
let context: BrowserContext;
let page: Page;
let events: AuditEvent[];

beforeAll(async () => {
  fx = await startSimFixture();
  media = await mediaServer();
  browser = await launchBrowser(media.port);
  media.setImage(await drawCreative(browser));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await media?.close();
  await fx?.sim.close();
});

beforeEach(async () => {
  fx.sim.control.reset();
  await server?.close();
  await context?.close();
  inbox = createInbox({ heartbeatMs: 200, abandonAfterMs: 2000, pollMs: 50 });
  server = await serveInbox(inbox);
  context = await browser.newContext();
  page = await context.newPage();
  events = [];
});

/** An agent's ACTIVE push that waits in the inbox; resolves to what the model reads. */
function agentPush(extra: Record<string, unknown> = {}): Promise<ToolResult> {
  const kit = fx.kit({
    ...inboxApprovals(inbox, {
      agent: "nightly-creative-job",
      conversation: "run-42",
      onEvent: (e) => events.push(e),
    }),
  });
  return kit.call("push-creative", fx.push({ status: "ACTIVE", image_url: IMAGE, ...extra }));
}

/** A POST with headers fetch would not send (a foreign Host); resolves to the status. */
function rawPost(port: number, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/decide",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const card = (p: Page, text: string) => p.locator("#pending article", { hasText: text });
const activeAds = () => fx.sim.control.state().ads.filter((ad) => ad.status === "ACTIVE");

describe("the approval inbox in a real browser", { timeout: 40_000 }, () => {
  it("signs in only with the token; a pending item appears with its exact payload and preview", async () => {
    await signIn(page, server.url, "Mallory", "wrong-token-wrong-token");
    await seeText(page.getByRole("alert"), "That token is not right.");
    await signIn(page, server.url);
    await page.getByRole("heading", { name: "Waiting for a decision (0)" }).waitFor();

    const call = agentPush({ headline: "Spring sale", primary_text: "Half price on tents this week" });
    const item = card(page, "Spring sale");
    await item.waitFor({ timeout: 10_000 });
    const text = await item.innerText();
    for (const shown of [
      "push-creative",
      fx.accountId,
      fx.adsetId,
      "Half price on tents this week",
      "https://shop.example.com/spring",
      "ACTIVE",
      "agent nightly-creative-job",
      "conversation run-42",
      `process ${process.pid}`,
    ]) {
      expect(text).toContain(shown);
    }
    const [pending] = await inbox.list();
    expect(text).toContain(pending!.request.fingerprint);
    const img = item.locator("img.preview");
    expect(await img.getAttribute("src")).toBe(IMAGE);
    await until(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth > 0));
    await screenshot(page, "inbox-pending.png");

    await item.getByRole("textbox", { name: /Reason for declining/ }).fill("Not today");
    await item.getByRole("button", { name: "Decline" }).click();
    await call;
  });

  it("approve with a typed sentence gives exactly one ACTIVE ad carrying that sentence", async () => {
    await signIn(page, server.url);
    const call = agentPush({ headline: "Launch me" });
    const item = card(page, "Launch me");
    await item.waitFor();
    const sentence = "I approve this spring ad going live today";
    await item.getByRole("textbox", { name: /Type a sentence/ }).fill(sentence);
    await item.getByRole("button", { name: "Approve and launch" }).click();
    const result = await call;
    expect(result.ok).toBe(true);
    expect(activeAds()).toHaveLength(1);
    expect(activeAds()[0]!.hard_confirm_text).toBe(sentence);
    const adId = activeAds()[0]!.ad_id;

    const done = page.locator("#history article", { hasText: "Launch me" });
    await seeText(done, `ad ${adId} created ACTIVE`);
    await seeText(done, "Approved by Alice Reviewer");

    const audit = await inbox.audit.read();
    expect(audit.map((e) => e.event)).toEqual(["request", "approve", "outcome"]);
    const push = events.find((e) => e.tool === "push-creative")!;
    for (const entry of audit) expect(entry.fingerprint).toBe(push.fingerprint);
    expect(audit[1]).toMatchObject({ decider: "Alice Reviewer", channel: "inbox", text: sentence });
    expect(audit[2]).toMatchObject({ requestId: push.requestId, adId: String(adId), ok: true, status: 200 });
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
    expect(JSON.stringify(audit)).not.toContain(fx.sim.apiKey);
    expect(await page.content()).not.toContain(TOKEN);
    await screenshot(page, "inbox-approved.png");

    // The page as the README shows it: one request waiting above the history.
    const next = agentPush({
      headline: "Summer tents, 30% off",
      primary_text: "Sleep under the stars this July",
    });
    const waiting = card(page, "Summer tents");
    await waiting.waitFor();
    await until(() =>
      waiting
        .locator("img.preview")
        .evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth > 0),
    );
    await screenshot(page, "inbox.png");
    await waiting.getByRole("textbox", { name: /Reason for declining/ }).fill("Not this week");
    await waiting.getByRole("button", { name: "Decline" }).click();
    expect((await next).ok).toBe(false);
  });

  it("decline with a reason gives no ad, and the waiting agent reads the reason", async () => {
    await signIn(page, server.url);
    const call = agentPush({ headline: "Decline me" });
    const item = card(page, "Decline me");
    await item.waitFor();
    await item
      .getByRole("textbox", { name: /Reason for declining/ })
      .fill("The destination page is not ready yet");
    await item.getByRole("button", { name: "Decline" }).click();
    const result = await call;
    expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(JSON.stringify(result)).toContain("The destination page is not ready yet");
    expect(fx.sim.control.state().ads).toHaveLength(0);
    expect(fx.bodies("push-creative")).toHaveLength(0);
    await seeText(page.locator("#history article", { hasText: "Decline me" }), "Declined by Alice Reviewer");
  });

  it("XSS payloads in headline, primary text and destination stay inert text", async () => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, server.url);
    const headline = `<img src=x onerror="window.__xss='headline'">Sale`;
    const primary = `<script>window.__xss='primary'</script><b>bold</b>`;
    const destination = `https://shop.example.com/"><script>window.__xss='dest'</script><a href="javascript:alert(1)">x</a>`;
    const call = agentPush({ headline, primary_text: primary, website_url: destination });
    const item = card(page, "Sale");
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain(headline);
    expect(text).toContain(primary);
    expect(text).toContain(destination);
    expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await item.locator("b, script, img:not(.preview)").count()).toBe(0);
    expect(dialogs).toEqual([]);
    await item.getByRole("textbox", { name: /Reason for declining/ }).fill("XSS test");
    await item.getByRole("button", { name: "Decline" }).click();
    await call;
    expect(await page.evaluate(() => (globalThis as { __xss?: string }).__xss)).toBeUndefined();
  });

  it("refuses a decision without the session, its key, from a foreign origin or host, or without Origin", async () => {
    await signIn(page, server.url);
    const call = agentPush({ headline: "Guard me" });
    await card(page, "Guard me").waitFor();
    const [item] = await inbox.list();
    const key = await pageKey(page);
    expect(key.length).toBeGreaterThan(20);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await context.cookies())[0]).toMatchObject({ httpOnly: true, sameSite: "Strict" });
    const origin = server.url.slice(0, -1);
    const form = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        id: item!.id,
        action: "approve",
        text: "I approve this ad going live",
        fingerprint: item!.request.fingerprint,
        ...extra,
      });
    const post = (headers: Record<string, string>, body = form()) =>
      fetch(new URL("decide", server.url), {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
          ...headers,
        },
        body,
      });

    expect((await post({ origin, "x-adrails-inbox-key": key })).status).toBe(401);
    const foreignOrigin = await post({ cookie, origin: "http://evil.example", "x-adrails-inbox-key": key });
    expect(foreignOrigin.status).toBe(403);
    expect(await foreignOrigin.text()).toContain("another origin");
    // fetch cannot send a foreign Host (DNS rebinding); node:http can.
    const foreignHost = await rawPost(
      server.port,
      { cookie, host: "evil.example", "x-adrails-inbox-key": key },
      form().toString(),
    );
    expect(foreignHost).toBe(403);
    const noKey = await post({ cookie, origin });
    expect(noKey.status).toBe(401);
    const wrongKey = await post({ cookie, origin, "x-adrails-inbox-key": `${key}x` });
    expect(wrongKey.status).toBe(401);
    // Cookie and key but no Origin, Referer or Sec-Fetch-Site: not from this inbox's page.
    const noOrigin = await rawPost(server.port, { cookie, "x-adrails-inbox-key": key }, form().toString());
    expect(noOrigin).toBe(403);

    // A page on another origin (same site: another port) posting a form with the person's cookie.
    const evil = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(
        `<form id=f method=post action="${server.url}decide"><input name=id value="${item!.id}"><input name=action value=approve><input name=text value="I approve this ad going live"><input name=fingerprint value="${item!.request.fingerprint}"></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    const evilPage = await context.newPage();
    const answer = evilPage.waitForResponse((r) => r.url().endsWith("/decide"));
    await evilPage.goto(evil.url);
    expect((await answer).status()).toBe(403);
    await evil.close();

    expect((await inbox.list())[0]!.state).toBe("pending");
    expect(fx.bodies("push-creative")).toHaveLength(0);
    await card(page, "Guard me")
      .getByRole("textbox", { name: /Reason for declining/ })
      .fill("done testing");
    await card(page, "Guard me").getByRole("button", { name: "Decline" }).click();
    await call;
    expect(fx.sim.control.state().ads).toHaveLength(0);
  });

  it("the same approval submitted twice (double click, two tabs) gives one ad", async () => {
    await signIn(page, server.url);
    // Each tab signs in on its own (its key lives in the tab); the browser's cookie is shared.
    const second = await context.newPage();
    await signIn(second, server.url, "Bob Reviewer");
    const call = agentPush({ headline: "Twice" });
    const sentence = "Yes this ad may go live now";
    const tabs = [card(page, "Twice"), card(second, "Twice")];
    for (const tab of tabs) {
      await tab.waitFor();
      await tab.getByRole("textbox", { name: /Type a sentence/ }).fill(sentence);
    }
    // The second tab's form is read before the first tab decides: once the decision lands, the
    // second tab's list refreshes and the form leaves the page.
    await second.evaluate(() => {
      // Runs in the page: the DOM's types are not part of this project's.
      const g = globalThis as unknown as {
        document: { querySelector(s: string): unknown };
        adrailsTestBody?: string;
      };
      const form = g.document.querySelector("#pending form.approve");
      g.adrailsTestBody = new URLSearchParams(
        new (FormData as unknown as new (f: unknown) => FormData)(form) as never,
      ).toString();
    });
    // A double click in the first tab, then the second tab posting the same decision twice at once.
    const statuses: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/decide")) statuses.push(r.status());
    });
    await tabs[0]!.getByRole("button", { name: "Approve and launch" }).dblclick();
    await until(() => statuses.length > 0);
    const other = await second.evaluate(async () => {
      const g = globalThis as unknown as {
        adrailsTestBody?: string;
        sessionStorage: { getItem(k: string): string | null };
      };
      const key = g.sessionStorage.getItem("adrails-inbox-key") ?? "";
      const posts = [0, 1].map(() =>
        fetch("decide", {
          method: "POST",
          headers: {
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
            "x-adrails-inbox-key": key,
          },
          body: g.adrailsTestBody ?? "",
        }),
      );
      return Promise.all(posts.map(async (p) => (await p).status));
    });
    expect((await call).ok).toBe(true);
    expect(statuses).toEqual([200]);
    expect(other).toEqual([409, 409]);
    const all = [...statuses, ...other];
    expect(all.filter((s) => s === 200)).toHaveLength(1);
    expect(all.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(activeAds()).toHaveLength(1);
    expect(fx.bodies("push-creative")).toHaveLength(1);
    await second.close();
  });
});

describe("how often the page reads its list again", { timeout: 40_000 }, () => {
  it("every 1.5 s by default, and as often as the server says (the other tests use refreshMs)", async () => {
    // The page's own interval, as its script module holds it: on a server without refreshMs, the default.
    const pollMs = (p: typeof page) =>
      // A string, so the test runner does not rewrite the page's import().
      p.evaluate(`import(new URL("inbox-page.js", location.href).href).then((m) => m.POLL_MS)`);
    const plain = await listen(createInboxHandler(inbox, { token: TOKEN }));
    const other = await context.newPage();
    try {
      await other.goto(plain.url);
      await other.getByRole("button", { name: "Sign in" }).waitFor();
      expect(await pollMs(other)).toBe(1500);
    } finally {
      await other.close();
      await plain.close();
    }
    // Served with refreshMs, the page holds that interval and keeps reading the list. (How close
    // the reads come to it is the timer's business under load: no wall-clock bounds here.)
    let reads = 0;
    page.on("request", (r) => {
      if (r.url().includes("items.json")) reads++;
    });
    await signIn(page, server.url);
    expect(await pollMs(page)).toBe(PAGE_REFRESH_MS);
    await until(() => reads >= 4);
    expect(() => createInboxHandler(inbox, { token: TOKEN, refreshMs: 10 })).toThrow(/at least 100 ms/);
  });
});
