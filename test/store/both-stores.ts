import { afterAll, beforeAll } from "vitest";
import { type AdStore, memoryStore, type RateRule } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { startRedis, type TestRedis } from "../support/redis.js";

/**
 * The memory store and a Redis store on a real redis-server, for suites that hold for both: the
 * server starts before the file's tests, and every store kept here closes after them.
 */
export function bothStores() {
  let redis: (TestRedis & { close(): Promise<void> }) | undefined;
  const opened: AdStore[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const store of opened) await store.close();
    await redis?.close();
  });
  let counter = 0;
  /** A key of its own for each test, so tests on one server never share state. */
  const fresh = (name: string) => `${name}-${++counter}-${Math.random()}`;
  const redisUrl = () => redis!.url;
  /** Closes `store` with the others after the file's tests. */
  const keep = <T extends AdStore>(store: T): T => {
    opened.push(store);
    return store;
  };
  const kinds: [string, () => AdStore][] = [
    ["memory", () => memoryStore()],
    ["redis", () => keep(redisStore({ url: redisUrl() }))],
  ];
  return { kinds, fresh, redisUrl, keep };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Milliseconds since now, one more for the clocks' rounding. A wait the store reports shrinks as time passes, so its lower bounds
 * subtract the time that really passed since the state they count from: on a loaded machine the
 * bound drops with it and the assertion still holds (no assertion rests on the machine's speed).
 */
export const stopwatch = () => {
  const started = Date.now();
  return () => Date.now() - started + 1;
};
export const rule = (limit: number, windowMs: number, holdMs = 5000): RateRule => ({
  limit,
  windowMs,
  marginMs: 20,
  probeMs: 2000,
  holdMs,
});
