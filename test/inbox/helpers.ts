import { existsSync, mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { createInboxHandler } from "../../src/inbox/handler.js";
import type { Inbox } from "../../src/inbox/inbox.js";
import { testCertificate } from "../tls.js";

export const CHROMIUM = "/usr/bin/chromium";
export const TOKEN = "test-inbox-token-0123456789abcdef";
export const OUTPUT = join(import.meta.dirname, "../../test-output");
export { testCertificate };

/** A server on a free loopback port; `url` ends with a slash. */
export async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * How often the test pages read their list again (the product's default is 1500 ms): a test waits
 * for each new request or decision to show, and need not wait out the default each time.
 */
export const PAGE_REFRESH_MS = 200;

/** The inbox page of `inbox` on its own server. */
export function serveInbox(
  inbox: Inbox,
  token = TOKEN,
  options: { allowedHosts?: string[]; refreshMs?: number } = {},
) {
  return listen(createInboxHandler(inbox, { token, refreshMs: PAGE_REFRESH_MS, ...options }));
}

/** The signed-in page's session key, as its script keeps it in this tab. */
export function pageKey(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (
        globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
      ).sessionStorage.getItem("adrails-inbox-key") ?? "",
  );
}

/** A PNG drawn by the browser itself (no network): the creative the media server hands out. */
export async function drawCreative(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 480, height: 480 } });
  await page.setContent(
    `<body style="margin:0"><div style="width:480px;height:480px;background:linear-gradient(135deg,#2f9e44,#ffd43b);display:flex;align-items:center;justify-content:center;font:bold 64px sans-serif;color:#fff">Spring sale</div></body>`,
  );
  const png = await page.screenshot();
  await page.close();
  return png;
}

/**
 * Chromium with `cdn.example.com` resolved to a local media server, so ad images with public
 * URLs load offline.
 */
export async function launchBrowser(mediaPort?: number, rules: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests need Debian's chromium at ${CHROMIUM}: apt-get install -y chromium`);
  }
  const map = [...(mediaPort ? [`MAP cdn.example.com 127.0.0.1:${mediaPort}`] : []), ...rules];
  return chromium.launch({
    executablePath: CHROMIUM,
    // The media server's certificate is self-signed: the page allows https images only.
    args: ["--ignore-certificate-errors", ...(map.length ? [`--host-resolver-rules=${map.join(",")}`] : [])],
  });
}

/** An https media server (self-signed) answering every path with `png` (set once the browser drew it). */
export async function mediaServer(): Promise<{
  port: number;
  setImage(png: Buffer): void;
  close(): Promise<void>;
}> {
  let image: Buffer = Buffer.alloc(0);
  const server = createHttpsServer(testCertificate(), (_req, res) => {
    res.writeHead(200, { "content-type": "image/png" });
    res.end(image);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    setImage: (png) => (image = png),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Signs in on the page with the token and a name. */
export async function signIn(page: Page, url: string, name = "Alice Reviewer", token = TOKEN): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Inbox token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (token === TOKEN) await page.locator(".who").waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT, { recursive: true });
  const path = join(OUTPUT, name);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Resolves when `check` gives a truthy value, polling every 50 ms for up to `ms`. */
export async function until<T>(check: () => T | Promise<T>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the element's text contains `text` (the element must appear too). */
export async function seeText(
  locator: import("playwright-core").Locator,
  text: string,
  ms = 10_000,
): Promise<void> {
  await locator.first().waitFor({ timeout: ms });
  await until(async () => (await locator.first().innerText()).includes(text), ms).catch(async () => {
    throw new Error(
      `expected ${JSON.stringify(text)} in ${JSON.stringify(await locator.first().innerText())}`,
    );
  });
}
