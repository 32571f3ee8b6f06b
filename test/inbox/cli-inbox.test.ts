// `adrails inbox` as a child process with a generated token: the token never reaches the item the
// agent reads or the audit file, even when the person types it into their name or a reason.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { publicKeyFromText } from "../../src/inbox/signing.js";
import { buildOnce } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { until } from "./helpers.js";
import { summaryRequest } from "./requests.js";

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  await buildOnce();
  redis = await startRedis();
}, 120_000);
afterAll(async () => {
  await redis?.close();
});

const BIN = join(import.meta.dirname, "../../dist/cli/bin.js");

describe("adrails inbox with a generated token", { timeout: 60_000 }, () => {
  it("keeps the generated token out of the decision the agent reads and out of the audit file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "adrails-inbox-")), "audit.jsonl");
    const child = spawn(process.execPath, [BIN, "inbox", "--redis", redis.url, "--audit-log", file], {
      env: { PATH: process.env.PATH ?? "", ADRAILS_HOME: join(file, "..", "home") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    try {
      const [url, token, jwk] = await until((): [string, string, string] | undefined => {
        const at = /on (http:\/\/localhost:\d+\/)/.exec(err)?.[1];
        const secret = /Sign-in token[^:]*: (\S+)/.exec(err)?.[1];
        const key = /ADRAILS_INBOX_PUBLIC_KEY='([^']+)'/.exec(err)?.[1];
        return at && secret && key ? [at, secret, key] : undefined;
      }, 20_000).then((found) => found!);
      const publicKey = await publicKeyFromText(jwk, "the printed key");
      const agent = createInbox({ ...redisInbox({ url: redis.url }), pollMs: 50, publicKey });
      const request = summaryRequest({ headline: "CLI inbox" }, { expiresInMs: 60_000 });
      const asked = agent.ask(request);
      const origin = url.slice(0, -1);
      const signIn = await fetch(`${url}signin`, {
        method: "POST",
        headers: { origin, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: `Eve ${token}`, token }),
      });
      expect(signIn.status).toBe(200);
      const { key } = (await signIn.json()) as { key: string };
      const headers = {
        origin,
        accept: "application/json",
        cookie: signIn.headers.get("set-cookie")!.split(";")[0]!,
        "x-adrails-inbox-key": key,
      };
      const id = await until(async () => {
        const list = (await (await fetch(`${url}items.json`, { headers })).json()) as {
          pending: { items: { id: string }[] };
        };
        return list.pending.items[0]?.id;
      }).then((found) => found!);
      const decided = await fetch(`${url}decide`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          id,
          action: "decline",
          reason: `not now, ${token}`,
          fingerprint: request.fingerprint,
        }),
      });
      expect(decided.status).toBe(200);
      const { decision } = await asked;
      // The decline is the inbox's, signed: the agent reads the person's reason.
      expect(decision).toMatchObject({ approved: false, reason: expect.stringMatching(/^not now, /) });
      expect(JSON.stringify(decision)).not.toContain(token);
      expect(JSON.stringify(await agent.queue.get(id))).not.toContain(token);
      // The inbox copies the fleet's audit stream into the file as it goes: the file appears with
      // the first entry copied.
      await until(() => existsSync(file) && readFileSync(file, "utf8").includes('"decline"'));
      expect(readFileSync(file, "utf8")).not.toContain(token);
      await agent.close();
    } finally {
      child.kill("SIGTERM");
    }
  });
});
