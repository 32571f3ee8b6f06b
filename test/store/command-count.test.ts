import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { REUSE_MS } from "../../src/store/clock.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolkit } from "../../src/types.js";
import { countingClient, startRedis, type TestRedis } from "../support/redis.js";

// The Redis commands one guarded write costs, counted, never timed: the round trips the store's
// client sends (a counting wrapper around node-redis' sendCommand) and every command Redis runs,
// those inside scripts included (MONITOR). docs/performance.md states these numbers.

const PAUSED = { roundTrips: 2, commands: 43 };
const ACTIVE_WITH_RULES = { roundTrips: 9, commands: 131 };
// The same after the store's clock offset went stale: one TIME more, inside the first batch.
const ACTIVE_WITH_RULES_STALE_CLOCK = { roundTrips: 9, commands: 132 };

let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
const client = () => createClient({ url: redis.url });
let counted: ReturnType<typeof client>;
let monitor: ReturnType<typeof client>;
const sent: string[] = [];
let seen: string[] = [];

beforeAll(async () => {
  [sim, redis] = await Promise.all([startSimulator(), startRedis()]);
  counted = client();
  monitor = client();
  await Promise.all([counted.connect(), monitor.connect()]);
  await monitor.monitor((line) => seen.push(line));
});
afterAll(async () => {
  await counted.close();
  await monitor.close().catch(() => monitor.destroy());
  await Promise.all([sim.close(), redis.close()]);
});

/** A node-redis client that notes the first word of every command it sends. */
const counting = () => countingClient(counted, sent);

const quiet = () => new Promise((resolve) => setTimeout(resolve, 150));

/** The commands of one call: sent by the client, and run by Redis (MONITOR lines arrive late). */
async function commandsOf(run: () => Promise<unknown>) {
  await quiet();
  sent.length = 0;
  seen = [];
  await run();
  await quiet();
  return { roundTrips: sent.length, commands: seen.length, sent: [...sent] };
}

async function kit(extra: Partial<Parameters<typeof createAdTools>[0]> = {}): Promise<{
  toolkit: AdToolkit;
  push: (i: number, status?: "ACTIVE") => Record<string, unknown>;
}> {
  const toolkit = createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    sessionId: "count",
    store: redisStore({ client: counting() as never }),
    ...extra,
  });
  const accounts = (await toolkit.call("list-accounts", {})) as { data: { accounts: { id: string }[] } };
  const account = accounts.data.accounts[0]!.id;
  const rows = (await toolkit.call("results", { account_id: account, level: "adset" })) as {
    data: { rows: { id: string }[] };
  };
  const push = (i: number, status?: "ACTIVE") => ({
    account_id: account,
    adset_id: rows.data.rows[0]!.id,
    image_url: "https://cdn.example.com/count.png",
    website_url: "https://shop.example.com/",
    headline: `Count ${status ?? "PAUSED"} ${i}`,
    ...(status ? { status } : {}),
  });
  return { toolkit, push };
}

describe("Redis commands per guarded write", () => {
  it(`a PAUSED push: ${PAUSED.roundTrips} round trips and ${PAUSED.commands} commands`, async () => {
    const { toolkit, push } = await kit();
    await toolkit.call("push-creative", push(0));
    for (let i = 1; i <= 3; i++) {
      const count = await commandsOf(async () => {
        expect(await toolkit.call("push-creative", push(i))).toMatchObject({ ok: true });
      });
      expect({ roundTrips: count.roundTrips, commands: count.commands }).toEqual(PAUSED);
      // Scripts go by SHA1 once Redis knows them.
      expect(count.sent.filter((c) => c === "EVAL")).toEqual([]);
    }
  });

  it(`an ACTIVE launch under money rules: ${ACTIVE_WITH_RULES.roundTrips} round trips and ${ACTIVE_WITH_RULES.commands} commands`, async () => {
    const { toolkit, push } = await kit({
      sessionId: "count-active",
      rules: { launches: { perDay: 1000 }, writesPerConversation: 1000, bannedPhrases: ["guaranteed"] },
      confirm: async () => ({ approved: true, text: "Yes, launch it" }),
    });
    await toolkit.call("push-creative", push(0, "ACTIVE"));
    for (let i = 1; i <= 2; i++) {
      // The second launch comes after the store's clock offset went stale (REUSE_MS): its TIME
      // goes with the call's first reads, so it costs no round trip of its own either.
      if (i === 2) await new Promise((resolve) => setTimeout(resolve, REUSE_MS + 100));
      const count = await commandsOf(async () => {
        expect(await toolkit.call("push-creative", push(i, "ACTIVE"))).toMatchObject({ ok: true });
      });
      expect({ roundTrips: count.roundTrips, commands: count.commands }).toEqual(
        i === 2 ? ACTIVE_WITH_RULES_STALE_CLOCK : ACTIVE_WITH_RULES,
      );
    }
  });

  it("a Redis that forgot the scripts (SCRIPT FLUSH) is sent their text again, and the write goes through", async () => {
    const { toolkit, push } = await kit({ sessionId: "count-flush" });
    await toolkit.call("push-creative", push(100));
    await counted.sendCommand(["SCRIPT", "FLUSH"]);
    const count = await commandsOf(async () => {
      expect(await toolkit.call("push-creative", push(101))).toMatchObject({ ok: true });
    });
    expect(count.sent.filter((c) => c === "EVAL").length).toBeGreaterThan(0);
    const again = await commandsOf(async () => {
      expect(await toolkit.call("push-creative", push(102))).toMatchObject({ ok: true });
    });
    expect(again.sent.filter((c) => c === "EVAL")).toEqual([]);
  });
});
