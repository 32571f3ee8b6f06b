import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdToolkit, ToolResult } from "../../src/types.js";
import { type FaultProxy, startFaultProxy } from "./fault-proxy.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

// Sequence 3 of issue 12: a push commits, its answer is lost, and the repeats meet refusals of
// another cause (a 401 while the key is replaced, a 403 while the account is unreachable). The id
// of the send with the unknown outcome must survive them, or the next repeat creates a second ad.

let f: SimFixture;
let proxy: FaultProxy;
beforeAll(async () => {
  f = await startSimFixture({ writeBudget: { limit: 100_000, windowMs: 3_600_000 } });
  proxy = await startFaultProxy(f.sim.url);
});
afterAll(async () => {
  await proxy.close();
  await f.sim.close();
});
beforeEach(() => f.sim.control.reset());

const UNAUTHORIZED = { status: 401, error: "Invalid API key" };
const FORBIDDEN = { status: 403, error: "This key cannot reach that account right now" };

function kit(extra: Parameters<SimFixture["kit"]>[0] = {}): AdToolkit {
  return f.kit({ baseUrl: proxy.url, ...extra });
}

const requestIds = () =>
  f.sim.control
    .requests()
    .filter((r) => r.tool === "push-creative")
    .map((r) => (r.body as { request_id?: string }).request_id);

/** The answer of the first send is lost after the ad was created, on it and on every client retry. */
function loseAnswers(count = 1) {
  f.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative", ms: 0, count });
}

describe("an unknown outcome keeps its id through later refusals", () => {
  it("ACTIVE push, answer lost, then 401, then 403, then the same input: one ad, one id", async () => {
    const toolkit = kit({
      confirm: () => ({ approved: true, text: "Launch it, Dana" }),
      retry: { maxRetries: 2, baseDelayMs: 1 },
    });
    const input = f.push({ status: "ACTIVE" });
    loseAnswers(3);
    const lost = await toolkit.call("push-creative", input);
    expect(lost).toMatchObject({ ok: false, status: null, retryable: true });
    expect((lost as { hint: string }).hint).toContain("cannot create a duplicate");
    expect(f.sim.control.ads()).toHaveLength(1);

    for (const refusal of [UNAUTHORIZED, FORBIDDEN]) {
      proxy.refuseNext(refusal);
      const refused = await toolkit.call("push-creative", input);
      expect(refused).toMatchObject({ ok: false, status: refusal.status });
    }
    const repeat = await toolkit.call("push-creative", input);
    expect(repeat).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
    expect(f.sim.control.ads()).toHaveLength(1);
    const ids = requestIds();
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(1);
  });

  it("a request_id the model adds when repeating an unknown outcome is replaced by the original, with a note", async () => {
    const toolkit = kit();
    const input = f.push({ headline: "Model picks ids" });
    loseAnswers();
    expect(await toolkit.call("push-creative", input)).toMatchObject({ ok: false, status: null });
    proxy.refuseNext(FORBIDDEN);
    expect(await toolkit.call("push-creative", { ...input, request_id: "model-own-id-1" })).toMatchObject({
      status: 403,
    });
    const repeat = (await toolkit.call("push-creative", {
      ...input,
      request_id: "model-own-id-2",
    })) as ToolResult & {
      note?: string;
    };
    expect(repeat).toMatchObject({ ok: true });
    expect(repeat.note).toMatch(/request_id you sent was replaced/);
    expect(f.sim.control.ads()).toHaveLength(1);
    expect(new Set(requestIds()).size).toBe(1);
  });

  it("a model's own id is never sent: lost, the change repeats under adrails' id, with or without one", async () => {
    const toolkit = kit();
    const input = f.push({ headline: "Own id then none" });
    loseAnswers();
    await toolkit.call("push-creative", { ...input, request_id: "model-chosen-42" });
    proxy.refuseNext(UNAUTHORIZED);
    await toolkit.call("push-creative", input);
    expect(await toolkit.call("push-creative", { ...input, request_id: "model-chosen-43" })).toMatchObject({
      ok: true,
    });
    expect(f.sim.control.ads()).toHaveLength(1);
    const sent = new Set(requestIds());
    expect(sent.size).toBe(1);
    expect([...sent][0]).toMatch(/^adr_/);
  });

  it("a workflow write and a group F write keep their keys the same way", async () => {
    const toolkit = kit();
    const workflow = { account_id: f.accountId, brand_url: "https://brand.example.com" };
    f.sim.control.fault({ kind: "timeout-after-write", tool: "creative-dna" });
    expect(await toolkit.call("creative-dna", workflow)).toMatchObject({ ok: false, status: null });
    proxy.refuseNext(UNAUTHORIZED);
    expect(await toolkit.call("creative-dna", workflow)).toMatchObject({ status: 401 });
    expect(await toolkit.call("creative-dna", workflow)).toMatchObject({ ok: true });
    const dnaIds = f.sim.control
      .requests()
      .filter((r) => r.tool === "creative-dna")
      .map((r) => (r.body as { request_id?: string }).request_id);
    expect(new Set(dnaIds).size).toBe(1);
    expect(f.sim.control.state().profiles).toHaveLength(1);
  });

  it("without an unknown outcome, a definitive refusal still moves the change to a fresh id", async () => {
    const toolkit = kit();
    const input = f.push({ headline: "Plain refusal" });
    proxy.refuseNext(UNAUTHORIZED);
    expect(await toolkit.call("push-creative", input)).toMatchObject({ status: 401 });
    expect(await toolkit.call("push-creative", input)).toMatchObject({ ok: true });
    // The refusal was answered by the proxy: the simulator saw one request, under a fresh id.
    expect(requestIds()).toHaveLength(1);
  });
});
