import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { expectNoKey, firstAccount, json, run, useCliAndSim } from "./helpers.js";

const ctx = useCliAndSim();
let account: { accountId: string; adsetId: string };

beforeAll(async () => {
  account = await firstAccount(ctx.sim);
});

const pushBody = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    account_id: account.accountId,
    adset_id: account.adsetId,
    image_url: "https://cdn.example.com/ad.png",
    website_url: "https://shop.example.com/",
    ...extra,
  });

/** Runs `adrails call` with the Pro key (or `key`) against the file's simulator. */
const call = (args: string[], key?: string) => run(["call", ...args], { env: ctx.env(key) });

describe.concurrent("exit codes of adrails call against the simulator", { timeout: 60_000 }, () => {
  it("0: success, the ToolResult on stdout and nothing on stderr", async () => {
    const r = await call(["health", JSON.stringify({ account_id: account.accountId })]);
    expect(r.code).toBe(0);
    expect(json(r)).toMatchObject({ ok: true, status: 200 });
    expect(r.stderr).toBe("");
    expectNoKey(r, ctx.sim.apiKey);
  });

  it("1: no answer from the service (connection refused)", async () => {
    const port = await closedPort();
    const r = await run(["--retries", "0", "call", "list-accounts"], {
      env: { ADRAILS_API_KEY: ctx.sim.apiKey, ADRAILS_BASE_URL: `http://127.0.0.1:${port}` },
    });
    expect(r.code).toBe(1);
    expect(json(r)).toMatchObject({ ok: false, status: null });
    expect(r.stderr).toMatch(/failed \(no answer\)/);
    // Said once, to a person: no tool name twice, no advice meant for a model.
    expect(r.stderr).not.toMatch(/\(no answer\): list-accounts:/);
    expect(r.stderr).toMatch(/hint: The service did not answer\. Check ADRAILS_BASE_URL/);
    expect(r.stderr).not.toMatch(/tell the user/);
    expectNoKey(r, ctx.sim.apiKey);
  });

  it("1: no answer in time (--timeout)", async () => {
    ctx.sim.control.fault({ kind: "latency", ms: 4000, tool: "list-skills" });
    const r = await run(["--timeout", "1", "--retries", "0", "call", "list-skills"], { env: ctx.env() });
    expect(r.code).toBe(1);
    expect(json(r)).toMatchObject({ ok: false, status: null });
    expect(json(r).error).toMatch(/no answer within 1000 ms/);
  });

  it("2: the body is not JSON; nothing is sent", async () => {
    const r = await call(["results", "{date_preset: last_7d}"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/not valid JSON/);
  });

  it("2: local validation refuses the input (blocked: validation), naming the field", async () => {
    const before = ctx.sim.control.requests().length;
    const r = await call(["results", '{"level":"weekly"}']);
    expect(r.code).toBe(2);
    expect(json(r)).toMatchObject({ ok: false, status: null, blocked: "validation" });
    expect(json(r).error).toMatch(/level/);
    // Validation is local: the simulator saw no request for it. Other concurrent tests may have
    // called, so only results calls with this body are counted.
    const sent = ctx.sim.control
      .requests()
      .slice(before)
      .filter((q) => q.tool === "results" && (q.body as any)?.level === "weekly");
    expect(sent).toHaveLength(0);
  });

  it("2: HTTP 400 from the service", async () => {
    const r = await call([
      "push-creative",
      JSON.stringify({
        account_id: account.accountId,
        adset_id: account.adsetId,
        video_url: "https://cdn.example.com/video-timeout.mp4",
        website_url: "https://shop.example.com/",
      }),
    ]);
    expect(r.code).toBe(2);
    expect(json(r)).toMatchObject({ ok: false, status: 400 });
  });

  it("2: a 200 soft failure (data.error) is a validation failure", async () => {
    const r = await call(["get-skill", '{"slug":"no-such-skill"}']);
    expect(r.code).toBe(2);
    const result = json(r);
    expect(result).toMatchObject({ ok: false, status: 200 });
    expect(result.error).toMatch(/no-such-skill/);
  });

  it("2: a usage error (unknown option, unknown tool, unknown command)", async () => {
    const [option, tool, command] = await Promise.all([
      run(["call", "results", "--nope"]),
      run(["call", "resluts"]),
      run(["launch"]),
    ]);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/unknown option '--nope'/);
    expect(tool.code).toBe(2);
    expect(tool.stderr).toMatch(/no tool named "resluts"[\s\S]*Did you mean results/);
    expect(command.code).toBe(2);
  });

  it("3: authentication fails (revoked and expired keys)", async () => {
    const [revoked, expired] = await Promise.all([
      call(["list-accounts"], ctx.sim.keys.revoked),
      call(["list-accounts"], ctx.sim.keys.expired),
    ]);
    for (const r of [revoked, expired]) {
      expect(r.code).toBe(3);
      expect(json(r)).toMatchObject({ ok: false, status: 401 });
      expect(r.stderr).toMatch(/HTTP 401/);
    }
    expectNoKey(revoked, ctx.sim.keys.revoked);
    expectNoKey(expired, ctx.sim.keys.expired);
  });

  it("4: the Free plan on a paid tool (403 with upgrade_url)", async () => {
    const r = await call(
      ["ad-copy", '{"description":"Trail running shoes","objective":"Purchases"}'],
      ctx.sim.keys.free,
    );
    expect(r.code).toBe(4);
    expect(json(r)).toMatchObject({ ok: false, status: 403 });
    expect(json(r).upgrade_url).toMatch(/^https?:/);
    expectNoKey(r, ctx.sim.keys.free);
  });

  it("4: a read-only Client Viewer cannot write (403)", async () => {
    const viewer = await firstAccount(ctx.sim, ctx.sim.keys.viewer);
    const r = await call(
      [
        "push-creative",
        JSON.stringify({
          account_id: viewer.accountId,
          adset_id: viewer.adsetId,
          image_url: "https://cdn.example.com/ad.png",
          website_url: "https://shop.example.com/",
        }),
      ],
      ctx.sim.keys.viewer,
    );
    expect(r.code).toBe(4);
    expect(json(r)).toMatchObject({ ok: false, status: 403 });
  });

  it("5: not found (404: no connected ad account; an unknown ad set)", async () => {
    const [unconnected, adset] = await Promise.all([
      call(["results", "{}"], ctx.sim.keys.unconnected),
      call(["push-creative", pushBody({ adset_id: "999999999" })]),
    ]);
    expect(unconnected.code).toBe(5);
    expect(json(unconnected)).toMatchObject({ ok: false, status: 404 });
    expect(adset.code).toBe(5);
    expect(json(adset)).toMatchObject({ ok: false, status: 404 });
  });

  it("5: the disabled emergency-recovery (410 at the service) is refused before sending", async () => {
    const r = await call([
      "emergency-recovery",
      JSON.stringify({ account_id: account.accountId, request_id: "req-emergency-1" }),
    ]);
    expect(r.code).toBe(5);
    expect(json(r)).toMatchObject({ ok: false, status: null, blocked: "disabled" });
    expect(ctx.sim.control.requests().some((q) => q.tool === "emergency-recovery")).toBe(false);
  });

  it("6: an ACTIVE push without a person's confirmation is blocked, nothing sent", async () => {
    const r = await call(["push-creative", pushBody({ status: "ACTIVE", headline: "blocked-active-6" })]);
    expect(r.code).toBe(6);
    expect(json(r)).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(r.stderr).toMatch(/--confirm-text/);
    expect(ctx.sim.control.ads().some((ad) => ad.headline === "blocked-active-6")).toBe(false);
    expect(ctx.sim.control.requests().some((q) => (q.body as any)?.headline === "blocked-active-6")).toBe(
      false,
    );
  });

  it("6: --read-only blocks a write (scope), nothing sent", async () => {
    const r = await run(["--read-only", "call", "push-creative", pushBody({ headline: "read-only-6" })], {
      env: ctx.env(),
    });
    expect(r.code).toBe(6);
    expect(json(r)).toMatchObject({ ok: false, blocked: "scope" });
    expect(ctx.sim.control.requests().some((q) => (q.body as any)?.headline === "read-only-6")).toBe(false);
  });

  it("7: rate limited after retries (429, then 503)", async () => {
    ctx.sim.control.fault({ kind: "429", tool: "winner-insights", count: 2, retryAfterS: 1 });
    ctx.sim.control.fault({ kind: "503", tool: "fatigue-alerts", count: 2 });
    const [limited, degraded] = await Promise.all([
      run(["--retries", "1", "call", "winner-insights"], { env: ctx.env() }),
      run(["--retries", "1", "call", "fatigue-alerts"], { env: ctx.env() }),
    ]);
    expect(limited.code).toBe(7);
    expect(json(limited)).toMatchObject({ ok: false, status: 429, retryable: true });
    expect(degraded.code).toBe(7);
    expect(json(degraded)).toMatchObject({ ok: false, status: 503 });
    // Both faults were used up: the command retried once before giving up.
    expect(ctx.sim.control.pendingFaults()).toEqual([]);
  });

  it("8: a partial write (207)", async () => {
    const r = await call(["push-creative", pushBody({ ad_name: "sim:partial" })]);
    expect(r.code).toBe(8);
    const result = json(r);
    expect(result).toMatchObject({ ok: "partial", status: 207 });
    expect(result.failed.length).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/partly applied/);
  });

  it("9: unprocessable page (422) and upstream failure (502)", async () => {
    const [unscrapable, upstream] = await Promise.all([
      call(["ad-copy", '{"url":"https://unscrapable.example.com/","objective":"Leads"}']),
      call(["ad-copy", '{"url":"https://upstream-fail.example.com/","objective":"Leads"}']),
    ]);
    expect(unscrapable.code).toBe(9);
    expect(json(unscrapable)).toMatchObject({ ok: false, status: 422 });
    expect(upstream.code).toBe(9);
    expect(json(upstream)).toMatchObject({ ok: false, status: 502 });
  });

  it("--json: errors are one JSON object on stderr, with the exit code", async () => {
    const [plan, usage] = await Promise.all([
      run(["--json", "call", "ad-copy", '{"description":"Shoes","objective":"Leads"}'], {
        env: ctx.env(ctx.sim.keys.free),
      }),
      run(["call", "results", "--json", "--bogus"]),
    ]);
    expect(plan.code).toBe(4);
    expect(json(plan)).toMatchObject({ status: 403 });
    expect(JSON.parse(plan.stderr)).toMatchObject({ ok: false, status: 403, exit_code: 4 });
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr)).toMatchObject({ ok: false, exit_code: 2 });
  });
});

describe("exit code 6 for a write the service refuses (409)", { timeout: 60_000 }, () => {
  let small: Simulator;
  beforeAll(async () => {
    small = await startSimulator({ writeBudget: { limit: 1 } });
  });
  afterAll(() => small.close());

  it("6: the account's write budget is spent", async () => {
    const { accountId, adsetId } = await firstAccount(small);
    const env = { ADRAILS_API_KEY: small.apiKey, ADRAILS_BASE_URL: small.url };
    const body = (headline: string) =>
      JSON.stringify({
        account_id: accountId,
        adset_id: adsetId,
        image_url: "https://cdn.example.com/ad.png",
        website_url: "https://shop.example.com/",
        headline,
      });
    const first = await run(["call", "push-creative", body("first")], { env });
    expect(first.code).toBe(0);
    const second = await run(["call", "push-creative", body("second")], { env });
    expect(second.code).toBe(6);
    expect(json(second)).toMatchObject({ ok: false, status: 409 });
    expectNoKey(second, small.apiKey);
  });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
