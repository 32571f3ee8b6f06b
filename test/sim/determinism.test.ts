import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { startSimulator } from "../../src/sim/index.js";
import { offeredTools } from "../../src/tools/index.js";
import { call } from "./helpers.js";

async function snapshot(seed: string) {
  const sim = await startSimulator({ seed });
  try {
    const accounts = (await call(sim, "list-accounts")).body.data;
    const results = (await call(sim, "results", { level: "ad", date_preset: "last_30d" })).body.data.rows;
    const health = (await call(sim, "health")).body.data;
    return { keys: sim.keys, accounts, results, health };
  } finally {
    await sim.close();
  }
}

describe("determinism", () => {
  it("the same seed gives the same keys, accounts and numbers", async () => {
    expect(await snapshot("same")).toEqual(await snapshot("same"));
  });

  it("another seed gives other keys and ids", async () => {
    const a = await snapshot("one");
    const b = await snapshot("two");
    expect(a.keys.pro).not.toBe(b.keys.pro);
    expect(a.accounts.accounts[0].id).not.toBe(b.accounts.accounts[0].id);
    expect(a.accounts.accounts[0].name).toBe(b.accounts.accounts[0].name);
  });

  it("results aggregate: campaign rows sum the ad rows", async () => {
    const sim = await startSimulator({ seed: "sums" });
    try {
      const ads = (await call(sim, "results", { level: "ad" })).body.data.rows;
      const campaigns = (await call(sim, "results", { level: "campaign" })).body.data.rows;
      const account = (await call(sim, "results", { level: "account" })).body.data.rows;
      for (const c of campaigns) {
        const mine = ads.filter((a: any) => a.campaign_id === c.id);
        expect(c.impressions).toBe(mine.reduce((s: number, a: any) => s + a.impressions, 0));
      }
      expect(account[0].results).toBe(ads.reduce((s: number, a: any) => s + a.results, 0));
      const custom = await call(sim, "results", { since: "2025-01-01", until: "2025-01-10" });
      expect(custom.body.data.date_range).toEqual({ since: "2025-01-01", until: "2025-01-10" });
      expect((await call(sim, "results", { since: "2025-01-10", until: "2025-01-01" })).status).toBe(400);
    } finally {
      await sim.close();
    }
  });
});

describe("docs/simulator.md", () => {
  it("lists the default seed's keys and accounts", async () => {
    const doc = await readFile(new URL("../../docs/simulator.md", import.meta.url), "utf8");
    const sim = await startSimulator();
    try {
      for (const [label, key] of Object.entries(sim.keys)) {
        expect(doc, label).toMatch(new RegExp(`\\| \`${label}\`.*\\| \`${key}\` +\\|`));
      }
      for (const label of ["free", "pro", "agency"] as const) {
        const accounts = (await call(sim, "list-accounts", {}, { key: sim.keys[label] })).body.data.accounts;
        for (const a of accounts) expect(doc).toContain(`\`${a.id}\` ${a.name} (${a.currency})`);
      }
      const adsets = (await call(sim, "results", { level: "adset" })).body.data.rows;
      for (const row of adsets) expect(doc).toContain(`\`${row.id}\``);
    } finally {
      await sim.close();
    }
  });
});

describe("startup", () => {
  it("has a handler for every offered tool (every one answers something other than 404 or 500)", async () => {
    const sim = await startSimulator({ rateLimit: { limit: 1000 } });
    try {
      for (const def of offeredTools) {
        const a = await call(sim, def.name, {});
        expect([200, 400, 404], def.name).toContain(a.status);
        if (a.status === 404) expect(a.body.data.error, def.name).not.toMatch(/Unknown tool/);
      }
    } finally {
      await sim.close();
    }
  });

  it("prints nothing by default; quiet: false prints the URL, keys and request lines without keys", async () => {
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      writes.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      const silent = await startSimulator();
      await call(silent, "list-skills");
      await silent.close();
    } finally {
      process.stderr.write = original;
    }
    expect(writes).toEqual([]);

    const lines: string[] = [];
    const loud = await startSimulator({ quiet: false, log: (line) => lines.push(line) });
    await call(loud, "list-skills");
    await loud.close();
    expect(lines[0]).toContain(loud.url);
    expect(lines.some((l) => l.includes(loud.keys.pro))).toBe(true);
    const requestLine = lines.at(-1)!;
    expect(requestLine).toMatch(/POST \/api\/mcp\/list-skills 200/);
    expect(requestLine).not.toContain("adk_");
  });

  it("close() ends held answers and open connections", async () => {
    const sim = await startSimulator();
    // Held longer than the test's timeout: a close() that waited for it would fail the test.
    sim.control.fault({ kind: "latency", ms: 60_000 });
    const pending = call(sim, "list-skills").catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await sim.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
