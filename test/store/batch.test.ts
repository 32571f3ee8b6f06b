import { createHash } from "node:crypto";
import { createClient } from "redis";
import { describe, expect, it } from "vitest";
import { StoreError } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { countingClient } from "../support/redis.js";
import { bothStores } from "./both-stores.js";

// Steps asked for in one turn of the event loop: Redis gets them as one script (one round trip,
// in the order asked); the memory store runs them as asked. Both answer the same.

const { kinds, fresh, redisUrl, keep } = bothStores();

describe.each(kinds)("%s store: steps asked for together", (_kind, make) => {
  it("run in the order asked: a pin, its unpin and the next pin; two claims on one key", async () => {
    const store = make();
    const slot = fresh("pin");
    const key = fresh("claim");
    const [, , , first, second] = await Promise.all([
      store.pin(slot, "adr_a", 60_000),
      store.unpin(slot, "adr_a"),
      store.pin(slot, "adr_b", 60_000),
      store.claim(key, 60_000),
      store.claim(key, 60_000),
    ]);
    expect(await store.pinned(slot)).toBe("adr_b");
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
  });

  it("a generation read with its bump sees the slot before it moved on", async () => {
    const store = make();
    const slot = fresh("slot");
    const [before, moved, after] = await Promise.all([
      store.generation(slot),
      store.bumpGeneration(slot, 0, 60_000),
      store.generation(slot),
    ]);
    expect([before, moved, after]).toEqual([0, true, 1]);
  });

  it("notes a live ad once, on the store's clock: a replay of the same ad keeps the first time", async () => {
    const store = make();
    const key = fresh("live");
    const before = await store.clock();
    await store.noteLiveOnce!(key, "ad_1", 60_000);
    const first = JSON.parse((await store.lastLive!(key))!) as { adId: string; at: number };
    expect(first.adId).toBe("ad_1");
    expect(first.at).toBeGreaterThanOrEqual(before);
    expect(first.at).toBeLessThanOrEqual(await store.clock());
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.noteLiveOnce!(key, "ad_1", 60_000);
    expect(JSON.parse((await store.lastLive!(key))!)).toEqual(first);
    await store.noteLiveOnce!(key, 'ad_"2"/x', 60_000);
    expect(JSON.parse((await store.lastLive!(key))!)).toMatchObject({ adId: 'ad_"2"/x' });
  });
});

describe("redis store: a batch", () => {
  /** A store on a client that notes every command it sends. */
  const counted = async () => {
    const client = createClient({ url: redisUrl() });
    await client.connect();
    const sent: string[] = [];
    const counting = countingClient(client, sent);
    const store = keep(redisStore({ client: counting as never }));
    await store.generation(fresh("warm"));
    sent.length = 0;
    return { store, sent, client };
  };

  it("is one round trip for the steps asked for in one turn, and one per turn after", async () => {
    const { store, sent, client } = await counted();
    await Promise.all([
      store.generation(fresh("slot")),
      store.pinned(fresh("slot")),
      store.claim(fresh("c"), 1000),
    ]);
    expect(sent).toHaveLength(1);
    await store.pin(fresh("slot"), "adr_x", 1000);
    await store.pin(fresh("slot"), "adr_y", 1000);
    expect(sent).toHaveLength(3);
    await client.close();
  });

  it("a step that fails fails alone: the others of its batch answer", async () => {
    const { store, client } = await counted();
    const bucket = fresh("rate");
    // The bucket's meta key holding a string: the rate's script fails with WRONGTYPE.
    const meta = `adrails:rate:{${createHash("sha256").update(bucket).digest("hex").slice(0, 40)}}:m`;
    await client.set(meta, "not a hash");
    const slot = fresh("slot");
    const [view, pinned, generation] = await Promise.allSettled([
      store.viewRate(bucket, { limit: 1, windowMs: 1000, marginMs: 10, holdMs: 1000, probeMs: 100 }),
      store.pin(slot, "adr_kept", 60_000),
      store.generation(slot),
    ]);
    expect(view.status).toBe("rejected");
    expect((view as PromiseRejectedResult).reason).toBeInstanceOf(StoreError);
    expect((view as PromiseRejectedResult).reason.message).toMatch(/WRONGTYPE/);
    expect(pinned.status).toBe("fulfilled");
    expect(generation).toEqual({ status: "fulfilled", value: 0 });
    expect(await store.pinned(slot)).toBe("adr_kept");
    await client.close();
  });

  it("a Redis that forgot the batch's script is sent its text again", async () => {
    const { store, sent, client } = await counted();
    const slot = fresh("slot");
    await Promise.all([store.pin(fresh("slot"), "adr_w", 60_000), store.generation(slot)]);
    await client.sendCommand(["SCRIPT", "FLUSH"]);
    sent.length = 0;
    await Promise.all([store.pin(slot, "adr_z", 60_000), store.generation(slot)]);
    expect(sent).toEqual(["EVALSHA", "EVAL"]);
    expect(await store.pinned(slot)).toBe("adr_z");
    await client.close();
  });
});
