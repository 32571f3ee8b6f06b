import { createClient } from "redis";
import { describe, expect, it } from "vitest";
import { StoreError } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { startRedis } from "../support/redis.js";
import { bothStores, rule, sleep, stopwatch } from "./both-stores.js";

const { kinds, fresh, redisUrl, keep } = bothStores();

describe.each(kinds)("%s store", (_kind, make) => {
  it("counts writes per account in a sliding window, and a spent budget until it lapses", async () => {
    const store = make();
    const account = fresh("act");
    const sinceFirst = stopwatch();
    await store.recordWrite(account, 2, 400);
    await store.recordWrite(account, 2, 400);
    await store.recordWrite(account, 2, 400);
    const full = await store.viewBudget(account, 2, 400);
    expect(full.used).toBe(2);
    expect(full.resetMs).toBeGreaterThanOrEqual(400 - sinceFirst());
    await sleep(450);
    expect(await store.viewBudget(account, 2, 400)).toEqual({ used: 0, resetMs: null });
    await store.markBudgetSpent(account, 300);
    expect((await store.viewBudget(account, 200, 3_600_000)).used).toBe(200);
  });

  it("uses an approval once, and never after its expiry", async () => {
    const store = make();
    const id = fresh("approval");
    expect(await store.consume(id, Date.now() + 5000)).toBe(true);
    expect(await store.consume(id, Date.now() + 5000)).toBe(false);
    // Past its expiry an approval is refused even when it was never used.
    expect(await store.consume(fresh("approval"), Date.now() - 1)).toBe(false);
  });

  it("the refusal ledger moves a slot on once per generation", async () => {
    const store = make();
    const slot = fresh("slot");
    expect(await store.generation(slot)).toBe(0);
    expect(await store.bumpGeneration(slot, 0, 60_000)).toBe(true);
    expect(await store.bumpGeneration(slot, 0, 60_000)).toBe(false);
    expect(await store.generation(slot)).toBe(1);
    const results = await Promise.all([1, 1, 1, 1].map((g) => store.bumpGeneration(slot, g, 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.generation(slot)).toBe(2);
  });

  it("pins an id to a slot once, until the same id is unpinned or the pin expires", async () => {
    const store = make();
    const slot = fresh("pin");
    expect(await store.pinned(slot)).toBeNull();
    await store.pin(slot, "adr_first", 60_000);
    await store.pin(slot, "adr_second", 60_000);
    expect(await store.pinned(slot)).toBe("adr_first");
    await store.unpin(slot, "adr_second");
    expect(await store.pinned(slot)).toBe("adr_first");
    await store.unpin(slot, "adr_first");
    expect(await store.pinned(slot)).toBeNull();
    await store.pin(slot, "adr_short", 100);
    expect(await store.pinned(slot)).toBe("adr_short");
    await sleep(150);
    expect(await store.pinned(slot)).toBeNull();
    await store.pin(slot, "adr_after", 60_000);
    expect(await store.pinned(slot)).toBe("adr_after");
  });

  it("claims an in-flight send for one holder until released or expired", async () => {
    const store = make();
    const key = fresh("send");
    const token = await store.claim(key, 200);
    expect(token).toEqual(expect.any(String));
    expect(await store.claim(key, 200)).toBeNull();
    await store.release(key, "not-the-token");
    expect(await store.claim(key, 200)).toBeNull();
    await store.release(key, token!);
    const again = await store.claim(key, 100);
    expect(again).toEqual(expect.any(String));
    await sleep(150);
    expect(await store.claim(key, 100)).toEqual(expect.any(String));
  });
});

describe("redis store across clients", () => {
  const two = () => {
    const a = redisStore({ url: redisUrl() });
    const b = redisStore({ url: redisUrl() });
    keep(a);
    keep(b);
    return [a, b] as const;
  };

  it("grants exactly the limit to many takes racing from separate connections", async () => {
    const [a, b] = two();
    const bucket = fresh("race");
    const probe = await a.takeRate(bucket, rule(10, 5000), 1);
    await a.heardRate(bucket, rule(10, 5000), { seq: 1, run: probe.run });
    const grants = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).takeRate(bucket, rule(10, 5000), 1)),
    );
    expect(grants.reduce((sum, g) => sum + g.granted, 0)).toBe(9);
    expect(new Set(grants.filter((g) => g.granted).map((g) => g.seq)).size).toBe(9);
  });

  it("works on a node-redis client passed in, connecting it if needed, and leaves it open on close", async () => {
    const client = createClient({ url: redisUrl() });
    const store = redisStore({ client });
    expect(await store.consume(fresh("own"), Date.now() + 1000)).toBe(true);
    await store.close();
    expect(client.isOpen).toBe(true);
    await client.close();
  });

  it("one approval, two connections at once: exactly one use", async () => {
    const [a, b] = two();
    const id = fresh("approval");
    const uses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume(id, Date.now() + 10_000)),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it("keys hold hashes, never the identifiers given, and every key but the epoch marker expires", async () => {
    const store = redisStore({ url: redisUrl(), prefix: "keyscan" });
    keep(store);
    const secret = "adk_live_S3cr3tKeyMaterial";
    // Lifetimes long enough to outlast the writes on a loaded machine (nine took 1.9 s in CI,
    // and keys that lived 1 s were gone before the scan).
    const LONG = 60_000;
    const probe = await store.takeRate(secret, rule(5, LONG), 1);
    await store.heardRate(secret, rule(5, LONG), {
      seq: 1,
      run: probe.run,
      limit: 5,
      remaining: 4,
      resetMs: LONG,
    });
    await store.pauseRate(secret, LONG);
    await store.recordWrite(secret, 5, LONG);
    await store.markBudgetSpent(secret, LONG);
    await store.consume(secret, Date.now() + LONG);
    await store.bumpGeneration(secret, 0, LONG);
    await store.claim(secret, LONG);
    await store.pin(secret, "adr_pinned", LONG);
    const raw = createClient({ url: redisUrl() });
    await raw.connect();
    try {
      const keys = await raw.keys("keyscan:*");
      expect(keys.length).toBeGreaterThanOrEqual(9);
      for (const key of keys) {
        expect(key).not.toContain("adk_");
        expect(key).not.toContain("S3cr3t");
        // The epoch marker must outlive everything it vouches for: it never expires.
        if (key === "keyscan:epoch") expect(await raw.pTTL(key)).toBe(-1);
        else expect(await raw.pTTL(key)).toBeGreaterThan(0);
      }
      expect(keys).toContain("keyscan:epoch");
    } finally {
      await raw.close();
    }
  });
});

describe("redis store when Redis fails", () => {
  it("fails within the connect timeout with an error naming the store, never its password", async () => {
    const store = redisStore({ url: "redis://:hunter2pass@127.0.0.1:1", connectTimeoutMs: 300 });
    keep(store);
    // Without the connect timeout the client would retry the closed port until the test's timeout.
    const error = await store.consume("x", Date.now() + 1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(String((error as Error).message)).toContain("redis at 127.0.0.1:1");
    expect(String((error as Error).message)).not.toContain("hunter2");
    expect(store.name).not.toContain("hunter2");
  });

  it("a Redis too slow to answer fails the operation after the command timeout, not later", async () => {
    const store = redisStore({ url: redisUrl(), commandTimeoutMs: 200 });
    keep(store);
    expect(await store.generation(fresh("slow"))).toBe(0);
    const raw = createClient({ url: redisUrl() });
    await raw.connect();
    // A script that keeps Redis busy for 1.5 s blocks every other client meanwhile.
    const busy = raw.eval(
      "local t = redis.call('TIME') local start = t[1] * 1000 + t[2] / 1000 " +
        "repeat t = redis.call('TIME') until t[1] * 1000 + t[2] / 1000 - start > 1500 return 1",
    );
    await sleep(50);
    // Rejected: without the command timeout it would succeed once the script is done.
    await expect(store.consume(fresh("slow"), Date.now() + 5000)).rejects.toBeInstanceOf(StoreError);
    await busy;
    await raw.close();
  });

  it("refuses at once while Redis is down, and works again when it is back, with no new store", async () => {
    const own = await startRedis();
    const store = redisStore({ url: own.url, commandTimeoutMs: 300, onStoreError: "local" });
    keep(store);
    expect(store.fallback?.name).toBe("memory");
    expect(await store.consume(fresh("a"), Date.now() + 5000)).toBe(true);
    await own.stop();
    await expect(store.consume(fresh("a"), Date.now() + 5000)).rejects.toBeInstanceOf(StoreError);
    await own.start();
    let back = false;
    for (let i = 0; i < 100 && !back; i++) {
      back = await store.consume(fresh("a"), Date.now() + 5000).catch(() => false);
      if (!back) await sleep(50);
    }
    expect(back).toBe(true);
    await store.close();
    await own.close();
  });
});
