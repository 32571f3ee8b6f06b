// The inbox's passkey routes over HTTP, with a software authenticator: where the page must be
// opened, who must decide with a passkey, and that the challenge is the digest of the very
// statement the inbox then signs (with the assertion inside it). The real browser flow is
// passkey-browser.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyChallenge } from "../../src/guards/approval/passkey.js";
import { openStatement } from "../../src/guards/approval/proof.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { parsePeople } from "../../src/inbox/people.js";
import { generateInboxKey, type InboxKey } from "../../src/inbox/signing.js";
import { softAuthenticator } from "../support/passkey.js";
import { listen, TOKEN, until } from "./helpers.js";
import { passkeyTab as tab } from "./passkey-helpers.js";
import { adRequest } from "./requests.js";

const ANN = "ann-own-token-0123456789";
const CAT = "cat-own-token-0123456789";
const SENTENCE = "I approve this ad going live today";
const device = softAuthenticator({ label: "Ann's key" });
const people = parsePeople({
  people: [
    { name: "Ann", token: ANN, accounts: "*", passkeys: [device.credential] },
    { name: "Cat", token: CAT, accounts: "*" },
  ],
  requirePasskeys: ["act_1"],
});

let key: InboxKey;
let inbox: Inbox;
let server: Awaited<ReturnType<typeof listen>>;
let shared: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  key = await generateInboxKey();
  inbox = createInbox({ people, key, pollMs: 20 });
  server = await listen(createInboxHandler(inbox, { people, sweepMs: 0 }));
  shared = await listen(createInboxHandler(createInbox(), { token: TOKEN, sweepMs: 0 }));
});

afterAll(async () => {
  await server?.close();
  await shared?.close();
  await inbox?.close();
});

describe("the inbox's passkey routes", { timeout: 30_000 }, () => {
  it("work only where the page is opened at the relying party's name, and only for named approvers", async () => {
    const local = `http://localhost:${server.port}`;
    const byAddress = await tab(`http://127.0.0.1:${server.port}`, ANN);
    const about = await byAddress.about();
    expect(about).toMatchObject({ enabled: true, passkeys: 1 });
    expect(about.problem).toContain(`opened at ${local}/`);
    const refused = await byAddress.post("enrol-options", {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("never to an address like 127.0.0.1");
    expect(await (await tab(local, ANN)).about()).toEqual({ enabled: true, passkeys: 1 });

    const anyone = await tab(`http://localhost:${shared.port}`, TOKEN, "Eve");
    expect(await anyone.about()).toEqual({ enabled: false });
    expect((await anyone.post("enrol-options", {})).body.message).toContain(
      "Passkeys are for named approvers",
    );
  });

  it("a passkey signs the digest of the very statement the inbox signs; anything else records nothing", async () => {
    const base = `http://localhost:${server.port}`;
    const request = adRequest({ account: "act_1", headline: "Routes" });
    const asked = inbox.ask(request);
    const id = (await until(async () => (await inbox.list()).find((i) => i.state === "pending")?.id))!;
    const form = { id, action: "approve", text: SENTENCE, fingerprint: request.fingerprint };
    const ann = await tab(base, ANN);
    const cat = await tab(base, CAT);

    expect(await ann.post("decide", form)).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining("Approve with your passkey") },
    });
    expect(await cat.post("decide", form)).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining("Approvals on act_1 count only with a passkey") },
    });
    expect((await cat.post("challenge", form)).body.message).toContain("You have no passkey");
    const unasked = await ann.post("decide", {
      ...form,
      assertion: JSON.stringify(device.assert(passkeyChallenge("other"), { origin: base })),
    });
    expect(unasked).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining("not asked for") },
    });

    const first = await ann.post("challenge", form);
    expect(first.body.options.allowCredentials).toEqual([
      { id: device.credential.id, type: "public-key", transports: ["usb"] },
    ]);
    const wrong = device.assert(passkeyChallenge("another statement"), { origin: base });
    const bad = await ann.post("decide", { ...form, assertion: JSON.stringify(wrong) });
    expect(bad.status).toBe(403);
    expect(bad.body.message).toContain("the challenge differs");
    expect((await inbox.list()).find((i) => i.id === id)?.state).toBe("pending");

    const options = (await ann.post("challenge", form)).body.options;
    const good = await ann.post("decide", {
      ...form,
      assertion: JSON.stringify(device.assert(options.challenge, { origin: base })),
    });
    expect(good).toMatchObject({
      status: 200,
      body: { message: expect.stringContaining("Signed with your passkey") },
    });
    const { decision } = await asked;
    expect(decision.approved).toBe(true);
    const statements = (decision as { statements?: unknown[] }).statements ?? [];
    const opened = await openStatement([key], statements[0]);
    expect(passkeyChallenge(opened!.payload)).toBe(options.challenge);
    expect(opened).toMatchObject({
      claims: { who: "Ann", text: SENTENCE },
      assertion: { id: device.credential.id },
    });
  });
});
