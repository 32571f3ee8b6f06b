import { afterEach, describe, expect, it } from "vitest";
import { type Simulator, type SimulatorOptions, startSimulator } from "../../src/sim/index.js";
import { call, firstAccount, pushBody } from "./helpers.js";

let sim: Simulator | undefined;
const start = async (options: SimulatorOptions) => {
  sim = await startSimulator(options);
  return sim;
};
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("request rate (spec 7, 8)", () => {
  it("every answer carries the rate-limit headers, counting down", async () => {
    const s = await start({ rateLimit: { limit: 5, windowMs: 60_000 } });
    const first = await call(s, "list-accounts");
    expect(first.headers.get("x-ratelimit-limit")).toBe("5");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(Number(first.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
    expect(Number(first.headers.get("x-ratelimit-reset"))).toBeLessThanOrEqual(60);
    const error = await call(s, "results", { level: "bad" });
    expect(error.status).toBe(400);
    expect(error.headers.get("x-ratelimit-remaining")).toBe("3");
    const unauthenticated = await call(s, "list-accounts", {}, { key: null });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("x-ratelimit-limit")).toBe("5");
  });

  it("defaults to 60 requests per minute", async () => {
    const s = await start({});
    const a = await call(s, "list-skills");
    expect(a.headers.get("x-ratelimit-limit")).toBe("60");
    expect(a.headers.get("x-ratelimit-remaining")).toBe("59");
  });

  it("answers over the limit with a bare 429 and Retry-After, then recovers after the window", async () => {
    const s = await start({ rateLimit: { limit: 3, windowMs: 1500 } });
    for (let i = 0; i < 3; i++) expect((await call(s, "list-skills")).status).toBe(200);
    const limited = await call(s, "list-skills");
    expect(limited.status).toBe(429);
    expect(Object.keys(limited.body)).toEqual(["error"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    await sleep(1600);
    expect((await call(s, "list-skills")).status).toBe(200);
  });

  it("counts per key", async () => {
    const s = await start({ rateLimit: { limit: 2, windowMs: 60_000 } });
    await call(s, "list-skills");
    await call(s, "list-skills");
    expect((await call(s, "list-skills")).status).toBe(429);
    expect((await call(s, "list-skills", {}, { key: s.keys.agency })).status).toBe(200);
  });
});

describe("write budget (spec 8)", () => {
  it("push-creative and workflow writes share a per-account budget; spent is a 409", async () => {
    const s = await start({ rateLimit: { limit: 1000 }, writeBudget: { limit: 3, windowMs: 60_000 } });
    const { accountId, adsetId } = await firstAccount(s);
    expect(
      (await call(s, "push-creative", pushBody(accountId, adsetId, { request_id: "budget-0001" }))).status,
    ).toBe(200);
    expect(
      (await call(s, "creative-dna", { account_id: accountId, brand_url: "brand.example.com" })).status,
    ).toBe(200);
    expect((await call(s, "creative-loop", { account_id: accountId })).status).toBe(200);
    expect(s.control.writesUsed(accountId)).toBe(3);

    const spent = await call(s, "push-creative", pushBody(accountId, adsetId, { request_id: "budget-0002" }));
    expect(spent.status).toBe(409);
    expect(spent.body.data.error).toMatch(/write budget spent/i);
    const wf = await call(s, "url-to-ads", { account_id: accountId, url: "a.example.com", count: 2 });
    expect(wf.status).toBe(409);
    expect(s.control.ads().filter((a) => a.request_id === "budget-0002")).toEqual([]);
  });

  it("replays do not spend budget, reads do not count, and each account has its own budget", async () => {
    const s = await start({ rateLimit: { limit: 1000 }, writeBudget: { limit: 1, windowMs: 60_000 } });
    const { accountId, adsetId } = await firstAccount(s);
    const body = pushBody(accountId, adsetId, { request_id: "budget-replay" });
    expect((await call(s, "push-creative", body)).status).toBe(200);
    expect((await call(s, "push-creative", body)).status).toBe(200);
    expect((await call(s, "results", { account_id: accountId })).status).toBe(200);
    expect(s.control.writesUsed(accountId)).toBe(1);
    const accounts = (await call(s, "list-accounts")).body.data.accounts;
    const other = accounts[1].id;
    const otherAdset = (await call(s, "results", { account_id: other, level: "adset" })).body.data.rows[0].id;
    expect(
      (await call(s, "push-creative", pushBody(other, otherAdset, { request_id: "budget-other" }))).status,
    ).toBe(200);
  });

  it("a refused write spends nothing, and the budget frees up after its window", async () => {
    const s = await start({ rateLimit: { limit: 1000 }, writeBudget: { limit: 1, windowMs: 1500 } });
    const { accountId, adsetId } = await firstAccount(s);
    const refused = await call(
      s,
      "push-creative",
      pushBody(accountId, adsetId, { request_id: "budget-act1", status: "ACTIVE" }),
    );
    expect(refused.status).toBe(409);
    expect(s.control.writesUsed(accountId)).toBe(0);
    expect(
      (await call(s, "push-creative", pushBody(accountId, adsetId, { request_id: "budget-w1" }))).status,
    ).toBe(200);
    expect(
      (await call(s, "push-creative", pushBody(accountId, adsetId, { request_id: "budget-w2" }))).status,
    ).toBe(409);
    await sleep(1600);
    expect(
      (await call(s, "push-creative", pushBody(accountId, adsetId, { request_id: "budget-w2" }))).status,
    ).toBe(200);
  });
});
