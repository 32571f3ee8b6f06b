import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit, AdToolsOptions } from "../../src/types.js";
import { buildOnce } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// Shared fixtures of the issue-29 attack files: the simulator as a real HTTP server (limits out of
// the way), a real redis-server where asked, and the ids a push needs.

export interface World {
  sim: Simulator;
  redis: TestRedis & { close(): Promise<void> };
  account: string;
  adset: string;
  /** An ACTIVE push-creative input the simulator accepts; `headline` tells tests apart. */
  push(headline: string, extra?: Record<string, unknown>): Record<string, unknown>;
  /** ACTIVE ads at the service with this headline. */
  live(headline: string): number;
  /** Ads at the service with this headline, whatever their status. */
  ads(headline: string): number;
  /** push-creative bodies the service received with this headline. */
  sent(headline: string): Record<string, unknown>[];
  /** Pushes with this headline the service applied and then dropped the answer of. */
  lost(headline: string): number;
  /** The environment a CLI child needs to reach the simulator. */
  cliEnv(extra?: Record<string, string>): Record<string, string>;
}

/** Starts the simulator (and redis-server, and the CLI build when `cli`) for one test file. */
export function useWorld(options: { redis?: boolean; cli?: boolean } = {}): World {
  const w = {} as World;
  // The CLI's home (its files, whatever it keeps between runs): one per test file.
  let home = "";
  beforeAll(async () => {
    const [sim, redis] = await Promise.all([
      startSimulator({ rateLimit: { limit: 100_000 }, writeBudget: { limit: 100_000 } }),
      options.redis ? startRedis() : Promise.resolve(undefined),
      options.cli ? buildOnce() : Promise.resolve(),
    ]);
    home = mkdtempSync(join(tmpdir(), "adrails-records-"));
    const pro = sim.control.world().callers.pro.accounts[0]!;
    Object.assign(w, {
      sim,
      redis,
      account: pro.id,
      adset: pro.adsets[0]!.id,
      push: (headline: string, extra: Record<string, unknown> = {}) => ({
        account_id: pro.id,
        adset_id: pro.adsets[0]!.id,
        image_url: "https://cdn.example.com/records.png",
        website_url: "https://shop.example.com/records",
        headline,
        status: "ACTIVE",
        ...extra,
      }),
      live: (headline: string) =>
        sim.control.ads().filter((ad) => ad.headline === headline && ad.status === "ACTIVE").length,
      ads: (headline: string) => sim.control.ads().filter((ad) => ad.headline === headline).length,
      sent: (headline: string) =>
        sim.control
          .requests()
          .filter(
            (r) => r.tool === "push-creative" && (r.body as { headline?: string })?.headline === headline,
          )
          .map((r) => r.body as Record<string, unknown>),
      lost: (headline: string) =>
        sim.control
          .requests()
          .filter(
            (r) =>
              r.tool === "push-creative" &&
              r.appliedThenDropped &&
              (r.body as { headline?: string })?.headline === headline,
          ).length,
      cliEnv: (extra: Record<string, string> = {}) => ({
        ADRAILS_HOME: home,
        ADRAILS_API_KEY: sim.apiKey,
        ADRAILS_BASE_URL: sim.url,
        ...extra,
      }),
    });
  }, 150_000);
  afterAll(async () => {
    await Promise.all([w.sim?.close(), w.redis?.close()]);
    if (home) rmSync(home, { recursive: true, force: true });
  });
  return w;
}

/** A headline no other test of the run uses. */
let n = 0;
export const unique = (what: string) => `${what} #${process.pid}-${n++}`;

/**
 * What a form says when it tells the person an identical ad is live, or may be (a send whose
 * outcome is unknown): the wording is a29's, so any of these counts.
 */
export const TOLD =
  /may already be live|may (already )?have gone live|already went live|identical (ACTIVE )?ad/i;

/**
 * Instances of the app on the fleet's Redis: each call makes a toolkit with a store of its own on
 * `w.redis` (a tool set per request or per serverless instance), closed after the file.
 */
export function fleetInstances(w: World, options: Partial<AdToolsOptions> = {}): () => AdToolkit {
  const stores: ReturnType<typeof redisStore>[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });
  return () => {
    const store = redisStore({ url: w.redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
    stores.push(store);
    return createAdTools({
      apiKey: w.sim.apiKey,
      baseUrl: w.sim.url,
      rateLimit: false,
      retry: { maxRetries: 0 },
      ...options,
      store,
    });
  };
}
