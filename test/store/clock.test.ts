import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REUSE_MS } from "../../src/store/clock.js";
import { redisStore } from "../../src/store/redis.js";
import { startRedis, type TestRedis } from "../support/redis.js";

// The Redis store's clock: a TIME reply, then its offset from this process's monotonic clock for
// REUSE_MS, so a launch's several reads of the clock do not each cost a round trip. Never ahead of
// Redis, and learned again over a new connection (a restarted or other server).

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.close());

const serverTime = async (url: string) => {
  const client = createClient({ url });
  await client.connect();
  const [s, us] = (await client.sendCommand(["TIME"])) as [string, string];
  await client.close();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
};

/** A store on a node-redis client that counts the commands it sends. */
async function countingStore() {
  const client = createClient({ url: redis.url, socket: { reconnectStrategy: () => 20 } });
  client.on("error", () => {});
  await client.connect();
  const sent: string[] = [];
  const counting = new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "sendCommand")
        return (...args: Parameters<typeof client.sendCommand>) => {
          sent.push(String(args[0][0]));
          return target.sendCommand(...args);
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const store = redisStore({ client: counting as never });
  return { store, sent, close: () => client.close().catch(() => client.destroy()) };
}

describe("the Redis store's clock", () => {
  it("one TIME read answers the clock for a moment without a round trip, never ahead of Redis", async () => {
    const { store, sent, close } = await countingStore();
    try {
      const first = await store.clock();
      expect(sent.filter((c) => c === "EVAL" || c === "EVALSHA")).toHaveLength(1);
      sent.length = 0;
      for (let i = 0; i < 20; i++) {
        const before = await store.clock();
        await new Promise((resolve) => setTimeout(resolve, 5));
        const now = await store.clock();
        expect(now).toBeGreaterThanOrEqual(before);
        expect(now).toBeGreaterThanOrEqual(first);
        expect(now).toBeLessThanOrEqual(await serverTime(redis.url));
      }
      expect(sent).toEqual([]);
      // Stale after REUSE_MS: TIME is read again.
      await new Promise((resolve) => setTimeout(resolve, REUSE_MS + 50));
      await store.clock();
      expect(sent).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it("a dropped connection forgets the offset: after Redis restarts, TIME is read from the new server", async () => {
    const { store, sent, close } = await countingStore();
    try {
      await store.clock();
      await redis.stop();
      await redis.start();
      const deadline = Date.now() + 5000;
      let now: number | undefined;
      sent.length = 0;
      while (now === undefined && Date.now() < deadline) {
        now = await store.clock().catch(() => undefined);
        if (now === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(now).toBeGreaterThan(0);
      // Read from the server, not answered from the offset learned before the restart.
      expect(sent.filter((c) => c === "EVAL" || c === "EVALSHA").length).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
