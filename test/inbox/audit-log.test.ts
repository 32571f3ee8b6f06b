import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import type { ConfirmRequest } from "../../src/types.js";
import { BIN, buildOnce, ROOT } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { adRequest } from "./requests.js";

// `adrails inbox --redis URL --audit-log FILE` keeps the whole fleet's trail in FILE: the requests
// and outcomes agents write from their own processes, every decision, and requests that expired or
// were abandoned, not only the approvals taken on its own page.

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  await buildOnce();
  redis = await startRedis();
}, 120_000);
afterAll(async () => {
  await redis?.close();
});

function request(expiresInMs: number): ConfirmRequest {
  return adRequest({ expiresInMs });
}

describe("adrails inbox --audit-log", () => {
  it("gets every event of the fleet: request, approve, decline, expire, abandon, outcome", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "adrails-audit-")), "approvals.jsonl");
    const child = spawn(process.execPath, [BIN, "inbox", "--redis", redis.url, "--audit-log", file], {
      cwd: ROOT,
      env: {
        ...process.env,
        ADRAILS_INBOX_TOKEN: "test-inbox-token-0123456789abcdef",
        ADRAILS_REDIS_URL: "",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    await new Promise<void>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`inbox exited (${code}): ${stderr}`)));
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("approval inbox on")) resolve();
      });
    });

    // An agent and a person's page in other processes of the fleet (here: this one), on the same Redis.
    const agent = createInbox({ ...redisInbox({ url: redis.url }), pollMs: 20 });
    const page = createInbox({ ...redisInbox({ url: redis.url }), abandonAfterMs: 300 });
    const pending = async () => {
      for (;;) {
        const item = (await page.list()).find((i) => i.state === "pending");
        if (item) return item.id;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const approved = agent.ask(request(30_000), { agent: "worker 1" });
    await page.decide(
      await pending(),
      { approved: true, text: "I approve this ad going live today" },
      "Alice",
    );
    const { id } = await approved;
    await agent.settle(id, { at: Date.now(), ok: true, status: 200, adId: "ad_1", requestId: "req_1" });
    const declined = agent.ask(request(30_000), { agent: "worker 1" });
    await page.decide(await pending(), { approved: false, reason: "wrong headline" }, "Bob");
    await declined;
    await agent.ask(request(1500), { agent: "worker 2" });
    // An agent that stops waiting (no heartbeat), seen as abandoned when the page lists it.
    const gone = new AbortController();
    const abandoned = agent.ask(request(30_000), { agent: "worker 3" }, gone.signal);
    await pending();
    gone.abort();
    await abandoned;
    await new Promise((r) => setTimeout(r, 400));
    await page.list();

    const exit = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    await agent.close();
    await page.close();

    const events = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; requester?: { agent?: string } });
    const kinds = events.map((e) => e.event);
    for (const kind of ["request", "approve", "outcome", "decline", "expire"]) expect(kinds).toContain(kind);
    expect(kinds.filter((k) => k === "request")).toHaveLength(4);
    expect(kinds.filter((k) => k === "expire").length + kinds.filter((k) => k === "abandon").length).toBe(2);
    // Each event once, in the order the fleet wrote them.
    expect(kinds.slice(0, 3)).toEqual(["request", "approve", "outcome"]);
  }, 60_000);
});
