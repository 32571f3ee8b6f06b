import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DecisionClaims, signStatement } from "../../src/guards/approval/proof.js";
import { fileAudit, memoryAudit } from "../../src/inbox/audit.js";
import { AUDIT_GENESIS, lineHash } from "../../src/inbox/audit-chain.js";
import { verifyTrail } from "../../src/inbox/audit-verify.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { generateInboxKey, type InboxKey, signDecision } from "../../src/inbox/signing.js";
import type { InboxAuditEntry } from "../../src/inbox/types.js";
import { buildOnce, ROOT, run } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// The audit trail is a hash chain: a line deleted, copied, moved or edited is reported with its
// line number; decision lines are checked against the person's signed statement (v2), old v1
// signatures still verify, and a trail written across a key rotation verifies with both keys.

const AT = Date.parse("2026-12-07T10:00:00.000Z");

function request(n: number): InboxAuditEntry {
  return {
    at: new Date(AT + n).toISOString(),
    event: "request",
    id: `item_${n}`,
    approvalRequest: `apr_${n}`,
    tool: "push-creative",
    fingerprint: `fp_${n}`,
    account: "act_1001",
    channel: "inbox",
  };
}

async function decision(key: InboxKey, n: number, who: string, event: "approve" | "decline" = "approve") {
  const claims: DecisionClaims = {
    v: 2,
    request: `apr_${n}`,
    tool: "push-creative",
    asked: AT,
    expires: AT + 60_000,
    fingerprint: `fp_${n}`,
    account: "act_1001",
    decision: event === "approve" ? "approve" : "decline",
    ...(event === "approve" ? { text: `I approve fp_${n}` } : { reason: "off brand" }),
    who,
    needed: 1,
    item: `item_${n}`,
    at: AT + 1000 + n,
  };
  const entry: InboxAuditEntry = {
    at: new Date(claims.at).toISOString(),
    event,
    id: `item_${n}`,
    approvalRequest: `apr_${n}`,
    tool: "push-creative",
    fingerprint: `fp_${n}`,
    account: "act_1001",
    channel: "inbox",
    decider: who,
    ...(event === "approve" ? { text: claims.text } : { reason: claims.reason }),
    signature: await signStatement(key, claims),
  };
  return entry;
}

async function trail(key: InboxKey): Promise<string[]> {
  const audit = memoryAudit();
  for (let n = 1; n <= 3; n++) {
    await audit.append(request(n));
    await audit.append(await decision(key, n, "Ann", n === 2 ? "decline" : "approve"));
  }
  return audit.lines!();
}

let key: InboxKey;
beforeAll(async () => {
  key = await generateInboxKey();
});

describe("the audit chain", () => {
  it("links each line to the one before it, from a fixed first value", async () => {
    const lines = await trail(key);
    expect(JSON.parse(lines[0]!).prev).toBe(AUDIT_GENESIS);
    for (let i = 1; i < lines.length; i++) {
      expect(JSON.parse(lines[i]!)).toMatchObject({ seq: i + 1, prev: lineHash(lines[i - 1]!) });
    }
    const check = await verifyTrail(lines, [key]);
    expect(check).toMatchObject({ verified: 3, v1: 0, unsigned: 3, problems: [] });
    expect(check.head).toEqual({ line: 6, hash: lineHash(lines[5]!) });
  });

  it("reports a deleted, duplicated, reordered or edited line by its number", async () => {
    const lines = await trail(key);
    const lineOf = async (edited: string[]) => (await verifyTrail(edited, [key])).problems;

    const deleted = lines.filter((_, i) => i !== 2);
    expect(await lineOf(deleted)).toEqual([{ line: 3, message: expect.stringContaining("deleted") }]);

    const duplicated = [...lines.slice(0, 4), lines[3]!, ...lines.slice(4)];
    expect(await lineOf(duplicated)).toEqual([{ line: 5, message: expect.stringContaining("duplicated") }]);

    const swapped = [lines[0]!, lines[2]!, lines[1]!, ...lines.slice(3)];
    const moved = await lineOf(swapped);
    expect(moved.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(moved.every((p) => p.message.includes("out of order"))).toBe(true);

    // An unsigned line edited (a request's account): the next line names another hash for it.
    const edited = [...lines];
    edited[2] = edited[2]!.replace('"act_1001"', '"act_1002"');
    expect(await lineOf(edited)).toEqual([{ line: 3, message: expect.stringContaining("edited") }]);

    // The first line deleted: the trail no longer starts at the first value.
    expect((await lineOf(lines.slice(1))).map((p) => p.line)).toEqual([1]);
    // An extract (one request's lines) checked for its decisions only.
    expect((await verifyTrail([lines[2]!, lines[3]!], [key], { chain: false })).problems).toEqual([]);
  });

  it("refuses a decision line whose claims were edited, and one signed by another key", async () => {
    const lines = await trail(key);
    const forged = [...lines];
    forged[1] = forged[1]!.replace('"decider":"Ann"', '"decider":"Ben"');
    const problems = (await verifyTrail(forged, [key])).problems;
    expect(problems).toContainEqual({ line: 2, message: expect.stringContaining("person differs") });

    const other = await generateInboxKey();
    const audit = memoryAudit();
    await audit.append(request(1));
    await audit.append(await decision(other, 1, "Ann"));
    const check = await verifyTrail(await audit.lines!(), [key]);
    expect(check.problems).toEqual([{ line: 2, message: expect.stringContaining("not the inbox's") }]);
  });

  it("still verifies a decision signed in the old v1 form, marked v1", async () => {
    const audit = memoryAudit();
    const entry = { ...(await decision(key, 1, "Ann")) };
    entry.signature = await signDecision(key, {
      v: 1,
      item: entry.id,
      request: entry.approvalRequest!,
      fingerprint: entry.fingerprint,
      decision: "approved",
      text: entry.text!,
      who: ["Ann"],
      at: Date.parse(entry.at),
    });
    await audit.append(entry);
    expect(await verifyTrail(await audit.lines!(), [key])).toMatchObject({
      verified: 1,
      v1: 1,
      problems: [],
    });
  });

  it("continues the chain of a file across restarts", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "adrails-chain-")), "audit.jsonl");
    await fileAudit(file).append(request(1));
    await fileAudit(file).append(request(2));
    const again = fileAudit(file);
    await Promise.all([again.append(request(3)), again.append(request(4))]);
    const text = readFileSync(file, "utf8");
    expect(await verifyTrail(text, [key])).toMatchObject({ unsigned: 4, problems: [] });
    expect(
      text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).seq),
    ).toEqual([1, 2, 3, 4]);
  });
});

describe("the Redis audit stream's chain", () => {
  let redis: TestRedis & { close(): Promise<void> };
  beforeAll(async () => {
    await buildOnce();
    redis = await startRedis();
  }, 120_000);
  afterAll(async () => {
    await redis?.close();
  });

  it("stays one chain when several processes append at once", async () => {
    const children = ["a", "b", "c"].map(
      (who) =>
        new Promise<number | null>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [join(ROOT, "test/inbox/child/audit-append.mjs"), redis.url, who, "25"],
            { stdio: ["ignore", "ignore", "inherit"] },
          );
          child.once("error", reject);
          child.once("exit", resolve);
        }),
    );
    expect(await Promise.all(children)).toEqual([0, 0, 0]);
    const { queue, audit } = redisInbox({ url: redis.url });
    try {
      const lines = await audit.lines!();
      expect(lines).toHaveLength(75);
      expect(lines.map((l) => JSON.parse(l).seq)).toEqual(Array.from({ length: 75 }, (_, i) => i + 1));
      expect((await verifyTrail(lines, [key])).problems).toEqual([]);
    } finally {
      await queue.shutdown();
    }
  }, 60_000);

  it("names a line deleted from the stream; adrails audit verify --redis reads it", async () => {
    const { queue, audit } = redisInbox({ url: redis.url, prefix: "deleted" });
    try {
      for (let n = 1; n <= 4; n++) await audit.append(request(n));
    } finally {
      await queue.shutdown();
    }
    const { createClient } = await import("redis");
    const client = createClient({ url: redis.url });
    await client.connect();
    const rows = await client.xRange("deleted:inbox:audit", "-", "+");
    await client.xDel("deleted:inbox:audit", rows?.[1]?.id ?? "0-0");
    await client.quit();
    const lines = await (async () => {
      const again = redisInbox({ url: redis.url, prefix: "deleted" });
      try {
        return await again.audit.lines!();
      } finally {
        await again.queue.shutdown();
      }
    })();
    expect((await verifyTrail(lines, [key])).problems).toEqual([
      { line: 2, message: expect.stringContaining("1 line(s) before it were deleted") },
    ]);
    // The CLI reads the default prefix: the stream the processes above wrote, unharmed.
    const ok = await run(["audit", "verify", "--redis", redis.url], {
      env: { ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify(key.jwk) },
    });
    expect(ok.stdout).toContain("0 line(s) that do not hold");
    expect(ok.code).toBe(0);
  }, 60_000);
});

describe("adrails audit verify", () => {
  beforeAll(async () => {
    await buildOnce();
  }, 120_000);

  it("verifies a trail written across a key rotation with both keys, and says which line needs the old one", async () => {
    const old = await generateInboxKey();
    const current = await generateInboxKey();
    const file = join(mkdtempSync(join(tmpdir(), "adrails-rotate-")), "audit.jsonl");
    const audit = fileAudit(file);
    await audit.append(request(1));
    await audit.append(await decision(old, 1, "Ann"));
    await audit.append(request(2));
    await audit.append(await decision(current, 2, "Ben", "decline"));

    const one = await run(["audit", "verify", file], {
      env: { ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify(current.jwk) },
    });
    expect(one.code).toBe(6);
    expect(one.stdout).toContain(`${file}:2: approve of item "item_1": the signature is not the inbox's`);

    const both = await run(["audit", "verify", file], {
      env: { ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify([current.jwk, old.jwk]) },
    });
    expect(both.stdout).toContain("2 decision(s) signed by inbox key");
    expect(both.code).toBe(0);

    const keyFile = join(mkdtempSync(join(tmpdir(), "adrails-oldkey-")), "old.json");
    writeFileSync(keyFile, JSON.stringify(old.jwk));
    const flag = await run(["audit", "verify", file, "--key", keyFile, "--json"], {
      env: { ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify(current.jwk) },
    });
    expect(JSON.parse(flag.stdout)).toMatchObject({
      ok: true,
      verified: 2,
      keys: [current.jwk.kid, old.jwk.kid],
    });

    // An edited line: verify names it, and the listing marks it.
    const text = readFileSync(file, "utf8").split("\n");
    text[2] = text[2]!.replace('"act_1001"', '"act_1002"');
    writeFileSync(file, text.join("\n"));
    const env = { ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify([current.jwk, old.jwk]) };
    const edited = await run(["audit", "verify", file], { env });
    expect(edited.code).toBe(6);
    expect(edited.stdout).toContain(`${file}:3: edited`);
    const listing = await run(["audit", "--audit-log", file], { env });
    const marked = listing.stdout.split("\n").filter((l) => l.startsWith("! "));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toContain("item_2");
    expect(listing.stderr).toContain("1 line(s) do not verify");
  }, 60_000);
});
