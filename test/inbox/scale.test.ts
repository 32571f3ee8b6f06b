// 100,000 waiting requests: none dropped, every one reachable (its approve_url opens it), the
// counts true, and the order fair (a flood from many processes does not push a real request off
// page one). Memory and a real redis-server; the approval itself in real chromium.
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { createInbox } from "../../src/inbox/inbox.js";
import { fairOrder } from "../../src/inbox/listing.js";
import { memoryQueue } from "../../src/inbox/memory-queue.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import { startRedis } from "../support/redis.js";
import { launchBrowser, serveInbox, signIn, until } from "./helpers.js";
import { addMany, waitingItem } from "./scale-helpers.js";

const N = 100_000;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

describe("fair order", () => {
  it("accounts take turns, then askers, each asker oldest first; process ids do not make askers", () => {
    const t = 1_000_000;
    const flood = Array.from({ length: 500 }, (_, i) => waitingItem(i, { pid: 10_000 + i }, t + i));
    const late = waitingItem(900, { agent: "nightly-job" }, t + 900);
    const other = waitingItem(901, { agent: "flood-job", account: "act_2" }, t + 901);
    const order = fairOrder([...flood, late, other]);
    expect(order).toHaveLength(502);
    // Round one: act_1's flood (oldest), act_2; round two: act_1's nightly-job, then the flood again.
    expect(order.slice(0, 4).map((i) => i.id)).toEqual(["item-0", "item-901", "item-900", "item-1"]);
    expect(order.slice(3).map((i) => i.id)).toEqual(flood.slice(1).map((i) => i.id));
  });
});

describe("memory queue at 100,000 waiting", { timeout: 120_000 }, () => {
  it("deletes none, counts them all, pages to the last, and reads any by id", async () => {
    const queue = memoryQueue();
    const t = Date.now() - N;
    await queue.add(waitingItem(-1, { agent: "nightly-job" }, t - 1), 3600_000);
    await addMany(queue, N, (i) => waitingItem(i, { pid: i }, t + i), 1000);
    const first = await queue.page!({ pending: 1, history: 1, size: 25 });
    expect(first.pending.total).toBe(N + 1);
    expect(first.pending.pages).toBe(Math.ceil((N + 1) / 25));
    expect(first.pending.items[0]!.id).toBe("item--1");
    const last = await queue.page!({ pending: first.pending.pages, history: 1, size: 25 });
    expect(last.pending.items.at(-1)!.id).toBe(`item-${N - 1}`);
    for (let i = 0; i < N; i += 997) expect((await queue.get(`item-${i}`))?.state).toBe("pending");
    expect(await queue.get("item--1")).not.toBeNull();
  });
});

describe("redis inbox at 100,000 waiting", { timeout: 600_000 }, () => {
  it("keeps every request, counts them, and the oldest is approved through its own approve_url", async () => {
    const redis = await startRedis();
    closers.push(() => redis.close());
    const inbox = createInbox({
      ...redisInbox({ url: redis.url, commandTimeoutMs: 10_000 }),
      heartbeatMs: 500,
      abandonAfterMs: 60_000,
      pollMs: 200,
    });
    closers.push(() => inbox.close());
    const stop = new AbortController();
    closers.push(async () => stop.abort());
    // The oldest request: an agent waiting for a person, before the flood.
    const asked = inbox.ask(
      { ...waitingItem(-1).request, id: "apr_oldest", expiresAt: Date.now() + 600_000 },
      { agent: "nightly-job" },
      stop.signal,
    );
    const oldest = (await until(async () => (await inbox.queue.list(1))[0]))!;
    const t = oldest.createdAt + 1;
    await addMany(inbox.queue, N, (i) => waitingItem(i, { pid: i }, t + i));

    const raw = createClient({ url: redis.url });
    await raw.connect();
    closers.push(() => raw.close());
    const stored = await raw.eval("return #redis.call('KEYS', 'adrails:inbox:item:*')");
    expect(stored).toBe(N + 1);
    const page = await inbox.queue.page!({ pending: 1, history: 1, size: 25 });
    expect(page.pending.total).toBe(N + 1);
    expect(page.pending.items[0]!.id).toBe(oldest.id);
    const last = await inbox.queue.page!({ pending: page.pending.pages, history: 1, size: 25 });
    expect(last.pending.items.at(-1)!.id).toBe(`item-${N - 1}`);

    const server = await serveInbox(inbox);
    closers.push(server.close);
    const browser = await launchBrowser();
    closers.push(() => browser.close());
    const tab = await browser.newPage();
    await signIn(tab, server.url);
    await tab.locator("#pending-count", { hasText: String(N + 1) }).waitFor();
    // A request deep in the list opens first through its own link.
    await tab.goto(`${server.url}?item=item-${N - 2}`);
    await until(
      async () => (await tab.locator("#pending article").first().getAttribute("id")) === `item-item-${N - 2}`,
    );
    await tab.goto(`${server.url}?item=${oldest.id}`);
    const card = tab.locator(`#item-${oldest.id}`);
    await card.waitFor();
    await card.getByLabel(/Type a sentence/).fill("Yes, launch the nightly ad now.");
    await card.getByRole("button", { name: "Approve and launch" }).click();
    const result = await asked;
    expect(result.decision).toMatchObject({ approved: true, text: "Yes, launch the nightly ad now." });
    const after = await inbox.queue.page!({ pending: 1, history: 1, size: 25 });
    expect(after.pending.total).toBe(N);
    expect(after.history.items[0]!.id).toBe(oldest.id);
  });
});
