import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, cleanEnv, ROOT, run, waitFor } from "../cli/helpers.js";
import { startIdp, type TestIdp } from "./idp.js";

// `adrails mcp --http --auth-issuer` as a person at a shell starts it: the refusals that stop it
// (a static token alongside, no --http, a tenants file naming an unset variable), then a running
// server whose sign-in is the issuer's, serving a team by group with a key nobody sees.

const TEAM_KEY = "adk_team_key_never_printed_0123456789";
let idp: TestIdp;
let resource = "";
const dir = mkdtempSync(join(tmpdir(), "adrails-remote-"));

beforeAll(async () => {
  await buildOnce();
  idp = await startIdp(() => resource, { dana: { name: "Dana Planner", groups: ["growth"] } });
}, 180_000);
afterAll(async () => {
  await idp?.close();
});

describe("refusals at start", () => {
  it("ADRAILS_MCP_TOKEN with --auth-issuer: exit 2, saying the two cannot be combined", async () => {
    const result = await run(["--sim", "mcp", "--http", "--auth-issuer", idp.issuer], {
      env: { ADRAILS_MCP_TOKEN: "static-token-0123456789abcdef" },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/ADRAILS_MCP_TOKEN and --auth-issuer cannot be combined/);
  });

  it("--auth-issuer without --http, and a tenants file naming an unset variable: exit 2", async () => {
    const stdio = await run(["--sim", "mcp", "--auth-issuer", idp.issuer]);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toMatch(/add --http/);
    const file = join(dir, "unset.json");
    writeFileSync(
      file,
      JSON.stringify({ tenants: [{ name: "growth", groups: ["growth"], apiKeyEnv: "NOPE_KEY" }] }),
    );
    const tenants = await run([
      "--sim",
      "mcp",
      "--http",
      "--auth-issuer",
      idp.issuer,
      "--auth-tenants",
      file,
    ]);
    expect(tenants.code).toBe(2);
    expect(tenants.stderr).toMatch(/NOPE_KEY/);
  });
});

describe("a running server with sign-in", () => {
  let child: ChildProcess;
  let stderr = "";
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("publishes its metadata, challenges, and serves a team member's token; no key printed", {
    timeout: 60_000,
  }, async () => {
    const file = join(dir, "teams.json");
    writeFileSync(
      file,
      JSON.stringify({ tenants: [{ name: "growth", groups: ["growth"], apiKeyEnv: "GROWTH_KEY" }] }),
    );
    child = spawn(
      process.execPath,
      [BIN, "--sim", "mcp", "--http", "--auth-issuer", idp.issuer, "--auth-tenants", file],
      { cwd: ROOT, env: cleanEnv({ GROWTH_KEY: TEAM_KEY }), stdio: ["ignore", "ignore", "pipe"] },
    );
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const [, url] = await waitFor(() => stderr, /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 30_000);
    resource = url!;
    await waitFor(() => stderr, /Sign-in: access tokens of/);
    expect(stderr).toContain("teams: growth (own key)");
    expect(stderr).not.toContain("Bearer token");

    const challenged = await fetch(url!, { method: "POST", body: "{}" });
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get("www-authenticate")).toContain("/.well-known/oauth-protected-resource/mcp");
    const metadata = (await (
      await fetch(new URL("/.well-known/oauth-protected-resource/mcp", url))
    ).json()) as {
      resource: string;
    };
    expect(metadata.resource).toBe(url);

    const list = async (token: string) => {
      const res = await fetch(url!, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-11-25",
            capabilities: {},
            clientInfo: { name: "cli-test", version: "1" },
          },
        }),
      });
      await res.body?.cancel();
      return res.status;
    };
    expect(await list(await idp.mint({ sub: "dana", groups: ["growth"] }))).toBe(200);
    // Signed in, but in no team this server serves.
    expect(await list(await idp.mint({ sub: "stranger", groups: ["sales"] }))).toBe(403);
    expect(stderr).not.toContain(TEAM_KEY);
  });
});
