import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator, UPGRADE_URL } from "../../src/sim/index.js";
import { catalog } from "../../src/tools/index.js";
import { call } from "./helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: "accounts", rateLimit: { limit: 10_000 } });
});
afterAll(() => sim.close());

const accountsOf = async (key: string) =>
  (await call(sim, "list-accounts", {}, { key })).body.data.accounts as any[];

describe("accounts (spec 2.5, 2.6, 4)", () => {
  it("gives each key several act_<digits> accounts with id, name and currency", async () => {
    for (const label of ["free", "pro", "agency", "viewer"] as const) {
      const accounts = await accountsOf(sim.keys[label]);
      expect(accounts.length, label).toBeGreaterThanOrEqual(2);
      for (const a of accounts) {
        expect(a.id).toMatch(/^act_\d+$/);
        expect(typeof a.name).toBe("string");
        expect(a.currency).toMatch(/^[A-Z]{3}$/);
      }
    }
  });

  it("reads without account_id use the active account, which control can change", async () => {
    const [first, second] = await accountsOf(sim.apiKey);
    expect(first.active).toBe(true);
    expect((await call(sim, "health", {})).body.data.account_id).toBe(first.id);
    sim.control.setActiveAccount("pro", second.id);
    expect((await call(sim, "results", {})).body.data.account_id).toBe(second.id);
    expect((await accountsOf(sim.apiKey)).find((a) => a.active).id).toBe(second.id);
    sim.control.setActiveAccount("pro", first.id);
    expect(() => sim.control.setActiveAccount("pro", "act_1")).toThrow();
  });

  it("an account of another workspace is a 403 carrying the caller's accounts", async () => {
    const mine = await accountsOf(sim.apiKey);
    const [foreign] = await accountsOf(sim.keys.free);
    const a = await call(sim, "results", { account_id: foreign.id });
    expect(a.status).toBe(403);
    expect(a.body.data.error).toEqual(expect.any(String));
    expect(a.body.data.accounts).toEqual(mine);
    expect(a.body.data.upgrade_url).toBeUndefined();
  });

  it("an account id nobody has is a 404 carrying the caller's accounts", async () => {
    const a = await call(sim, "winner-insights", { account_id: "act_999" });
    expect(a.status).toBe(404);
    expect(a.body.data.accounts).toEqual(await accountsOf(sim.apiKey));
  });

  it("write tools check the account too", async () => {
    const [foreign] = await accountsOf(sim.keys.agency);
    const a = await call(sim, "creative-loop", { account_id: foreign.id });
    expect(a.status).toBe(403);
    expect(a.body.data.accounts.length).toBeGreaterThan(0);
  });

  it("a key without a connected account lists none and its reads are 404", async () => {
    const key = sim.keys.unconnected;
    const list = await call(sim, "list-accounts", {}, { key });
    expect(list.status).toBe(200);
    expect(list.body.data.accounts).toEqual([]);
    for (const tool of ["results", "health", "winner-insights", "fatigue-alerts"]) {
      const a = await call(sim, tool, {}, { key });
      expect(a.status, tool).toBe(404);
      expect(a.body.data.error).toMatch(/connected ad account/);
    }
  });

  it("the Client Viewer sees only its granted accounts of the agency", async () => {
    const agency = await accountsOf(sim.keys.agency);
    const viewer = await accountsOf(sim.keys.viewer);
    expect(viewer.map((a) => a.id)).toEqual(agency.slice(0, 2).map((a) => a.id));
    const outside = await call(sim, "results", { account_id: agency[3].id }, { key: sim.keys.viewer });
    expect(outside.status).toBe(403);
  });

  it("accounts can be overridden per key", async () => {
    const custom = await startSimulator({
      accounts: { pro: [{ id: "act_42", name: "Only One", currency: "JPY", owner: "test" }] },
    });
    try {
      const list = await call(custom, "list-accounts");
      expect(list.body.data.accounts).toEqual([
        { id: "act_42", name: "Only One", currency: "JPY", owner: "test", active: true },
      ]);
      const rows = await call(custom, "results", { level: "adset" });
      expect(rows.body.data.rows.length).toBeGreaterThan(0);
    } finally {
      await custom.close();
    }
  });
});

describe("plans (spec 5.9, group C)", () => {
  const paid = catalog.filter((t) => t.group === "C" && !t.disabled && t.name !== "save-creative");

  it("covers every group C tool but save-creative", () => {
    expect(paid.map((t) => t.name).sort()).toEqual(
      [
        "ad-copy",
        "analyze-winning-ad",
        "competitor-creatives",
        "creative-dna",
        "creative-loop",
        "creative-matrix",
        "hooks",
        "multiply-winner",
        "push-creative",
        "url-to-ads",
      ].sort(),
    );
  });

  it.each(paid.map((t) => t.name))("a Free key on %s gets 403 with upgrade_url", async (name) => {
    const [account] = await accountsOf(sim.keys.free);
    const bodies: Record<string, unknown> = {
      "ad-copy": { description: "A mug", objective: "Leads" },
      hooks: { description: "A mug" },
      "analyze-winning-ad": { account_id: account.id, ad_id: "1" },
      "push-creative": {
        account_id: account.id,
        request_id: "req-free-0001",
        adset_id: "1",
        image_url: "https://cdn.example.com/a.png",
        website_url: "https://example.com/",
      },
      "creative-dna": { account_id: account.id, brand_url: "example.com" },
      "url-to-ads": { account_id: account.id, url: "example.com" },
      "multiply-winner": { account_id: account.id, image_url: "https://cdn.example.com/a.png" },
      "competitor-creatives": { account_id: account.id, competitor_name: "Acme" },
      "creative-matrix": { account_id: account.id, angles: ["pain"] },
      "creative-loop": { account_id: account.id },
    };
    const a = await call(sim, name, bodies[name], { key: sim.keys.free });
    expect(a.status).toBe(403);
    expect(a.body.data.upgrade_url).toBe(UPGRADE_URL);
    expect(a.body.data.error).toMatch(/plan/i);
    expect(sim.control.ads()).toEqual([]);
  });

  it("save-creative, reads and calculators work on Free", async () => {
    const key = sim.keys.free;
    expect(
      (await call(sim, "save-creative", { image_url: "https://cdn.example.com/a.png" }, { key })).status,
    ).toBe(200);
    expect((await call(sim, "results", {}, { key })).status).toBe(200);
    expect((await call(sim, "benchmarks", {}, { key })).status).toBe(200);
  });

  it("Pro and Agency keys reach paid tools", async () => {
    for (const key of [sim.keys.pro, sim.keys.agency]) {
      expect((await call(sim, "hooks", { description: "A mug" }, { key })).status).toBe(200);
    }
  });
});

describe("Client Viewer role (spec 5.8)", () => {
  const writes = catalog.filter((t) => !t.disabled && (t.effect === "write" || t.effect === "workflow"));

  it.each(writes.map((t) => t.name))("refuses %s with 403", async (name) => {
    // The role is checked after validation, so each body passes the tool's schema.
    const [account] = await accountsOf(sim.keys.viewer);
    const body = validBody(name, account.id);
    const a = await call(sim, name, body, { key: sim.keys.viewer });
    expect(a.status).toBe(403);
    expect(a.body.data.error).toMatch(/read-only/);
    expect(a.body.data.upgrade_url).toBeUndefined();
  });

  it("keeps the viewer to its account grants on stored records (spec 5.7)", async () => {
    const agency = await accountsOf(sim.keys.agency);
    const granted = (await accountsOf(sim.keys.viewer)).map((a) => a.id);
    const outside = agency.find((a) => !granted.includes(a.id))!.id;
    const capture = async (account_id: string, query: string) =>
      (
        await call(
          sim,
          "capture-competitor-snapshot",
          { account_id, source_kind: "search_terms", query, market: "US" },
          { key: sim.keys.agency },
        )
      ).body.data.snapshot_id as string;
    const hidden = await capture(outside, "hidden shoes");
    const shown = await capture(granted[0], "shown shoes");
    const key = sim.keys.viewer;
    const board = (await call(sim, "list-competitor-board", {}, { key })).body.data.items as any[];
    const ids = board.map((item) => item.snapshot_id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(hidden);
    expect((await call(sim, "find-novelty-candidates", { snapshot_id: hidden }, { key })).status).toBe(404);
    expect((await call(sim, "find-novelty-candidates", { snapshot_id: shown }, { key })).status).toBe(200);
    // The owner still reaches both.
    const owner = (await call(sim, "list-competitor-board", {}, { key: sim.keys.agency })).body.data.items;
    expect(owner.map((item: any) => item.snapshot_id)).toEqual(expect.arrayContaining([hidden, shown]));
  });

  it("lets the viewer read", async () => {
    const key = sim.keys.viewer;
    expect((await call(sim, "results", {}, { key })).status).toBe(200);
    expect((await call(sim, "ad-copy", { description: "A mug", objective: "Leads" }, { key })).status).toBe(
      200,
    );
    expect((await call(sim, "list-learning", {}, { key })).status).toBe(200);
  });
});

function validBody(name: string, accountId: string): Record<string, unknown> {
  const obj = {};
  const bodies: Record<string, Record<string, unknown>> = {
    "save-creative": { image_url: "https://cdn.example.com/a.png" },
    "push-creative": {
      account_id: accountId,
      request_id: "req-view-0001",
      adset_id: "1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://example.com/",
    },
    "creative-dna": { account_id: accountId, brand_url: "example.com" },
    "url-to-ads": { account_id: accountId, url: "example.com" },
    "multiply-winner": { account_id: accountId, image_url: "https://cdn.example.com/a.png" },
    "competitor-creatives": { account_id: accountId, competitor_name: "Acme" },
    "creative-matrix": { account_id: accountId, angles: ["pain"] },
    "creative-loop": { account_id: accountId },
    "approve-creative-brief": { version_id: "v" },
    "revoke-creative-brief": { version_id: "v" },
    "approve-generation-artifact": { artifact_id: "a" },
    "reject-generation-artifact": { artifact_id: "a" },
    "approve-meta-test-plan": { preview: obj, previewHash: "h", confirmationToken: "t" },
    "create-creative-brief": {
      facts: [],
      hypothesis: "h",
      sourceSnapshotIds: [],
      observationIds: [],
      approvedOfferVersionIds: [],
      approvedClaimVersionIds: [],
      approvedContextHash: "x",
      interpretations: [],
      templateVersion: "1",
      modelVersion: "1",
      mediaVersion: "1",
      promptSnapshot: obj,
      feasibility: [],
      imageDirection: obj,
      videoScript: "",
      storyboard: [],
      assetRequirements: [],
    },
    "create-experiment": {
      idempotencyKey: "k",
      controlRef: "c",
      variantRef: "v",
      objective: "o",
      metric: "m",
      audience: "a",
      source: "s",
      provider: "p",
      attribution: "a",
      window: obj,
    },
    "edit-creative-brief": { version_id: "v", patch: { hypothesis: "x" } },
    "generate-from-brief": { version_id: "v", media: "image", idempotency_key: "k" },
    "propose-learning-memory": { experiment_id: "e", text: "t", rationale: "r" },
    "record-experiment-result": {
      experiment_id: "e",
      ref: "r",
      side: "control",
      objective: "o",
      metric: "m",
      audience: "a",
      source: "s",
      provider: "p",
      attribution: "a",
      window: obj,
      freshnessAt: "2025-01-01",
      sampleSize: 1,
      spend: 1,
      events: 1,
      numerator: 1,
      denominator: 1,
      idempotencyKey: "k",
    },
    "record-result-interpretation": { experiment_id: "e", text: "t" },
    "resume-generation": { idempotency_key: "k" },
    "review-learning-memory": { candidateId: "c", decision: "approved" },
    "capture-competitor-snapshot": { source_kind: "search_terms", query: "q", market: "US" },
    "create-competitor-change-routine": { source_id: "s", name: "n", cadence_seconds: 60 },
    "dismiss-competitor-change-alert": { alert_id: "a", action: "dismiss", idempotency_key: "k" },
    "pause-competitor-change-routine": { routine_id: "r" },
    "resume-competitor-change-routine": { routine_id: "r" },
    "refresh-competitor-change-routine": {
      routine_id: "r",
      source_id: "s",
      durable_run_id: "d",
      idempotency_key: "k",
      observed_at: "2025-01-01T00:00:00Z",
      coverage: "complete",
    },
  };
  const body = bodies[name];
  if (!body) throw new Error(`no valid body for ${name}`);
  return body;
}
