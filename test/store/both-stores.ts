import { afterAll, beforeAll } from "vitest";
import { type AdStore, memoryStore } from "../../src/store/index.js";
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
