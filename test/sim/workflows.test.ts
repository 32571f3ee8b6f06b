import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { call, firstAccount } from "./helpers.js";

let sim: Simulator;
let accountId: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: "workflows", rateLimit: { limit: 10_000 }, imageQuota: 200 });
  ({ accountId } = await firstAccount(sim));
});
beforeEach(() => sim.control.reset());
afterAll(() => sim.close());

describe("idempotency of workflow writes (spec 4, group C)", () => {
  it("an identical retry replays the first result without metering", async () => {
    const body = { account_id: accountId, url: "northwind.example.com", count: 3 };
    const first = await call(sim, "url-to-ads", body);
    expect(first.status).toBe(200);
    expect(first.body.data.request_id).toMatch(/^derived-/);
    const again = await call(sim, "url-to-ads", body);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-sim-replayed")).toBe("true");
    expect(sim.control.writesUsed(accountId)).toBe(1);
    expect(sim.control.state().imagesUsed[accountId]).toBe(3);
    expect(
      sim.control
        .requests()
        .filter((r) => r.tool === "url-to-ads")
        .map((r) => r.replayed ?? false),
    ).toEqual([false, true]);
  });

  it("a defaulted field and an explicit default are the same body", async () => {
    const a = await call(sim, "multiply-winner", {
      account_id: accountId,
      image_url: "https://cdn.example.com/w.png",
    });
    const b = await call(sim, "multiply-winner", {
      account_id: accountId,
      image_url: "https://cdn.example.com/w.png",
      count: 10,
    });
    expect(b.body).toEqual(a.body);
  });

  it("a different body is a new run; a fresh request_id forces a new run; a reused one replays", async () => {
    const base = { account_id: accountId, brand_url: "brand.example.com" };
    const a = await call(sim, "creative-dna", base);
    const b = await call(sim, "creative-dna", { ...base, brand_name: "Brand" });
    expect(b.body.data.request_id).not.toBe(a.body.data.request_id);
    const c1 = await call(sim, "creative-dna", { ...base, request_id: "dna-run-0001" });
    const c2 = await call(sim, "creative-dna", { ...base, request_id: "dna-run-0002" });
    expect(c1.body.data.request_id).toBe("dna-run-0001");
    expect(c2.body.data.profile.profile_id).not.toBe(c1.body.data.profile.profile_id);
    const c3 = await call(sim, "creative-dna", { ...base, request_id: "dna-run-0001" });
    expect(c3.body).toEqual(c1.body);
    expect(sim.control.state().profiles).toHaveLength(4);
    expect(sim.control.writesUsed(accountId)).toBe(4);
  });

  it("fills a missing scheme with https:// and stores the profile", async () => {
    const a = await call(sim, "creative-dna", {
      account_id: accountId,
      brand_url: "northwind-outdoor.example.com",
    });
    expect(a.body.data.profile).toMatchObject({
      brand_url: "https://northwind-outdoor.example.com",
      brand_name: "Northwind Outdoor",
    });
  });
});

describe("count clamping (spec 8)", () => {
  it("url-to-ads defaults to 27 and clamps to 50", async () => {
    const d = await call(sim, "url-to-ads", { account_id: accountId, url: "a.example.com" });
    expect(d.body.data).toMatchObject({ count: 27, clamped: false });
    expect(d.body.data.creatives).toHaveLength(27);
    const big = await call(sim, "url-to-ads", { account_id: accountId, url: "b.example.com", count: 80 });
    expect(big.body.data).toMatchObject({ count: 50, requested_count: 80, clamped: true });
    expect(big.body.data.creatives).toHaveLength(50);
  });

  it("multiply-winner defaults to 10 and clamps to 20", async () => {
    const ad = (await call(sim, "results", { account_id: accountId, level: "ad" })).body.data.rows[0].id;
    const d = await call(sim, "multiply-winner", { account_id: accountId, ad_id: ad });
    expect(d.body.data).toMatchObject({ count: 10, source: { ad_id: ad } });
    const big = await call(sim, "multiply-winner", { account_id: accountId, ad_id: ad, count: 21 });
    expect(big.body.data).toMatchObject({ count: 20, requested_count: 21, clamped: true });
  });

  it("a count below 1 is a 400; an unknown winner ad is a 404", async () => {
    expect(
      (await call(sim, "url-to-ads", { account_id: accountId, url: "a.example.com", count: 0 })).status,
    ).toBe(400);
    expect((await call(sim, "multiply-winner", { account_id: accountId, ad_id: "999" })).status).toBe(404);
    expect(sim.control.writesUsed(accountId)).toBe(0);
  });
});

describe("partial outcomes (207) and image quota", () => {
  it("a value containing sim:partial gives 207 with per-item outcomes", async () => {
    const a = await call(sim, "url-to-ads", {
      account_id: accountId,
      url: "a.example.com",
      count: 4,
      angles: ["sim:partial"],
    });
    expect(a.status).toBe(207);
    expect(a.body.data.partial.applied).toHaveLength(2);
    expect(a.body.data.partial.failed).toHaveLength(2);
    expect(a.body.data.partial.failed[0]).toMatchObject({ ok: false, error: expect.any(String) });
    expect(sim.control.state().imagesUsed[accountId]).toBe(2);
    expect(sim.control.writesUsed(accountId)).toBe(1);
  });

  it("an injected partial fault hits the next matching workflow only", async () => {
    sim.control.fault({ kind: "partial", tool: "creative-matrix" });
    expect(
      (await call(sim, "url-to-ads", { account_id: accountId, url: "a.example.com", count: 2 })).status,
    ).toBe(200);
    const m = await call(sim, "creative-matrix", { account_id: accountId, angles: ["pain", "gain"] });
    expect(m.status).toBe(207);
    expect(
      (await call(sim, "creative-matrix", { account_id: accountId, angles: ["pain", "gain", "urgency"] }))
        .status,
    ).toBe(200);
  });

  it("a short image quota applies what it covers (207); an empty one refuses with 400", async () => {
    sim.control.setImageQuota(accountId, 5);
    const short = await call(sim, "url-to-ads", { account_id: accountId, url: "a.example.com", count: 8 });
    expect(short.status).toBe(207);
    expect(short.body.data.partial.applied).toHaveLength(5);
    expect(short.body.data.partial.failed[0].error).toMatch(/quota/);
    expect(short.body.data.image_quota_remaining).toBe(0);
    const empty = await call(sim, "multiply-winner", {
      account_id: accountId,
      image_url: "https://cdn.example.com/w.png",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.data.error).toMatch(/image quota exhausted/i);
    expect(sim.control.writesUsed(accountId)).toBe(1);
    // creative-dna generates no image, so it still runs.
    expect(
      (await call(sim, "creative-dna", { account_id: accountId, brand_url: "x.example.com" })).status,
    ).toBe(200);
  });

  it("the imageQuota option sets every account's quota", async () => {
    const small = await startSimulator({ imageQuota: 2 });
    try {
      const acct = (await call(small, "list-accounts")).body.data.accounts[0].id;
      const a = await call(small, "creative-matrix", { account_id: acct, angles: ["a", "b", "c"] });
      expect(a.status).toBe(207);
      expect(a.body.data.partial.applied).toHaveLength(2);
    } finally {
      await small.close();
    }
  });
});

describe("creative-loop (spec 3.2)", () => {
  it.each([true, false])(
    "stages paused creatives and launches nothing (auto_launch %s)",
    async (autoLaunch) => {
      const a = await call(sim, "creative-loop", { account_id: accountId, auto_launch: autoLaunch });
      expect(a.status).toBe(200);
      expect(a.body.data).toMatchObject({ launched: 0, auto_launch_requested: autoLaunch });
      expect(a.body.data.staged.every((s: any) => s.status === "PAUSED")).toBe(true);
      expect(a.body.data.skipped_operations.map((o: any) => o.operation)).toEqual([
        "launch",
        "graduate",
        "kill",
      ]);
      const ads = sim.control.ads();
      expect(ads).toHaveLength(3);
      expect(ads.every((ad) => ad.status === "PAUSED" && ad.created_by === "creative-loop")).toBe(true);
    },
  );
});

describe("competitor-creatives and creative-matrix", () => {
  it("competitor-creatives reads live ads and generates creatives", async () => {
    const a = await call(sim, "competitor-creatives", {
      account_id: accountId,
      page_id: "12345",
      country: "gb",
    });
    expect(a.status).toBe(200);
    expect(a.body.data.competitor).toMatchObject({ page_id: "12345", country: "GB" });
    expect(a.body.data.creatives).toHaveLength(3);
    expect(a.body.data.live_ads_read.length).toBeGreaterThan(0);
  });

  it("creative-matrix makes one creative per cell with the default hook and style", async () => {
    const a = await call(sim, "creative-matrix", {
      account_id: accountId,
      angles: ["pain", "gain"],
      hooks: ["q", "n"],
    });
    expect(a.body.data.cells).toBe(4);
    expect(a.body.data.creatives.map((c: any) => `${c.angle}/${c.hook}/${c.style}`)).toEqual([
      "pain/q/headline",
      "pain/n/headline",
      "gain/q/headline",
      "gain/n/headline",
    ]);
  });
});

describe("ad-copy and hooks (spec 7: 422, 502)", () => {
  it("writes copy from a url (scheme optional) or a description", async () => {
    const a = await call(sim, "ad-copy", { url: "northwind.example.com", objective: "Leads" });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ objective: "Leads", tone: "Professional", subject: "Northwind" });
    expect(a.body.data.primary_texts.length).toBeGreaterThan(0);
    expect(a.body.data.headlines.length).toBeGreaterThan(0);
    expect(a.body.data.descriptions.length).toBeGreaterThan(0);
    const h = await call(sim, "hooks", { description: "Hand-thrown mugs" });
    expect(h.body.data.platform).toBe("both");
    expect(h.body.data.hooks.length).toBeGreaterThan(0);
  });

  it.each([
    ["ad-copy", { url: "https://unscrapable.example.com/p", objective: "Leads" }, 422],
    ["ad-copy", { url: "shop.upstream-fail.example.com", objective: "Sign Ups" }, 502],
    ["ad-copy", { description: "mugs sim:upstream-fail", objective: "Leads" }, 502],
    ["ad-copy", { url: "http://192.168.1.1/", objective: "Leads" }, 422],
    ["hooks", { url: "https://www.unscrapable.example.org/" }, 422],
    ["hooks", { url: "https://upstream-fail.example.org/" }, 502],
  ] as const)("%s %j -> %i", async (tool, body, status) => {
    const a = await call(sim, tool, body);
    expect(a.status).toBe(status);
    expect(a.body.data.error).toEqual(expect.any(String));
  });

  it("a description alone works where the page cannot be scraped", async () => {
    const a = await call(sim, "ad-copy", {
      description: "Hand-thrown mugs",
      objective: "Purchases",
      tone: "Bold",
    });
    expect(a.status).toBe(200);
  });
});

describe("analyze-winning-ad", () => {
  it("returns a brief for an ad of the account and 404 otherwise", async () => {
    const ad = (await call(sim, "results", { account_id: accountId, level: "ad" })).body.data.rows[0].id;
    const a = await call(sim, "analyze-winning-ad", { account_id: accountId, ad_id: ad });
    expect(a.status).toBe(200);
    expect(a.body.data.brief).toMatchObject({
      hook: expect.any(String),
      angle: expect.any(String),
      offer_framing: expect.any(String),
    });
    expect((await call(sim, "analyze-winning-ad", { account_id: accountId, ad_id: "1" })).status).toBe(404);
  });
});
