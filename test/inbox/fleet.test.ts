import { type ChildProcess, spawn } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { BIN, buildOnce } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { type SimFixture, startSimFixture } from "../toolkit/sim-setup.js";
import { launchBrowser, screenshot, seeText, serveInbox, signIn, until } from "./helpers.js";

let fx: SimFixture;
let redis: TestRedis & { close(): Promise<void> };
let inbox: Inbox;
let server: Awaited<ReturnType<typeof serveInbox>>;
let browser: Browser;
let page: Page;
/** The inbox's public key: workers redeem only decisions it signed. */
let publicKey: string;

interface Worker {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** `adrails call push-creative ... --wait-approval` in its own process, on the shared Redis. */
function worker(headline: string, timeoutS = 60): Worker {
  const body = JSON.stringify(fx.push({ status: "ACTIVE", headline }));
  const child = spawn(
    process.execPath,
    [BIN, "call", "push-creative", body, "--wait-approval", "--approval-timeout", String(timeoutS)],
    {
      env: {
        ...process.env,
        ADRAILS_API_KEY: fx.sim.apiKey,
        ADRAILS_BASE_URL: fx.sim.url,
        ADRAILS_REDIS_URL: redis.url,
        ADRAILS_INBOX_PUBLIC_KEY: publicKey,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

const card = (text: string) => page.locator("#pending article", { hasText: text });
const ads = () => fx.sim.control.state().ads;

beforeAll(async () => {
  await buildOnce();
  fx = await startSimFixture();
  redis = await startRedis();
  const shared = redisInbox({ url: redis.url });
  inbox = createInbox({ ...shared });
  publicKey = JSON.stringify(await inbox.publicJwk());
  server = await serveInbox(inbox);
  browser = await launchBrowser();
  page = await browser.newPage();
  await signIn(page, server.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await inbox?.close();
  await redis?.close();
  await fx?.sim.close();
});

describe("a fleet on one Redis, decided from one page", { timeout: 240_000 }, () => {
  it("three worker processes wait; two approved launch once each, the declined one exits 6 with the reason", async () => {
    const workers = ["Worker one", "Worker two", "Worker three"].map((h) => [h, worker(h)] as const);
    for (const [headline] of workers) await card(headline).waitFor({ timeout: 120_000 });
    await seeText(page.locator("#pending-h"), "(3)");
    await screenshot(page, "inbox-fleet.png");

    for (const [headline, sentence] of [
      ["Worker one", "I approve worker one going live"],
      ["Worker two", "I approve worker two going live"],
    ] as const) {
      await card(headline)
        .getByRole("textbox", { name: /Type a sentence/ })
        .fill(sentence);
      await card(headline).getByRole("button", { name: "Approve and launch" }).click();
    }
    await card("Worker three")
      .getByRole("textbox", { name: /Reason for declining/ })
      .fill("Wrong audience for this ad set");
    await card("Worker three").getByRole("button", { name: "Decline" }).click();

    const [one, two, three] = await Promise.all(workers.map(([, w]) => w.done));
    expect(one!.code).toBe(0);
    expect(two!.code).toBe(0);
    expect(three!.code).toBe(6);
    expect(three!.stdout).toContain("Wrong audience for this ad set");
    const active = ads().filter((ad) => ad.status === "ACTIVE");
    expect(active.map((ad) => ad.hard_confirm_text).sort()).toEqual([
      "I approve worker one going live",
      "I approve worker two going live",
    ]);
    expect(ads()).toHaveLength(2);
    for (const w of [one, two, three]) expect(w!.stdout + w!.stderr).not.toContain(fx.sim.apiKey);

    const audit = await inbox.audit.read();
    const events = (kind: string) => audit.filter((e) => e.event === kind);
    expect(events("request")).toHaveLength(3);
    expect(events("approve")).toHaveLength(2);
    expect(events("decline")).toHaveLength(1);
    await until(async () => (await inbox.audit.read()).filter((e) => e.event === "outcome").length === 2);
    const outcomes = (await inbox.audit.read()).filter((e) => e.event === "outcome");
    expect(outcomes.map((e) => e.adId).sort()).toEqual(active.map((ad) => String(ad.ad_id)).sort());
  });

  it("a worker that died while waiting shows as abandoned, and approving it sends nothing", async () => {
    const w = worker("Dies waiting");
    const item = card("Dies waiting");
    await item.waitFor({ timeout: 120_000 });
    w.child.kill("SIGKILL");
    await w.done;
    const before = fx.bodies("push-creative").length;
    // The page may still show the form until the heartbeat lapses: an approval then is refused.
    // Once the sweep filed the request the form is gone: the click gives up at once instead of
    // waiting out Playwright's 30 s for a button that will not come back.
    await item.getByRole("textbox", { name: /Type a sentence/ }).fill("I approve this dead worker ad");
    await new Promise((r) => setTimeout(r, 5500));
    await item
      .getByRole("button", { name: "Approve and launch" })
      .click({ timeout: 1000 })
      .catch(() => {});
    await seeText(page.locator("#history article", { hasText: "Dies waiting" }), "stopped waiting", 15_000);
    expect(fx.bodies("push-creative")).toHaveLength(before);
    const dead = (await inbox.list()).find((i) => i.request.message.includes("Dies waiting"))!;
    expect(dead.state).toBe("abandoned");
    const late = await inbox.decide(
      dead.id,
      { approved: true, text: "I approve this dead worker ad" },
      "Bob",
    );
    expect(late).toMatchObject({ ok: false, code: "abandoned" });
    expect((await inbox.audit.read()).some((e) => e.event === "abandon")).toBe(true);
  });

  it("Redis down while a person decides: the page says not recorded; the worker times out, exit 6, nothing sent", async () => {
    // Waits 10 s: long enough to be still waiting when the person decides (checked below), also on
    // a loaded machine.
    const w = worker("Store goes down", 10);
    const item = card("Store goes down");
    await item.waitFor({ timeout: 120_000 });
    const before = fx.bodies("push-creative").length;
    await redis.stop();
    await item
      .getByRole("textbox", { name: /Type a sentence/ })
      .fill("I approve this while the store is down");
    await item.getByRole("button", { name: "Approve and launch" }).click();
    await seeText(item.locator(".result"), "Not recorded");
    expect(w.child.exitCode).toBeNull();
    await redis.start();
    const { code } = await w.done;
    expect(code).toBe(6);
    expect(fx.bodies("push-creative")).toHaveLength(before);
  });
});
