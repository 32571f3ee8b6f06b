import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

let f: SimFixture;
beforeAll(async () => {
  // A budget of 3 writes per 400 ms window lets one test spend it and the next find it back.
  f = await startSimFixture({ writeBudget: { limit: 3, windowMs: 400 } });
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

const ids = () => f.bodies("push-creative").map((b) => b.request_id as string);

describe("request ids for push-creative", () => {
  it("are injected, and a repeated identical push creates exactly one ad", async () => {
    const kit = f.kit();
    const first = (await kit.call("push-creative", f.push())) as any;
    const again = (await kit.call("push-creative", f.push())) as any;
    const reordered = (await kit.call(
      "push-creative",
      Object.fromEntries(Object.entries(f.push()).reverse()),
    )) as any;
    expect([first.ok, again.ok, reordered.ok]).toEqual([true, true, true]);
    expect(ids()[0]).toMatch(/^adr_[0-9a-f]{32}$/);
    expect(new Set(ids()).size).toBe(1);
    expect(f.sim.control.ads()).toHaveLength(1);
    expect(again.data.ad_id).toBe(first.data.ad_id);
  });

  it("two parallel identical pushes create one ad", async () => {
    const kit = f.kit();
    const results = await Promise.all([
      kit.call("push-creative", f.push()),
      kit.call("push-creative", f.push()),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(f.sim.control.ads()).toHaveLength(1);
  });

  it("two toolkits sharing a session id in parallel create one ad; other sessions get other ids", async () => {
    const a = f.kit({ sessionId: "thread-42" });
    const b = f.kit({ sessionId: "thread-42" });
    const results = await Promise.all([a.call("push-creative", f.push()), b.call("push-creative", f.push())]);
    expect(f.sim.control.ads()).toHaveLength(1);
    // The loser of the race, if any, is told to call again with the same input, not to change it.
    for (const r of results) if (!r.ok) expect((r as any).hint).toMatch(/same input/);
    await a.call("push-creative", f.push(), { sessionId: "thread-43" });
    expect(new Set(ids()).size).toBe(2);
    expect(f.sim.control.ads()).toHaveLength(2);
  });

  it("a different change gets a different id", async () => {
    const kit = f.kit();
    await kit.call("push-creative", f.push());
    await kit.call("push-creative", f.push({ headline: "Summer sale" }));
    expect(new Set(ids()).size).toBe(2);
    expect(f.sim.control.ads()).toHaveLength(2);
  });

  it("a push after a 409 budget refusal gets a fresh id and goes through once the budget is back", async () => {
    const kit = f.kit();
    for (const headline of ["a", "b", "c"]) await kit.call("push-creative", f.push({ headline }));
    const refused = (await kit.call("push-creative", f.push({ headline: "d" }))) as any;
    expect(refused).toMatchObject({ ok: false, status: 409, retryable: false });
    expect(refused.hint).toMatch(/write budget/);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const retried = await kit.call("push-creative", f.push({ headline: "d" }));
    expect(retried).toMatchObject({ ok: true, status: 200 });
    const [refusedId, retriedId] = ids().slice(-2);
    expect(retriedId).not.toBe(refusedId);
    expect(f.sim.control.ads()).toHaveLength(4);
  });

  it("a 404 refusal does not stick: the next attempt gets a fresh id", async () => {
    const kit = f.kit();
    const input = f.push({ adset_id: "999" });
    expect(await kit.call("push-creative", input)).toMatchObject({ ok: false, status: 404 });
    expect(await kit.call("push-creative", input)).toMatchObject({ ok: false, status: 404 });
    expect(ids()[0]).not.toBe(ids()[1]);
    expect(f.sim.control.requests().filter((r) => r.replayed)).toEqual([]);
  });

  it("ambiguous failures keep the id, so the retry replays instead of duplicating", async () => {
    const kit = f.kit();
    f.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    const lost = await kit.call("push-creative", f.push());
    expect(lost).toMatchObject({ ok: false, status: null, retryable: true });
    f.sim.control.fault({ kind: "503", tool: "push-creative" });
    expect(await kit.call("push-creative", f.push())).toMatchObject({
      ok: false,
      status: 503,
      retryable: true,
    });
    f.sim.control.fault({ kind: "drop", tool: "push-creative" });
    expect(await kit.call("push-creative", f.push())).toMatchObject({ ok: false, status: null });
    const replayed = await kit.call("push-creative", f.push());
    expect(replayed).toMatchObject({ ok: true, status: 200 });
    expect(new Set(ids()).size).toBe(1);
    expect(f.sim.control.ads()).toHaveLength(1);
  });

  it("never sends an id the model chose: valid or not, it is dropped with a note, and the repeat replays", async () => {
    const kit = f.kit();
    const first = (await kit.call("push-creative", f.push({ request_id: "model-chosen-0001" }))) as any;
    expect(first).toMatchObject({
      ok: true,
      note: expect.stringMatching(/request_id you sent was not used/),
    });
    expect(ids()[0]).toMatch(/^adr_/);
    const invalid = (await kit.call("push-creative", f.push({ request_id: "x1" }))) as any;
    expect(invalid).toMatchObject({ ok: true, note: expect.stringMatching(/Leave it out/) });
    // The id adrails sent, sent back by the model, is the same id: nothing to say.
    const same = (await kit.call("push-creative", f.push({ request_id: ids()[0] }))) as any;
    expect(same.note ?? "").not.toMatch(/request_id/);
    expect(new Set(ids()).size).toBe(1);
    expect(f.sim.control.ads()).toHaveLength(1);
    expect(invalid.data.ad_id).toBe(first.data.ad_id);
  });

  it("a model's id reused for another change is not sent: each change gets its own id", async () => {
    const kit = f.kit();
    const first = (await kit.call("push-creative", f.push({ request_id: "model-chosen-0002" }))) as any;
    const other = (await kit.call(
      "push-creative",
      f.push({ request_id: "model-chosen-0002", headline: "Second" }),
    )) as any;
    expect(other.data.ad_id).not.toBe(first.data.ad_id);
    expect(ids()).toEqual([expect.stringMatching(/^adr_/), expect.stringMatching(/^adr_/)]);
    expect(ids()[0]).not.toBe(ids()[1]);
    expect(f.sim.control.ads().map((ad) => ad.headline)).toEqual([f.push().headline, "Second"]);
  });
});

describe("retry keys of the other writes", () => {
  it("injects request_id into workflow writes and replays an identical repeat", async () => {
    const kit = f.kit();
    await kit.call("creative-dna", { account_id: f.accountId, brand_url: "northwind.example" });
    await kit.call("creative-dna", { account_id: f.accountId, brand_url: "northwind.example" });
    const bodies = f.bodies("creative-dna");
    expect(bodies[0].request_id).toMatch(/^adr_/);
    expect(bodies[1].request_id).toBe(bodies[0].request_id);
    expect(f.sim.control.state().profiles).toHaveLength(1);
  });

  it("injects required idempotency keys of groups E and F, deterministically", async () => {
    const kit = f.kit();
    const experiment = {
      controlRef: "ad_1",
      variantRef: "ad_2",
      objective: "Leads",
      metric: "cpl",
      audience: "broad",
      source: "meta",
      provider: "meta",
      attribution: "7d_click",
      window: { start: "2026-01-01", end: "2026-01-14" },
    };
    const first = await kit.call("create-experiment", experiment);
    const second = await kit.call("create-experiment", experiment);
    expect(first.ok).toBe(true);
    const keys = f.bodies("create-experiment").map((b) => b.idempotencyKey);
    expect(keys[0]).toMatch(/^adr_/);
    expect(keys[1]).toBe(keys[0]);
    expect((second as any).data).toEqual((first as any).data);
    expect(f.sim.control.state().experiments).toHaveLength(1);
  });

  it("never injects resume-generation's key: it names an existing run", async () => {
    const kit = f.kit();
    expect(await kit.call("resume-generation", {})).toMatchObject({
      blocked: "validation",
      error: expect.stringContaining("idempotency_key is required"),
    });
    expect(f.bodies("resume-generation")).toEqual([]);
  });
});
