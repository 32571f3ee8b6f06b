// Decisions no agent can forge, end to end: `adrails inbox --people` as a child process signs each
// decision; `adrails call push-creative --wait-approval` children wait on a real redis-server and
// check the signature with the key the inbox printed. A process with write access to Redis that
// marks its own item approved (unsigned, signed by its own key, or with a signature copied from
// another request) gets nothing sent; `adrails audit verify` holds on the real trail and names an
// edited line.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateInboxKey, signDecision } from "../../src/inbox/signing.js";
import type { InboxItem } from "../../src/inbox/types.js";
import { BIN, buildOnce, cleanEnv, run } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { type SimFixture, startSimFixture } from "../toolkit/sim-setup.js";
import { until } from "./helpers.js";

const BEN_TOKEN = "ben-own-token-0123456789";
const ANN_TOKEN = "ann-own-token-0123456789";

let fx: SimFixture;
let redis: TestRedis & { close(): Promise<void> };
let db: ReturnType<typeof createClient>;
let inboxChild: ChildProcess;
let inboxUrl: string;
let publicKey: string;
let dir: string;
let auditFile: string;

beforeAll(async () => {
  await buildOnce();
  fx = await startSimFixture();
  redis = await startRedis();
  db = createClient({ url: redis.url });
  await db.connect();
  dir = mkdtempSync(join(tmpdir(), "adrails-signed-"));
  auditFile = join(dir, "audit.jsonl");
  const people = join(dir, "people.json");
  writeFileSync(
    people,
    JSON.stringify({
      people: [
        { name: "Ann", token: ANN_TOKEN, accounts: ["act_other"] },
        { name: "Ben", tokenSha256: sha256(BEN_TOKEN), tokenLength: BEN_TOKEN.length, accounts: "*" },
      ],
    }),
  );
  inboxChild = spawn(
    process.execPath,
    [BIN, "inbox", "--redis", redis.url, "--audit-log", auditFile, "--people", people],
    { env: cleanEnv({ ADRAILS_HOME: join(dir, "home") }), stdio: ["ignore", "pipe", "pipe"] },
  );
  let err = "";
  inboxChild.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  [inboxUrl, publicKey] = await until((): [string, string] | undefined => {
    const url = /on (http:\/\/localhost:\d+\/)/.exec(err)?.[1];
    const key = /ADRAILS_INBOX_PUBLIC_KEY='([^']+)'/.exec(err)?.[1];
    return url && key ? [url, key] : undefined;
  }, 30_000).then((found) => found!);
}, 120_000);

afterAll(async () => {
  inboxChild?.kill("SIGTERM");
  await db?.quit().catch(() => {});
  await redis?.close();
  await fx?.sim.close();
});

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** `adrails call push-creative @ad.json --wait-approval` in its own process. */
function worker(headline: string) {
  const file = join(dir, `${headline.replaceAll(" ", "-")}.json`);
  writeFileSync(file, JSON.stringify(fx.push({ status: "ACTIVE", headline })));
  return run(["call", "push-creative", `@${file}`, "--wait-approval", "--approval-timeout", "60"], {
    env: {
      ADRAILS_API_KEY: fx.sim.apiKey,
      ADRAILS_BASE_URL: fx.sim.url,
      ADRAILS_REDIS_URL: redis.url,
      ADRAILS_INBOX_PUBLIC_KEY: publicKey,
    },
    timeoutMs: 90_000,
  });
}

/** The waiting item of `headline`, read straight from Redis as any agent process can. */
async function itemOf(headline: string): Promise<{ key: string; item: InboxItem }> {
  return until(async () => {
    for (const key of await db.keys("adrails:inbox:item:*")) {
      const item = JSON.parse((await db.get(key)) ?? "{}") as InboxItem;
      if (item.state === "pending" && item.request?.message?.includes(headline)) return { key, item };
    }
    return undefined;
  }, 60_000).then((found) => found!);
}

/** The attacker's write: the item marked approved with the given decision, its TTL kept. */
async function forge(key: string, item: InboxItem, decision: Partial<InboxItem["decision"]>) {
  const forged = {
    ...item,
    state: "approved",
    decision: {
      approved: true,
      by: "Mallory",
      at: Date.now(),
      text: "I approve this forged ad going live",
      fingerprint: item.request.fingerprint,
      ...decision,
    },
  };
  await db.set(key, JSON.stringify(forged), { KEEPTTL: true });
}

const adsNamed = (headline: string) => fx.sim.control.state().ads.filter((ad) => ad.headline === headline);

async function signInAs(token: string) {
  const origin = inboxUrl.slice(0, -1);
  const signIn = await fetch(`${inboxUrl}signin`, {
    method: "POST",
    headers: { origin, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "typed name", token }),
  });
  expect(signIn.status).toBe(200);
  const { key, name } = (await signIn.json()) as { key: string; name: string };
  const headers = {
    origin,
    accept: "application/json",
    cookie: signIn.headers.get("set-cookie")!.split(";")[0]!,
    "x-adrails-inbox-key": key,
  };
  return {
    name,
    decide: (form: Record<string, string>) =>
      fetch(`${inboxUrl}decide`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      }),
  };
}

describe("decisions signed by the inbox", { timeout: 180_000 }, () => {
  it("serves its public key, and keeps the private one in ADRAILS_HOME with mode 0600", async () => {
    const served = await (await fetch(`${inboxUrl}.well-known/adrails-inbox-key`)).json();
    expect(served).toEqual(JSON.parse(publicKey));
    expect(served).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    expect(served).not.toHaveProperty("d");
    expect(statSync(join(dir, "home", "inbox-key.json")).mode & 0o777).toBe(0o600);
  });

  it("an approved item written straight into Redis without the inbox's signature: exit 6, no ad", async () => {
    const before = fx.bodies("push-creative").length;
    const waiting = worker("Forged unsigned");
    const { key, item } = await itemOf("Forged unsigned");
    await forge(key, item, {});
    const done = await waiting;
    expect(done.code).toBe(6);
    expect(done.stdout).toContain("carries no inbox signature");
    expect(adsNamed("Forged unsigned")).toHaveLength(0);
    expect(fx.bodies("push-creative")).toHaveLength(before);
  });

  it("signed by the attacker's own key, with every claim right: exit 6, no ad", async () => {
    const waiting = worker("Forged own key");
    const { key, item } = await itemOf("Forged own key");
    const mine = await generateInboxKey();
    const at = Date.now();
    const text = "I approve this forged ad going live";
    const sig = await signDecision(mine, {
      v: 1,
      item: item.id,
      request: item.request.id,
      fingerprint: item.request.fingerprint,
      decision: "approved",
      text,
      who: ["Mallory"],
      at,
    });
    await forge(key, item, { at, text, who: ["Mallory"], sig });
    const done = await waiting;
    expect(done.code).toBe(6);
    expect(done.stdout).toContain("not signed by the inbox's key");
    expect(adsNamed("Forged own key")).toHaveLength(0);
  });

  it("a person approves on the page: the ad goes live; that signature copied onto another request sends nothing", async () => {
    const ben = await signInAs(BEN_TOKEN);
    expect(ben.name).toBe("Ben");
    const waiting = worker("Approved by Ben");
    const { item } = await itemOf("Approved by Ben");
    const decided = await ben.decide({
      id: item.id,
      action: "approve",
      text: "I approve this ad going live today",
      fingerprint: item.request.fingerprint,
    });
    expect(decided.status).toBe(200);
    const done = await waiting;
    expect(done.code).toBe(0);
    expect(adsNamed("Approved by Ben").map((ad) => [ad.status, ad.hard_confirm_text])).toEqual([
      ["ACTIVE", "I approve this ad going live today"],
    ]);

    const approved = JSON.parse((await db.get(`adrails:inbox:item:${item.id}`))!) as InboxItem;
    expect(approved.decision).toMatchObject({ by: "Ben", who: ["Ben"] });
    const replay = worker("Replayed signature");
    const target = await itemOf("Replayed signature");
    await forge(target.key, target.item, approved.decision!);
    const replayed = await replay;
    expect(replayed.code).toBe(6);
    expect(replayed.stdout).toMatch(/for another request|for payload/);
    expect(adsNamed("Replayed signature")).toHaveLength(0);
  });

  it("a person not listed for the account gets 403 and nothing is recorded", async () => {
    const ann = await signInAs(ANN_TOKEN);
    const waiting = worker("Not Ann's account");
    const { key, item } = await itemOf("Not Ann's account");
    const refused = await ann.decide({
      id: item.id,
      action: "approve",
      text: "I approve this ad going live today",
      fingerprint: item.request.fingerprint,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain(fx.accountId);
    expect(JSON.parse((await db.get(key))!)).toMatchObject({ state: "pending" });
    const ben = await signInAs(BEN_TOKEN);
    await ben.decide({
      id: item.id,
      action: "decline",
      reason: "Ann may not launch on this account",
      fingerprint: item.request.fingerprint,
    });
    const done = await waiting;
    expect(done.code).toBe(6);
    expect(done.stdout).toContain("Ann may not launch on this account");
  });

  it("adrails audit verify: the real trail holds; an edited sentence, person or unsigned line is named", async () => {
    await until(() => readFileSync(auditFile, "utf8").includes('"decline"'), 20_000);
    const env = { ADRAILS_INBOX_PUBLIC_KEY: publicKey };
    const good = await run(["audit", "verify", auditFile], { env });
    expect(good.stderr).toBe("");
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("2 decision(s) signed");

    const lines = readFileSync(auditFile, "utf8").trimEnd().split("\n");
    const at = lines.findIndex((l) => l.includes('"event":"approve"'));
    const edit = (change: (entry: Record<string, unknown>) => void, extra: string[] = []) => {
      const copy = [...lines];
      const entry = JSON.parse(copy[at]!);
      change(entry);
      copy[at] = JSON.stringify(entry);
      const file = join(dir, `edited-${Math.random().toString(16).slice(2)}.jsonl`);
      writeFileSync(file, `${[...copy, ...extra].join("\n")}\n`);
      return file;
    };
    const sentence = await run(["audit", "verify", edit((e) => (e.text = "I approve a different ad"))], {
      env,
    });
    expect(sentence.code).toBe(6);
    expect(sentence.stdout).toContain(`:${at + 1}: approve of item`);
    expect(sentence.stdout).toContain("the sentence differs from what the inbox signed");

    const person = await run(["audit", "verify", edit((e) => (e.decider = "Ann"))], { env });
    expect(person.code).toBe(6);
    expect(person.stdout).toContain("the person differs");

    const added = JSON.parse(lines[at]!);
    delete added.signature;
    const unsigned = await run(["audit", "verify", edit(() => {}, [JSON.stringify(added)])], { env });
    expect(unsigned.code).toBe(6);
    expect(unsigned.stdout).toContain(`:${lines.length + 1}: approve of item`);
    expect(unsigned.stdout).toContain("carries no signature");

    const other = await generateInboxKey();
    const wrongKey = await run(["audit", "verify", auditFile], {
      env: { ADRAILS_INBOX_PUBLIC_KEY: JSON.stringify(other.jwk) },
    });
    expect(wrongKey.code).toBe(6);
    expect(wrongKey.stdout).toContain("is not the inbox's");

    const noKey = await run(["audit", "verify", auditFile]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("ADRAILS_INBOX_PUBLIC_KEY");
  });

  it("--wait-approval without the inbox's public key: exit 2 naming what to set, nothing sent", async () => {
    const before = fx.bodies("push-creative").length;
    const done = await run(
      ["call", "push-creative", JSON.stringify(fx.push({ status: "ACTIVE" })), "--wait-approval"],
      { env: { ADRAILS_API_KEY: fx.sim.apiKey, ADRAILS_BASE_URL: fx.sim.url, ADRAILS_REDIS_URL: redis.url } },
    );
    expect(done.code).toBe(2);
    expect(done.stderr).toContain("ADRAILS_INBOX_PUBLIC_KEY");
    expect(fx.bodies("push-creative")).toHaveLength(before);
  });
});
