import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REUSE_MS } from "../../src/store/clock.js";
import { redisStore } from "../../src/store/redis.js";
import { countingClient, startRedis, type TestRedis } from "../support/redis.js";

// The Redis store's clock: a TIME reply, then its offset from this process's monotonic clock for
// REUSE_MS, so a launch's several reads of the clock do not each cost a round trip. Never ahead of
// Redis, and learned again over a new connection (a restarted or other server).

let redis: TestRedis & { close(): Promise<void> };
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.close());

/** A store on a node-redis client that counts the commands it sends. */
async function countingStore() {
  const client = createClient({ url: redis.url, socket: { reconnectStrategy: () => 20 } });
  client.on("error", () => {});
  await client.connect();
  const sent: string[] = [];
  const counting = countingClient(client, sent);
  const store = redisStore({ client: counting as never });
  return { store, sent, close: () => client.close().catch(() => client.destroy()) };
}

describe("the Redis store's clock", () => {
  it("one TIME read answers the clock for a moment without a round trip, never ahead of Redis", async () => {
    const { store, sent, close } = await countingStore();
    const direct = createClient({ url: redis.url });
    await direct.connect();
    const serverTime = async () => {
      const [s, us] = (await direct.sendCommand(["TIME"])) as [string, string];
      return Number(s) * 1000 + Math.floor(Number(us) / 1000);
    };
    try {
      const first = await store.clock();
      expect(sent.filter((c) => c === "EVAL" || c === "EVALSHA")).toHaveLength(1);
      sent.length = 0;
      for (let i = 0; i < 10; i++) {
        const before = await store.clock();
        await new Promise((resolve) => setTimeout(resolve, 5));
        const now = await store.clock();
        expect(now).toBeGreaterThanOrEqual(before);
        expect(now).toBeGreaterThanOrEqual(first);
        expect(now).toBeLessThanOrEqual(await serverTime());
      }
      expect(sent).toEqual([]);
      // Stale after REUSE_MS: TIME is read again.
      await new Promise((resolve) => setTimeout(resolve, REUSE_MS + 50));
      await store.clock();
      expect(sent).toHaveLength(1);
    } finally {
      await close();
      await direct.close();
    }
  });

  it("a wall clock that moved unlike the monotonic one (a machine that slept) makes it read TIME again", async () => {
    const { store, sent, close } = await countingStore();
    try {
      await store.clock();
      sent.length = 0;
      await store.clock();
      expect(sent).toEqual([]);
      // After a suspend, Date.now() has moved on and performance.now() has not.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_600_000 });
      await store.clock();
      expect(sent).toHaveLength(1);
    } finally {
      vi.useRealTimers();
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
