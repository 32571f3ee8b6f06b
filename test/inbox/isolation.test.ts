// A malformed, a foreign and an oversized item in Redis, and a 200 KB plan: the page keeps working
// for everyone, every answer of its API stays under 400 KB, the sweeper and the notifications go
// on, and the bad items are shown as unreadable. Real redis-server, real HTTP, real chromium.
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { planPayload } from "../../src/guards/approval/request.js";
import { payloadFingerprint } from "../../src/guards/approval/verify.js";
import { createInboxHandler } from "../../src/inbox/handler.js";
import { createInbox } from "../../src/inbox/inbox.js";
import { MAX_ANSWER } from "../../src/inbox/items-api.js";
import { redisInbox } from "../../src/inbox/redis-queue.js";
import type { InboxItem } from "../../src/inbox/types.js";
import type { PlanRequest } from "../../src/plan-types.js";
import { startRedis } from "../support/redis.js";
import { launchBrowser, listen, seeText, signIn, TOKEN, until } from "./helpers.js";
import { addMany, waitingItem } from "./scale-helpers.js";

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

/** A plan of 60 payloads of about 3.3 KB each: about 200 KB stored. */
function bigPlan(at: number): InboxItem {
  const requests = Array.from({ length: 60 }, (_, i) => ({
    ...waitingItem(1000 + i, { headline: `Payload ${i + 1} ${'&"<'.repeat(1100)}` }, at).request,
    callId: `plan_big/${i + 1}`,
  }));
  const request: PlanRequest = {
    ...waitingItem(999, {}, at).request,
    id: "apr_plan",
    tool: "push-creative",
    // Over every payload, as askMany makes a plan: the page signs what it shows.
    fingerprint: payloadFingerprint("push-creative", planPayload(requests)),
    payload: planPayload(requests),
    message: "Approving runs these 60 calls.",
    plan: { id: "plan_big", requests },
  };
  return { ...waitingItem(999, { agent: "planner" }, at), id: "item-plan", request };
}

describe("isolation and bounded answers", { timeout: 240_000 }, () => {
  it("poisoned items and a 200 KB plan leave the page, the sweeper and the notifications working", async () => {
    const redis = await startRedis();
    closers.push(() => redis.close());
    const watched: string[] = [];
    const inbox = createInbox({
      ...redisInbox({ url: redis.url, commandTimeoutMs: 5000 }),
      watch: (items) => {
        for (const item of items) watched.push(item.id);
      },
    });
    closers.push(() => inbox.close());
    const t = Date.now() - 100_000;
    await addMany(inbox.queue, 40, (i) => waitingItem(i, { pid: i }, t + i));
    const plan = bigPlan(t - 10);
    expect(JSON.stringify(plan).length).toBeGreaterThan(200_000);
    await inbox.queue.add(plan, 3600_000);

    const raw = createClient({ url: redis.url });
    await raw.connect();
    closers.push(() => raw.close());
    await raw.set("adrails:inbox:item:item-5", "{not json");
    await raw.set("adrails:inbox:item:item-6", JSON.stringify({ hello: "world" }));
    await raw.set(
      "adrails:inbox:item:item-7",
      JSON.stringify({ ...waitingItem(7), pad: "x".repeat(9 * 1024 * 1024) }),
    );
    // One the inbox never wrote, under a listed id.
    await raw.zAdd("adrails:inbox:index", { score: Date.now(), value: "evil" });
    await raw.set("adrails:inbox:item:evil", JSON.stringify({ id: "other", state: "pending" }));

    // The sweeper and the notifications: a sweep reads every item, skips the bad ones.
    watched.length = 0;
    await expect(inbox.sweep()).resolves.toBe(0);
    expect(watched).toContain("item-0");
    expect(watched).not.toContain("item-5");
    expect(watched).not.toContain("evil");

    const server = await listen(createInboxHandler(inbox, { token: TOKEN, sweepMs: 100, refreshMs: 200 }));
    closers.push(server.close);
    const origin = server.url.slice(0, -1);
    const signin = await fetch(new URL("signin", server.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, accept: "application/json" },
      body: new URLSearchParams({ name: "Ann", token: TOKEN }),
    });
    const { key } = (await signin.json()) as { key: string };
    const headers = {
      cookie: signin.headers.get("set-cookie")!.split(";")[0]!,
      "x-adrails-inbox-key": key,
      accept: "application/json",
    };
    const sizes: Record<string, number> = {};
    const get = async (path: string) => {
      const answer = await fetch(new URL(path, server.url), { headers });
      const body = await answer.text();
      sizes[path] = Buffer.byteLength(body);
      expect(answer.status, path).toBe(200);
      expect(Buffer.byteLength(body), path).toBeLessThan(MAX_ANSWER);
      return { body, answer };
    };
    // The sweep took them out of every list already: the page names them as unreadable.
    const first = JSON.parse((await get("items.json?pending=1&history=1")).body);
    expect(first.unreadable.total).toBe(4);
    expect(first.unreadable.items.map((u: { id: string }) => u.id).sort()).toEqual([
      "evil",
      "item-5",
      "item-6",
      "item-7",
    ]);
    expect(first.unreadable.items[0].html).toContain("cannot be read");
    const again = JSON.parse((await get("items.json?pending=1&history=1")).body);
    expect(again.pending.total).toBe(38);
    expect(again.pending.items).toHaveLength(25);
    const shownPlan = again.pending.items.find((i: { id: string }) => i.id === "item-plan");
    expect(shownPlan.html).toContain("Show the payloads (60)");
    // A poll that names what it has gets those items without their HTML.
    const have = again.pending.items.map((i: { version: string }) => i.version).join(",");
    const delta = JSON.parse((await get(`items.json?pending=1&history=1&have=${have}`)).body);
    expect(delta.pending.items.every((i: { html?: string }) => i.html === undefined)).toBe(true);
    // The plan's payloads, a few at a time, each answer bounded.
    let from: number | null = 1;
    let payloads = 0;
    while (from !== null) {
      const part = JSON.parse((await get(`payloads?id=item-plan&from=${from}`)).body);
      payloads += (part.html.match(/class="plan-payload/g) ?? []).length;
      from = part.next;
    }
    expect(payloads).toBe(60);
    await get("item?id=item-plan");
    // A huge field comes in parts.
    const field = await get("field?id=item-plan&name=p1.headline");
    expect(field.body).toContain("Payload 1");
    // Deciding an unreadable item is a clear refusal, not a failure.
    const decide = await fetch(new URL("decide", server.url), {
      method: "POST",
      headers: { ...headers, origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "item-5", action: "decline", reason: "no", fingerprint: "x" }),
    });
    expect(decide.status).toBe(404);
    // The sweeper kept running with the bad items in the store.
    watched.length = 0;
    await until(() => watched.includes("item-0"));

    // The person's page: the unreadable items named, the plan summarized, its payloads on demand.
    const browser = await launchBrowser();
    closers.push(() => browser.close());
    const tab = await browser.newPage();
    const answers: number[] = [];
    tab.on("response", async (r) => {
      if (r.url().startsWith(server.url)) answers.push((await r.body().catch(() => Buffer.alloc(0))).length);
    });
    await signIn(tab, server.url);
    await seeText(tab.locator("#unreadable-section h2"), "(4)");
    const card = tab.locator("#item-item-plan");
    await card.getByRole("button", { name: "Show the payloads (60)" }).click();
    await seeText(card.locator(".plan-payloads"), "Payload 8 of 60");
    await card.getByLabel(/Type a sentence/).fill("Yes, run all sixty of them now.");
    await card.getByRole("button", { name: "Approve all 60 and launch" }).click();
    await until(async () => (await inbox.queue.get("item-plan"))?.state === "approved");
    expect(Math.max(...answers)).toBeLessThan(MAX_ANSWER);
  });
});
