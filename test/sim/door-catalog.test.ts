import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { ScriptedOAuth, sdkConnect } from "./door-helpers.js";
import { firstAccount, call as restCall } from "./helpers.js";

let sim: Simulator;
let client: Client;
let accountId: string;
let adsetId: string;
beforeAll(async () => {
  sim = await startSimulator({ door: { autoConsent: "pro" } });
  ({ client } = await sdkConnect(sim));
  ({ accountId, adsetId } = await firstAccount(sim));
});
afterAll(async () => {
  await client?.close();
  await sim.close();
});

const data = (result: any) => result.structuredContent.data;

describe("the MCP door's catalog differs from REST and reaches the same world", () => {
  it("get_results is REST results renamed; compare_benchmarks nests the metrics", async () => {
    const viaDoor = await client.callTool({ name: "get_results", arguments: { account_id: accountId } });
    const viaRest = await restCall(sim, "results", { account_id: accountId });
    expect(data(viaDoor)).toEqual(viaRest.body.data);
    const compared = await client.callTool({
      name: "compare_benchmarks",
      arguments: { niche: "ecommerce", metrics: { cpm: 9, ctr: 1.2 } },
    });
    const rest = await restCall(sim, "compare", { niche: "ecommerce", your_cpm: 9, your_ctr: 1.2 });
    expect(data(compared)).toEqual(rest.body.data);
    const flat = await client.callTool({
      name: "compare_benchmarks",
      arguments: { niche: "ecommerce", your_cpm: 9 },
    });
    expect(flat.isError).toBe(true);
    const unknown = await client.callTool({ name: "results", arguments: {} }).catch((e: Error) => e);
    expect(String(unknown)).toMatch(/Unknown tool: results/);
  });

  it("launch_ad (MCP only) creates a live ad in the simulator's records, once per request_id", async () => {
    const args = {
      account_id: accountId,
      adset_id: adsetId,
      creative: { image_url: "https://cdn.example.com/launch.png", headline: "Go" },
      destination: { website_url: "https://shop.example.com/" },
      request_id: "launch-0001",
    };
    const launched = await client.callTool({ name: "launch_ad", arguments: args });
    expect(launched.isError).toBe(false);
    expect(data(launched).status).toBe("ACTIVE");
    const again = await client.callTool({ name: "launch_ad", arguments: args });
    expect(data(again).ad_id).toBe(data(launched).ad_id);
    const ads = sim.control.ads().filter((a) => a.request_id === "launch-0001");
    expect(ads).toHaveLength(1);
    expect(ads[0]).toMatchObject({ status: "ACTIVE", created_by: "launch_ad", account_id: accountId });
    const listed = await client.callTool({ name: "list_ads", arguments: { account_id: accountId } });
    expect(data(listed).ads).toContainEqual(
      expect.objectContaining({ ad_id: data(launched).ad_id, status: "ACTIVE", origin: "launch_ad" }),
    );
  });

  it("set_ad_status (MCP only) puts a PAUSED ad live; the REST door is unchanged", async () => {
    const pushed = await client.callTool({
      name: "push-creative",
      arguments: {
        account_id: accountId,
        adset_id: adsetId,
        request_id: "paused-0001",
        image_url: "https://cdn.example.com/p.png",
        website_url: "https://shop.example.com/",
      },
    });
    expect(data(pushed).status).toBe("PAUSED");
    // push-creative keeps the REST rule on the MCP door: ACTIVE without a confirmation is a 409.
    const refused = await client.callTool({
      name: "push-creative",
      arguments: {
        account_id: accountId,
        adset_id: adsetId,
        request_id: "active-0001",
        image_url: "https://cdn.example.com/p.png",
        website_url: "https://shop.example.com/",
        status: "ACTIVE",
      },
    });
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as any).status).toBe(409);
    const live = await client.callTool({
      name: "set_ad_status",
      arguments: { ad_id: data(pushed).ad_id, status: "ACTIVE" },
    });
    expect(data(live)).toEqual({ ad_id: data(pushed).ad_id, status: "ACTIVE", previous_status: "PAUSED" });
    expect(sim.control.ads().find((a) => a.ad_id === data(pushed).ad_id)).toMatchObject({
      status: "ACTIVE",
      status_changed_by: "set_ad_status",
    });
    expect(sim.control.writesUsed(accountId)).toBeGreaterThanOrEqual(3);
    const noted = sim.door!.calls().filter((c) => c.tool === "set_ad_status");
    expect(noted).toEqual([
      expect.objectContaining({
        userId: "pro",
        status: 200,
        arguments: { ad_id: data(pushed).ad_id, status: "ACTIVE" },
      }),
    ]);
  });

  it("keeps plan and role rules: a Free-plan person cannot launch", async () => {
    sim.door!.setAutoConsent("free");
    const free = await sdkConnect(sim, new ScriptedOAuth());
    try {
      const freeAccount = sim.control.world().callers.free.accounts[0]!;
      const adset = freeAccount.adsets[0]!.id;
      const result = await free.client.callTool({
        name: "launch_ad",
        arguments: {
          account_id: freeAccount.id,
          adset_id: adset,
          creative: { image_url: "https://cdn.example.com/x.png" },
          destination: { website_url: "https://shop.example.com/" },
        },
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ status: 403, upgrade_url: expect.any(String) });
      expect(sim.control.ads().filter((a) => a.account_id === freeAccount.id)).toEqual([]);
    } finally {
      await free.client.close();
      sim.door!.setAutoConsent("pro");
    }
  });
});

describe("notifications/tools/list_changed", () => {
  for (const mode of ["legacy", "modern"] as const) {
    it(`tells a ${mode === "legacy" ? "2025-11-25" : "2026-07-28"} client when a tool appears and goes`, async () => {
      const changes: string[][] = [];
      const { client: watcher } = await sdkConnect(sim, new ScriptedOAuth(), {
        ...(mode === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
        listChanged: {
          tools: {
            debounceMs: 0,
            onChanged: (_error, tools) => {
              changes.push((tools ?? []).map((t) => t.name));
            },
          },
        },
      });
      try {
        expect(watcher.getNegotiatedProtocolVersion()).toBe(mode === "modern" ? "2026-07-28" : "2025-11-25");
        await watcher.listTools();
        const name = `flash_sale_${mode}`;
        sim.door!.addTool({ name, description: "Start a flash sale.", run: (args) => ({ started: args }) });
        await expect.poll(() => changes.at(-1)?.includes(name), { timeout: 5000 }).toBe(true);
        const ran = await watcher.callTool({ name, arguments: { pct: 10 } });
        expect(data(ran)).toEqual({ started: { pct: 10 } });
        expect(sim.door!.removeTool(name)).toBe(true);
        await expect.poll(() => changes.at(-1)?.includes(name), { timeout: 5000 }).toBe(false);
        const gone = await watcher.callTool({ name, arguments: {} }).catch((e: Error) => e);
        expect(String(gone)).toMatch(/Unknown tool/);
      } finally {
        await watcher.close();
      }
    });
  }
});
