// Named approvers in a real browser: each person signs in with their own token and is recorded by
// name; a person not listed for the request's account sees it but cannot decide it (403, nothing
// recorded); an account under the two-person rule needs two different people before the waiting
// agent gets the approval, and a decline by anyone allowed is final. The audit's signed decisions
// verify against the inbox's public key.
import { createHash } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStatement } from "../../src/guards/approval/proof.js";
import { verifyTrail } from "../../src/inbox/audit-verify.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { parsePeople } from "../../src/inbox/people.js";
import { publicKeyFromText } from "../../src/inbox/signing.js";
import type { ConfirmRequest } from "../../src/types.js";
import { launchBrowser, listen, PAGE_REFRESH_MS, pageKey, screenshot, seeText, TOKEN } from "./helpers.js";
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

async function approve(who: string, headline: string, sentence: string, button = "Approve and launch") {
  const item = card(who, headline);
  await item.waitFor();
  await item.getByRole("textbox", { name: /Type a sentence/ }).fill(sentence);
  await item.getByRole("button", { name: button, exact: true }).click();
  return item.locator(".result");
}

/** A decision posted with `who`'s own session, as the page's script would, past its disabled buttons. */
async function postDecision(who: string, form: Record<string, string>) {
  const key = await pageKey(pages[who]!);
  return pages[who]!.evaluate(
    async ({ body, key }) => {
      const response = await fetch("decide", {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
          "x-adrails-inbox-key": key,
        },
        body: new URLSearchParams(body),
      });
      const answer = (await response.json()) as { message: string };
      return { status: response.status, message: answer.message };
    },
    { body: form, key },
  );
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

  it("a person not listed for the account sees the request with its buttons disabled and why; posted anyway, 403 and nothing recorded; a listed one decides", async () => {
    const req = request("act_2002", "Cat's account ad");
    const { asked, state } = agentAsks(req);
    const annCard = card("Ann", "Cat's account ad");
    await seeText(annCard, "You (Ann) may not decide requests on account act_2002");
    for (const control of [
      annCard.getByRole("button", { name: "Approve and launch" }),
      annCard.getByRole("button", { name: "Decline" }),
      annCard.getByRole("textbox", { name: /Type a sentence/ }),
      annCard.getByRole("textbox", { name: /Reason for declining/ }),
    ]) {
      expect(await control.isDisabled()).toBe(true);
    }
    // The reason is the buttons' description for a screen reader too.
    expect(
      await annCard.getByRole("button", { name: "Approve and launch" }).getAttribute("aria-describedby"),
    ).toMatch(/^why-/);
    const [shown] = (await inbox.list()).filter((i) => i.request.id === req.id);
    // The server refuses it too, posted past the page with Ann's own session.
    const attempts: Record<string, string>[] = [
      { action: "approve", text: "I approve this ad going live now" },
      { action: "decline", reason: "Not on my watch" },
    ];
    for (const action of attempts) {
      const refused = await postDecision("Ann", { id: shown!.id, fingerprint: req.fingerprint, ...action });
      expect(refused.status).toBe(403);
      expect(refused.message).toContain("You (Ann) may not decide requests on account act_2002");
    }
    // Cat, listed for it, has the buttons open (one approval launches on this account).
    const catCard = card("Cat", "Cat's account ad");
    await catCard.waitFor();
    expect(await catCard.getByRole("button", { name: "Approve and launch" }).isEnabled()).toBe(true);
    expect(await catCard.locator(".why-not").count()).toBe(0);
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

  it("two-person rule: the card and buttons say it before and after the first approval, the call waits; the same person again is refused; a second person launches, both sentences kept", async () => {
    const req = request("act_1001", "Needs two people");
    const { asked, state } = agentAsks(req);
    // Before anyone approved: the card says two people must approve, and the button launches nothing.
    const annCard = card("Ann", "Needs two people");
    await seeText(annCard, "Two different people: this account is under the two-person rule");
    expect(await annCard.getByRole("button", { name: /launch/ }).count()).toBe(0);
    await seeText(annCard.getByRole("button", { name: "Approve (1 of 2)", exact: true }), "Approve (1 of 2)");
    await seeText(
      annCard.locator("label", { hasText: "Type a sentence" }),
      "nothing is sent until a second person approves",
    );
    await seeText(
      await approve("Ann", "Needs two people", "Ann approves this ad going live", "Approve (1 of 2)"),
      "needs two people: the request waits for a second person",
    );
    await new Promise((r) => setTimeout(r, 600));
    expect(state.settled).toBe(false);
    const [item] = (await inbox.list()).filter((i) => i.request.id === req.id);
    expect(item).toMatchObject({ state: "pending", approvals: [{ by: "Ann" }] });
    // After the click, Ann's card says it waits for a second person, who approved first and with
    // what; her approve button is closed (she approved), her decline open.
    await seeText(annCard, "You approved this already: it waits for a second person's approval");
    await seeText(
      annCard.locator(".row", { hasText: "Approvals so far" }),
      "Ann approves this ad going live",
    );
    expect(await annCard.getByRole("button", { name: "Approve (1 of 2)", exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await annCard.getByRole("button", { name: "Decline" }).isEnabled()).toBe(true);
    // Ben's page shows the first approval, with Ann's sentence, and his button launches.
    const benCard = card("Ben", "Needs two people");
    await seeText(benCard.locator(".row", { hasText: "Approvals so far" }), "Ann at");
    await seeText(
      benCard.locator(".row", { hasText: "Approvals so far" }),
      "“Ann approves this ad going live”",
    );
    await seeText(benCard, "waits for a second person");
    expect(
      await benCard.getByRole("button", { name: "Approve (2 of 2) and launch", exact: true }).isEnabled(),
    ).toBe(true);
    await screenshot(pages.Ben!, "inbox-two-person.png");

    const again = await inbox.decide(
      item!.id,
      { approved: true, text: "Ann approves it a second time" },
      "Ann",
      req.fingerprint,
    );
    expect(again).toMatchObject({ ok: false, code: "same-person" });
    expect(state.settled).toBe(false);

    await approve(
      "Ben",
      "Needs two people",
      "Ben approves this ad going live",
      "Approve (2 of 2) and launch",
    );
    const { decision } = await asked;
    expect(decision).toMatchObject({ approved: true });
    // Both signed statements go to the agent, each with its person's own sentence.
    const statements = (decision as { statements?: string[] }).statements ?? [];
    const keys = await inbox.authority.keys();
    const opened = await Promise.all(statements.map(async (s) => (await openStatement(keys, s))?.claims));
    expect(opened.map((c) => [c?.who, c?.text])).toEqual([
      ["Ann", "Ann approves this ad going live"],
      ["Ben", "Ben approves this ad going live"],
    ]);
    // The history keeps both sentences, in order.
    const done = pages.Ann!.locator("#history article", { hasText: "Needs two people" });
    await seeText(done, "Approved by two people: Ann at");
    await seeText(done, "with the sentence “Ann approves this ad going live”, then Ben at");
    await seeText(done, "“Ben approves this ad going live”");

    const trail = (await inbox.audit.read()).filter((e) => e.approvalRequest === req.id);
    expect(trail.map((e) => [e.event, e.decider, e.approvers, e.text])).toEqual([
      ["request", undefined, undefined, undefined],
      ["first-approval", "Ann", ["Ann"], "Ann approves this ad going live"],
      ["approve", "Ben", ["Ann", "Ben"], "Ben approves this ad going live"],
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
      await approve(
        "Ann",
        "Declined after one approval",
        "Ann approves this ad going live",
        "Approve (1 of 2)",
      ),
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
    // The history keeps the first approval's sentence beside the decline.
    const done = pages.Ann!.locator("#history article", { hasText: "Declined after one approval" });
    await seeText(done, "First approved by Ann at");
    await seeText(done, "“Ann approves this ad going live”; nothing was sent. Declined by Ben");
    const trail = (await inbox.audit.read()).filter((e) => e.approvalRequest === req.id);
    expect(trail.map((e) => [e.event, e.decider])).toEqual([
      ["request", undefined],
      ["first-approval", "Ann"],
      ["decline", "Ben"],
    ]);
  });
});
