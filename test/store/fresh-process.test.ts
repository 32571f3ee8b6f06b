import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { ToolResult } from "../../src/types.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import type { OneCall } from "./one-call.js";

// Issue 21, sequence 4 across processes: a push applied at the service, its answer lost; Redis
// restarts empty (no persistence); a process started after that gets the model's repeat, with a
// fresh request_id of the model's own. It cannot tell a lost store from a new one, so the id it
// sends must not depend on the store, nor on the model: it derives the first send's id again.

const ONE_CALL = fileURLToPath(new URL("./one-call.ts", import.meta.url));
const run = promisify(execFile);

let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
let account: { id: string; adset: string };

beforeAll(async () => {
  [sim, redis] = await Promise.all([startSimulator(), startRedis()]);
  const pro = sim.control.world().callers.pro.accounts[0]!;
  account = { id: pro.id, adset: pro.adsets[0]!.id };
});
afterAll(async () => {
  await Promise.all([sim?.close(), redis?.close()]);
});

const push = (name: string, requestId: string) => ({
  account_id: account.id,
  adset_id: account.adset,
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://example.com",
  ad_name: name,
  request_id: requestId,
});
const adsNamed = (name: string) => sim.control.state().ads.filter((ad) => ad.name === name);
const sentIds = (name: string) =>
  sim.control
    .requests()
    .filter((r) => r.tool === "push-creative" && (r.body as { ad_name?: string }).ad_name === name)
    .map((r) => (r.body as { request_id?: string }).request_id);

/** One call in a new Node process on the same Redis and session. */
async function inFreshProcess(spec: Omit<OneCall, "simUrl" | "apiKey" | "redisUrl">): Promise<ToolResult> {
  const full: OneCall = { simUrl: sim.url, apiKey: sim.keys.pro, redisUrl: redis.url, ...spec };
  const { stdout } = await run(process.execPath, ["--import", "tsx", ONE_CALL, JSON.stringify(full)], {
    timeout: 20_000,
  });
  return JSON.parse(stdout) as ToolResult;
}

describe("a process started after Redis restarted empty repeats a change whose outcome was lost", () => {
  // A child process through tsx starts in seconds, more on a loaded machine.
  it("the model's fresh request_id is not sent: the id is derived again and the service replays, one ad", {
    timeout: 60_000,
  }, async () => {
    const store = redisStore({ url: redis.url, connectTimeoutMs: 5000, commandTimeoutMs: 5000 });
    const first = createAdTools({
      apiKey: sim.keys.pro,
      baseUrl: sim.url,
      store,
      sessionId: "conversation-7",
      retry: { maxRetries: 0 },
    });
    // Applied at the service, the answer dropped: the outcome is unknown, its id pinned in Redis.
    sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const lost = await first.call("push-creative", push("fresh-process", "model-id-first-01"));
    expect(lost).toMatchObject({ ok: false, status: null });
    expect(adsNamed("fresh-process")).toHaveLength(1);
    await store.close();

    await redis.stop();
    await redis.start();

    const repeat = await inFreshProcess({
      sessionId: "conversation-7",
      tool: "push-creative",
      input: push("fresh-process", "model-id-second-2"),
    });
    expect(adsNamed("fresh-process")).toHaveLength(1);
    expect(repeat).toMatchObject({ ok: true, status: 200 });
    expect((repeat as { note?: string }).note).toMatch(/request_id you sent was not used/);
    const ids = sentIds("fresh-process");
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^adr_/);
  });
});
