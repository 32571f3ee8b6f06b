import { chmodSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Tool } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { checkCatalog } from "../../src/upstream/catalog.js";
import { type FixtureFaults, startFixtureDoor } from "./fixture-door.js";
import { cli, freshHome } from "./helpers.js";

async function loginTo(faults: FixtureFaults, extra: string[] = []) {
  const door = await startFixtureDoor(faults);
  const home = freshHome();
  try {
    const run = await cli([...extra, "login", "--no-browser", "--mcp-url", door.mcpUrl], {
      ADRAILS_HOME: home,
    });
    const dir = join(home, "credentials");
    const stored = readdirSync(dir).filter((f) => f.endsWith(".json")).length;
    return { run, stored, seen: door.seen, home };
  } finally {
    await door.close();
  }
}

describe("bad input at sign-in: a clear error, exit 3, nothing half-done", () => {
  it("a 401 without metadata", async () => {
    const { run, stored, seen } = await loginTo({ noMetadata: true });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/protected resource metadata/);
    expect([stored, seen.registrations, seen.authorizations]).toEqual([0, 0, 0]);
  });

  it("metadata whose issuer is on another origin than the declared server (mix-up)", async () => {
    const { run, stored, seen } = await loginTo({ issuer: () => "https://attacker.example/as" });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/mix-up/);
    expect([stored, seen.registrations, seen.authorizations]).toEqual([0, 0, 0]);
  });

  it("metadata with an issuer that does not match", async () => {
    const { run, stored, seen } = await loginTo({ issuer: (own) => `${own}-other` });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/issuer/);
    expect([stored, seen.registrations, seen.authorizations]).toEqual([0, 0, 0]);
  });

  it.each([
    ["absent", null],
    ["plain only", ["plain"]],
  ])("no S256 in code_challenge_methods_supported (%s): refuses to continue", async (_label, methods) => {
    const { run, stored, seen } = await loginTo({ challengeMethods: methods });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/S256/);
    expect([stored, seen.registrations, seen.authorizations]).toEqual([0, 0, 0]);
  });

  it("a redirect with a wrong state is ignored: the wait goes on until its timeout, nothing exchanged", async () => {
    const { run, stored, seen } = await loginTo({ state: "not-the-clients-state" }, ["--timeout", "2"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/no redirect came back within 2 s/);
    expect([stored, seen.tokens]).toEqual([0, 0]);
  });

  it("a redirect with a wrong iss", async () => {
    const { run, stored, seen } = await loginTo({ iss: () => "https://attacker.example/as" });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/issuer/);
    expect([stored, seen.tokens]).toEqual([0, 0]);
  });

  it("a token response without a refresh token: stored, and the person is told the sign-in ends with the token", async () => {
    const { run, stored } = await loginTo({ noRefreshToken: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/no refresh token.*adrails login/s);
    expect(stored).toBe(1);
  });

  it("a credentials folder and file readable by others are made private, and the person is told", async () => {
    const { run, home } = await loginTo({});
    expect(run.code, run.stderr).toBe(0);
    const dir = join(home, "credentials");
    const file = join(dir, readdirSync(dir).find((f) => f.endsWith(".json"))!);
    chmodSync(file, 0o644);
    chmodSync(dir, 0o755);
    const again = await cli(["logout", "--mcp-url", "http://127.0.0.1:9/mcp"], { ADRAILS_HOME: home });
    expect(again.stderr).toMatch(/could be read by others \(mode 0755\); adrails made it private \(0700\)/);
    const listed = await cli(["logout", "--mcp-url", "http://127.0.0.1:9/mcp"], { ADRAILS_HOME: home });
    expect(listed.code).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe("bad input in tools/list", () => {
  const tool = (name: string, inputSchema: unknown): Tool => ({ name, inputSchema }) as Tool;

  it("refuses duplicate names and invalid schemas, naming why, and keeps the rest", () => {
    const checked = checkCatalog([
      tool("twice", { type: "object" }),
      tool("twice", { type: "object", properties: { a: { type: "string" } } }),
      tool("not-object", { type: "string" }),
      tool("bad-type", { type: "object", properties: { a: { type: "strin" } } }),
      tool("bad-required", { type: "object", required: "a" }),
      tool("fine", { type: "object", properties: { a: { type: "string" } }, required: ["a"] }),
    ]);
    expect([...checked.tools.keys()]).toEqual(["fine"]);
    expect(checked.problems.map((p) => p.name)).toEqual(["twice", "not-object", "bad-type", "bad-required"]);
    expect(checked.problems[0]!.reason).toMatch(/lists 2 tools named "twice"/);
    expect(checked.problems[2]!.reason).toMatch(/does not compile as JSON Schema 2020-12 \(keyword type/);
  });
});
