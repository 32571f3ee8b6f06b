import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisStore } from "../../src/store/redis.js";
import { startRedis, type TestRedis } from "../support/redis.js";

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.close());

async function policy(maxmemory: string, name: string) {
  const admin = createClient({ url: redis.url });
  await admin.connect();
  await admin.configSet({ maxmemory, "maxmemory-policy": name });
  await admin.close();
}

describe("a Redis whose eviction policy can drop adrails' keys", () => {
  it("is refused, naming the policy, unless the caller opts in; noeviction and no maxmemory are used", async () => {
    for (const name of ["volatile-ttl", "allkeys-lru", "volatile-lru"]) {
      await policy("256mb", name);
      const store = redisStore({ url: redis.url });
      await expect(store.clock()).rejects.toThrow(new RegExp(`maxmemory-policy is ${name}`));
      await expect(store.generation("slot")).rejects.toThrow(/Nothing was sent/);
      await store.close();
      const accepted = redisStore({ url: redis.url, allowEviction: true });
      expect(await accepted.clock()).toBeGreaterThan(0);
      await accepted.close();
    }
    for (const [max, name] of [
      ["256mb", "noeviction"],
      ["0", "volatile-ttl"],
    ] as const) {
      await policy(max, name);
      const store = redisStore({ url: redis.url });
      expect(await store.clock()).toBeGreaterThan(0);
      await store.close();
    }
  });
});
