import { type ChildProcess, spawn } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { BIN, cleanEnv } from "../cli/helpers.js";
import { launchBrowser, serveInbox, signIn, until } from "../inbox/helpers.js";
import { unique, useWorld } from "./support.js";

// Issue 29, sequence 12, with the inbox page in real chromium and `adrails call ... --wait-approval`
// waiting in its own process on one Redis. (a) Someone with access to Redis rewrites the waiting
// item so the page shows a benign ad; the person approves what they see; on the base commit the
// waiting call sends its own payload, and the ad nobody saw goes live. Safe outcome: the call
// redeems only a record byte-identical to what it asked for: nothing is sent (unless the page
// showed the real ad). (b) The page takes a video's thumbnail from the request's free text with a
// regex, so `thumbnail_url "..."` planted in another field is what the person sees. Safe outcome:
// the thumbnail shown is the payload's thumbnail_url field.

const w = useWorld({ redis: true, cli: true });
let inbox: Inbox;
let server: Awaited<ReturnType<typeof serveInbox>>;
let browser: Browser;
let page: Page;
const children: ChildProcess[] = [];
/** The inbox's public key: the waiting calls redeem only decisions it signed. */
let publicKey: string;

beforeAll(async () => {
  inbox = createInbox({ ...redisInbox({ url: w.redis.url }) });
  publicKey = JSON.stringify(await inbox.publicJwk());
  server = await serveInbox(inbox);
  browser = await launchBrowser();
  page = await browser.newPage();
  await signIn(page, server.url);
}, 60_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await browser?.close();
  await server?.close();
  await inbox?.close();
});

/** `adrails call push-creative BODY --wait-approval` in its own process, on the shared Redis. */
function waitingCall(body: Record<string, unknown>, timeoutS = 20) {
  const child = spawn(
    process.execPath,
    [
      BIN,
      "call",
      "push-creative",
      JSON.stringify(body),
      "--wait-approval",
      "--approval-timeout",
      String(timeoutS),
    ],
    {
      env: cleanEnv({ ...w.cliEnv(), ADRAILS_REDIS_URL: w.redis.url, ADRAILS_INBOX_PUBLIC_KEY: publicKey }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
  return { child, done };
}

/** Rewrites every Redis value that mentions `from` (inbox items, request records), keeping TTLs. */
async function rewriteInRedis(from: string, to: string): Promise<number> {
  const admin = createClient({ url: w.redis.url });
  await admin.connect();
  let rewritten = 0;
  try {
    for await (const keys of admin.scanIterator({ COUNT: 500 })) {
      for (const key of keys) {
        const type = await admin.type(key);
        if (type === "string") {
          const value = await admin.get(key);
          if (value?.includes(from)) {
            await admin.set(key, value.replaceAll(from, to), { KEEPTTL: true });
            rewritten++;
          }
        } else if (type === "hash") {
          for (const [field, value] of Object.entries(await admin.hGetAll(key))) {
            if (value.includes(from)) {
              await admin.hSet(key, field, value.replaceAll(from, to));
              rewritten++;
            }
          }
        }
      }
    }
  } finally {
    await admin.close();
  }
  return rewritten;
}

const card = (text: string) => page.locator("#pending article", { hasText: text });

describe("sequence 12: the inbox renders the request record", { timeout: 60_000 }, () => {
  it("(a) an item rewritten in Redis: the ad the person did not see is not launched", async () => {
    const real = unique("Real launch");
    const benign = unique("Benign spring ad");
    const call = waitingCall(w.push(real));
    await page.reload();
    await card(real).waitFor({ timeout: 20_000 });
    expect(await rewriteInRedis(real, benign)).toBeGreaterThan(0);
    await page.reload();
    // The person sees one card for this request, whichever it shows, and approves it. A page that
    // drops the tampered item shows none: then the call times out, nothing sent.
    const shown = await until(async () => {
      if ((await card(benign).count()) > 0) return benign;
      if ((await card(real).count()) > 0) return real;
      return "";
    }).catch(() => "none");
    if (shown !== "none") {
      const item = card(shown);
      await item
        .getByRole("textbox", { name: /Type a sentence/ })
        .fill("I approve this spring ad going live");
      await item.getByRole("button", { name: "Approve and launch" }).click();
    }
    const result = await call.done;
    expect(w.live(benign)).toBe(0);
    if (shown !== real) {
      expect(w.live(real), result.output).toBe(0);
      expect(w.sent(real)).toEqual([]);
    } else {
      expect(w.live(real), result.output).toBeLessThanOrEqual(1);
    }
  });

  it("(b) a thumbnail_url planted in the destination URL is not the thumbnail shown", async () => {
    const REAL_THUMB = "https://cdn.example.com/real-thumbnail.png";
    const PLANTED = "https://cdn.example.com/planted-benign.png";
    const marker = unique("Video ad");
    // A URL parser takes spaces and quotes in a path, and the request lists the destination as is.
    const body = {
      ...w.push(marker),
      image_url: undefined,
      video_url: "https://cdn.example.com/real-video.mp4",
      thumbnail_url: REAL_THUMB,
      website_url: `https://shop.example.com/spring,thumbnail_url "${PLANTED}"`,
    };
    const call = waitingCall(JSON.parse(JSON.stringify(body)));
    await page.reload();
    const item = card(marker);
    // Refusing the planted URL as invalid input is safe too: then no card, nothing sent.
    const first = await Promise.race([
      item.waitFor({ timeout: 20_000 }).then(() => "card" as const),
      call.done.then(() => "exited" as const),
    ]);
    if (first === "exited") {
      const { code, output } = await call.done;
      expect(code, output).not.toBe(0);
      expect(w.sent(marker)).toEqual([]);
      return;
    }
    const shown = await item.locator("img.preview").getAttribute("src");
    // Clean up: decline, so the waiting call ends (exit 6, nothing sent).
    await item.getByRole("textbox", { name: /Reason for declining/ }).fill("Checking the thumbnail");
    await item.getByRole("button", { name: "Decline" }).click();
    await call.done;
    expect(shown).toBe(REAL_THUMB);
    expect(w.sent(marker)).toEqual([]);
  });
});
