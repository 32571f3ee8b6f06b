import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { BIN, cleanEnv, expectNoKey, json, ROOT, run, useCliAndSim, waitFor } from "./helpers.js";

const ctx = useCliAndSim();

/** Starts `adrails sim ...` and collects its output until it ends. */
function startSimCommand(args: string[]) {
  const child = spawn(process.execPath, [BIN, "sim", ...args], {
    cwd: ROOT,
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = { stdout: "", stderr: "" };
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out.stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (out.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, out, exited };
}

const kill = (child: ChildProcess) => {
  if (child.exitCode === null) child.kill("SIGKILL");
};

describe.concurrent("adrails sim", { timeout: 60_000 }, () => {
  it("prints its URL and demo keys, answers the CLI, logs requests and stops on SIGINT (exit 0)", async () => {
    const sim = startSimCommand([]);
    try {
      const [, url] = await waitFor(() => sim.out.stdout, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 30_000);
      // The key lines arrive in more than one write: wait for each.
      const [, pro] = await waitFor(() => sim.out.stdout, /^ {2}pro +(adk_\S+)$/m);
      await waitFor(() => sim.out.stdout, /^ {2}free +adk_\S+$/m);
      await waitFor(() => sim.out.stdout, /^ {2}revoked +adk_\S+$/m);
      // The command it suggests runs without a global install.
      await waitFor(() => sim.out.stdout, /^Try: .* npx adrails doctor$/m);
      const r = await run(["call", "list-accounts"], {
        env: { ADRAILS_API_KEY: pro, ADRAILS_BASE_URL: url },
      });
      expect(r.code).toBe(0);
      expect(json(r).data.accounts.length).toBeGreaterThan(0);
      await waitFor(() => sim.out.stderr, /POST \/api\/mcp\/list-accounts 200/);
      sim.child.kill("SIGINT");
      expect(await sim.exited).toBe(0);
      expect(sim.out.stderr).toMatch(/simulator stopped/);
    } finally {
      kill(sim.child);
    }
  });

  it("--json prints one JSON line; --port is honoured; SIGTERM stops it (exit 0)", async () => {
    const port = await freePort();
    const sim = startSimCommand(["--port", String(port), "--json"]);
    try {
      const [line] = await waitFor(() => sim.out.stdout, /^\{.*\}\n/, 30_000);
      const info = JSON.parse(line);
      expect(info.url).toBe(`http://127.0.0.1:${port}`);
      expect(info.api_key).toMatch(/^adk_/);
      expect(Object.keys(info.keys)).toEqual(
        expect.arrayContaining(["free", "pro", "agency", "viewer", "revoked"]),
      );
      // The MCP door is served too: a 401 naming where to discover its authorization server.
      expect(info.mcp_url).toBe(`${info.url}/api/mcp`);
      expect(info.oauth_users).toContain("pro@sim.adrails.test");
      const door = await fetch(info.mcp_url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(door.status).toBe(401);
      expect(door.headers.get("www-authenticate")).toContain(`resource_metadata="${info.url}/.well-known/`);
      sim.child.kill("SIGTERM");
      expect(await sim.exited).toBe(0);
      expect(sim.out.stderr).toBe("");
    } finally {
      kill(sim.child);
    }
  });

  it("a port already in use is a usage error (exit 2)", async () => {
    const taken = await listen();
    try {
      const r = await run(["sim", "--port", String((taken.address() as { port: number }).port)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Port \d+ is already in use \(EADDRINUSE\)/);
    } finally {
      taken.close();
    }
  });

  it("--port must be a port number", async () => {
    const r = await run(["sim", "--port", "http"]);
    expect(r.code).toBe(2);
  });
});

describe.concurrent("adrails doctor", { timeout: 60_000 }, () => {
  it("checks the key with list-accounts, then reads a returned account (exit 0)", async () => {
    const r = await run(["doctor"], { env: ctx.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ok +list-accounts +The key authenticates and reaches 3 ad accounts/);
    expect(r.stdout).toMatch(/ok +results +A read of act_\d+ answered/);
    expect(r.stdout).toMatch(/^Ready:/m);
    expect(r.stderr).toBe("");
    expectNoKey(r, ctx.sim.apiKey);
    const seq = ctx.sim.control
      .requests()
      .filter((q) => q.key === "pro")
      .map((q) => q.tool);
    expect(seq.indexOf("list-accounts")).toBeGreaterThanOrEqual(0);
    expect(seq.lastIndexOf("results")).toBeGreaterThan(seq.indexOf("list-accounts"));
  });

  it("--json reports every check; --sim needs no configuration", async () => {
    const r = await run(["--sim", "--json", "doctor"]);
    expect(r.code).toBe(0);
    const report = json(r);
    expect(report).toMatchObject({ ok: true, exit_code: 0, simulated: true });
    expect(report.checks.map((c: any) => [c.check, c.ok, c.status])).toEqual([
      ["list-accounts", true, 200],
      ["results", true, 200],
    ]);
    expect(report.accounts[0]).toMatch(/^act_\d+$/);
  });

  it("an empty account list: says what it does and does not prove, and the read fails (exit 5)", async () => {
    const r = await run(["doctor"], { env: ctx.env(ctx.sim.keys.unconnected) });
    expect(r.code).toBe(5);
    expect(r.stdout).toMatch(/reaches no ad account/);
    expect(r.stdout).toMatch(/An empty account list proves only that the key authenticates\./);
    expect(r.stdout).toMatch(/It does not prove that an ad-platform connection is reachable\./);
    expect(r.stdout).toMatch(/FAIL results +A read of the workspace's active account failed: HTTP 404/);
    expect(r.stderr).toMatch(/connect an ad account/);
  });

  it("a revoked key fails at list-accounts (exit 3) and nothing else is tried", async () => {
    const r = await run(["doctor", "--json"], { env: ctx.env(ctx.sim.keys.revoked) });
    expect(r.code).toBe(3);
    const report = json(r);
    expect(report.checks).toHaveLength(1);
    expect(report.checks[0]).toMatchObject({ check: "list-accounts", ok: false, status: 401 });
    expect(JSON.parse(r.stderr)).toMatchObject({ exit_code: 3 });
    expectNoKey(r, ctx.sim.keys.revoked);
  });

  it("--account reads that account; one the key cannot reach fails with its status", async () => {
    const other = (await run(["call", "list-accounts"], { env: ctx.env(ctx.sim.keys.agency) })).stdout;
    const foreign = JSON.parse(other).data.accounts[0].id as string;
    const r = await run(["doctor", "--account", foreign], { env: ctx.env() });
    expect([4, 5]).toContain(r.code);
    expect(r.stdout).toMatch(new RegExp(`FAIL results +A read of ${foreign} failed: HTTP 40[34]`));
  });
});

function listen(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function freePort(): Promise<number> {
  const server = await listen();
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
