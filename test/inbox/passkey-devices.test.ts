// One person, two passkeys (a laptop's and a phone's): each exported as the page's enrolment does
// and added with `adrails inbox people add-passkey`; the inbox offers both, and either approves,
// as far as the agents' verifier is concerned too. Over HTTP, with software authenticators.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStatement } from "../../src/guards/approval/proof.js";
import { verifyDecision } from "../../src/guards/approval/verify.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { parsePeople } from "../../src/inbox/people.js";
import { generateInboxKey, type InboxKey } from "../../src/inbox/signing.js";
import { buildOnce, run } from "../cli/helpers.js";
import { softAuthenticator } from "../support/passkey.js";
import { listen, until } from "./helpers.js";
import { passkeyTab } from "./passkey-helpers.js";
import { adRequest } from "./requests.js";

const ANN = "ann-own-token-0123456789";
const laptop = softAuthenticator({ label: "Ann's laptop" });
const phone = softAuthenticator({ label: "Ann's phone" });

let key: InboxKey;
let inbox: Inbox;
let server: Awaited<ReturnType<typeof listen>>;
let base: string;

beforeAll(async () => {
  await buildOnce();
  const dir = mkdtempSync(join(tmpdir(), "adrails-two-passkeys-"));
  const file = join(dir, "people.json");
  writeFileSync(
    file,
    JSON.stringify({ people: [{ name: "Ann", token: ANN, accounts: "*" }], requirePasskeys: ["act_1"] }),
  );
  for (const device of [laptop, phone]) {
    const added = await run(["inbox", "people", "add-passkey", "--file", file], {
      input: JSON.stringify({ name: "Ann", passkey: device.credential }),
    });
    expect(added.code, added.stderr).toBe(0);
  }
  const people = parsePeople(JSON.parse(readFileSync(file, "utf8")));
  expect(people.people[0]!.passkeys?.map((p) => p.label)).toEqual(["Ann's laptop", "Ann's phone"]);
  key = await generateInboxKey();
  inbox = createInbox({ people, key, pollMs: 20 });
  server = await listen(createInboxHandler(inbox, { people, sweepMs: 0 }));
  base = `http://localhost:${server.port}`;
}, 150_000);

afterAll(async () => {
  await server?.close();
  await inbox?.close();
});

describe("a person with two passkeys", { timeout: 60_000 }, () => {
  it.each([
    ["laptop", laptop],
    ["phone", phone],
  ])("approves with the %s's passkey: the inbox and the agents' verifier take it", async (_, device) => {
    const request = adRequest({ account: "act_1", headline: `Two devices ${device.credential.label}` });
    const asked = inbox.ask(request);
    const id = (await until(
      async () => (await inbox.list()).find((i) => i.state === "pending" && i.request.id === request.id)?.id,
    ))!;
    const { post } = await passkeyTab(base, ANN);
    const form = {
      id,
      action: "approve",
      text: "I approve this ad going live",
      fingerprint: request.fingerprint,
    };
    const { options } = (await post("challenge", form)).body;
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      laptop.credential.id,
      phone.credential.id,
    ]);
    const decided = await post("decide", {
      ...form,
      assertion: JSON.stringify(device.assert(options.challenge, { origin: base })),
    });
    expect(decided).toMatchObject({
      status: 200,
      body: { message: expect.stringContaining("Signed with your passkey") },
    });
    const { decision } = await asked;
    expect(decision.approved).toBe(true);
    const statements = (decision as { statements?: unknown[] }).statements ?? [];
    expect((await openStatement([key], statements[0]))?.assertion).toMatchObject({
      id: device.credential.id,
    });
    const verdict = await verifyDecision(
      { kind: "statements", statements, via: "inbox" },
      {
        request: request.id,
        tool: request.tool,
        payload: request.payload!,
        account: "act_1",
        askedAt: request.askedAt,
        now: Date.now(),
      },
      { authority: inbox.authority, shared: false, maxTtlMs: 600_000 },
    );
    expect(verdict).toMatchObject({ ok: true, who: ["Ann"] });
  });
});
