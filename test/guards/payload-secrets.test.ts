import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { memoryStore } from "../../src/store/index.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, ConfirmRequest, ToolResult } from "../../src/types.js";

// Issue 40, "A secret never leaves in a payload": a write whose payload carries the toolkit's own
// API key (in any spelling the redaction knows) is refused before a person is asked, nothing is
// recorded as a pending approval and nothing reaches the service; the model reads why.

let sim: Simulator;
let account: string;
let adset: string;

const toolkit = (extra: AdToolsOptions = {}) =>
  createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...extra,
  });
const dataOf = (result: ToolResult) => (result as { data: Record<string, unknown> }).data;

beforeAll(async () => {
  sim = await startSimulator({ rateLimit: { limit: 100_000 }, writeBudget: { limit: 100_000 } });
  const setup = toolkit();
  account = (dataOf(await setup.call("list-accounts", {})).accounts as { id: string }[])[0]!.id;
  const rows = dataOf(await setup.call("results", { account_id: account, level: "adset" })).rows as {
    id: string;
  }[];
  adset = rows[0]!.id;
}, 30_000);
afterAll(async () => {
  await sim?.close();
});

const push = (extra: Record<string, unknown>) => ({
  account_id: account,
  adset_id: adset,
  image_url: "https://cdn.example.com/creative/a.png",
  website_url: "https://northwind.example.com/",
  headline: "Spring sale",
  status: "ACTIVE",
  ...extra,
});

function person() {
  const shown: ConfirmRequest[] = [];
  return {
    shown,
    confirm: (r: ConfirmRequest) => {
      shown.push(r);
      return { approved: true as const, text: "Go." };
    },
  };
}

describe("a write payload holding the toolkit's secret", () => {
  const spellings = () => ({
    "the key in the headline": { headline: `Use ${sim.apiKey} today` },
    "base64 of the key in primary_text": { primary_text: Buffer.from(sim.apiKey).toString("base64") },
    "hex of the key in ad_name": { ad_name: Buffer.from(sim.apiKey).toString("hex") },
    "the key percent-encoded in the headline": {
      headline: [...sim.apiKey].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(""),
    },
  });

  it("is refused before a person is asked, with nothing recorded or sent, and the model reads why", async () => {
    for (const [name, fields] of Object.entries(spellings())) {
      const store = memoryStore();
      const p = person();
      const kit = toolkit({ store, confirm: p.confirm });
      const before = sim.control.requests().length;
      const result = await kit.call("push-creative", push(fields));
      expect(result, name).toMatchObject({ ok: false, blocked: "secrets", status: null });
      const field = Object.keys(fields)[0]!;
      expect((result as { error: string }).error, name).toContain(
        `payload's ${field} contains this toolkit's API key`,
      );
      expect(JSON.stringify(result)).not.toContain(sim.apiKey);
      expect(p.shown, name).toEqual([]);
      expect(await kit.pendingApprovals(), name).toEqual([]);
      expect(sim.control.requests().length, name).toBe(before);
      await store.close();
    }
  });

  it("is never recorded by a framework's ask, and a paused push is refused too", async () => {
    const kit = toolkit({ store: memoryStore() });
    const tool = kit.tools.find((t) => t.name === "push-creative")!;
    expect(await tool.ask(push({ headline: sim.apiKey }))).toBeNull();
    expect(await kit.pendingApprovals()).toEqual([]);
    const paused = await kit.call("push-creative", push({ status: "PAUSED", primary_text: sim.apiKey }));
    expect(paused).toMatchObject({ ok: false, blocked: "secrets" });
  });

  it("leaves a payload without the key alone", async () => {
    const p = person();
    const kit = toolkit({ store: memoryStore(), confirm: p.confirm });
    const result = await kit.call("push-creative", push({ headline: "Spring sale, 20% off" }));
    expect(result.ok).toBe(true);
    expect(p.shown).toHaveLength(1);
  });
});
