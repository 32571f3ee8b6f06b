// A page on another port of the same host (the agent's) sets cookies: cookies are not isolated by
// port, yet every open inbox tab stays signed in, because each tab's key names its own cookie.
// Over https the cookie is `__Host-` and Secure. Real chromium, real servers.
import { createServer as createHttpsServer } from "node:https";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox } from "../../src/inbox/inbox.js";
import { launchBrowser, listen, serveInbox, signIn, TOKEN, testCertificate, until } from "./helpers.js";
import { waitingItem } from "./scale-helpers.js";

let browser: Browser;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  await browser?.close();
});

describe("the inbox cookie and other ports", { timeout: 90_000 }, () => {
  it("a page on the agent's port that sets cookies signs no inbox tab out", async () => {
    const inbox = createInbox();
    closers.push(() => inbox.close());
    const server = await serveInbox(inbox);
    closers.push(server.close);
    // The agent's port: sets the old cookie name, and any name its script can think of.
    const agent = await listen((_req, res) => {
      res.writeHead(200, {
        "content-type": "text/html",
        "set-cookie": ["adrails_inbox=evil; Path=/", "adrails_inbox_x=evil; Path=/"],
      });
      res.end(`<script>document.cookie = "adrails_inbox=evil2; path=/";</script><p>agent</p>`);
    });
    closers.push(agent.close);
    const context = await browser.newContext();
    closers.push(() => context.close());
    const tabs = [await context.newPage(), await context.newPage()];
    for (const tab of tabs) await signIn(tab, server.url);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names.filter((n) => n.startsWith("adrails_inbox_"))).toHaveLength(2);

    const visit = await context.newPage();
    await visit.goto(agent.url);
    await visit.getByText("agent").waitFor();
    await until(async () => (await context.cookies()).some((c) => c.name === "adrails_inbox_x"));

    // Both tabs keep reading: a new request shows in each, no sign-in form.
    await inbox.queue.add(waitingItem(1, { headline: "After the agent's cookies" }), 60_000);
    for (const tab of tabs) {
      await tab.locator("#pending article", { hasText: "After the agent's cookies" }).waitFor();
      expect(await tab.locator("#signin").isHidden()).toBe(true);
    }
    // Signing one tab out leaves the other signed in.
    await tabs[0]!.getByRole("button", { name: "Sign out" }).click();
    await tabs[0]!.locator("#signin").waitFor();
    await inbox.queue.add(waitingItem(2, { headline: "Second request" }), 60_000);
    await tabs[1]!.locator("#pending article", { hasText: "Second request" }).waitFor();
  });

  it("over https the cookie is __Host- and Secure", async () => {
    const inbox = createInbox();
    closers.push(() => inbox.close());
    const handler = createInboxHandler(inbox, { token: TOKEN, refreshMs: 200 });
    const https = createHttpsServer(testCertificate(), handler);
    await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => https.close(resolve)));
    const url = `https://127.0.0.1:${(https.address() as { port: number }).port}/`;
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    closers.push(() => context.close());
    const tab = await context.newPage();
    await signIn(tab, url);
    const cookie = await until(async () =>
      (await context.cookies()).find((c) => c.name.startsWith("__Host-adrails_inbox_")),
    );
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
  });
});
