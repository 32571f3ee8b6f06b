import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdTools } from "../../src/toolkit.js";
import type { AuditEvent, ToolResult } from "../../src/types.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

describe("results against the simulator", () => {
  it("a 207 push is partial, never a success, and says repeating would duplicate", async () => {
    const result = await f.kit().call("push-creative", f.push({ ad_name: "sim:partial" }));
    expect(result.ok).toBe("partial");
    if (result.ok !== "partial") return;
    expect(result.status).toBe(207);
    expect(result.applied.map((i: any) => i.step)).toEqual(["upload_media", "create_creative"]);
    expect(result.failed.map((i: any) => i.step)).toEqual(["create_ad"]);
    expect(result.note).toMatch(/only partly applied .* not a success/);
    expect(result.note).toMatch(/Repeating the whole call would duplicate the applied part/);
    expect(result.note).toMatch(/PAUSED/);
  });

  it("a 207 workflow is partial too", async () => {
    f.sim.control.fault({ kind: "partial", tool: "url-to-ads" });
    const result = await f
      .kit()
      .call("url-to-ads", { account_id: f.accountId, url: "shop.example.com", count: 4 });
    expect(result).toMatchObject({ ok: "partial", status: 207 });
    if (result.ok !== "partial") return;
    expect(result.applied).toHaveLength(2);
    expect(result.failed).toHaveLength(2);
  });

  it("a soft 200 is a failure the model can act on", async () => {
    const result = await f.kit().call("benchmarks", { niche: "underwater-basketry" });
    expect(result).toMatchObject({
      ok: false,
      status: 200,
      error: expect.stringContaining("Available niches"),
    });
  });

  it("plan, account, key, rate and upstream refusals carry their specific hints", async () => {
    const free = createAdTools({ apiKey: f.sim.keys.free, baseUrl: f.sim.url, rateLimit: false });
    const plan = (await free.call("ad-copy", { description: "Tents", objective: "Leads" })) as any;
    expect(plan).toMatchObject({ ok: false, status: 403, upgrade_url: expect.stringMatching(/^https?:/) });
    expect(plan.hint).toMatch(/person must upgrade/);

    const foreign = (await f.kit().call("health", { account_id: "act_1" })) as any;
    expect([403, 404]).toContain(foreign.status);
    expect(foreign.hint).toContain(f.accountId);
    expect(foreign.accounts.length).toBeGreaterThan(0);

    const revoked = createAdTools({ apiKey: f.sim.keys.revoked, baseUrl: f.sim.url, rateLimit: false });
    expect(await revoked.call("list-accounts", {})).toMatchObject({
      ok: false,
      status: 401,
      retryable: false,
      hint: expect.stringMatching(/replace the key/),
    });

    f.sim.control.fault({ kind: "429", retryAfterS: 2, tool: "health" });
    expect(await f.kit().call("health", { account_id: f.accountId })).toMatchObject({
      status: 429,
      retry_after_s: 2,
      retryable: true,
    });

    expect(
      await f.kit().call("ad-copy", { url: "https://unscrapable.example.com", objective: "Leads" }),
    ).toMatchObject({ status: 422, hint: expect.stringMatching(/description/) });
    expect(
      await f.kit().call("ad-copy", { description: "sim:upstream-fail", objective: "Leads" }),
    ).toMatchObject({ status: 502, retryable: true });
  });

  it("the simulator's keys never appear in results, model text or audit events", async () => {
    const events: AuditEvent[] = [];
    const results: ToolResult[] = [];
    for (const label of Object.keys(f.sim.keys) as (keyof typeof f.sim.keys)[]) {
      const kit = createAdTools({
        apiKey: f.sim.keys[label],
        baseUrl: f.sim.url,
        rateLimit: false,
        retry: { maxRetries: 0 },
        onEvent: (e) => events.push(e),
      });
      results.push(await kit.call("list-accounts", {}));
      results.push(await kit.call("push-creative", f.push({ headline: label })));
      results.push(await kit.call("push-creative", f.push({ status: "ACTIVE" })));
    }
    const text = JSON.stringify({ results, events, model: results.map((r) => f.kit().toModelText(r)) });
    for (const key of Object.values(f.sim.keys)) expect(text).not.toContain(key);
    expect(events).toHaveLength(results.length);
  });
});
