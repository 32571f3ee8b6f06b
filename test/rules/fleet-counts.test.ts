import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MoneyRules } from "../../src/guards/rules/schema.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { redisStore } from "../../src/store/redis.js";
import type { ToolResult } from "../../src/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import type { LaunchWorkerInit } from "./launch-worker.js";

// launches.perDay across processes on one real redis-server: a launch whose answer was lost counts
// (issue 43, 1), and the day is the store's, not each process's clock (issue 43, 4).

const WORKER = fileURLToPath(new URL("./launch-worker.ts", import.meta.url));
const SKEW = fileURLToPath(new URL("./skew-clock.mjs", import.meta.url));
let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
let accountId: string;
let adsetId: string;

beforeAll(async () => {
  [sim, redis] = await Promise.all([startSimulator({ rateLimit: { limit: 100_000 } }), startRedis()]);
  const caller = sim.control.world().callers.pro;
  accountId = caller.accounts[0]!.id;
  adsetId = caller.accounts[0]!.adsets[0]!.id;
}, 120_000);
afterAll(async () => {
  await Promise.all([sim?.close(), redis?.close()]);
});
beforeEach(async () => {
  sim.control.reset();
  await redis.flush();
});

const launch = (headline: string) => ({
  account_id: accountId,
  adset_id: adsetId,
  image_url: "https://cdn.example.com/creatives/spring.png",
  website_url: "https://shop.example.com/spring",
  headline,
  status: "ACTIVE",
});

/** One child process launching `inputs` at once, its clock `skewMs` ahead; its results. */
function processLaunches(
  rules: MoneyRules,
  inputs: Record<string, unknown>[],
  skewMs = 0,
): Promise<ToolResult[]> {
  const init: LaunchWorkerInit = { simUrl: sim.url, apiKey: sim.apiKey, redisUrl: redis.url, rules, inputs };
  const child: ChildProcess = fork(WORKER, [], {
    execArgv: ["--import", "tsx", "--import", SKEW],
    env: { ...process.env, LAUNCH_WORKER_INIT: JSON.stringify(init), ADRAILS_TEST_SKEW_MS: String(skewMs) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.on("message", (m: { type: string; results?: ToolResult[] }) => {
      if (m.type === "ready") child.send({ type: "go" });
      if (m.type === "done") resolve(m.results!);
    });
    child.once("exit", (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
  });
}

const live = () => sim.control.ads().filter((ad) => ad.status === "ACTIVE");

async function launchedToday(): Promise<number> {
  const store = redisStore({ url: redis.url });
  try {
    const groups = await store.viewCounts!(`launches\nUTC\n${new Date().toISOString().slice(0, 10)}`);
    return groups[accountId]?.done ?? 0;
  } finally {
    await store.close();
  }
}

describe("a launch whose answer is lost counts until its request id shows it was not applied", () => {
  it("perDay 1: the lost launch went live, so the next process's launch is refused naming the rule; its repeat replays", {
    timeout: 90_000,
  }, async () => {
    const rules: MoneyRules = { launches: { perDay: 1 } };
    // Applied at the service, then the connection drops: the caller never hears.
    sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const [lost] = await processLaunches(rules, [launch("first")]);
    expect(lost).toMatchObject({ ok: false, status: null });
    expect(live()).toHaveLength(1);

    const [second] = await processLaunches(rules, [launch("second")]);
    expect(second).toMatchObject({ ok: false, blocked: "rule", rule: "launches.perDay" });
    expect((second as { error: string }).error).toContain("launches.perDay");
    expect(live()).toHaveLength(1);

    // The same launch again, from another process: the pinned request id, which counted already.
    const [again] = await processLaunches(rules, [launch("first")]);
    expect(again?.ok, JSON.stringify(again)).toBe(true);
    expect(live()).toHaveLength(1);
    expect(await launchedToday()).toBe(1);
  });
});

describe("one clock: the day of launches.perDay is the store's", () => {
  it("a process whose clock is a day ahead counts into the same day as the others: one launch, the second refused", {
    timeout: 90_000,
  }, async () => {
    const rules: MoneyRules = { launches: { perDay: 1 } };
    const [ahead] = await processLaunches(rules, [launch("ahead")], 25 * 3_600_000);
    expect(ahead?.ok, JSON.stringify(ahead)).toBe(true);
    const [onTime] = await processLaunches(rules, [launch("on time")]);
    expect(onTime).toMatchObject({ ok: false, blocked: "rule", rule: "launches.perDay" });
    expect(live()).toHaveLength(1);
    expect(await launchedToday()).toBe(1);
  });

  it("the window is judged on the store's clock too: a process a day ahead may launch in today's window", {
    timeout: 60_000,
  }, async () => {
    const today = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][new Date().getUTCDay()] as "mon";
    const rules: MoneyRules = { window: { days: [today] } };
    const [ahead] = await processLaunches(rules, [launch("in window")], 25 * 3_600_000);
    expect(ahead?.ok, JSON.stringify(ahead)).toBe(true);
  });
});
