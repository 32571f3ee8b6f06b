import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { call, pushBody } from "./helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: "world", rateLimit: { limit: 10_000 } });
});
afterAll(() => sim.close());

describe("control.world()", () => {
  it("lists each key's accounts as list-accounts returns them", async () => {
    const world = sim.control.world();
    expect(world.seed).toBe("world");
    for (const label of ["free", "pro", "agency", "viewer", "unconnected"] as const) {
      const listed = await call(sim, "list-accounts", {}, { key: sim.keys[label] });
      expect(world.callers[label].accounts.map((a) => [a.id, a.name, a.currency])).toEqual(
        listed.body.data.accounts.map((a: any) => [a.id, a.name, a.currency]),
      );
    }
    expect(world.callers.pro).toMatchObject({ plan: "pro", role: "owner" });
    expect(world.callers.viewer).toMatchObject({ plan: "agency", role: "client_viewer" });
    expect(world.callers.revoked.accounts).toEqual(world.callers.pro.accounts);
    expect(world.callers.unconnected.accounts).toEqual([]);
  });

  it("gives the ad set and ad ids the tools use", async () => {
    const account = sim.control.world().callers.pro.accounts[1]!;
    expect(account.campaigns).toHaveLength(2);
    expect(account.adsets).toHaveLength(4);
    expect(account.ads).toHaveLength(8);
    const adsets = await call(sim, "results", { account_id: account.id, level: "adset" });
    expect(adsets.body.data.rows.map((r: any) => r.id).sort()).toEqual(
      account.adsets.map((a) => a.id).sort(),
    );
    const ads = await call(sim, "results", { account_id: account.id, level: "ad" });
    expect(ads.body.data.rows.map((r: any) => r.id).sort()).toEqual(account.ads.map((a) => a.id).sort());

    const pushed = await call(sim, "push-creative", pushBody(account.id, account.adsets[2]!.id));
    expect(pushed.status).toBe(200);
    expect(sim.control.ads()[0]).toMatchObject({
      adset_id: account.adsets[2]!.id,
      fb_page_id: account.page_id,
    });
    const analysed = await call(sim, "analyze-winning-ad", {
      account_id: account.id,
      ad_id: account.ads[5]!.id,
    });
    expect(analysed.status).toBe(200);
  });

  it("names every account, including those this key cannot reach", async () => {
    const world = sim.control.world();
    const pro = new Set(world.callers.pro.accounts.map((a) => a.id));
    const foreign = world.accounts.find((a) => !pro.has(a.id))!;
    expect(world.accounts.length).toBeGreaterThan(pro.size);
    const refused = await call(sim, "results", { account_id: foreign.id });
    expect(refused.status).toBe(403);
  });

  it("is a copy, and follows account overrides and the seed", async () => {
    const first = sim.control.world();
    first.callers.pro.accounts[0]!.adsets.length = 0;
    expect(sim.control.world().callers.pro.accounts[0]!.adsets).toHaveLength(4);

    const other = await startSimulator({
      seed: "world",
      accounts: { pro: [{ id: "act_77", name: "Solo", currency: "JPY", notes: "kept" }] },
    });
    try {
      const [solo] = other.control.world().callers.pro.accounts;
      expect(solo).toMatchObject({ id: "act_77", name: "Solo", currency: "JPY", notes: "kept" });
      expect(solo!.adsets).toHaveLength(4);
      expect(other.control.world().callers.agency).toEqual(first.callers.agency);
    } finally {
      await other.close();
    }
    const reseeded = await startSimulator({ seed: "world-2" });
    try {
      expect(reseeded.control.world().callers.pro.accounts[0]!.id).not.toBe(
        first.callers.pro.accounts[0]!.id,
      );
    } finally {
      await reseeded.close();
    }
  });

  it("carries no key", () => {
    const text = JSON.stringify(sim.control.world());
    for (const key of Object.values(sim.keys)) expect(text).not.toContain(key);
    expect(text).not.toMatch(/adk_/);
  });
});
