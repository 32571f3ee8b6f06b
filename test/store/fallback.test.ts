import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index.js";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import { startRedis, type TestRedis } from "../support/redis.js";

let sim: Simulator;
let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  [sim, redis] = await Promise.all([startSimulator(), startRedis()]);
});
afterAll(async () => {
  await Promise.all([sim?.close(), redis?.close()]);
});

describe("when the Redis store fails", () => {
  it('"local": reads go on with this process\'s limiter, writes are refused unsent; "fail-closed" refuses both', async () => {
    const local = redisStore({ url: redis.url, onStoreError: "local", commandTimeoutMs: 300 });
    const closed = redisStore({ url: redis.url, commandTimeoutMs: 300 });
    const options = { apiKey: sim.apiKey, baseUrl: sim.url };
    const onLocal = createClient({ ...options, store: local });
    const onClosed = createClient({ ...options, store: closed });
    expect((await onLocal.call("list-accounts", {})).kind).toBe("success");
    expect((await onClosed.call("list-accounts", {})).kind).toBe("success");
    await redis.stop();
    const sent = sim.control.requests().length;

    expect((await onLocal.call("list-accounts", {})).kind).toBe("success");
    expect(sim.control.requests().length).toBe(sent + 1);
    const write = await onLocal.call("creative-dna", { account_id: "act_1", brand_url: "example.com" });
    expect(write).toMatchObject({ kind: "network-error", cause: "store", status: null });
    const read = await onClosed.call("list-accounts", {});
    expect(read).toMatchObject({ kind: "network-error", cause: "store" });
    expect((read as { error: string }).error).toContain(`redis at 127.0.0.1:${redis.port}`);
    expect(sim.control.requests().length).toBe(sent + 1);

    await redis.start();
    await Promise.all([local.close(), closed.close()]);
  });

  it("the toolkit tells the model nothing was sent and names the store, never the key", async () => {
    const store = redisStore({ url: "redis://127.0.0.1:1", connectTimeoutMs: 200 });
    const kit = createAdTools({ apiKey: sim.apiKey, baseUrl: sim.url, store });
    const result = await kit.call("list-accounts", {});
    expect(result).toMatchObject({ ok: false, status: null, retryable: true });
    const text = JSON.stringify(result);
    expect(text).toContain("redis at 127.0.0.1:1");
    expect(text).toMatch(/Nothing was sent/);
    expect(text).not.toContain(sim.apiKey);
    await store.close();
  });
});
