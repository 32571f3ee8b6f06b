import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdToolkit } from "../../src/types.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

const DISMISS = "dismiss-competitor-change-alert";

/** A fresh change alert, made through the toolkit the way a model would. */
async function newAlert(kit: AdToolkit, query = "Summit Gear"): Promise<string> {
  const snap = (await kit.call("capture-competitor-snapshot", {
    source_kind: "search_terms",
    query,
    market: "US",
    limit: 2,
  })) as any;
  const routine = (await kit.call("create-competitor-change-routine", {
    source_id: snap.data.source_id,
    name: `${query} US`,
    cadence_seconds: 86400,
  })) as any;
  const refresh = (await kit.call("refresh-competitor-change-routine", {
    routine_id: routine.data.routine_id,
    source_id: snap.data.source_id,
    durable_run_id: "run-1",
    observed_at: "2026-11-22T09:00:00Z",
    coverage: "complete",
  })) as any;
  return refresh.data.alerts_created[0].alert_id;
}

const alertStatus = (id: string) =>
  (f.sim.control.state().alerts as { alert_id: string; status: string }[]).find((a) => a.alert_id === id)
    ?.status;
const keys = () => f.bodies(DISMISS).map((b) => b.idempotency_key as string);
const replays = () => f.sim.control.requests().filter((r) => r.tool === DISMISS && r.replayed);

describe("retry keys of a toggled entity", () => {
  it("dismiss, restore, dismiss: the third call really dismisses, with a fresh key", async () => {
    const kit = f.kit();
    const alert = await newAlert(kit);
    const dismissed = (await kit.call(DISMISS, { alert_id: alert, action: "dismiss" })) as any;
    const restored = (await kit.call(DISMISS, { alert_id: alert, action: "restore" })) as any;
    const again = (await kit.call(DISMISS, { alert_id: alert, action: "dismiss" })) as any;
    expect([dismissed.data.status, restored.data.status, again.data.status]).toEqual([
      "dismissed",
      "active",
      "dismissed",
    ]);
    expect(alertStatus(alert)).toBe("dismissed");
    expect(new Set(keys()).size).toBe(3);
    expect(replays()).toEqual([]);
    // And back once more: the restore's old key is retired too.
    await kit.call(DISMISS, { alert_id: alert, action: "restore" });
    expect(alertStatus(alert)).toBe("active");
    expect(new Set(keys()).size).toBe(4);
  });

  it("a plain repeat with nothing in between keeps the key and replays", async () => {
    const kit = f.kit();
    const alert = await newAlert(kit);
    await kit.call(DISMISS, { alert_id: alert, action: "dismiss" });
    await kit.call(DISMISS, { alert_id: alert, action: "dismiss" });
    await kit.call(DISMISS, { alert_id: alert, action: "restore" });
    await kit.call(DISMISS, { alert_id: alert, action: "restore" });
    const [d1, d2, r1, r2] = keys();
    expect(d2).toBe(d1);
    expect(r2).toBe(r1);
    expect(r1).not.toBe(d1);
    expect(replays()).toHaveLength(2);
    expect(alertStatus(alert)).toBe("active");
  });

  it("toggling another alert retires nothing for this one", async () => {
    const kit = f.kit();
    const x = await newAlert(kit, "Summit Gear");
    const y = await newAlert(kit, "Ridge Outfitters");
    expect(y).not.toBe(x);
    await kit.call(DISMISS, { alert_id: x, action: "dismiss" });
    await kit.call(DISMISS, { alert_id: y, action: "dismiss" });
    await kit.call(DISMISS, { alert_id: y, action: "restore" });
    await kit.call(DISMISS, { alert_id: x, action: "dismiss" });
    expect(keys()[3]).toBe(keys()[0]);
    expect([alertStatus(x), alertStatus(y)]).toEqual(["dismissed", "active"]);
  });

  it("a restore sent with the model's own key retires the derived dismiss key too", async () => {
    const kit = f.kit();
    const alert = await newAlert(kit);
    await kit.call(DISMISS, { alert_id: alert, action: "dismiss" });
    await kit.call(DISMISS, { alert_id: alert, action: "restore", idempotency_key: "model-key-1" });
    const again = (await kit.call(DISMISS, { alert_id: alert, action: "dismiss" })) as any;
    expect(again.data.status).toBe("dismissed");
    expect(alertStatus(alert)).toBe("dismissed");
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it("a restore whose answer was lost may have applied: the next dismiss gets a fresh key", async () => {
    const kit = f.kit();
    const alert = await newAlert(kit);
    await kit.call(DISMISS, { alert_id: alert, action: "dismiss" });
    f.sim.control.fault({ kind: "timeout-after-write", tool: DISMISS });
    const lost = await kit.call(DISMISS, { alert_id: alert, action: "restore" }, { timeoutMs: 300 });
    expect(lost).toMatchObject({ ok: false, status: null });
    expect(alertStatus(alert)).toBe("active");
    const again = (await kit.call(DISMISS, { alert_id: alert, action: "dismiss" })) as any;
    expect(again.data.status).toBe("dismissed");
    expect(alertStatus(alert)).toBe("dismissed");
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it("a refused toggle retires nothing: the earlier change still replays", async () => {
    const kit = f.kit();
    const alert = await newAlert(kit);
    await kit.call(DISMISS, { alert_id: alert, action: "dismiss" });
    f.sim.control.fault({ kind: "429", tool: DISMISS });
    expect(await kit.call(DISMISS, { alert_id: alert, action: "restore" })).toMatchObject({ status: 429 });
    await kit.call(DISMISS, { alert_id: alert, action: "dismiss" });
    expect(keys()[2]).toBe(keys()[0]);
    expect(alertStatus(alert)).toBe("dismissed");
  });

  it("creations are not toggles: push A, push B, push A again still makes one ad A", async () => {
    const kit = f.kit();
    await kit.call("push-creative", f.push({ headline: "A" }));
    await kit.call("push-creative", f.push({ headline: "B" }));
    const again = (await kit.call("push-creative", f.push({ headline: "A" }))) as any;
    expect(again).toMatchObject({ ok: true, status: 200 });
    expect(f.sim.control.ads().map((ad) => ad.headline)).toEqual(["A", "B"]);
  });
});
