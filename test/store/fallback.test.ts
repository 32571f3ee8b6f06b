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

  it('writes that need the ledgers fail closed in the guards, even with "local"; reads go on', async () => {
    const store = redisStore({ url: redis.url, onStoreError: "local", commandTimeoutMs: 300 });
    const kit = createAdTools({ apiKey: sim.apiKey, baseUrl: sim.url, store, sessionId: "outage" });
    const account = sim.control.world().callers.pro.accounts[0]!;
    const input = {
      account_id: account.id,
      adset_id: account.adsets[0]!.id,
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://example.com",
      status: "ACTIVE",
    };
    const fingerprint = kit.get("push-creative")!.confirmationRequest(input)!.fingerprint;
    const approval = { fingerprint, via: "host", id: "a-1", approvedAt: Date.now(), text: "Yes" };
    expect((await kit.call("list-accounts", {})).ok).toBe(true);
    await redis.stop();
    const sent = sim.control.requests().length;

    for (const call of [
      kit.call("push-creative", input, { approval }),
      kit.call("push-creative", { ...input, status: "PAUSED" }),
      kit.call("creative-dna", { account_id: account.id, brand_url: "example.com" }),
    ]) {
      const result = await call;
      expect(result).toMatchObject({ ok: false, status: null, blocked: "store" });
      expect((result as { hint: string }).hint).toContain(`redis at 127.0.0.1:${redis.port}`);
      expect((result as { hint: string }).hint).toMatch(/^Nothing was sent/);
    }
    expect((await kit.call("list-accounts", {})).ok).toBe(true);
    expect(sim.control.requests().length).toBe(sent + 1);

    await redis.start();
    await store.close();
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
