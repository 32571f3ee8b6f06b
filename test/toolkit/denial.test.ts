import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuditEvent } from "../../src/types.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

const denial = { via: "langgraph", reason: "Budget not signed off" };

describe("a person's denial given through a framework (context.denial)", () => {
  it("refuses with nothing sent, even when the confirm channel would approve, and audits the refusal", async () => {
    const events: AuditEvent[] = [];
    let asked = 0;
    const kit = f.kit({
      onEvent: (event) => events.push(event),
      confirm: () => {
        asked++;
        return { approved: true, text: "yes" };
      },
    });
    const result = await kit.call("push-creative", f.push({ status: "ACTIVE" }), {
      denial,
      toolCallId: "c1",
    });
    expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect((result as any).error).toContain("a person declined: Budget not signed off");
    expect((result as any).hint).toMatch(/Nothing was sent\. Do not repeat the call as ACTIVE/);
    expect(asked).toBe(0);
    expect(f.bodies("push-creative")).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tool: "push-creative", toolCallId: "c1", status: null, ok: false });
    expect(events[0]!.fingerprint).toBe(
      kit.get("push-creative")!.confirmationRequest(f.push({ status: "ACTIVE" }))!.fingerprint,
    );
    expect(events[0]!.decisions).toContainEqual({
      guard: "hard-confirmation",
      decision: "refuse",
      detail: "a person declined: Budget not signed off (via langgraph)",
    });
  });

  it("wins over an approval passed with it", async () => {
    const kit = f.kit();
    const fingerprint = kit
      .get("push-creative")!
      .confirmationRequest(f.push({ status: "ACTIVE" }))!.fingerprint;
    const result = await kit.call("push-creative", f.push({ status: "ACTIVE" }), {
      denial: { via: "langgraph" },
      approval: { fingerprint, via: "langgraph", text: "yes" },
    });
    expect(result).toMatchObject({
      blocked: "hard-confirmation",
      error: expect.stringContaining("a person declined"),
    });
    expect(f.sim.control.ads()).toEqual([]);
  });

  it('with onUnconfirmedActive "pause", an ACTIVE push goes out PAUSED, as after a channel denial', async () => {
    const events: AuditEvent[] = [];
    const kit = f.kit({ onUnconfirmedActive: "pause", onEvent: (event) => events.push(event) });
    const result = (await kit.call("push-creative", f.push({ status: "ACTIVE" }), { denial })) as any;
    expect(result).toMatchObject({ ok: true, status: 200, data: { status: "PAUSED" } });
    expect(result.note).toMatch(/was not approved by a person \(a person declined: Budget not signed off\)/);
    expect(result.note).toMatch(/created PAUSED, not ACTIVE/);
    expect(f.sim.control.ads().map((ad) => ad.status)).toEqual(["PAUSED"]);
    expect(events[0]!.decisions).toContainEqual(
      expect.objectContaining({ guard: "hard-confirmation", decision: "modify" }),
    );
  });

  it("refuses any other denied call, pause or not: a person said no to exactly this call", async () => {
    const kit = f.kit({ onUnconfirmedActive: "pause" });
    const paused = await kit.call("push-creative", f.push(), { denial });
    expect(paused).toMatchObject({
      blocked: "hard-confirmation",
      error: "The push-creative call was not run: a person declined: Budget not signed off.",
    });
    const loop = await kit.call("creative-loop", { account_id: f.accountId }, { denial });
    expect(loop).toMatchObject({ blocked: "hard-confirmation" });
    const invalid = await kit.call("push-creative", { status: "ACTIVE" }, { denial });
    expect(invalid).toMatchObject({ blocked: "hard-confirmation" });
    expect(f.sim.control.requests().filter((r) => r.tool !== "list-accounts")).toEqual([]);
  });
});
