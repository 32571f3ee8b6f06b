import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { PasskeyAssertion } from "../../src/guards/approval/passkey.js";
import { type DecisionClaims, signStatement } from "../../src/guards/approval/proof.js";
import { fileAudit } from "../../src/inbox/audit.js";
import { verifyTrail } from "../../src/inbox/audit-verify.js";
import { parsePeople } from "../../src/inbox/people.js";
import { generateInboxKey, type InboxKey } from "../../src/inbox/signing.js";
import type { InboxAuditEntry } from "../../src/inbox/types.js";
import { buildOnce, run } from "../cli/helpers.js";
import { challengeOf, softAuthenticator } from "../support/passkey.js";

// Each decision line keeps the person's assertion (inside its statement); `adrails audit verify
// --people FILE` checks them offline with the people file's public keys and names the person and
// the credential of each approval, or the line whose approval a passkey should have signed and did not.

const AT = Date.parse("2026-12-07T10:00:00.000Z");
const ann = softAuthenticator({ label: "Ann's key" });
const file = {
  people: [
    { name: "Ann", token: "ann-secret-token-0123456789", accounts: "*", passkeys: [ann.credential] },
    { name: "Cat", token: "cat-secret-token-0123456789", accounts: "*" },
  ],
  requirePasskeys: ["act_1001"],
};

function claimsOf(n: number, who: string, account: string): DecisionClaims {
  return {
    v: 2,
    request: `apr_${n}`,
    tool: "push-creative",
    asked: AT,
    expires: AT + 60_000,
    fingerprint: `fp_${n}`,
    account,
    decision: "approve",
    text: `I approve fp_${n}`,
    who,
    needed: 1,
    item: `item_${n}`,
    at: AT + 1000 + n,
  };
}

async function line(
  key: InboxKey,
  c: DecisionClaims,
  assertion?: PasskeyAssertion,
): Promise<InboxAuditEntry> {
  return {
    at: new Date(c.at).toISOString(),
    event: "approve",
    id: c.item!,
    approvalRequest: c.request,
    tool: c.tool,
    fingerprint: c.fingerprint,
    account: c.account!,
    channel: "inbox",
    decider: c.who,
    text: c.text!,
    signature: await signStatement(key, c, assertion),
  };
}

describe("adrails audit verify --people", { timeout: 60_000 }, () => {
  let dir: string;
  let key: InboxKey;
  let trail: string;
  beforeAll(async () => {
    await buildOnce();
    dir = mkdtempSync(join(tmpdir(), "adrails-audit-passkeys-"));
    key = await generateInboxKey();
    trail = join(dir, "audit.jsonl");
    const audit = fileAudit(trail);
    const one = claimsOf(1, "Ann", "act_1001");
    await audit.append(await line(key, one, ann.assert(challengeOf(one))));
    await audit.append(await line(key, claimsOf(2, "Cat", "act_2002")));
    // The inbox's key alone for Ann, and Ann's assertion of line 1 under other claims.
    await audit.append(await line(key, claimsOf(3, "Ann", "act_1001")));
    await audit.append(await line(key, claimsOf(4, "Ann", "act_1001"), ann.assert(challengeOf(one))));
    writeFileSync(join(dir, "people.json"), JSON.stringify(file));
  }, 150_000);

  it("names each approval's person and passkey, and each line a passkey should have signed", async () => {
    const env = { ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify(key.jwk) };
    const checked = await run(["audit", "verify", trail, "--people", join(dir, "people.json")], { env });
    expect(checked.code).toBe(6);
    expect(checked.stdout).toContain(
      `${trail}:1: Ann approved item item_1 with passkey ${ann.credential.id} (Ann's key)`,
    );
    expect(checked.stdout).toContain(`${trail}:2: Cat approved item item_2 signed by the inbox's key only`);
    expect(checked.stdout).toContain(
      `${trail}:3: approve of item "item_3": Ann's approval it carries no passkey assertion`,
    );
    expect(checked.stdout).toContain(
      `${trail}:4: approve of item "item_4": Ann's approval its passkey assertion does not hold`,
    );

    // Without the people file, the same trail holds as the inbox signed it.
    const plain = await run(["audit", "verify", trail], { env });
    expect(plain.code).toBe(0);
  });

  it("verifyTrail reports the same with the parsed people file", async () => {
    const { readFile } = await import("node:fs/promises");
    const check = await verifyTrail(await readFile(trail, "utf8"), [key], { people: parsePeople(file) });
    expect(check.approvals).toEqual([
      {
        line: 1,
        item: "item_1",
        who: "Ann",
        proof: "passkey",
        credential: ann.credential.id,
        label: "Ann's key",
      },
      { line: 2, item: "item_2", who: "Cat", proof: "inbox" },
    ]);
    expect(check.problems.map((p) => p.line)).toEqual([3, 4]);
  });
});
