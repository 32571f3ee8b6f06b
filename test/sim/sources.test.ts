import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { call } from "./helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: "sources", rateLimit: { limit: 10_000 } });
});
afterAll(() => sim.close());

const q = (request: Record<string, unknown>, key?: string) =>
  call(sim, "integrations-query", { request }, key ? { key } : {});

describe("group D: connected sources", () => {
  it("lists read-only connections with coverage and freshness, per workspace", async () => {
    const agency = await call(sim, "integrations-list-connections", {}, { key: sim.keys.agency });
    expect(agency.body.data.connections.map((c: any) => c.connection_id)).toEqual([
      "conn_hubspot",
      "conn_ga4",
      "conn_salesforce",
    ]);
    expect(agency.body.data.connections[2]).toMatchObject({
      status: "stale",
      read_only: true,
      freshness: { stale: true },
    });
    const none = await call(sim, "integrations-list-connections", {}, { key: sim.keys.unconnected });
    expect(none.body.data.connections).toEqual([]);
  });

  it("reports a connection's status; an unknown id is a 400", async () => {
    const a = await call(sim, "integrations-get-status", { connection_id: "conn_hubspot" });
    expect(a.body.data).toMatchObject({ connection_id: "conn_hubspot", kind: "crm", status: "connected" });
    expect(a.body.data.permissions).toContain("read:deals");
    const b = await call(sim, "integrations-get-status", { connection_id: "conn_salesforce" });
    expect(b.status).toBe(400);
    expect(b.body.data.error).toMatch(/conn_hubspot/);
  });

  it("builds a pipeline report from 1 to 4 connections, using the CRM ones", async () => {
    const a = await call(sim, "integrations-intelligence-report", {
      connection_ids: ["conn_hubspot", "conn_ga4"],
    });
    expect(a.status).toBe(200);
    expect(a.body.data.connections_used).toEqual(["conn_hubspot"]);
    expect(a.body.data.pipeline.stages.map((s: any) => s.stage)).toContain("won");
    expect(a.body.data.caveats[0]).toMatch(/conn_ga4/);
    expect(
      (await call(sim, "integrations-intelligence-report", { connection_ids: ["conn_ga4"] })).status,
    ).toBe(400);
    expect((await call(sim, "integrations-intelligence-report", { connection_ids: ["nope"] })).status).toBe(
      400,
    );
  });

  it("pages CRM records with limit and cursor, filters and projects fields", async () => {
    const p1 = await q({
      connectionId: "conn_hubspot",
      operation: "crm.list_records",
      object: "deals",
      limit: 5,
    });
    expect(p1.body.data.records).toHaveLength(5);
    expect(p1.body.data.next_cursor).toEqual(expect.any(String));
    const p2 = await q({
      connectionId: "conn_hubspot",
      operation: "crm.list_records",
      object: "deals",
      limit: 5,
      cursor: p1.body.data.next_cursor,
    });
    const p3 = await q({
      connectionId: "conn_hubspot",
      operation: "crm.list_records",
      object: "deals",
      limit: 5,
      cursor: p2.body.data.next_cursor,
    });
    const ids = [...p1.body.data.records, ...p2.body.data.records, ...p3.body.data.records].map(
      (r: any) => r.id,
    );
    expect(new Set(ids).size).toBe(12);
    expect(p3.body.data.next_cursor).toBeNull();
    const stage = p1.body.data.records[0].stage;
    const filtered = await q({
      connectionId: "conn_hubspot",
      operation: "crm.list_records",
      filters: { stage },
      fields: ["id", "stage"],
    });
    expect(
      filtered.body.data.records.every((r: any) => r.stage === stage && Object.keys(r).length === 2),
    ).toBe(true);
    expect(
      (await q({ connectionId: "conn_hubspot", operation: "crm.list_records", cursor: "garbage" })).status,
    ).toBe(400);
    expect(
      (await q({ connectionId: "conn_hubspot", operation: "crm.list_records", object: "tickets" })).status,
    ).toBe(400);
  });

  it("reads one record, activities, stage history and field descriptions", async () => {
    const rec = await q({ connectionId: "conn_hubspot", operation: "crm.get_record", id: "deal_003" });
    expect(rec.body.data.record.id).toBe("deal_003");
    expect(
      (await q({ connectionId: "conn_hubspot", operation: "crm.get_record", id: "deal_999" })).status,
    ).toBe(400);
    expect((await q({ connectionId: "conn_hubspot", operation: "crm.get_record" })).status).toBe(400);
    const acts = await q({ connectionId: "conn_hubspot", operation: "crm.list_activities", id: "deal_003" });
    expect(acts.body.data.activities.every((a: any) => a.deal_id === "deal_003")).toBe(true);
    const hist = await q({
      connectionId: "conn_hubspot",
      operation: "crm.list_stage_history",
      id: "deal_003",
    });
    expect(hist.body.data.changes[0].stage).toBe("lead");
    const fields = await q({
      connectionId: "conn_hubspot",
      operation: "crm.describe_fields",
      object: "contacts",
    });
    expect(fields.body.data.fields.map((f: any) => f.name)).toContain("email");
  });

  it("runs analytics reports and checks the operation fits the connection", async () => {
    const r = await q({
      connectionId: "conn_ga4",
      operation: "analytics.run_report",
      dateRange: { start: "2025-03-01", end: "2025-03-03" },
      dimensions: ["date"],
      metrics: ["sessions", "revenue"],
    });
    expect(r.body.data.rows.map((x: any) => x.date)).toEqual(["2025-03-01", "2025-03-02", "2025-03-03"]);
    expect(Object.keys(r.body.data.rows[0]).sort()).toEqual(["date", "revenue", "sessions"]);
    expect(
      (await q({ connectionId: "conn_ga4", operation: "analytics.run_report", metrics: ["bounces"] })).status,
    ).toBe(400);
    expect((await q({ connectionId: "conn_ga4", operation: "crm.list_records" })).status).toBe(400);
    expect((await q({ connectionId: "conn_hubspot", operation: "analytics.get_freshness" })).status).toBe(
      400,
    );
    const fresh = await q({ connectionId: "conn_ga4", operation: "analytics.get_freshness" });
    expect(fresh.body.data.lag_hours).toEqual(expect.any(Number));
  });

  it("validates the request object", async () => {
    expect((await q({ connectionId: "conn_hubspot", operation: "crm.delete_record" })).status).toBe(400);
    expect((await q({ operation: "crm.list_records" })).status).toBe(400);
    expect((await q({ connectionId: "conn_hubspot", operation: "crm.list_records", limit: 0 })).status).toBe(
      400,
    );
    expect(
      (
        await q({
          connectionId: "conn_ga4",
          operation: "analytics.run_report",
          dateRange: { start: "2025-01-01" },
        })
      ).status,
    ).toBe(400);
    expect((await call(sim, "integrations-query", {})).status).toBe(400);
  });
});
