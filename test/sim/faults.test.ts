import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { call, firstAccount, pushBody } from "./helpers.js";

let sim: Simulator;
let accountId: string;
let adsetId: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: "faults", rateLimit: { limit: 10_000 } });
  ({ accountId, adsetId } = await firstAccount(sim));
});
beforeEach(() => sim.control.reset());
afterAll(() => sim.close());

describe("fault injection", () => {
  it("503: the next N answers are bare 503s, then service resumes", async () => {
    sim.control.fault({ kind: "503", count: 2 });
    for (let i = 0; i < 2; i++) {
      const a = await call(sim, "list-skills");
      expect(a.status).toBe(503);
      expect(Object.keys(a.body)).toEqual(["error"]);
    }
    expect((await call(sim, "list-skills")).status).toBe(200);
  });

  it("429: a bare 429 with the requested Retry-After", async () => {
    sim.control.fault({ kind: "429", retryAfterS: 7 });
    const a = await call(sim, "results");
    expect(a.status).toBe(429);
    expect(a.headers.get("retry-after")).toBe("7");
    expect(Object.keys(a.body)).toEqual(["error"]);
    expect(a.headers.get("x-ratelimit-limit")).toBe("10000");
  });

  it("faults can target one tool and leave the others alone", async () => {
    sim.control.fault({ kind: "503", tool: "health" });
    expect((await call(sim, "results")).status).toBe(200);
    expect((await call(sim, "health")).status).toBe(503);
    expect((await call(sim, "health")).status).toBe(200);
  });

  it("latency delays the answer", async () => {
    sim.control.fault({ kind: "latency", ms: 250 });
    const t0 = Date.now();
    const a = await call(sim, "list-skills");
    expect(a.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
  });

  it("latency delays error answers and write answers too", async () => {
    sim.control.fault({ kind: "latency", ms: 200, count: 2 });
    let t0 = Date.now();
    expect((await call(sim, "results", { level: "nope" })).status).toBe(400);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    t0 = Date.now();
    expect((await call(sim, "push-creative", pushBody(accountId, adsetId))).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
  });

  it("the latencyMs option delays every answer", async () => {
    const slow = await startSimulator({ latencyMs: 120 });
    try {
      const t0 = Date.now();
      await call(slow, "list-skills");
      expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
    } finally {
      await slow.close();
    }
  });

  it("drop closes the connection without an answer and applies nothing", async () => {
    sim.control.fault({ kind: "drop", tool: "push-creative" });
    await expect(call(sim, "push-creative", pushBody(accountId, adsetId))).rejects.toThrow();
    expect(sim.control.ads()).toEqual([]);
    const log = sim.control.requests().at(-1);
    expect(log).toMatchObject({ tool: "push-creative", status: null, fault: "drop" });
  });

  it("timeout-after-write applies the write, drops the answer, and a retry with the same request_id replays it", async () => {
    sim.control.fault({ kind: "timeout-after-write", tool: "push-creative", ms: 50 });
    await expect(
      call(sim, "push-creative", pushBody(accountId, adsetId, { request_id: "req-timeout-1" })),
    ).rejects.toThrow();
    expect(sim.control.ads()).toHaveLength(1);
    const retry = await call(
      sim,
      "push-creative",
      pushBody(accountId, adsetId, { request_id: "req-timeout-1" }),
    );
    expect(retry.status).toBe(200);
    expect(retry.headers.get("x-sim-replayed")).toBe("true");
    expect(retry.body.data.ad_id).toBe(sim.control.ads()[0]?.ad_id);
    expect(sim.control.ads()).toHaveLength(1);
    expect(
      sim.control
        .requests()
        .filter((r) => r.tool === "push-creative")
        .map((r) => r.appliedThenDropped ?? false),
    ).toEqual([true, false]);
  });

  it("timeout-after-write skips reads and refused writes, and waits for a write", async () => {
    sim.control.fault({ kind: "timeout-after-write" });
    expect((await call(sim, "results")).status).toBe(200);
    expect((await call(sim, "creative-dna", { account_id: accountId, brand_url: "bad url" })).status).toBe(
      400,
    );
    await expect(
      call(sim, "creative-dna", { account_id: accountId, brand_url: "b.example.com" }),
    ).rejects.toThrow();
    const retry = await call(sim, "creative-dna", { account_id: accountId, brand_url: "b.example.com" });
    expect(retry.headers.get("x-sim-replayed")).toBe("true");
    expect(sim.control.state().profiles).toHaveLength(1);
  });

  it("lists pending faults and clears them", () => {
    sim.control.fault({ kind: "503", count: 3, tool: "results" });
    expect(sim.control.pendingFaults()).toEqual([{ kind: "503", count: 3, tool: "results" }]);
    sim.control.clearFaults();
    expect(sim.control.pendingFaults()).toEqual([]);
    expect(() => sim.control.fault({ kind: "503", count: 0 })).toThrow();
  });

  it("faults hit authenticated tool calls only", async () => {
    sim.control.fault({ kind: "503" });
    expect((await call(sim, "list-skills", {}, { key: null })).status).toBe(401);
    expect((await fetch(`${sim.url}/api/openapi`)).status).toBe(200);
    expect((await call(sim, "list-skills")).status).toBe(503);
  });
});

describe("request log and reset", () => {
  it("records tool, status, key label and body, never the key", async () => {
    await call(sim, "results", { level: "ad" });
    await call(sim, "list-skills", {}, { key: sim.keys.free });
    await call(sim, "list-skills", {}, { key: null });
    const log = sim.control.requests();
    expect(log.map((r) => [r.tool, r.status, r.key])).toEqual([
      ["results", 200, "pro"],
      ["list-skills", 200, "free"],
      ["list-skills", 401, null],
    ]);
    expect(log[0]?.body).toEqual({ level: "ad" });
    const text = JSON.stringify(log);
    for (const key of Object.values(sim.keys)) expect(text).not.toContain(key);
    expect(text.toLowerCase()).not.toContain("authorization");
  });

  it("reset forgets ads, requests, state and counters", async () => {
    await call(sim, "push-creative", pushBody(accountId, adsetId));
    sim.control.fault({ kind: "503" });
    sim.control.reset();
    expect(sim.control.ads()).toEqual([]);
    expect(sim.control.requests()).toEqual([]);
    expect(sim.control.pendingFaults()).toEqual([]);
    expect(sim.control.writesUsed(accountId)).toBe(0);
    const again = await call(sim, "push-creative", pushBody(accountId, adsetId));
    expect(again.headers.get("x-sim-replayed")).toBeNull();
    expect(again.headers.get("x-ratelimit-remaining")).toBe("9999");
  });
});
