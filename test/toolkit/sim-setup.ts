import { type Simulator, type SimulatorOptions, startSimulator } from "../../src/sim/index.js";
import { memoryStore } from "../../src/store/index.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit, AdToolsOptions } from "../../src/types.js";

/** A simulator plus the ids a push needs: an account of the Pro key and one of its ad sets. */
export interface SimFixture {
  sim: Simulator;
  accountId: string;
  adsetId: string;
  /** A toolkit on the simulator's Pro key, without client-side limiting or retries unless overridden. */
  kit(options?: Partial<AdToolsOptions>): AdToolkit;
  /** A push-creative input that the simulator accepts. */
  push(extra?: Record<string, unknown>): Record<string, unknown>;
  /** Bodies the simulator received for a tool. */
  bodies(tool: string): any[];
}

export async function startSimFixture(options: SimulatorOptions = {}): Promise<SimFixture> {
  const sim = await startSimulator({ rateLimit: { limit: 1_000_000, windowMs: 60_000 }, ...options });
  // Toolkits of one process given no store share their records (and the day's launch counts) per
  // key and service; each test's toolkit keeps its own store here, as the tests repeat payloads.
  const kit = (extra: Partial<AdToolsOptions> = {}) =>
    createAdTools({
      apiKey: sim.apiKey,
      baseUrl: sim.url,
      rateLimit: false,
      retry: { maxRetries: 0 },
      store: memoryStore(),
      ...extra,
    });
  const probe = kit();
  const accounts = (await probe.call("list-accounts", {})) as any;
  const accountId: string = accounts.data.accounts[0].id;
  const adsets = (await probe.call("results", { account_id: accountId, level: "adset" })) as any;
  const adsetId: string = adsets.data.rows[0].id;
  sim.control.reset();
  return {
    sim,
    accountId,
    adsetId,
    kit,
    push: (extra = {}) => ({
      account_id: accountId,
      adset_id: adsetId,
      image_url: "https://cdn.example.com/creatives/spring.png",
      website_url: "https://shop.example.com/spring",
      headline: "Spring sale",
      primary_text: "Half price on tents this week",
      ...extra,
    }),
    bodies: (tool) =>
      sim.control
        .requests()
        .filter((r) => r.tool === tool)
        .map((r) => r.body),
  };
}
