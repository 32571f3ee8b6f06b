import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { createInbox, type Inbox } from "../../src/inbox/inbox.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { unique, useWorld } from "../approval-records/support.js";
import { BIN, cleanEnv } from "../cli/helpers.js";
import { serveInbox, TOKEN, until } from "../inbox/helpers.js";

// `adrails call push-creative @plan.jsonl --wait-approval --redis URL` as a child process against
// the simulator; the person decides on the inbox over real HTTP, once, for every line.

const w = useWorld({ redis: true, cli: true });
let inbox: Inbox;
let server: Awaited<ReturnType<typeof serveInbox>>;
let headers: Record<string, string>;
/** The inbox's public key, where the inbox signs its decisions (s32): the CLI redeems only those. */
let publicKey: string | undefined;
const dir = mkdtempSync(join(tmpdir(), "adrails-plans-"));

beforeAll(async () => {
  inbox = createInbox({ ...redisInbox({ url: w.redis.url }) });
  const signed = inbox as { publicJwk?: () => Promise<unknown> };
  publicKey = signed.publicJwk ? JSON.stringify(await signed.publicJwk()) : undefined;
  server = await serveInbox(inbox);
  const origin = server.url.slice(0, -1);
  const signIn = await fetch(`${server.url}signin`, {
    method: "POST",
    headers: { origin, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "Pat Planner", token: TOKEN }),
  });
  const { key } = (await signIn.json()) as { key: string };
  headers = {
    origin,
    accept: "application/json",
    cookie: signIn.headers.get("set-cookie")!.split(";")[0]!,
    "x-adrails-inbox-key": key,
  };
}, 150_000);
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});

let files = 0;
function planFile(lines: string[]): string {
  const path = join(dir, `plan-${files++}.jsonl`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

function run(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: cleanEnv({ ...w.cliEnv(), ADRAILS_INBOX_PUBLIC_KEY: publicKey }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

const callPlan = (path: string, ...more: string[]) =>
  run(["call", "push-creative", `@${path}`, "--wait-approval", "--redis", w.redis.url, ...more]);

/** The waiting item whose page text mentions `text`, as the page lists it. */
async function pendingItem(text: string): Promise<{ id: string; html: string }> {
  return until(async () => {
    const list = (await (await fetch(`${server.url}items.json`, { headers })).json()) as {
      pending: { items: { id: string; html: string }[] };
    };
    return list.pending.items.find((item) => item.html.includes(text));
  }, 30_000).then((found) => found!);
}

async function decide(id: string, html: string, form: Record<string, string>): Promise<number> {
  const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(html)![1]!;
  const response = await fetch(`${server.url}decide`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id, fingerprint, ...form }),
  });
  return response.status;
}

const results = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { line: number; ok: unknown; blocked?: string });

describe("adrails call push-creative @plan.jsonl --wait-approval", { timeout: 90_000 }, () => {
  it("one item shows every line; one approval; each line sent once; per-line results", async () => {
    const heads = [unique("CLI plan A"), unique("CLI plan B"), unique("CLI plan C")];
    const path = planFile([
      JSON.stringify(w.push(heads[0]!)),
      "",
      ...heads.slice(1).map((h) => JSON.stringify(w.push(h))),
    ]);
    const done = callPlan(path);
    const item = await pendingItem(heads[0]!);
    for (const h of heads) expect(item.html).toContain(h);
    expect(item.html).toContain("Approve all 3 and launch");
    expect(heads.map((h) => w.sent(h).length)).toEqual([0, 0, 0]);

    expect(
      await decide(item.id, item.html, { action: "approve", text: "I approve these three ads going live" }),
    ).toBe(200);
    const { code, stdout, stderr } = await done;
    expect(code, stderr).toBe(EXIT.ok);
    expect(results(stdout).map((r) => [r.line, r.ok])).toEqual([
      [1, true],
      [3, true],
      [4, true],
    ]);
    expect(heads.map((h) => w.live(h))).toEqual([1, 1, 1]);
    expect(heads.map((h) => w.sent(h).length)).toEqual([1, 1, 1]);
    // The item records what the plan did.
    const settled = await until(async () => (await inbox.queue.get(item.id))?.outcome);
    expect(settled).toMatchObject({ ok: true });
  });

  it("a line the service refuses: the others are sent, the exit code is that line's", async () => {
    const [good, bad] = [unique("CLI plan good"), unique("CLI plan bad adset")];
    const path = planFile([
      JSON.stringify(w.push(good)),
      JSON.stringify(w.push(bad, { adset_id: "999999999" })),
    ]);
    const done = callPlan(path);
    const item = await pendingItem(good);
    expect(await decide(item.id, item.html, { action: "approve", text: "I approve both of these ads" })).toBe(
      200,
    );
    const { code, stdout, stderr } = await done;
    expect(code, stderr).toBe(EXIT.notFound);
    expect(results(stdout).map((r) => [r.line, r.ok])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(stderr).toMatch(/1 of 2 lines of the plan failed: line 2/);
    expect(w.live(good)).toBe(1);
  });

  it("a declined plan: exit 6, nothing sent", async () => {
    const heads = [unique("CLI declined A"), unique("CLI declined B")];
    const done = callPlan(planFile(heads.map((h) => JSON.stringify(w.push(h)))));
    const item = await pendingItem(heads[1]!);
    expect(await decide(item.id, item.html, { action: "decline", reason: "Wrong week for these" })).toBe(200);
    const { code, stderr } = await done;
    expect(code).toBe(EXIT.refused);
    expect(stderr).toMatch(/Wrong week for these/);
    expect(heads.map((h) => w.sent(h).length)).toEqual([0, 0]);
  });

  it("bad plans: exit 2 naming what is wrong, nothing asked, nothing sent", async () => {
    const head = unique("CLI bad plan");
    const ok = JSON.stringify(w.push(head));
    const cases: [string, RegExp][] = [
      [planFile(["", "  "]), /is empty/],
      [planFile([ok, "{not json"]), /Line 2 of the plan .* is not valid JSON/],
      [
        planFile([ok, "", JSON.stringify({ ...w.push(`${head} 2`), adset_id: 12 })]),
        /Line 3 of the plan is not valid/,
      ],
      [
        planFile([ok, JSON.stringify(w.push(`${head} 2`)), ok]),
        /Lines 1 and 3 of the plan are the same payload/,
      ],
      [
        planFile(Array.from({ length: 51 }, (_, i) => JSON.stringify(w.push(`${head} ${i}`)))),
        /more than 50/,
      ],
    ];
    for (const [path, message] of cases) {
      const { code, stderr } = await callPlan(path);
      expect(code, stderr).toBe(EXIT.usage);
      expect(stderr).toMatch(message);
    }
    const noWait = await run(["call", "push-creative", `@${planFile([ok])}`, "--redis", w.redis.url]);
    expect(noWait.code).toBe(EXIT.usage);
    expect(noWait.stderr).toMatch(/needs --wait-approval/);
    expect(w.sent(head)).toEqual([]);
    const asked = (await inbox.list(500)).filter((item) => JSON.stringify(item.request).includes(head));
    expect(asked).toEqual([]);
  });
});
