// Named approvers in a real browser: each person signs in with their own token and is recorded by
// name; a person not listed for the request's account sees it but cannot decide it (403, nothing
// recorded); an account under the two-person rule needs two different people before the waiting
// agent gets the approval, and a decline by anyone allowed is final. The audit's signed decisions
// verify against the inbox's public key.
import { createHash } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyTrail } from "../../src/inbox/audit-verify.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { parsePeople } from "../../src/inbox/people.js";
import { publicKeyFromText } from "../../src/inbox/signing.js";
import type { ConfirmRequest } from "../../src/types.js";
import { launchBrowser, listen, PAGE_REFRESH_MS, screenshot, seeText, TOKEN } from "./helpers.js";
import { adRequest } from "./requests.js";

const ANN = "ann-own-token-0123456789";
const BEN = "ben-own-token-0123456789";
const CAT = "cat-own-token-0123456789";
const people = parsePeople({
  people: [
    { name: "Ann", token: ANN, accounts: ["act_1001"] },
    {
      name: "Ben",
      tokenSha256: createHash("sha256").update(BEN).digest("hex"),
      tokenLength: BEN.length,
      accounts: "*",
    },
    { name: "Cat", token: CAT, accounts: ["act_2002"] },
  ],
  two: ["act_1001"],
});

let browser: Browser;
let inbox: Inbox;
let server: Awaited<ReturnType<typeof listen>>;
const pages: Record<string, Page> = {};
const stops: AbortController[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  inbox = createInbox({ people, heartbeatMs: 200, abandonAfterMs: 5000, pollMs: 50 });
  server = await listen(createInboxHandler(inbox, { people, refreshMs: PAGE_REFRESH_MS }));
  for (const [name, token] of [
    ["Ann", ANN],
    ["Ben", BEN],
    ["Cat", CAT],
  ] as const) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(server.url);
    // No name to type: the token says who signs in.
    expect(await page.getByLabel("Your name").count()).toBe(0);
    await page.getByLabel("Your approver token").fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await seeText(page.locator("#who"), name);
    pages[name] = page;
  }
}, 60_000);
afterEach(() => {
  for (const stop of stops.splice(0)) stop.abort();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await inbox?.close();
});

function request(account: string, headline: string): ConfirmRequest {
  return adRequest({ account, headline, expiresInMs: 120_000 });
}

/** An agent waiting in the inbox; `settled` tells whether its wait ended. */
function agentAsks(req: ConfirmRequest) {
  const stop = new AbortController();
  stops.push(stop);
  const state = { settled: false };
  const asked = inbox.ask(req, { agent: "people-test" }, stop.signal).finally(() => {
    state.settled = true;
  });
  return { asked, state };
}

const card = (who: string, headline: string) =>
  pages[who]!.locator("#pending article", { hasText: headline });

async function approve(who: string, headline: string, sentence: string) {
  const item = card(who, headline);
  await item.waitFor();
  await item.getByRole("textbox", { name: /Type a sentence/ }).fill(sentence);
  await item.getByRole("button", { name: "Approve and launch" }).click();
  return item.locator(".result");
}

describe("named approvers", { timeout: 60_000 }, () => {
  it("each person signs in with their own token; the shared test token and a wrong one are refused", async () => {
    for (const token of [TOKEN, "not-anyone-token-0123456789"]) {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.getByLabel("Your approver token").fill(token);
      await page.getByRole("button", { name: "Sign in" }).click();
      await seeText(page.locator("#signin-error"), "That token is not right");
      await page.close();
    }
    // A name posted beside a person's token is not who signs in: the token says it.
    const posted = await fetch(new URL("signin", server.url), {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        origin: new URL(server.url).origin,
      },
      body: new URLSearchParams({ name: "Mallory", token: ANN }),
    });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toMatchObject({ ok: true, name: "Ann" });
  });

  it("a person not listed for the account sees the request, gets 403 and nothing is recorded; a listed one decides", async () => {
    const req = request("act_2002", "Cat's account ad");
    const { asked, state } = agentAsks(req);
    const result = await approve("Ann", "Cat's account ad", "I approve this ad going live now");
    await seeText(result, "You (Ann) may not decide requests on account act_2002");
    const [item] = (await inbox.list()).filter((i) => i.request.id === req.id);
    expect(item).toMatchObject({ state: "pending" });
    expect(item!.approvals).toBeUndefined();
    expect(
      (await inbox.audit.read()).filter((e) => e.approvalRequest === req.id).map((e) => e.event),
    ).toEqual(["request"]);
    expect(state.settled).toBe(false);

    await approve("Cat", "Cat's account ad", "Cat approves this ad going live");
    const { decision } = await asked;
    await seeText(pages.Cat!.locator("#history article", { hasText: "Cat's account ad" }), "Approved by Cat");
    expect(decision).toMatchObject({ approved: true, text: "Cat approves this ad going live" });
    const approveEntry = (await inbox.audit.read()).find(
      (e) => e.approvalRequest === req.id && e.event === "approve",
    );
    expect(approveEntry).toMatchObject({ decider: "Cat" });
    expect(approveEntry!.signature).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("two-person rule: the first approval is recorded and shown, the call waits; the same person again is refused; a second person lets it redeem", async () => {
    const req = request("act_1001", "Needs two people");
    const { asked, state } = agentAsks(req);
    await seeText(
      await approve("Ann", "Needs two people", "Ann approves this ad going live"),
      "needs two people: the request waits for a second person",
    );
    await new Promise((r) => setTimeout(r, 600));
    expect(state.settled).toBe(false);
    const [item] = (await inbox.list()).filter((i) => i.request.id === req.id);
    expect(item).toMatchObject({ state: "pending", approvals: [{ by: "Ann" }] });
    // Ben's page shows the first approval on the waiting request.
    await seeText(card("Ben", "Needs two people"), "Approvals so far");
    await seeText(card("Ben", "Needs two people"), "Ann");
    await screenshot(pages.Ben!, "inbox-two-person.png");

    const again = await inbox.decide(
      item!.id,
      { approved: true, text: "Ann approves it a second time" },
      "Ann",
      req.fingerprint,
    );
    expect(again).toMatchObject({ ok: false, code: "same-person" });
    expect(state.settled).toBe(false);

    await approve("Ben", "Needs two people", "Ben approves this ad going live");
    const { decision } = await asked;
    expect(decision).toMatchObject({ approved: true, text: "Ben approves this ad going live" });
    await seeText(
      pages.Ann!.locator("#history article", { hasText: "Needs two people" }),
      "Approved by Ann and Ben",
    );

    const trail = (await inbox.audit.read()).filter((e) => e.approvalRequest === req.id);
    expect(trail.map((e) => [e.event, e.decider, e.approvers])).toEqual([
      ["request", undefined, undefined],
      ["first-approval", "Ann", ["Ann"]],
      ["approve", "Ben", ["Ann", "Ben"]],
    ]);
    const key = await publicKeyFromText(JSON.stringify(await inbox.publicJwk()), "the inbox key");
    // An extract of the trail (one request's lines): its decisions, not its chain.
    const check = await verifyTrail(trail.map((e) => JSON.stringify(e)).join("\n"), [key], { chain: false });
    expect(check).toMatchObject({ verified: 2, unsigned: 1, problems: [] });
  });

  it("under the two-person rule a decline by anyone allowed is final, after a first approval too", async () => {
    const req = request("act_1001", "Declined after one approval");
    const { asked } = agentAsks(req);
    await seeText(
      await approve("Ann", "Declined after one approval", "Ann approves this ad going live"),
      "waits for a second person",
    );
    const item = card("Ben", "Declined after one approval");
    // Ben declines the request as it is now, with Ann's approval shown: typed into the card from
    // before it, the reason could go with a form the page's next read replaces, leaving the
    // required field of the new one empty and the decline unsent.
    await seeText(item, "Approvals so far");
    await item.getByRole("textbox", { name: /Reason for declining/ }).fill("The budget is spent this month");
    await item.getByRole("button", { name: "Decline" }).click();
    const { decision } = await asked;
    expect(decision).toEqual({ approved: false, reason: "The budget is spent this month" });
    const trail = (await inbox.audit.read()).filter((e) => e.approvalRequest === req.id);
    expect(trail.map((e) => [e.event, e.decider])).toEqual([
      ["request", undefined],
      ["first-approval", "Ann"],
      ["decline", "Ben"],
    ]);
  });
});
