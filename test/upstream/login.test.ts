import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, freshHome, type Sim, startDoor } from "./helpers.js";

let sim: Sim;
beforeAll(async () => {
  sim = await startDoor();
});
afterAll(async () => {
  await sim.close();
});

const env = (home: string) => ({ ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url });

describe("adrails login against the simulator's door", () => {
  it("signs in with a person's browser step, stores private credentials, never prints a token", async () => {
    const home = freshHome();
    const run = await cli(["login", "--no-browser"], env(home));
    expect(run.code, run.stderr).toBe(0);
    expect(run.urls).toHaveLength(1);
    const url = new URL(run.urls[0]!);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toMatch(/.{20,}/);
    expect(url.searchParams.get("resource")).toBe(sim.door!.mcpUrl);
    expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(run.stderr).toMatch(/Signed in to .*api\/mcp/);

    const dir = join(home, "credentials");
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files).toHaveLength(1);
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    const record = JSON.parse(readFileSync(join(dir, files[0]!), "utf8"));
    expect(record.issuer).toBe(sim.door!.issuer);
    expect(record.resource).toBe(sim.door!.mcpUrl);
    expect(record.tokens.refresh_token).toBeTruthy();
    for (const secret of [record.tokens.access_token, record.tokens.refresh_token]) {
      expect(run.stdout + run.stderr).not.toContain(secret);
    }
    expect(sim.door!.connections("pro")).toHaveLength(1);

    const called = await cli(["call", "list-accounts", "{}", "--via", "mcp"], env(home));
    expect(called.code, called.stderr).toBe(0);
    expect(JSON.parse(called.stdout).ok).toBe(true);

    // ADRAILS_VIA=mcp: the door's catalog, all pages, each tool with its guard.
    const tools = await cli(["tools", "--json"], { ...env(home), ADRAILS_VIA: "mcp" });
    expect(tools.code, tools.stderr).toBe(0);
    const rows = JSON.parse(tools.stdout) as { name: string; guard: string }[];
    expect(rows.length).toBe(sim.door!.toolNames().length);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.find((r) => r.name === "push-creative")?.guard).toBe("known");
    expect(rows.find((r) => r.name === "launch_ad")?.guard).toBe("unknown");
    // The service's own door reads are known by name and shape (get_results is results).
    expect(rows.find((r) => r.name === "compare_benchmarks")?.guard).toBe("known");
    expect(rows.find((r) => r.name === "get_results")?.guard).toBe("known");

    const described = await cli(["describe", "launch_ad", "--via", "mcp", "--json"], env(home));
    expect(described.code, described.stderr).toBe(0);
    expect(JSON.parse(described.stdout)).toMatchObject({ name: "launch_ad", guard: "unknown" });
    const doctor = await cli(["doctor", "--via", "mcp"], env(home));
    expect(doctor.code, doctor.stderr).toBe(0);
  });

  it("eleven logins with the same client leave one connection", async () => {
    const home = freshHome();
    const before = sim.door!.connections("agency").length;
    for (let i = 0; i < 11; i++) {
      const run = await cli(["login", "--no-browser"], env(home), { user: "agency", decision: "allow" });
      expect(run.code, run.stderr).toBe(0);
    }
    expect(sim.door!.connections("agency")).toHaveLength(before + 1);
  });

  it("a refused consent exits 3 and stores nothing", async () => {
    const home = freshHome();
    const run = await cli(["login", "--no-browser"], env(home), { user: "pro", decision: "deny" });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/refused/);
    const dir = join(home, "credentials");
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(0);
  });

  it("a revoked connection exits 3 with a message naming adrails login", async () => {
    const home = freshHome();
    const run = await cli(["login", "--no-browser"], env(home), { user: "free", decision: "allow" });
    expect(run.code, run.stderr).toBe(0);
    const [connection] = sim.door!.connections("free");
    expect(sim.door!.removeConnection("free", connection!.clientId)).toBe(true);
    const called = await cli(["call", "list-accounts", "{}", "--via", "mcp"], env(home));
    expect(called.code).toBe(3);
    expect(called.stderr).toContain("adrails login");
  });

  it("logout revokes at the server and forgets the tokens", async () => {
    const home = freshHome();
    expect(
      (await cli(["login", "--no-browser"], env(home), { user: "viewer", decision: "allow" })).code,
    ).toBe(0);
    const out = await cli(["logout"], env(home));
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/revoked/);
    expect(sim.door!.connections("viewer")).toHaveLength(0);
    const called = await cli(["call", "list-accounts", "{}", "--via", "mcp"], env(home));
    expect(called.code).toBe(3);
    expect(called.stderr).toContain("adrails login");
  });
});
