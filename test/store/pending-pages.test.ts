import { createClient } from "redis";
import { describe, expect, it } from "vitest";
import type { AdStore, ApprovalRecordInput } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { bothStores } from "./both-stores.js";

const { kinds, fresh, redisUrl, keep } = bothStores();

async function input(store: AdStore, over: Partial<ApprovalRecordInput> = {}): Promise<ApprovalRecordInput> {
  const now = await store.clock();
  return {
    id: fresh("apr"),
    tool: "push-creative",
    payload: '{"account_id":"act_1"}',
    fingerprint: "fp",
    scope: "thread-a",
    channel: "confirm",
    askedAt: now,
    expiresAt: now + 60_000,
    summary: { account_id: "act_1" },
    message: "Create an ad",
    ...over,
  };
}

const yes = (at: number) => ({ approved: true, text: "Yes", channel: "cli", at });
const no = (at: number) => ({ approved: false, reason: "no", channel: "cli", at });

/** Every page of a listing, read through `after`. */
async function allPages(store: AdStore, space: string, scope: string | undefined, limit: number) {
  const pages: string[][] = [];
  let after: string | undefined;
  for (;;) {
    const page = await store.pendingApprovals(space, {
      limit,
      ...(scope === undefined ? {} : { scope }),
      ...(after === undefined ? {} : { after }),
    });
    if (page.length === 0) return pages;
    pages.push(page.map((r) => r.id));
    after = page.at(-1)!.id;
  }
}

describe.each(kinds)("%s store: pending requests in pages", (_kind, make) => {
  it("pages through the key's and one scope's requests, oldest first, each once", async () => {
    const store = make();
    const space = fresh("space");
    const now = await store.clock();
    const made: ApprovalRecordInput[] = [];
    // Asked out of order, two per millisecond, in two scopes.
    for (let i = 0; i < 25; i++) {
      const r = await input(store, { askedAt: now - 1000 + ((i * 7) % 25) * 1, scope: i % 3 ? "a" : "b" });
      made.push(r);
      await store.createApproval(space, r);
    }
    const order = [...made].sort((x, y) => x.askedAt - y.askedAt || (x.id < y.id ? -1 : 1)).map((r) => r.id);
    const pages = await allPages(store, space, undefined, 10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat().sort()).toEqual([...order].sort());
    const asked = pages.flat().map((id) => made.find((r) => r.id === id)!.askedAt);
    expect(asked).toEqual([...asked].sort((x, y) => x - y));
    const inB = (await allPages(store, space, "b", 3)).flat();
    expect(inB).toEqual(pages.flat().filter((id) => made.find((r) => r.id === id)!.scope === "b"));
    expect(inB.length).toBe(9);
    expect(await store.pendingApprovals(space, { scope: "nobody" })).toEqual([]);
    // A page of one scope may start after a request of another: by ask time and id.
    const firstOfA = pages.flat().find((id) => made.find((r) => r.id === id)!.scope === "a")!;
    expect((await store.pendingApprovals(space, { scope: "b", after: firstOfA })).map((r) => r.id)).toEqual(
      inB.filter((id) => pages.flat().indexOf(id) > pages.flat().indexOf(firstOfA)),
    );
    expect((await store.pendingApprovals(space)).length).toBe(25);
    expect((await store.pendingApprovals(space, { limit: 0 })).length).toBe(1);
  });

  it("an answered, a plan's and an expired request leave both listings; a renewed one moves to its new ask time", async () => {
    const store = make();
    const space = fresh("space");
    const now = await store.clock();
    const a = await input(store, { askedAt: now - 30 });
    const b = await input(store, { askedAt: now - 20, scope: "thread-b" });
    const c = await input(store, { askedAt: now - 10 });
    const d = await input(store, { askedAt: now - 5 });
    const short = await input(store, { askedAt: now - 40, expiresAt: now + 1500 });
    for (const r of [a, b, c, d, short]) await store.createApproval(space, r);
    expect((await store.pendingApprovals(space)).map((r) => r.id)).toEqual([
      short.id,
      a.id,
      b.id,
      c.id,
      d.id,
    ]);
    await store.answerApproval(space, a.id, no(now));
    await store.answerApprovals(space, [{ id: c.id, answer: yes(now) }]);
    while ((await store.clock()) <= now + 1500) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await store.pendingApprovals(space)).map((r) => r.id)).toEqual([b.id, d.id]);
    expect((await store.pendingApprovals(space, { scope: "thread-a" })).map((r) => r.id)).toEqual([d.id]);
    const later = await store.clock();
    await store.createApproval(space, { ...short, askedAt: later, expiresAt: later + 60_000 });
    expect((await store.pendingApprovals(space)).map((r) => r.id)).toEqual([b.id, d.id, short.id]);
    // The answered ones still redeem and read as before.
    expect(await store.redeemApproval(space, c.id, c.payload)).toMatchObject({ ok: true });
    expect((await store.getApproval(space, a.id))?.answer?.approved).toBe(false);
  });

  it("a page after a request nobody recorded says so", async () => {
    const store = make();
    const space = fresh("space");
    await store.createApproval(space, await input(store));
    await expect(store.pendingApprovals(space, { after: "apr_never" })).rejects.toThrow(
      /No approval request "apr_never" is recorded.*List from the start/,
    );
  });
});

describe("redis store: the pending index", () => {
  it("finds the live requests behind thousands whose records are gone, over more than one script", async () => {
    const prefix = fresh("p");
    const store = keep(redisStore({ url: redisUrl(), prefix, commandTimeoutMs: 10_000 }));
    const raw = createClient({ url: redisUrl() });
    await raw.connect();
    try {
      const space = fresh("space");
      const now = await store.clock();
      const gone = await Promise.all(
        Array.from({ length: 2100 }, (_, i) => input(store, { askedAt: now - 5000 + i })),
      );
      for (let i = 0; i < gone.length; i += 200) {
        await Promise.all(gone.slice(i, i + 200).map((r) => store.createApproval(space, r)));
      }
      // Their records vanish (expired past their keep), their queue members stay behind.
      await raw.eval(`for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end return 1`, {
        arguments: [`${prefix}:apr:*`],
      });
      const live = [0, 1, 2].map((i) => ({ ...gone[i]!, id: fresh("live"), askedAt: now + i }));
      for (const r of live) await store.createApproval(space, r);
      expect((await store.pendingApprovals(space, { limit: 2 })).map((r) => r.id)).toEqual([
        live[0]!.id,
        live[1]!.id,
      ]);
      expect((await store.pendingApprovals(space, { scope: "thread-a" })).map((r) => r.id)).toEqual(
        live.map((r) => r.id),
      );
      const [queue] = await raw.keys(`${prefix}:aprq:*`);
      expect(await raw.zCard(queue!)).toBe(6);
    } finally {
      await raw.close();
    }
  }, 90_000);

  it("holds two members per pending request in one key, and none once they are answered", async () => {
    const prefix = fresh("p");
    const store = keep(redisStore({ url: redisUrl(), prefix }));
    const raw = createClient({ url: redisUrl() });
    await raw.connect();
    try {
      const space = fresh("space");
      const rs = [await input(store), await input(store, { scope: "other" }), await input(store)];
      for (const r of rs) await store.createApproval(space, r);
      const queues = await raw.keys(`${prefix}:aprq:*`);
      expect(queues.length).toBe(1);
      expect(await raw.zCard(queues[0]!)).toBe(6);
      expect(await raw.pTTL(queues[0]!)).toBeGreaterThan(60_000);
      await store.answerApproval(space, rs[0]!.id, yes(await store.clock()));
      await store.answerApprovals(space, [
        { id: rs[1]!.id, answer: no(await store.clock()) },
        { id: rs[2]!.id, answer: no(await store.clock()) },
      ]);
      expect(await raw.zCard(queues[0]!)).toBe(0);
    } finally {
      await raw.close();
    }
  });
});
