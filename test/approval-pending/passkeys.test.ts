import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Approvers } from "../../src/guards/approval/verify.js";
import { inboxDesk } from "../../src/inbox/desk.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { type People, parsePeople } from "../../src/inbox/people.js";
import { generateInboxKey, type InboxKey } from "../../src/inbox/signing.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit } from "../../src/types.js";
import { unique, useWorld } from "../approval-records/support.js";
import {
  approvalClaims,
  challengeOf,
  recordApproval,
  type SoftAuthenticator,
  softAuthenticator,
} from "../support/passkey.js";
import { adOf, pendingOf } from "./support.js";

// Issue 45: approvals signed by the person. The test plays the inbox host (it holds the inbox's
// private key and writes decisions onto the items) and each person's authenticator (a software
// one): the one verifier redeems an approval of a person with passkeys, or on an account that
// requires them, only with that person's assertion over the exact claims the inbox signed.

const w = useWorld();
const TOKEN = (name: string) => `${name.toLowerCase()}-token-0123456789abcdef`;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => {});
});

interface Setup {
  inbox: Inbox;
  key: InboxKey;
  kit: AdToolkit;
}

async function setup(people: People | undefined, approvers?: Approvers): Promise<Setup> {
  const key = await generateInboxKey();
  const inbox = createInbox({ key, ...(people ? { people } : {}) });
  closers.push(() => inbox.close());
  const kit = createAdTools({
    apiKey: w.sim.apiKey,
    baseUrl: w.sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    desk: inboxDesk(inbox, { url: "http://localhost:8787/", agent: "passkey-tests" }),
    ...(approvers ? { approvalAuthority: { keys: async () => [key], people: approvers } } : {}),
  });
  return { inbox, key, kit };
}

const person = (name: string, passkeys?: SoftAuthenticator[], accounts: "*" | string[] = "*") => ({
  name,
  token: TOKEN(name),
  accounts,
  ...(passkeys ? { passkeys: passkeys.map((p) => p.credential) } : {}),
});

/** Asks for an ACTIVE ad, then records `who`'s approval signed by the inbox with no passkey assertion. */
async function approvedWithoutPasskey(s: Setup, who: string, label: string) {
  const headline = unique(label);
  const pending = pendingOf(await s.kit.call("push-creative", w.push(headline)));
  await recordApproval(s.inbox, s.key, await approvalClaims(s.inbox, pending.approval_id, who), undefined);
  return { headline, pending };
}

describe("a person with a passkey approves with it", { timeout: 60_000 }, () => {
  const ann = softAuthenticator({ counting: true });
  let s: Setup;
  beforeAll(async () => {
    s = await setup(parsePeople({ people: [person("Ann", [ann]), person("Cat")] }));
  });

  it("a valid assertion redeems once; the same approval after the redeem sends nothing more", async () => {
    const headline = unique("Passkey once");
    const pending = pendingOf(await s.kit.call("push-creative", w.push(headline)));
    const claims = await approvalClaims(s.inbox, pending.approval_id, "Ann");
    await recordApproval(s.inbox, s.key, claims, ann.assert(challengeOf(claims)));
    expect(adOf(await s.kit.awaitApproval(pending.approval_id, { waitMs: 5000 })).status).toBe("ACTIVE");
    await s.kit.awaitApproval(pending.approval_id, { waitMs: 500 });
    expect(w.sent(headline)).toHaveLength(1);
    expect(w.live(headline)).toBe(1);
  });

  it("the inbox's signature alone does not stand for a person with a passkey", async () => {
    const { headline, pending } = await approvedWithoutPasskey(s, "Ann", "Passkey missing");
    const result = await s.kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("Ann's approval: it carries no passkey assertion");
    expect(w.sent(headline)).toHaveLength(0);
  });

  it("an assertion moved to another request, or kept under claims the inbox changed, redeems nothing", async () => {
    const first = pendingOf(await s.kit.call("push-creative", w.push(unique("Passkey first"))));
    const headline = unique("Passkey moved");
    const second = pendingOf(await s.kit.call("push-creative", w.push(headline)));
    const made = ann.assert(challengeOf(await approvalClaims(s.inbox, first.approval_id, "Ann")));
    await recordApproval(s.inbox, s.key, await approvalClaims(s.inbox, second.approval_id, "Ann"), made);
    const moved = await s.kit.awaitApproval(second.approval_id, { waitMs: 1000 });
    expect(moved.ok).toBe(false);
    expect(JSON.stringify(moved)).toContain("made for another decision");
    expect(w.sent(headline)).toHaveLength(0);

    const reworded = unique("Passkey reworded");
    const third = pendingOf(await s.kit.call("push-creative", w.push(reworded)));
    const claims = await approvalClaims(s.inbox, third.approval_id, "Ann");
    const assertion = ann.assert(challengeOf(claims));
    await recordApproval(
      s.inbox,
      s.key,
      { ...claims, text: "Launch it, and the other three too" },
      assertion,
    );
    expect((await s.kit.awaitApproval(third.approval_id, { waitMs: 1000 })).ok).toBe(false);
    expect(w.sent(reworded)).toHaveLength(0);
  });

  it("an assertion made at another site, or without the user present, redeems nothing", async () => {
    for (const [what, options] of [
      ["another origin", { origin: "https://evil.example" }],
      ["another relying party", { rpId: "evil.example", origin: "https://evil.example" }],
      ["no user presence", { up: false }],
    ] as const) {
      const headline = unique(`Passkey ${what}`);
      const pending = pendingOf(await s.kit.call("push-creative", w.push(headline)));
      const claims = await approvalClaims(s.inbox, pending.approval_id, "Ann");
      await recordApproval(s.inbox, s.key, claims, ann.assert(challengeOf(claims), options));
      expect((await s.kit.awaitApproval(pending.approval_id, { waitMs: 1000 })).ok, what).toBe(false);
      expect(w.sent(headline), what).toHaveLength(0);
    }
  });

  it("a person without passkeys approves with the inbox's signature, as before", async () => {
    const { pending } = await approvedWithoutPasskey(s, "Cat", "No passkey");
    expect(adOf(await s.kit.awaitApproval(pending.approval_id, { waitMs: 5000 })).status).toBe("ACTIVE");
  });
});

describe("requirePasskeys, user verification and the counter", { timeout: 60_000 }, () => {
  const ann = softAuthenticator({ counting: true });
  let s: Setup;
  beforeAll(async () => {
    s = await setup(
      parsePeople({
        people: [person("Ann", [ann]), person("Cat")],
        requirePasskeys: [w.account],
        userVerification: "required",
      }),
    );
  });

  it("on a requirePasskeys account, an approval without a passkey redeems nothing, whoever signed it", async () => {
    const { headline, pending } = await approvedWithoutPasskey(s, "Cat", "Required");
    const result = await s.kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("Cat has no passkey in the people file");
    expect(w.sent(headline)).toHaveLength(0);
  });

  it("user verification missing when the file requires it: refused", async () => {
    const headline = unique("No UV");
    const pending = pendingOf(await s.kit.call("push-creative", w.push(headline)));
    const claims = await approvalClaims(s.inbox, pending.approval_id, "Ann");
    await recordApproval(s.inbox, s.key, claims, ann.assert(challengeOf(claims), { uv: false }));
    const result = await s.kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("User verification required");
    expect(w.sent(headline)).toHaveLength(0);
  });

  it("a counter that goes back is refused; approvals redeemed out of order are not", async () => {
    const ask = async (label: string) => {
      const headline = unique(label);
      const pending = pendingOf(await s.kit.call("push-creative", w.push(headline)));
      return { headline, id: pending.approval_id };
    };
    const [older, newer] = [await ask("Counter older"), await ask("Counter newer")];
    for (const r of [older, newer]) {
      const claims = await approvalClaims(s.inbox, r.id, "Ann");
      await recordApproval(s.inbox, s.key, claims, ann.assert(challengeOf(claims)));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The newer approval first, then the older one with its lower counter: both are Ann's.
    expect(adOf(await s.kit.awaitApproval(newer.id, { waitMs: 5000 })).status).toBe("ACTIVE");
    expect(adOf(await s.kit.awaitApproval(older.id, { waitMs: 5000 })).status).toBe("ACTIVE");

    // A later decision whose counter is not above the highest seen: another device has the key.
    const cloned = await ask("Counter cloned");
    const claims = await approvalClaims(s.inbox, cloned.id, "Ann");
    await recordApproval(s.inbox, s.key, claims, ann.assert(challengeOf(claims), { counter: 1 }));
    const result = await s.kit.awaitApproval(cloned.id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("went backwards");
    expect(w.sent(cloned.headline)).toHaveLength(0);
  });
});

describe("two people with passkeys", { timeout: 60_000 }, () => {
  const ann = softAuthenticator();
  const ben = softAuthenticator();

  it("needs two assertions by two people's own passkeys", async () => {
    const s = await setup(
      parsePeople({ people: [person("Ann", [ann]), person("Ben", [ben])], two: "*", requirePasskeys: "*" }),
    );
    const headline = unique("Two passkeys");
    const pending = pendingOf(await s.kit.call("push-creative", w.push(headline)));
    const a = await approvalClaims(s.inbox, pending.approval_id, "Ann", 2);
    await recordApproval(s.inbox, s.key, a, ann.assert(challengeOf(a)), { needed: 2, prior: 0 });
    // Ben's approval signed with Ann's passkey: not one of Ben's.
    const b = await approvalClaims(s.inbox, pending.approval_id, "Ben", 2);
    await recordApproval(s.inbox, s.key, b, ann.assert(challengeOf(b)), { needed: 2, prior: 1 });
    const result = await s.kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("not one of the person's in the people file");
    expect(w.sent(headline)).toHaveLength(0);

    const next = unique("Two passkeys right");
    const again = pendingOf(await s.kit.call("push-creative", w.push(next)));
    const a2 = await approvalClaims(s.inbox, again.approval_id, "Ann", 2);
    await recordApproval(s.inbox, s.key, a2, ann.assert(challengeOf(a2)), { needed: 2, prior: 0 });
    expect((await s.kit.awaitApproval(again.approval_id, { waitMs: 500 })).ok).toBe("pending");
    const b2 = await approvalClaims(s.inbox, again.approval_id, "Ben", 2);
    await recordApproval(s.inbox, s.key, b2, ben.assert(challengeOf(b2)), { needed: 2, prior: 1 });
    expect(adOf(await s.kit.awaitApproval(again.approval_id, { waitMs: 5000 })).status).toBe("ACTIVE");
    expect(w.sent(next)).toHaveLength(1);
  });

  it("one passkey listed under two names counts once", async () => {
    // The people file refuses such a list; a verifier handed one anyway still counts the device once.
    expect(() => parsePeople({ people: [person("Ann", [ann]), person("Ben", [ann])], two: "*" })).toThrow(
      /already listed/,
    );
    const approvers: Approvers = {
      people: [
        { name: "Ann", accounts: "*", passkeys: [ann.credential] },
        { name: "Ben", accounts: "*", passkeys: [ann.credential] },
      ],
      two: "*",
    };
    const s = await setup(parsePeople({ people: [person("Ann"), person("Ben")], two: "*" }), approvers);
    const headline = unique("One device two names");
    const pending = pendingOf(await s.kit.call("push-creative", w.push(headline)));
    const a = await approvalClaims(s.inbox, pending.approval_id, "Ann", 2);
    await recordApproval(s.inbox, s.key, a, ann.assert(challengeOf(a)), { needed: 2, prior: 0 });
    const b = await approvalClaims(s.inbox, pending.approval_id, "Ben", 2);
    await recordApproval(s.inbox, s.key, b, ann.assert(challengeOf(b)), { needed: 2, prior: 1 });
    const result = await s.kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toMatch(/2 different approvers/);
    expect(w.sent(headline)).toHaveLength(0);
  });
});
