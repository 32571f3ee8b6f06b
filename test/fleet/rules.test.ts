import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import type { ToolResult } from "../../src/types.js";
import { buildOnce, json, run } from "../cli/helpers.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import type { RulesWorkerInit } from "./rules-worker.js";

// launches.perDay counted fleet-wide: three processes on one real redis-server launch six ACTIVE
// ads at once under a cap of two; exactly two go live, the rule refuses the rest, and new
// processes (a restart) find the count where it was.

const WORKER = fileURLToPath(new URL("./rules-worker.ts", import.meta.url));
let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
let accountId: string;
let adsetId: string;

beforeAll(async () => {
  [sim, redis] = await Promise.all([
    startSimulator({ rateLimit: { limit: 100_000 } }),
    startRedis(),
    buildOnce(),
  ]);
  const caller = sim.control.world().callers.pro;
  accountId = caller.accounts[0]!.id;
  adsetId = caller.accounts[0]!.adsets[0]!.id;
}, 120_000);
afterAll(async () => {
  await Promise.all([sim?.close(), redis?.close()]);
});

const launch = (headline: string) => ({
  account_id: accountId,
  adset_id: adsetId,
  image_url: "https://cdn.example.com/creatives/spring.png",
  website_url: "https://shop.example.com/spring",
  headline,
  status: "ACTIVE",
});

/** Forks one worker per list of inputs, waits until all are ready, then starts them together. */
async function fleet(inputs: Record<string, unknown>[][]): Promise<ToolResult[]> {
  const children: ChildProcess[] = [];
  const ready: Promise<void>[] = [];
  const done: Promise<ToolResult[]>[] = [];
  for (const list of inputs) {
    const init: RulesWorkerInit = {
      simUrl: sim.url,
      apiKey: sim.apiKey,
      redisUrl: redis.url,
      rules: { launches: { perDay: 2, timeZone: "Europe/Berlin" } },
      inputs: list,
    };
    const child = fork(WORKER, [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, RULES_WORKER_INIT: JSON.stringify(init) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children.push(child);
    ready.push(
      new Promise((resolve) => child.on("message", (m: { type: string }) => m.type === "ready" && resolve())),
    );
    done.push(
      new Promise((resolve, reject) => {
        child.on(
          "message",
          (m: { type: string; results?: ToolResult[] }) => m.type === "done" && resolve(m.results!),
        );
        child.once("exit", (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
      }),
    );
  }
  await Promise.all(ready);
  for (const child of children) child.send({ type: "go" });
  const results = (await Promise.all(done)).flat();
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)),
  );
  return results;
}

describe("launches.perDay: 2 across three processes on one Redis", () => {
  it("six ACTIVE launches at once: exactly two go live, four are refused by the rule; a restart keeps the count", {
    timeout: 90_000,
  }, async () => {
    const results = await fleet([0, 1, 2].map((p) => [launch(`p${p} a`), launch(`p${p} b`)]));
    const live = results.filter((r) => r.ok === true);
    const refused = results.filter((r) => r.ok === false && "blocked" in r && r.blocked === "rule");
    expect(live).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r).toMatchObject({ rule: "launches.perDay", status: null });
    expect(sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toHaveLength(2);
    expect(sim.control.requests().filter((r) => r.tool === "push-creative")).toHaveLength(2);

    // New processes: the count is in Redis, not in the processes that made it.
    const again = await fleet([
      [launch("after restart 1")],
      [launch("after restart 2")],
      [launch("after restart 3")],
    ]);
    expect(again.every((r) => r.ok === false && "rule" in r && r.rule === "launches.perDay")).toBe(true);
    expect(sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toHaveLength(2);

    // `adrails rules status` reads the same count.
    const file = join(mkdtempSync(join(tmpdir(), "adrails-rules-")), "rules.json");
    writeFileSync(file, JSON.stringify({ launches: { perDay: 2, timeZone: "Europe/Berlin" } }));
    const status = await run(["rules", "status", "--json", "--rules", file, "--redis", redis.url]);
    expect(status.code).toBe(0);
    expect(json(status)).toMatchObject({
      timeZone: "Europe/Berlin",
      perDay: 2,
      accounts: { [accountId]: { launched: 2, inFlight: 0, left: 0 } },
    });
  });
});
