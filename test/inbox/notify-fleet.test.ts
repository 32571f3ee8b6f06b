// `adrails inbox --notify` as child processes: two inbox instances on one real redis-server send
// each event of a request once; bad notification settings exit 2 before anything is served.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { fetchInboxKey } from "../../src/inbox/signing.js";
import { buildOnce } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { TOKEN, until } from "./helpers.js";
import {
  inboxSession,
  NOTIFY_SECRET,
  pushRequest,
  validSignature,
  webhookReceiver,
} from "./notify-helpers.js";

const BIN = join(import.meta.dirname, "../../dist/cli/bin.js");
const PUBLIC = "https://inbox.example.com/team/";

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  await buildOnce();
  redis = await startRedis();
}, 120_000);
afterAll(async () => {
  await redis?.close();
});

// One home for both instances: they sign with the same inbox key, which the agent checks.
const HOME = mkdtempSync(join(tmpdir(), "adrails-notify-fleet-"));
const env = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? "",
  ADRAILS_HOME: HOME,
  ADRAILS_INBOX_TOKEN: TOKEN,
  ADRAILS_NOTIFY_SECRET: NOTIFY_SECRET,
  ...extra,
});

/** An `adrails inbox` child; resolves to its URL once it serves. */
async function inboxProcess(args: string[], extraEnv: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [BIN, "inbox", ...args], {
    env: env(extraEnv),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const url = await until(() => /on (http:\/\/localhost:\d+\/)/.exec(err)?.[1], 20_000).catch(() => {
    throw new Error(`adrails inbox did not start:\n${err}`);
  });
  return { url: url!, child, stderr: () => err };
}

describe("adrails inbox --notify", { timeout: 90_000 }, () => {
  it("two inbox instances on one Redis send requested, expiring and decided once each", async () => {
    const receiver = await webhookReceiver();
    const args = ["--redis", redis.url, "--notify", receiver.url];
    const a = await inboxProcess(args, { ADRAILS_INBOX_URL: PUBLIC });
    const b = await inboxProcess(args, { ADRAILS_INBOX_URL: PUBLIC });
    const agent = createInbox({
      ...redisInbox({ url: redis.url }),
      publicKey: await fetchInboxKey(a.url),
      pollMs: 50,
      heartbeatMs: 500,
    });
    try {
      expect(a.stderr()).toContain(
        `Notifications (json, signed) to 127.0.0.1:${receiver.port}; links open ${PUBLIC}`,
      );
      // Expires in 61.5 s: "expiring" (one minute before) is due 1.5 s from now.
      const request = pushRequest("apr_fleet", 61_500, `Spring ${TOKEN}`);
      const asked = agent.ask(request, { agent: "fleet-job" });
      const of = (name: string) => receiver.delivered().filter((body) => body.event === name);
      // Two instances share the work: the order between their posts is not promised, each post once is.
      await until(() => of("approval.expiring").length > 0 && of("approval.requested").length > 0, 15_000);
      const id = String(of("approval.requested")[0]!.id);

      const session = await inboxSession(a.url, TOKEN, "Ben Approver");
      expect(
        await session.decide(id, request.fingerprint, { text: "I approve this spring launch now" }),
      ).toBe(200);
      expect((await asked).decision.approved).toBe(true);
      await until(() => of("approval.decided").length > 0, 10_000);
      // Both instances sweep every 2 s: give each two more sweeps to send anything twice.
      await new Promise((r) => setTimeout(r, 4500));

      expect(receiver.got.map((r) => JSON.parse(r.body).event).sort()).toEqual([
        "approval.decided",
        "approval.expiring",
        "approval.requested",
      ]);
      expect(receiver.got.every((r) => validSignature(r))).toBe(true);
      for (const body of receiver.delivered()) {
        expect(body).toMatchObject({
          id,
          tool: "push-creative",
          account: "act_1001",
          approve_url: `${PUBLIC}?item=${id}`,
        });
      }
      expect(of("approval.decided")[0]).toMatchObject({ decision: "approved", decided_by: "Ben Approver" });
      expect(receiver.got.map((r) => r.body).join("\n")).not.toContain(TOKEN);
    } finally {
      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      await agent.close();
      await receiver.close();
    }
  });

  it.each([
    [
      ["--notify", "ftp://hooks.example.com/secret-path"],
      {},
      "--notify takes an http:// or https:// webhook URL",
    ],
    [["--notify", "javascript:alert(1)"], {}, "--notify takes an http:// or https:// webhook URL"],
    [
      ["--notify", "http://127.0.0.1:9/hook"],
      { ADRAILS_NOTIFY_SECRET: "" },
      "ADRAILS_NOTIFY_SECRET is not set",
    ],
    [
      ["--notify", "http://127.0.0.1:9/hook"],
      { ADRAILS_NOTIFY_SECRET: "short" },
      "ADRAILS_NOTIFY_SECRET must be at least 16",
    ],
    [["--notify", "http://127.0.0.1:9/hook", "--notify-format", "xml"], {}, "--notify-format"],
    [["--notify-format", "slack"], {}, "--notify-format needs a --notify URL"],
    [["--public-url", "file:///etc/passwd"], {}, "--public-url"],
    [[], { ADRAILS_INBOX_URL: "ftp://inbox.example.com/" }, "ADRAILS_INBOX_URL"],
  ])("exits 2 before serving: %j %j", (args, extra, message) => {
    const run = spawnSync(process.execPath, [BIN, "inbox", ...args], {
      env: env(extra as Record<string, string>),
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toContain("approval inbox on");
    expect(run.stderr).not.toContain("secret-path");
  });
});
