import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAdTools } from "../../src/door-toolkit.js";
import { buildOnce } from "../cli/helpers.js";
import { cli, freshHome, type Sim, startDoor } from "./helpers.js";

// Access tokens live 5 s, inside the 30 s before expiry in which a client renews a token before
// using it, so every use needs a refresh (each rotates the refresh token, checked below) with no
// pause to wait out. They used to live 1 s, and on a loaded machine a token could lapse on its way
// to the door between the refresh and its use.
let sim: Sim;
beforeAll(async () => {
  await buildOnce();
  sim = await startDoor({ accessTokenTtlS: 5 });
});
afterAll(async () => {
  await sim.close();
});

const stored = (home: string) => {
  const dir = join(home, "credentials");
  const [file] = readdirSync(dir).filter((f) => f.endsWith(".json"));
  return JSON.parse(readFileSync(join(dir, file!), "utf8")) as {
    tokens: { refresh_token: string; access_token: string };
  };
};

function child(home: string): Promise<{ ok: unknown; status: unknown }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [join(import.meta.dirname, "child/call-door.mjs"), home, sim.door!.mcpUrl],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (err += d.toString()));
    proc.on("error", reject);
    proc.on("close", () => {
      try {
        resolve(JSON.parse(out.trim().split("\n").pop() ?? ""));
      } catch {
        reject(new Error(`child failed: ${err}`));
      }
    });
  });
}

describe("refresh", { timeout: 60_000 }, () => {
  it("renews an expired access token transparently, honouring the rotated refresh token", async () => {
    const home = freshHome();
    const login = await cli(
      ["login", "--no-browser"],
      { ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url },
      { user: "pro" },
    );
    expect(login.code, login.stderr).toBe(0);
    const first = stored(home).tokens;
    const seen = [first.refresh_token];
    const toolkit = await connectAdTools({ via: "mcp", mcpUrl: sim.door!.mcpUrl, home });
    try {
      for (let i = 0; i < 3; i++) {
        const result = await toolkit.call("list-accounts", {});
        expect(result.ok, JSON.stringify(result)).toBe(true);
        seen.push(stored(home).tokens.refresh_token);
      }
    } finally {
      await toolkit.close();
    }
    const last = stored(home).tokens;
    // Renewed before every use, each time with the refresh token the last renewal rotated in.
    expect(new Set(seen).size).toBeGreaterThanOrEqual(4);
    expect(last.refresh_token).not.toBe(first.refresh_token);
    expect(last.access_token).not.toBe(first.access_token);
    expect(sim.door!.connections("pro").length).toBeGreaterThanOrEqual(1);
  });

  it("two processes refreshing at once do not sign each other out", async () => {
    const home = freshHome();
    const login = await cli(
      ["login", "--no-browser"],
      { ADRAILS_HOME: home, ADRAILS_BASE_URL: sim.url },
      { user: "agency" },
    );
    expect(login.code, login.stderr).toBe(0);
    const seen = [stored(home).tokens.refresh_token];
    for (let round = 0; round < 2; round++) {
      const both = await Promise.all([child(home), child(home)]);
      expect(both).toEqual([
        { ok: true, status: 200 },
        { ok: true, status: 200 },
      ]);
      seen.push(stored(home).tokens.refresh_token);
    }
    expect(await child(home)).toEqual({ ok: true, status: 200 });
    seen.push(stored(home).tokens.refresh_token);
    // Every round renewed (rotated) the sign-in, and nobody was signed out by another's renewal.
    expect(new Set(seen).size).toBe(seen.length);
  });
});
