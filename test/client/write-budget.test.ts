import { describe, expect, it } from "vitest";
import { createWriteBudget } from "../../src/client/write-budget.js";
import { memoryStore } from "../../src/store/index.js";
import { wrapped } from "./fixture-server.js";
import { scanOutcomesForKeys, sleep, trackedClient, useFixture } from "./helpers.js";

const fixture = useFixture();
const push = (account: string, n: number) => ({
  account_id: account,
  request_id: `req-push-${n}-0000`,
  adset_id: "123",
  image_url: "https://x.test/a.png",
  website_url: "https://x.test",
});

describe("write budget", () => {
  it("counts accepted writes per account: push-creative and group C workflows, 200 and 207", async () => {
    const client = trackedClient(fixture.server, { writeBudget: { limit: 5, windowMs: 60_000 } });
    fixture.server.script(
      { json: wrapped({ ad_id: "1" }) },
      { status: 207, json: wrapped({ partial: { applied: [], failed: [] } }) },
      { json: wrapped({}) },
      { json: wrapped({}) },
      { json: wrapped({}) },
      { status: 400, json: wrapped({ error: "invalid" }) },
      { json: wrapped({}) },
    );
    const before = Date.now();
    await client.call("push-creative", push("act_1", 1));
    await client.call("creative-dna", { account_id: "act_1", brand_url: "x.test" });
    await client.call("results", { account_id: "act_1" });
    await client.call("save-creative", { image_url: "https://x.test/a.png" });
    await client.call("approve-creative-brief", { version_id: "v", account_id: "act_1" });
    await client.call("push-creative", push("act_1", 2));
    await client.call("url-to-ads", { account_id: "act_2", url: "x.test" });

    const first = await client.writeBudget("act_1");
    expect(first).toMatchObject({ limit: 5, used: 2, remaining: 3 });
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(await client.writeBudget("act_2")).toMatchObject({ used: 1, remaining: 4 });
    expect(await client.writeBudget("act_3")).toEqual({ limit: 5, used: 0, remaining: 5, resetAt: null });
  });

  it("forgets writes older than the window", async () => {
    const client = trackedClient(fixture.server, { writeBudget: { limit: 3, windowMs: 300 } });
    await client.call("push-creative", push("act_1", 3));
    expect((await client.writeBudget("act_1")).used).toBe(1);
    await sleep(350);
    expect(await client.writeBudget("act_1")).toMatchObject({ used: 0, remaining: 3, resetAt: null });
  });

  it("a 409 about the budget marks the account spent until the window ends", async () => {
    const client = trackedClient(fixture.server, { writeBudget: { limit: 200, windowMs: 3_600_000 } });
    fixture.server.script({
      status: 409,
      json: wrapped({ error: "Write budget exhausted for this ad account" }),
    });
    const outcome = await client.call("multiply-winner", { account_id: "act_7", ad_id: "1" });
    expect(outcome).toMatchObject({ kind: "http-error", status: 409 });
    const state = await client.writeBudget("act_7");
    expect(state).toMatchObject({ limit: 200, used: 200, remaining: 0 });
    expect(state.resetAt).toBeGreaterThan(Date.now() + 3_500_000);
    expect((await client.writeBudget("act_8")).remaining).toBe(200);
  });

  it("a 409 for another reason leaves the budget alone", async () => {
    const client = trackedClient(fixture.server);
    fixture.server.script({
      status: 409,
      json: wrapped({ error: "hard_confirm_text is required for ACTIVE" }),
    });
    await client.call("push-creative", push("act_1", 4));
    expect(await client.writeBudget("act_1")).toMatchObject({ limit: 200, used: 0, remaining: 200 });
  });

  it("past its limit, resetAt is when a slot really frees up, and old writes leave the window", async () => {
    const budget = createWriteBudget(memoryStore(), "http://x.test", 2, 300);
    await budget.record("act_1");
    await sleep(60);
    const second = Date.now();
    await budget.record("act_1");
    await sleep(60);
    await budget.record("act_1");
    const state = await budget.state("act_1");
    expect(state).toMatchObject({ limit: 2, used: 2, remaining: 0 });
    // The first write leaving the window frees nothing: two are still counted until the second leaves.
    expect(state.resetAt).toBeGreaterThanOrEqual(second + 300);
    await sleep(320);
    expect(await budget.state("act_1")).toEqual({ limit: 2, used: 0, remaining: 2, resetAt: null });
    for (let i = 0; i < 1000; i++) await budget.record("act_2");
    expect(await budget.state("act_2")).toMatchObject({ used: 2, remaining: 0 });
  });
});

scanOutcomesForKeys();
