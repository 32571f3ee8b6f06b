import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { auditTo, fileAudit, memoryAudit } from "../../src/inbox/audit.js";
import { createInbox } from "../../src/inbox/inbox.js";
import { agentInboxInterrupt, fromAgentInboxResponse } from "../../src/inbox/langgraph.js";
import { memoryQueue } from "../../src/inbox/memory-queue.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import type { InboxQueue } from "../../src/inbox/types.js";
import type { ConfirmRequest } from "../../src/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { adRequest } from "./requests.js";

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.close();
});

function request(expiresInMs = 60_000, headline = "Spring sale"): ConfirmRequest {
  return adRequest({ expiresInMs, headline });
}

const queues: [string, () => InboxQueue][] = [
  ["memory", () => memoryQueue()],
  ["redis", () => redisInbox({ url: redis.url, prefix: `t${Math.random().toString(16).slice(2)}` }).queue],
];

describe.each(queues)("the %s queue", (_name, make) => {
  it("refuses a decision naming another payload, and no decision is signed on an item rewritten in the store", async () => {
    const queue = make();
    const inbox = createInbox({ queue, pollMs: 20 });
    const asked = request(60_000, "Launch the real one");
    const waiting = inbox.ask(asked);
    let id = "";
    while (!id) id = (await inbox.list())[0]?.id ?? "";
    const text = { approved: true as const, text: "I approve this ad going live" };
    expect(await inbox.decide(id, text, "Bob", "sha256:another")).toMatchObject({
      ok: false,
      code: "changed",
    });
    // A process with the store's access rewrites the item to show a benign ad: the inbox still
    // shows what the payload says, and signs nothing for an item whose fingerprint was edited.
    const item = (await queue.get(id))!;
    const benign = {
      ...item,
      request: {
        ...item.request,
        fingerprint: "sha256:benign",
        summary: { ...item.request.summary, headline: "Benign" },
      },
    };
    await queue.add(benign, 60_000);
    const shown = (await inbox.list()).find((i) => i.id === id)!;
    expect(JSON.stringify(shown.request.summary)).toContain("Launch the real one");
    expect(JSON.stringify(shown.request.summary)).not.toContain("Benign");
    expect(await inbox.decide(id, text, "Bob", "sha256:benign")).toMatchObject({
      ok: false,
      code: "changed",
    });
    expect(await inbox.decide(id, text, "Bob", shown.request.fingerprint)).toMatchObject({
      ok: false,
      code: "changed",
    });
    await inbox.close();
    void waiting;
  });

  it("records one decision of many submitted at once, and the waiter takes it once", async () => {
    const inbox = createInbox({ queue: make(), pollMs: 20 });
    const asked = inbox.ask(request());
    let id = "";
    while (!id) id = (await inbox.list())[0]?.id ?? "";
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        inbox.decide(
          id,
          i % 2 ? { approved: false, reason: "no" } : { approved: true, text: `sentence number ${i} here` },
          `person ${i}`,
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === "already-decided")).toBe(true);
    const { decision } = await asked;
    const winner = results.find((r) => r.ok)!;
    expect(decision.approved).toBe(winner.ok && winner.item.state === "approved");
    expect(await inbox.queue.redeem(id, Date.now())).toBe(false);
    await inbox.close();
  });

  it("expires a request nobody decided: the waiter is told, the audit says so, a late approval is refused", async () => {
    const inbox = createInbox({ queue: make(), pollMs: 20, graceMs: 200 });
    const { id, decision } = await inbox.ask(request(600));
    expect(decision).toEqual({
      approved: false,
      undecided: true,
      reason:
        "nobody decided in the inbox before the request expired (not a decline: make the same call again to ask again)",
    });
    expect((await inbox.queue.get(id))!.state).toBe("expired");
    expect(await inbox.decide(id, { approved: true, text: "too late for this one" }, "Bob")).toMatchObject({
      ok: false,
      code: "expired",
    });
    expect((await inbox.audit.read()).map((e) => e.event)).toEqual(["request", "expire"]);
    await inbox.close();
  });

  it("refuses to approve an item whose waiter stopped beating (abandoned)", async () => {
    const queue = make();
    const inbox = createInbox({ queue, abandonAfterMs: 300 });
    const item = {
      id: `dead-${Math.random()}`,
      request: request(),
      requester: { pid: 1, host: "gone" },
      createdAt: Date.now(),
      state: "pending" as const,
    };
    await queue.add(item, 300);
    await new Promise((r) => setTimeout(r, 450));
    expect(
      await inbox.decide(item.id, { approved: true, text: "approve the dead one" }, "Bob"),
    ).toMatchObject({
      ok: false,
      code: "abandoned",
    });
    expect((await queue.get(item.id))!.state).toBe("abandoned");
    await inbox.close();
  });
});

describe("the audit trail", () => {
  it("appends JSON lines, never the inbox token or an API key, and `adrails audit` prints them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "adrails-audit-"));
    const file = join(dir, "audit.jsonl");
    const token = "inbox-token-should-never-show-123";
    const key = "adk_live_0123456789abcdef0123456789abcdef";
    const inbox = createInbox({ audit: auditTo([fileAudit(file), memoryAudit()], [token]), pollMs: 10 });
    const asked = inbox.ask(request(60_000, `leak ${token} ${key}`));
    let id = "";
    while (!id) id = (await inbox.list())[0]?.id ?? "";
    await inbox.decide(id, { approved: false, reason: `no thanks ${token}` }, "Carol");
    expect((await asked).decision.approved).toBe(false);
    const text = readFileSync(file, "utf8");
    expect(
      text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).event),
    ).toEqual(["request", "decline"]);
    expect(text).not.toContain(token);
    expect(text).not.toContain(key);

    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const stdin = new PassThrough();
    stdin.end();
    let out = "";
    stdout.on("data", (d) => (out += d));
    const code = await runCli(["--json", "audit", "--audit-log", file], { stdout, stderr, stdin, env: {} });
    expect(code).toBe(0);
    const lines = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.event, l.id, l.channel])).toEqual([
      ["request", id, "inbox"],
      ["decline", id, "inbox"],
    ]);
    expect(lines[1]).toMatchObject({ decider: "Carol", fingerprint: lines[0].fingerprint });
  });

  it("`call --wait-approval` without a shared store is a usage error, nothing sent", async () => {
    const stderr = new PassThrough();
    let err = "";
    stderr.on("data", (d) => (err += d));
    const stdin = new PassThrough();
    stdin.end();
    const code = await runCli(["call", "push-creative", '{"status":"ACTIVE"}', "--wait-approval"], {
      stdout: new PassThrough(),
      stderr,
      stdin,
      env: {
        ADRAILS_API_KEY: "adk_live_0123456789abcdef0123456789abcdef",
        ADRAILS_BASE_URL: "http://127.0.0.1:9",
      },
    });
    expect(code).toBe(2);
    expect(err).toContain("--wait-approval needs the store the inbox reads");
  });
});

describe("LangGraph's Agent Inbox", () => {
  it("gets a HumanInterrupt it can show, and its answers become bound decisions", () => {
    const req = request();
    const value = agentInboxInterrupt(req);
    expect(value.action_request.action).toBe("push-creative");
    expect(value.action_request.args).toMatchObject({
      headline: "Spring sale",
      fingerprint: req.fingerprint,
    });
    expect(value.config).toEqual({
      allow_ignore: true,
      allow_respond: true,
      allow_edit: false,
      allow_accept: true,
    });
    expect(fromAgentInboxResponse([{ type: "accept", args: null }], req.fingerprint)).toEqual({
      approved: true,
      fingerprint: req.fingerprint,
    });
    expect(
      fromAgentInboxResponse({ type: "response", args: "wrong audience" }, req.fingerprint),
    ).toMatchObject({
      approved: false,
      reason: "wrong audience",
    });
    expect(fromAgentInboxResponse({ type: "edit", args: { action: "x", args: {} } }, "fp").approved).toBe(
      false,
    );
  });
});

describe("sign-in", () => {
  it("after 5 wrong tokens a try waits (429, not even compared); once the wait is over the right one signs in", async () => {
    const { serveInbox, TOKEN } = await import("./helpers.js");
    const server = await serveInbox(createInbox());
    const origin = server.url.slice(0, -1);
    const signIn = (token: string) =>
      fetch(new URL("signin", server.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, accept: "application/json" },
        body: new URLSearchParams({ name: "Eve", token }),
      });
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong-${i}-wrong-wrong-wrong`)).status).toBe(401);
    const blocked = await signIn("wrong-again-wrong-wrong");
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("set-cookie")).toBeNull();
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // During the wait the right token is not compared either: its answer would tell a guess it was right.
    expect((await signIn(TOKEN)).status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(blocked.headers.get("retry-after")) * 1000 + 50));
    const right = await signIn(TOKEN);
    expect(right.status).toBe(200);
    expect(((await right.json()) as { key: string }).key.length).toBeGreaterThan(20);
    await server.close();
  });

  it("a right token gives an HttpOnly, SameSite=Strict session cookie", async () => {
    const { serveInbox, TOKEN } = await import("./helpers.js");
    const server = await serveInbox(createInbox());
    const answer = await fetch(new URL("signin", server.url), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url.slice(0, -1) },
      body: new URLSearchParams({ name: "Dana", token: TOKEN }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Strict/);
    expect(answer.headers.get("content-security-policy")).toContain("img-src https:;");
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
    await server.close();
  });
});
