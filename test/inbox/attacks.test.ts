// Attacks on the approval inbox from a local process and a hostile payload, in a real browser:
// another listener on this host (which gets the session cookie, since cookies are not isolated by
// port) must not be able to read the inbox or decide.
import { request as httpRequest } from "node:http";
import { createServer as createHttpsServer, request as httpsRequest } from "node:https";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import type { ConfirmRequest, ConfirmSummary } from "../../src/types.js";
import { launchBrowser, listen, serveInbox, signIn, testCertificate, until } from "./helpers.js";
import { summaryRequest } from "./requests.js";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const closers: (() => Promise<unknown>)[] = [];
const stops: AbortController[] = [];

beforeAll(async () => {
  browser = await launchBrowser(undefined, ["MAP inbox.test 127.0.0.1"]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop.abort();
  for (const close of closers.splice(0)) await close().catch(() => {});
});

async function fresh(allowedHosts?: string[]) {
  const inbox = createInbox({ heartbeatMs: 200, abandonAfterMs: 2000, pollMs: 50 });
  const server = await serveInbox(inbox, undefined, allowedHosts ? { allowedHosts } : {});
  context = await browser.newContext();
  page = await context.newPage();
  closers.push(
    () => context.close(),
    server.close,
    () => inbox.close(),
  );
  return { inbox, server };
}

/** An agent's request, as a hostile agent process may put it in the inbox (it writes the queue). */
function crafted(summary: Partial<ConfirmSummary>, extra: Partial<ConfirmRequest> = {}): ConfirmRequest {
  return { ...summaryRequest(summary), ...extra };
}

function ask(inbox: Inbox, request: ConfirmRequest, agent = "hostile-agent") {
  const stop = new AbortController();
  stops.push(stop);
  return inbox.ask(request, { agent }, stop.signal);
}

/** A raw HTTP(S) request with any headers (a local process is not a browser). */
function raw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: "127.0.0.1",
        port: target.port,
        path: target.pathname + target.search,
        method,
        rejectUnauthorized: false,
        headers: { host: target.host, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * What an attacker's listener does with the cookie it received: reads the page and the items
 * for a CSRF token or a key, then posts an approval, without and with an Origin naming the inbox.
 */
async function attack(inboxUrl: string, cookie: string, id: string, fingerprint: string) {
  const home = await raw(inboxUrl, "GET", { cookie });
  const items = await raw(`${inboxUrl}items.json`, "GET", { cookie, accept: "application/json" });
  const csrf = /name="csrf" value="([^"]+)"/.exec(home.text + items.text)?.[1] ?? "";
  const key = /"key":"([^"]+)"/.exec(home.text + items.text)?.[1] ?? "";
  const form = new URLSearchParams({
    id,
    action: "approve",
    text: "I approve this ad going live now",
    csrf,
    fingerprint,
  }).toString();
  const headers = {
    cookie,
    "content-type": "application/x-www-form-urlencoded",
    "x-adrails-inbox-key": key,
  };
  const bare = await raw(`${inboxUrl}decide`, "POST", headers, form);
  const withOrigin = await raw(
    `${inboxUrl}decide`,
    "POST",
    { ...headers, origin: inboxUrl.slice(0, -1) },
    form,
  );
  return { read: items.status, decided: [bare.status, withOrigin.status] };
}

/** A listener on another port of this host; it runs {@link attack} with any cookie it receives. */
async function listener(target: () => { inboxUrl: string; id: string; fingerprint: string }, https = false) {
  const hits: string[] = [];
  const results: Awaited<ReturnType<typeof attack>>[] = [];
  const handler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    hits.push(req.url ?? "");
    const cookie = req.headers.cookie;
    const done = cookie
      ? attack(target().inboxUrl, cookie, target().id, target().fingerprint)
          .then((r) => results.push(r))
          // The test may end (servers closed) while a late attack, e.g. for a favicon, is under way.
          .catch(() => {})
      : Promise.resolve();
    done.finally(() => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  };
  if (!https) {
    const server = await listen(handler);
    closers.push(server.close);
    return { url: server.url, port: server.port, hits, results };
  }
  const server = createHttpsServer(testCertificate(), handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `https://127.0.0.1:${port}/`, port, hits, results };
}

const card = (text: string) => page.locator("#pending article", { hasText: text });
const settle = () => new Promise((r) => setTimeout(r, 1500));

describe("a listener on another loopback port gets the cookie and cannot approve", {
  timeout: 60_000,
}, () => {
  it("zero clicks: a preview image on the agent's own port is never loaded, and the cookie alone decides nothing", async () => {
    const { inbox, server } = await fresh();
    let target = { inboxUrl: server.url, id: "", fingerprint: "" };
    const evil = await listener(() => target);
    const evilTls = await listener(() => target, true);
    await signIn(page, server.url);
    const request = crafted({
      media: `image http://127.0.0.1:${evil.port}/pixel.png`,
      thumbnail: `https://127.0.0.1:${evilTls.port}/thumb.png`,
      headline: "Zero click",
    });
    ask(inbox, request);
    await card("Zero click").waitFor();
    const [item] = await inbox.list();
    target = { inboxUrl: server.url, id: item!.id, fingerprint: request.fingerprint };
    await settle();
    expect(evil.hits).toEqual([]);
    expect(evilTls.hits).toEqual([]);
    expect(await card("Zero click").locator("img").count()).toBe(0);
    expect(await card("Zero click").innerText()).toContain(`http://127.0.0.1:${evil.port}/pixel.png`);

    // However the cookie gets there (the person opens the address), it reads and decides nothing.
    await page.goto(evil.url);
    await until(() => evil.results.length > 0);
    expect(evil.results[0]).toEqual({ read: 401, decided: [403, 401] });
    expect((await inbox.list())[0]!.state).toBe("pending");
  });

  it("one click: a destination on a loopback port is text, not a link; visited, it still cannot approve", async () => {
    const { inbox, server } = await fresh();
    let target = { inboxUrl: server.url, id: "", fingerprint: "" };
    const evil = await listener(() => target);
    await signIn(page, server.url);
    const landing = `http://127.0.0.1:${evil.port}/landing`;
    const request = crafted({ destination: landing, headline: "One click" });
    ask(inbox, request);
    await card("One click").waitFor();
    const [item] = await inbox.list();
    target = { inboxUrl: server.url, id: item!.id, fingerprint: request.fingerprint };
    expect(await card("One click").locator(`a[href*="127.0.0.1"]`).count()).toBe(0);
    expect(await card("One click").innerText()).toContain(landing);
    // A public destination is a link, opened without opener or referrer.
    const other = crafted({ destination: "https://shop.example.com/spring", headline: "Public link" });
    ask(inbox, other, "another-agent");
    const open = card("Public link").getByRole("link", { name: "open" });
    await open.waitFor();
    expect(await open.getAttribute("rel")).toBe("noopener noreferrer");

    await page.goto(landing);
    await until(() => evil.results.length > 0);
    expect(evil.results[0]).toEqual({ read: 401, decided: [403, 401] });
    expect((await inbox.list()).find((i) => i.id === item!.id)!.state).toBe("pending");
  });

  it("host-name deployment: an https image on the inbox's own name is text, and its listener cannot approve", async () => {
    const { inbox, server } = await fresh(["inbox.test"]);
    const inboxUrl = `http://inbox.test:${server.port}/`;
    let target = { inboxUrl, id: "", fingerprint: "" };
    const evil = await listener(() => target, true);
    await signIn(page, inboxUrl);
    const image = `https://inbox.test:${evil.port}/ad.png`;
    const request = crafted({ media: `image ${image}`, headline: "Own name" });
    ask(inbox, request);
    await card("Own name").waitFor();
    const [item] = await inbox.list();
    target = { inboxUrl, id: item!.id, fingerprint: request.fingerprint };
    await settle();
    expect(evil.hits).toEqual([]);
    expect(await card("Own name").innerText()).toContain(image);

    await page.goto(image);
    await until(() => evil.results.length > 0);
    expect(evil.results[0]).toEqual({ read: 401, decided: [403, 401] });
    expect((await inbox.list())[0]!.state).toBe("pending");
  });
});
