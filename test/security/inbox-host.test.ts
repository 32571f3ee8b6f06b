import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxDesk } from "../../src/inbox/desk.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { parsePeople } from "../../src/inbox/people.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { generateInboxKey, type InboxKey, publicKeyFromText } from "../../src/inbox/signing.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit } from "../../src/types.js";
import { adOf, pendingOf } from "../approval-pending/support.js";
import { unique, useWorld } from "../approval-records/support.js";
import { approvalClaims, challengeOf, recordApproval, softAuthenticator } from "../support/passkey.js";

// docs/security.md, "the inbox host" on a requirePasskeys account: a separate process holding the
// inbox's private key, the fleet's Redis URL and the people file, but no person's authenticator
// (test/security/child/inbox-host.ts), signs approvals every way it can and writes them where the
// inbox records decisions. The agent, with the inbox's public key and its own copy of the people
// file, launches none of them; Ann's approval with her passkey launches once.

const run = promisify(execFile);
const ACTOR = join(import.meta.dirname, "child/inbox-host.ts");
const w = useWorld({ redis: true });
const ann = softAuthenticator({ counting: true });

describe("the inbox host cannot approve on a requirePasskeys account", { timeout: 120_000 }, () => {
  let dir: string;
  let key: InboxKey;
  let inbox: Inbox;
  let kit: AdToolkit;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "adrails-inbox-host-"));
    key = await generateInboxKey();
    writeFileSync(join(dir, "inbox-key.json"), JSON.stringify(await exportJWK(key.privateKey!)), {
      mode: 0o600,
    });
    const file = {
      people: [
        { name: "Ann", token: "ann-token-0123456789abcdef", accounts: "*", passkeys: [ann.credential] },
        { name: "Cat", token: "cat-token-0123456789abcdef", accounts: "*" },
      ],
      requirePasskeys: [w.account],
    };
    writeFileSync(join(dir, "people.json"), JSON.stringify(file));
    // The agent's people file is its own configuration, read once: the actor gets a copy.
    const people = parsePeople(JSON.parse(readFileSync(join(dir, "people.json"), "utf8")));
    writeFileSync(join(dir, "actor-people.json"), JSON.stringify(file));
    inbox = createInbox({ ...redisInbox({ url: w.redis.url }), people, key });
    const store = redisStore({ url: w.redis.url });
    const inboxPublic = await publicKeyFromText(JSON.stringify(key.jwk), "the inbox's public key");
    kit = createAdTools({
      apiKey: w.sim.apiKey,
      baseUrl: w.sim.url,
      rateLimit: false,
      retry: { maxRetries: 0 },
      store,
      desk: inboxDesk(inbox, { url: "http://localhost:8787/", agent: "security-tests" }),
      approvalAuthority: { keys: async () => [inboxPublic], people },
    });
    closers.push(
      () => inbox.close(),
      () => store.close(),
    );
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  it("no approval it signs launches an ad; Ann's passkey approval launches once", async () => {
    // Ann approves one request with her passkey: the ad goes live, and her assertion is in the store.
    const annHeadline = unique("Ann's passkey");
    const annRequest = pendingOf(await kit.call("push-creative", w.push(annHeadline))).approval_id;
    const claims = await approvalClaims(inbox, annRequest, "Ann");
    await recordApproval(inbox, key, claims, ann.assert(challengeOf(claims)));
    expect(adOf(await kit.awaitApproval(annRequest, { waitMs: 5000 })).status).toBe("ACTIVE");

    const kinds = [
      "inbox-key-only",
      "person-without-passkey",
      "replayed-assertion",
      "own-passkey",
      "own-key-as-ann",
    ];
    const targets: Record<string, string> = {};
    const headlines: Record<string, string> = {};
    for (const kind of kinds) {
      headlines[kind] = unique(`Inbox host ${kind}`);
      targets[kind] = pendingOf(await kit.call("push-creative", w.push(headlines[kind]!))).approval_id;
    }
    const job = {
      redisUrl: w.redis.url,
      keyFile: join(dir, "inbox-key.json"),
      peopleFile: join(dir, "actor-people.json"),
      targets,
      approvedByAnn: annRequest,
    };
    const { stdout } = await run(process.execPath, ["--import", "tsx", ACTOR, JSON.stringify(job)], {
      cwd: join(import.meta.dirname, "../.."),
      timeout: 60_000,
    });
    expect(stdout.trim().split("\n")).toEqual(kinds.map((k) => `FORGED ${k}`));

    const reasons: Record<string, string> = {};
    for (const kind of kinds) {
      const result = await kit.awaitApproval(targets[kind]!, { waitMs: 1000 });
      expect(result.ok, kind).toBe(false);
      reasons[kind] = JSON.stringify(result);
    }
    expect(reasons["inbox-key-only"]).toContain("carries no passkey assertion");
    expect(reasons["person-without-passkey"]).toContain("Cat has no passkey in the people file");
    expect(reasons["replayed-assertion"]).toContain("made for another decision");
    expect(reasons["own-passkey"]).toContain("is not one of the person's in the people file");
    expect(reasons["own-key-as-ann"]).toContain("does not hold");
    for (const kind of kinds) {
      expect(w.sent(headlines[kind]!), kind).toHaveLength(0);
      expect(w.live(headlines[kind]!), kind).toBe(0);
    }
    expect(w.sent(annHeadline)).toHaveLength(1);
    expect(w.live(annHeadline)).toBe(1);
  });
});
