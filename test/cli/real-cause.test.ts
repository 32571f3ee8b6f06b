import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRules, RulesError } from "../../src/guards/rules/schema.js";
import { createAdTools } from "../../src/index.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { buildOnce, run } from "./helpers.js";

// Issue 41, point 8: each error names the real cause and what to do about it.

let sim: Simulator;
let account: string;
beforeAll(async () => {
  await buildOnce();
  sim = await startSimulator();
  const listed = await createAdTools({ baseUrl: sim.url, apiKey: sim.apiKey }).call("list-accounts", {});
  account = (listed as { data: { accounts: { id: string }[] } }).data.accounts[0]!.id;
}, 120_000);
afterAll(() => sim?.close());

const keyed = () => ({ ADRAILS_API_KEY: sim.apiKey, ADRAILS_BASE_URL: sim.url });

describe("errors that name the real cause", () => {
  it("a base URL ending in /api/mcp: the base URL must be the service's root; nothing is sent", async () => {
    const before = sim.control.requests().length;
    const r = await run(["call", "list-accounts"], {
      env: { ...keyed(), ADRAILS_BASE_URL: `${sim.url}/api/mcp` },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("The base URL must be the service's root, not its /api/mcp path");
    expect(r.stderr).toContain(`drop /api/mcp from it (${sim.url})`);
    expect(r.stderr).not.toMatch(/does not exist|your network/);
    expect(sim.control.requests().length).toBe(before);
    // The library says the same to a model.
    const kit = createAdTools({ apiKey: sim.apiKey, baseUrl: `${sim.url}/api/mcp/` });
    const result = await kit.call("list-accounts", {});
    expect(result).toMatchObject({ ok: false, status: null });
    expect((result as { error: string }).error).toContain("must be the service's root");
  });

  it("Redis down: the hint names Redis and ADRAILS_REDIS_URL, not the base URL or the network", async () => {
    const r = await run(["--sim", "call", "list-accounts"], {
      env: { ADRAILS_REDIS_URL: "redis://127.0.0.1:1" },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("redis at 127.0.0.1:1");
    expect(r.stderr).toMatch(/hint: Redis did not answer, so nothing was sent: .*ADRAILS_REDIS_URL/);
    expect(r.stderr).not.toMatch(/ADRAILS_BASE_URL|your network/);
  });

  it("a wrong ad set points to the ad-set listing (results, level adset), not list-accounts", async () => {
    const r = await run(
      [
        "call",
        "push-creative",
        JSON.stringify({
          account_id: account,
          adset_id: "as_does_not_exist",
          image_url: "https://cdn.example.com/a.png",
          website_url: "https://example.com",
        }),
      ],
      { env: keyed() },
    );
    expect(r.code).not.toBe(0);
    const result = JSON.parse(r.stdout) as { status: number; hint: string };
    expect(result.status).toBe(404);
    expect(result.hint).toContain('Call results with level "adset"');
    expect(result.hint).not.toContain("list-accounts");
    // The listing it names gives ad set ids.
    const listed = await createAdTools({ baseUrl: sim.url, apiKey: sim.apiKey }).call("results", {
      account_id: account,
      level: "adset",
    });
    expect((listed as { data: { rows: { id: string }[] } }).data.rows.length).toBeGreaterThan(0);
  });

  describe("a port in use says so, and how to pick another", () => {
    let taken: Server;
    let port: number;
    beforeAll(async () => {
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
      port = (taken.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

    it.each([
      ["sim", ["sim"]],
      ["inbox", ["--sim", "inbox"]],
      ["mcp --http", ["--sim", "mcp", "--http"]],
    ])("%s", async (_name, args) => {
      const r = await run([...args, "--port", String(port)], { timeoutMs: 30_000 });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`Port ${port} is already in use (EADDRINUSE)`);
      expect(r.stderr).toContain(
        "hint: Pick another port with --port <n>, or leave --port out to get a free one",
      );
    });
  });
});

describe("rules errors that name the real cause", () => {
  it("a misspelt nested key is an unknown key, with the key it likely meant", () => {
    const error = (() => {
      try {
        parseRules({ launches: { perday: 1 } }, "rules.json");
      } catch (e) {
        return e;
      }
    })() as RulesError;
    expect(error).toBeInstanceOf(RulesError);
    expect(error.path).toBe("launches.perday");
    expect(error.message).toBe(
      "rules.json: launches.perday: unknown key, did you mean perDay? (known: perDay, timeZone)",
    );
    expect(() => parseRules({ bannedPhrase: ["x"] })).toThrow(
      /bannedPhrase: unknown key, did you mean bannedPhrases\?/,
    );
    expect(() => parseRules({ zzz: 1 })).toThrow(/zzz: unknown key \(known: /);
  });

  it("perDay 0 says launches are off, not to launch tomorrow", async () => {
    const kit = createAdTools({ baseUrl: sim.url, apiKey: sim.apiKey, rules: { launches: { perDay: 0 } } });
    const result = await kit.call("push-creative", {
      account_id: account,
      adset_id: "as_1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://example.com",
      status: "ACTIVE",
    });
    expect(result).toMatchObject({ ok: false, blocked: "rule" });
    const { hint } = result as { hint: string };
    expect(hint).toContain("turn ACTIVE launches off");
    expect(hint).toContain("launches.perDay is 0");
    expect(hint).toContain("waiting does not help");
    expect(hint).not.toMatch(/tomorrow|midnight/);
  });
});
