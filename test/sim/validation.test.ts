import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { catalog } from "../../src/tools/index.js";
import { call, firstAccount, pushBody } from "./helpers.js";

let sim: Simulator;
let accountId: string;
let adsetId: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: "validation", rateLimit: { limit: 10_000 } });
  ({ accountId, adsetId } = await firstAccount(sim));
});
afterAll(() => sim.close());

describe("strict bodies in groups A to C", () => {
  const strictTools = catalog.filter(
    (t) => "ABC".includes(t.group) && !t.disabled && t.name !== "list-accounts",
  );

  it.each(strictTools.map((t) => t.name))(
    "%s refuses an unknown property with a 400 naming it",
    async (name) => {
      const a = await call(sim, name, { surprise_field: 1 });
      expect(a.status).toBe(400);
      expect(a.body.data.error).toContain("surprise_field");
    },
  );

  it("groups D to F accept unknown properties", async () => {
    const a = await call(sim, "integrations-list-connections", { surprise_field: 1 });
    expect(a.status).toBe(200);
    const b = await call(sim, "list-competitor-board", { surprise_field: 1 });
    expect(b.status).toBe(200);
  });
});

describe("enums, bounds and cross-field rules (catalog schemas)", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["results", { level: "country" }, /level/],
    ["results", { date_preset: "last_2d" }, /date_preset/],
    ["results", { since: "2025-01-01" }, /until/],
    ["results", { date_preset: "last_7d", since: "2025-01-01", until: "2025-01-02" }, /date_preset/],
    ["results", { since: "01/02/2025", until: "2025-01-02" }, /since/],
    ["results", { account_id: "12345" }, /account_id/],
    ["ad-copy", { objective: "Leads" }, /url|description/],
    ["ad-copy", { description: "x", objective: "leads" }, /objective/],
    ["ad-copy", { description: "x".repeat(2001), objective: "Leads" }, /description/],
    ["hooks", { description: "x".repeat(1001) }, /description/],
    ["save-creative", {}, /image_url/],
    ["save-creative", { image_urls: [] }, /image_urls/],
    ["save-creative", { image_urls: Array(11).fill("https://a.example.com/x.png") }, /image_urls/],
    ["url-to-ads", { account_id: "act_123", url: "x.example.com", count: 2.5 }, /count/],
    ["multiply-winner", { account_id: "act_123" }, /ad_id|image_url/],
    ["competitor-creatives", { account_id: "act_123", competitor_name: "A", country: "USA" }, /country/],
    ["creative-matrix", { account_id: "act_123", angles: [] }, /angles/],
  ];

  it.each(cases)("%s case %# -> 400", async (tool, body, pattern) => {
    const a = await call(sim, tool, body);
    expect(a.status).toBe(400);
    expect(a.body.data.error).toMatch(pattern);
  });

  it("push-creative needs exactly one media and exactly one destination", async () => {
    const both = pushBody(accountId, adsetId, { video_url: "https://cdn.example.com/v.mp4" });
    expect((await call(sim, "push-creative", both)).status).toBe(400);
    const none = pushBody(accountId, adsetId, { lead_gen_form_id: "123" });
    expect((await call(sim, "push-creative", none)).status).toBe(400);
    const { website_url: _w, ...noDestination } = pushBody(accountId, adsetId);
    expect((await call(sim, "push-creative", noDestination)).status).toBe(400);
  });

  it("request_id must be 8 to 128 characters", async () => {
    const short = await call(sim, "push-creative", pushBody(accountId, adsetId, { request_id: "1234567" }));
    expect(short.status).toBe(400);
    expect(short.body.data.error).toMatch(/request_id/);
    const long = await call(sim, "url-to-ads", {
      account_id: accountId,
      url: "a.example.com",
      request_id: "r".repeat(129),
    });
    expect(long.status).toBe(400);
  });

  it("the creative matrix is capped at 27 cells", async () => {
    const tooBig = await call(sim, "creative-matrix", {
      account_id: accountId,
      angles: ["a", "b", "c", "d"],
      hooks: ["h1", "h2", "h3"],
      visual_styles: ["s1", "s2", "s3"],
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.data.error).toMatch(/27/);
    const max = await call(sim, "creative-matrix", {
      account_id: accountId,
      angles: ["a", "b", "c"],
      hooks: ["h1", "h2", "h3"],
      visual_styles: ["s1", "s2", "s3"],
    });
    expect(max.status).toBe(200);
    expect(max.body.data.cells).toBe(27);
  });

  it("group E required fields and enums are checked", async () => {
    expect(
      (await call(sim, "generate-from-brief", { version_id: "v", media: "gif", idempotency_key: "k" }))
        .status,
    ).toBe(400);
    expect((await call(sim, "find-novelty-candidates", { limit: 4 })).status).toBe(400);
    expect((await call(sim, "find-novelty-candidates", { limit: 0 })).status).toBe(400);
    expect((await call(sim, "integrations-intelligence-report", { connection_ids: [] })).status).toBe(400);
    const five = ["a", "b", "c", "d", "e"];
    expect((await call(sim, "integrations-intelligence-report", { connection_ids: five })).status).toBe(400);
  });
});

describe("soft failures: 200 with data.error (spec 7)", () => {
  const soft = async (tool: string, body: unknown) => {
    const a = await call(sim, tool, body);
    expect(a.status).toBe(200);
    expect(typeof a.body.data.error).toBe("string");
    return a.body.data.error as string;
  };

  it("benchmarks: an unknown niche lists the niches; no niche returns the full set", async () => {
    expect(await soft("benchmarks", { niche: "underwater-basket" })).toMatch(/ecommerce.*saas/);
    const all = await call(sim, "benchmarks", {});
    expect(all.body.data.niches).toContain("saas");
    const one = await call(sim, "benchmarks", { niche: "saas" });
    expect(one.body.data).toMatchObject({ niche: "saas", cpm: expect.any(Number) });
  });

  it("compare: missing niche, unknown niche, no metric", async () => {
    expect(await soft("compare", { your_cpm: 10 })).toMatch(/niche.*ecommerce/);
    expect(await soft("compare", { niche: "nope", your_cpm: 10 })).toMatch(/nope/);
    expect(await soft("compare", { niche: "saas" })).toMatch(/metric/);
    const ok = await call(sim, "compare", { niche: "saas", your_cpm: 10, your_ctr: 0.5 });
    expect(ok.body.data.metrics).toEqual([
      expect.objectContaining({ metric: "cpm", verdict: "ahead" }),
      expect.objectContaining({ metric: "ctr", verdict: "behind" }),
    ]);
  });

  it("fatigue: any validation failure", async () => {
    await soft("fatigue", { frequency: 2, ctr_trend: [1], days_running: 3 });
    await soft("fatigue", { frequency: -1, ctr_trend: [1, 2], days_running: 3 });
    await soft("fatigue", {});
    const ok = await call(sim, "fatigue", { frequency: 4, ctr_trend: [2, 1.2], days_running: 20 });
    expect(ok.body.data.verdict).toBe("fatigued");
  });

  it("get-skill: missing or unknown slug lists the slugs; the slug is trimmed and lowercased", async () => {
    expect(await soft("get-skill", {})).toMatch(/creative-fatigue/);
    expect(await soft("get-skill", { slug: "nope" })).toMatch(/creative-fatigue/);
    const found = await call(sim, "get-skill", { slug: "  Creative-FATIGUE " });
    expect(found.body.data.slug).toBe("creative-fatigue");
    expect(found.body.data.content).toMatch(/Thresholds/);
  });

  it("unknown properties on the soft tools are still a 400", async () => {
    for (const tool of ["benchmarks", "compare", "fatigue", "get-skill"]) {
      expect((await call(sim, tool, { bogus: 1 })).status, tool).toBe(400);
    }
  });
});

describe("fatigue-alerts quick", () => {
  it("only the JSON boolean true selects the quick pass; the string true is a full pass", async () => {
    const quick = await call(sim, "fatigue-alerts", { quick: true });
    expect(quick.body.data).toMatchObject({ quick: true, depth: "shallow" });
    const full = await call(sim, "fatigue-alerts", {});
    expect(full.body.data).toMatchObject({ quick: false, depth: "full" });
    for (const value of ["true", 1, null]) {
      const other = await call(sim, "fatigue-alerts", { quick: value });
      expect(other.status, String(value)).toBe(200);
      expect(other.body.data).toMatchObject({ quick: false, depth: "full" });
    }
  });
});
