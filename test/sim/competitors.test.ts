import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { call } from "./helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: "competitors", rateLimit: { limit: 10_000 } });
});
beforeEach(() => sim.control.reset());
afterAll(() => sim.close());

const capture = (query = "trail shoes", extra: Record<string, unknown> = {}) =>
  call(sim, "capture-competitor-snapshot", { source_kind: "search_terms", query, market: "US", ...extra });

async function routine() {
  const snap = (await capture()).body.data;
  const r = await call(sim, "create-competitor-change-routine", {
    source_id: snap.source_id,
    name: "Trail watch",
    cadence_seconds: 3600,
  });
  return { snap, routine: r.body.data };
}

const refreshBody = (routineId: string, sourceId: string, extra: Record<string, unknown> = {}) => ({
  routine_id: routineId,
  source_id: sourceId,
  durable_run_id: "dr-1",
  idempotency_key: "refresh-1",
  observed_at: "2025-03-01T00:00:00Z",
  coverage: "complete",
  current_hash: "hash-a",
  ...extra,
});

describe("snapshots", () => {
  it("captures a snapshot with a stable source id and a bounded ad list", async () => {
    const a = await capture("trail shoes", { limit: 3 });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      snapshot_id: expect.any(String),
      source_id: expect.stringMatching(/^src_/),
      count: 3,
      ad_type: "ALL",
    });
    const b = await capture(" Trail Shoes ");
    expect(b.body.data.source_id).toBe(a.body.data.source_id);
    expect(b.body.data.snapshot_id).not.toBe(a.body.data.snapshot_id);
    expect((await capture("trail shoes", { limit: 0 })).status).toBe(400);
    expect((await capture("trail shoes", { source_kind: "url" })).status).toBe(400);
  });
});

describe("routines", () => {
  it("creates, pauses and resumes a routine; an unknown source or routine is a 404", async () => {
    const { routine: r } = await routine();
    expect(r).toMatchObject({ routine_id: expect.any(String), status: "active", cadence_seconds: 3600 });
    const paused = await call(sim, "pause-competitor-change-routine", { routine_id: r.routine_id });
    expect(paused.body.data.status).toBe("paused");
    const resumed = await call(sim, "resume-competitor-change-routine", { routine_id: r.routine_id });
    expect(resumed.body.data.status).toBe("active");
    expect((await call(sim, "pause-competitor-change-routine", { routine_id: "rtn_nope" })).status).toBe(404);
    const bad = await call(sim, "create-competitor-change-routine", {
      source_id: "src_nope",
      name: "x",
      cadence_seconds: 60,
    });
    expect(bad.status).toBe(404);
    expect(
      (await call(sim, "create-competitor-change-routine", { source_id: "s", name: "x", cadence_seconds: 0 }))
        .status,
    ).toBe(400);
  });

  it("refresh creates an alert on a change, deduplicates a repeated hash, and replays a repeated key", async () => {
    const { snap, routine: r } = await routine();
    const first = await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, snap.source_id),
    );
    expect(first.body.data).toMatchObject({ changed: true, deduplicated: 0 });
    expect(first.body.data.alerts_created).toHaveLength(1);

    const replay = await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, snap.source_id),
    );
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get("x-sim-replayed")).toBe("true");

    const same = await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, snap.source_id, { idempotency_key: "refresh-2" }),
    );
    expect(same.body.data).toMatchObject({ changed: false, alerts_created: [] });

    await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, snap.source_id, { idempotency_key: "refresh-3", current_hash: "hash-b" }),
    );
    const back = await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, snap.source_id, { idempotency_key: "refresh-4", current_hash: "hash-a" }),
    );
    expect(back.body.data).toMatchObject({ changed: true, deduplicated: 1, alerts_created: [] });
    expect(sim.control.state().alerts).toHaveLength(2);
  });

  it("refresh compares nothing without coverage, and refuses a paused routine or a wrong source", async () => {
    const { snap, routine: r } = await routine();
    const stale = await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, snap.source_id, { coverage: "stale" }),
    );
    expect(stale.body.data).toMatchObject({ changed: false, alerts_created: [] });
    const wrong = await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, "src_other", { idempotency_key: "k2" }),
    );
    expect(wrong.status).toBe(400);
    await call(sim, "pause-competitor-change-routine", { routine_id: r.routine_id });
    const paused = await call(
      sim,
      "refresh-competitor-change-routine",
      refreshBody(r.routine_id, snap.source_id, { idempotency_key: "k3" }),
    );
    expect(paused.status).toBe(400);
    expect(paused.body.data.error).toMatch(/paused/);
  });
});

describe("alerts and the board", () => {
  it("dismisses and restores an alert by id with an idempotency key", async () => {
    const { snap, routine: r } = await routine();
    const alertId = (
      await call(sim, "refresh-competitor-change-routine", refreshBody(r.routine_id, snap.source_id))
    ).body.data.alerts_created[0].alert_id;
    const d = await call(sim, "dismiss-competitor-change-alert", {
      alert_id: alertId,
      action: "dismiss",
      idempotency_key: "d-1",
    });
    expect(d.body.data.status).toBe("dismissed");
    const rs = await call(sim, "dismiss-competitor-change-alert", {
      alert_id: alertId,
      action: "restore",
      idempotency_key: "d-2",
    });
    expect(rs.body.data.status).toBe("active");
    const replay = await call(sim, "dismiss-competitor-change-alert", {
      alert_id: alertId,
      action: "dismiss",
      idempotency_key: "d-1",
    });
    expect(replay.body.data.status).toBe("dismissed");
    expect(sim.control.state().alerts[0]?.status).toBe("active");
    expect(
      (
        await call(sim, "dismiss-competitor-change-alert", {
          alert_id: "alert_nope",
          action: "dismiss",
          idempotency_key: "d-3",
        })
      ).status,
    ).toBe(404);
  });

  it("lists snapshots and alerts with cursor paging and filters", async () => {
    const { snap, routine: r } = await routine();
    for (let i = 0; i < 4; i++) await capture(`query ${i}`);
    await call(sim, "refresh-competitor-change-routine", refreshBody(r.routine_id, snap.source_id));
    const seen: any[] = [];
    let cursor: string | undefined;
    do {
      const page = await call(sim, "list-competitor-board", { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.items);
      cursor = page.body.data.next_cursor ?? undefined;
    } while (cursor);
    expect(seen.map((i) => i.kind)).toEqual([
      "snapshot",
      "snapshot",
      "snapshot",
      "snapshot",
      "snapshot",
      "alert",
    ]);
    const alerts = await call(sim, "list-competitor-board", { filters: { kind: "alert" } });
    expect(alerts.body.data.items).toHaveLength(1);
    expect((await call(sim, "list-competitor-board", { cursor: "bogus" })).status).toBe(400);
    expect((await call(sim, "list-competitor-board", { limit: 0 })).status).toBe(400);
    const other = await call(sim, "list-competitor-board", {}, { key: sim.keys.agency });
    expect(other.body.data.items).toEqual([]);
  });
});

describe("novelty candidates", () => {
  it("returns 1 to 3 new concepts with citations, default 3", async () => {
    const first = (await capture("mugs", { limit: 10 })).body.data;
    const three = await call(sim, "find-novelty-candidates", { snapshot_id: first.snapshot_id });
    expect(three.body.data.candidates.length).toBeLessThanOrEqual(3);
    expect(three.body.data.candidates.length).toBeGreaterThan(0);
    expect(three.body.data.candidates[0].citations[0]).toMatchObject({ snapshot_id: first.snapshot_id });
    const one = await call(sim, "find-novelty-candidates", { limit: 1 });
    expect(one.body.data.candidates).toHaveLength(1);
    const second = (await capture("mugs", { limit: 10 })).body.data;
    const fresh = await call(sim, "find-novelty-candidates", { snapshot_id: second.snapshot_id });
    const firstIds = new Set(first.ads.map((a: any) => a.ad_archive_id));
    for (const c of fresh.body.data.candidates)
      expect(firstIds.has(c.citations[0].ad_archive_id)).toBe(false);
  });

  it("needs a snapshot", async () => {
    expect((await call(sim, "find-novelty-candidates", {})).status).toBe(404);
    expect((await call(sim, "find-novelty-candidates", { snapshot_id: "snap_nope" })).status).toBe(404);
  });
});
