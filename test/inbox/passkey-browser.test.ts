// Passkeys end to end in a real browser (chromium with the DevTools Protocol's virtual
// authenticator): Ann and Ben enrol from the inbox page opened at localhost (an IP address cannot
// have passkeys), their exports go into the people file, the inbox restarts with it, and an
// agent's toolkit (Redis store, the simulator over HTTP) asks for an ACTIVE ad. Ann approves with
// her passkey and the ad goes live once; her approval replayed on the same payload or moved to
// another request redeems nothing, nor does a statement the inbox key alone signed; a two-person
// account needs Ann's and Ben's passkeys.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementPayload } from "../../src/guards/approval/passkey.js";
import { askClaims, type DecisionClaims, signStatement } from "../../src/guards/approval/proof.js";
import { inboxApprovals } from "../../src/inbox/approvals.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { parsePeople } from "../../src/inbox/people.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { generateInboxKey, type InboxKey } from "../../src/inbox/signing.js";
import type { InboxItem } from "../../src/inbox/types.js";
import { redisStore } from "../../src/store/redis.js";
import type { ToolResult } from "../../src/types.js";
import { buildOnce, run } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { type SimFixture, startSimFixture } from "../toolkit/sim-setup.js";
import {
  drawCreative,
  launchBrowser,
  listen,
  mediaServer,
  OUTPUT,
  PAGE_REFRESH_MS,
  pageKey,
  seeText,
  until,
} from "./helpers.js";
import {
  editPeopleFile,
  enrolOnPage,
  signInWithToken,
  type VirtualAuthenticator,
  virtualAuthenticator,
} from "./passkey-helpers.js";

const ANN = "ann-own-token-0123456789";
const BEN = "ben-own-token-0123456789";
const SENTENCE = "I approve this ad going live today";

let fx: SimFixture;
let redis: TestRedis & { close(): Promise<void> };
let db: ReturnType<typeof createClient>;
let browser: Browser;
let media: Awaited<ReturnType<typeof mediaServer>>;
let key: InboxKey;
let file: string;
let inbox: Inbox | undefined;
let server: Awaited<ReturnType<typeof listen>> | undefined;
let url: string;
const closers: (() => Promise<unknown>)[] = [];
const pages: Record<string, { page: Page; authenticator: VirtualAuthenticator }> = {};

beforeAll(async () => {
  await buildOnce();
  fx = await startSimFixture();
  redis = await startRedis();
  db = createClient({ url: redis.url });
  await db.connect();
  media = await mediaServer();
  browser = await launchBrowser(media.port);
  media.setImage(await drawCreative(browser));
  key = await generateInboxKey();
  file = join(mkdtempSync(join(tmpdir(), "adrails-passkeys-")), "people.json");
  writeFileSync(
    file,
    JSON.stringify({
      people: [
        { name: "Ann", token: ANN, accounts: "*" },
        { name: "Ben", token: BEN, accounts: "*" },
      ],
    }),
  );
  await serve();
}, 180_000);

afterAll(async () => {
  await server?.close();
  await inbox?.close();
  for (const close of closers) await close().catch(() => {});
  await browser?.close();
  await media?.close();
  await db?.quit();
  await redis?.close();
  await fx?.sim.close();
});

/** (Re)starts the inbox page's process with the people file as it is now. */
async function serve(): Promise<void> {
  await server?.close();
  await inbox?.close();
  const people = parsePeople(JSON.parse(readFileSync(file, "utf8")));
  inbox = createInbox({ ...redisInbox({ url: redis.url }), people, key, heartbeatMs: 200, pollMs: 50 });
  server = await listen(createInboxHandler(inbox, { people, refreshMs: PAGE_REFRESH_MS }));
  url = `http://localhost:${server.port}/`;
}

/** An agent in its own process's shape: the inbox's public key, the people file, the Redis store. */
function agentPush(headline: string): Promise<ToolResult> {
  const people = parsePeople(JSON.parse(readFileSync(file, "utf8")));
  const waiter = createInbox({
    ...redisInbox({ url: redis.url }),
    people,
    publicKey: { publicKey: key.publicKey, jwk: key.jwk },
    heartbeatMs: 200,
    pollMs: 50,
  });
  const store = redisStore({ url: redis.url });
  closers.push(
    () => waiter.close(),
    () => store.close(),
  );
  const kit = fx.kit({ ...inboxApprovals(waiter, { agent: "nightly-creative-job" }), store });
  return kit.call("push-creative", fx.push({ status: "ACTIVE", headline }));
}

const live = (headline: string) =>
  fx.sim.control.state().ads.filter((ad) => ad.headline === headline && ad.status === "ACTIVE");

/** The item of `headline` in `state`, read straight from Redis as any process there can. */
async function stored(headline: string, state: string): Promise<{ at: string; item: InboxItem }> {
  return until(async () => {
    for (const at of await db.keys("adrails:inbox:item:*")) {
      const item = JSON.parse((await db.get(at)) ?? "{}") as InboxItem;
      if (item.state === state && item.request?.message?.includes(headline)) return { at, item };
    }
    return undefined;
  }, 20_000).then((found) => found!);
}

/** A process with write access to Redis marks a waiting item approved with `decision`. */
async function plant(headline: string, decision: InboxItem["decision"]): Promise<void> {
  const { at, item } = await stored(headline, "pending");
  await db.set(at, JSON.stringify({ ...item, state: "approved", decision }), { KEEPTTL: true });
}

/** Approves on the page; resolves to what the page said, or "(decided)" once the item left the list. */
async function approveOnPage(name: string, headline: string): Promise<string> {
  const { page } = pages[name]!;
  const card = page.locator("#pending article", { hasText: headline });
  await card.waitFor({ timeout: 15_000 });
  await card.locator('form.approve input[name="text"]').fill(SENTENCE);
  // "Approve and launch", or "Approve (1 of 2)" and "(2 of 2)" under the two-person rule.
  await card.locator("form.approve button").click();
  // Past "Sending..." and the passkey prompt: the server's answer, unless the item moved on first.
  const answered = (text: string) => text !== "" && !/^(Sending|Confirm with)/.test(text);
  return until(async (): Promise<string | undefined> => {
    if ((await card.count()) === 0) return "(decided)";
    const text = await card
      .locator(".result")
      .innerText({ timeout: 1000 })
      .catch(() => "");
    return answered(text) ? text : undefined;
  }, 15_000).then((said) => said!);
}

describe("passkeys on the inbox page", { timeout: 90_000 }, () => {
  it("enrols at localhost only, one export per device for the people file", async () => {
    const context = await browser.newContext();
    const byAddress = await context.newPage();
    await signInWithToken(byAddress, url.replace("localhost", "127.0.0.1"), ANN, "Ann");
    await seeText(byAddress.locator("#passkeys-status"), `opened at http://localhost:${server!.port}/`);
    expect(await byAddress.locator("#passkey-enrol").isHidden()).toBe(true);
    await context.close();

    for (const [name, token] of [
      ["Ann", ANN],
      ["Ben", BEN],
    ] as const) {
      const page = await (await browser.newContext()).newPage();
      await signInWithToken(page, url, token, name);
      await seeText(page.locator("#passkeys-status"), "You have no passkey in the people file");
      const authenticator = await virtualAuthenticator(page);
      const { enrolment, command } = await enrolOnPage(page, `${name}'s laptop`);
      // Whoever keeps the people file runs the page's line (here: its command, the export on stdin).
      const added = await run(["inbox", "people", "add-passkey", "--file", file], {
        input: JSON.stringify(enrolment),
      });
      expect(added.code, added.stderr).toBe(0);
      expect(command).toContain("| adrails inbox people add-passkey --file people.json");
      expect(enrolment).toMatchObject({ name, passkey: { label: `${name}'s laptop` } });
      const [held] = await authenticator.credentials();
      expect(Buffer.from(held!.credentialId, "base64").toString("base64url")).toBe(enrolment.passkey.id);
      pages[name] = { page, authenticator };
    }
    editPeopleFile(file, { requirePasskeys: "*" });
  });

  it("Ann approves an ACTIVE ad with her passkey: it goes live once, and the page names the proof", async () => {
    await serve();
    const { page, authenticator } = pages.Ann!;
    await signInWithToken(page, url, ANN, "Ann");
    await seeText(page.locator("#passkeys-status"), "You have 1 passkey in the people file");
    const call = agentPush("Passkey launch");
    const card = page.locator("#pending article", { hasText: "Passkey launch" });
    await card.waitFor({ timeout: 15_000 });
    // The authenticator waits, as while a person reads the prompt: the page says what it waits for.
    await authenticator.answer(false);
    await card.getByLabel("Type a sentence confirming").fill(SENTENCE);
    await card.getByRole("button", { name: "Approve and launch" }).click();
    await seeText(card.locator(".result"), "Confirm with your passkey");
    // docs/inbox-passkey.png is taken from here.
    mkdirSync(OUTPUT, { recursive: true });
    await card.screenshot({ path: join(OUTPUT, "inbox-passkey.png") });
    // The prompt is left unanswered and the page reloaded (the tab keeps its session); the person
    // approves again and the authenticator answers this time.
    await authenticator.answer(true);
    await page.reload();
    await approveOnPage("Ann", "Passkey launch");
    const done = page.locator("#history article", { hasText: "Passkey launch" });
    await seeText(done, "Proof: signed with Ann's passkey", 20_000);
    const result = await call;
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(live("Passkey launch")).toHaveLength(1);
    expect(fx.bodies("push-creative").filter((b) => b.headline === "Passkey launch")).toHaveLength(1);
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(0);
  });

  it("that approval replayed or moved to another request redeems nothing, nor the inbox key alone", async () => {
    const { item: approved } = await stored("Passkey launch", "approved");
    const taken = approved.decision!;

    const replay = agentPush("Passkey launch");
    await plant("Passkey launch", taken);
    expect(await replay).toMatchObject({ ok: false, error: expect.stringContaining("for another request") });
    expect(live("Passkey launch")).toHaveLength(1);

    const moved = agentPush("Moved approval");
    await plant("Moved approval", taken);
    expect(await moved).toMatchObject({ ok: false, error: expect.stringContaining("for another request") });
    expect(live("Moved approval")).toHaveLength(0);

    // Whoever runs the inbox holds its key, and signs every claim right, for Ann: no passkey, no ad.
    const alone = agentPush("Inbox key alone");
    const { item } = await stored("Inbox key alone", "pending");
    const at = Date.now();
    const claims: DecisionClaims = {
      v: 2,
      ...askClaims(item.request),
      decision: "approve",
      text: SENTENCE,
      who: "Ann",
      needed: 1,
      item: item.id,
      at,
    };
    expect(statementPayload(claims)).toContain('"who":"Ann"');
    const sig = await signStatement(key, claims);
    await plant("Inbox key alone", { approved: true, by: "Ann", at, text: SENTENCE, who: ["Ann"], sig });
    expect(await alone).toMatchObject({
      ok: false,
      error: expect.stringContaining("carries no passkey assertion"),
    });
    expect(live("Inbox key alone")).toHaveLength(0);
  });

  it("a two-person account needs Ann's and Ben's passkeys", async () => {
    editPeopleFile(file, { two: "*" });
    await serve();
    for (const [name, token] of [
      ["Ann", ANN],
      ["Ben", BEN],
    ] as const) {
      await signInWithToken(pages[name]!.page, url, token, name);
    }
    const call = agentPush("Two passkeys");
    expect(await approveOnPage("Ann", "Two passkeys")).toContain("waits for a second person");
    // Ben's session without his passkey is refused before anything is recorded.
    const { page } = pages.Ben!;
    const card = page.locator("#pending article", { hasText: "Two passkeys" });
    await card.waitFor({ timeout: 15_000 });
    const field = (name: string) => card.locator(`form.approve input[name="${name}"]`).getAttribute("value");
    const body = new URLSearchParams({
      id: (await field("id"))!,
      fingerprint: (await field("fingerprint"))!,
      action: "approve",
      text: SENTENCE,
    }).toString();
    const bare = await page.evaluate(
      async ({ body, key }) => {
        const r = await fetch("decide", {
          method: "POST",
          headers: {
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
            "x-adrails-inbox-key": key,
          },
          body,
        });
        return { status: r.status, body: await r.json() };
      },
      { body, key: await pageKey(page) },
    );
    expect(bare).toMatchObject({ status: 403, body: { message: expect.stringContaining("passkey") } });
    expect(live("Two passkeys")).toHaveLength(0);
    await approveOnPage("Ben", "Two passkeys");
    expect((await call).ok).toBe(true);
    expect(live("Two passkeys")).toHaveLength(1);
    await seeText(
      pages.Ann!.page.locator("#history article", { hasText: "Two passkeys" }),
      "Ann's passkey and Ben's passkey",
    );
  });
});
