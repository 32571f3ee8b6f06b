import { fail } from "../errors.js";
import { between, pick, round } from "../random.js";
import type { Identity } from "../world.js";
import { type Handler, type HandlerContext, ok } from "./context.js";

// Group D statuses are 200, 400, 401, 429 and 503 only, so an unknown connection or record is a 400.

interface Connection {
  connection_id: string;
  provider: string;
  kind: "crm" | "analytics";
  syncedHoursAgo: number;
}

const ALL: readonly Connection[] = [
  { connection_id: "conn_hubspot", provider: "hubspot", kind: "crm", syncedHoursAgo: 2 },
  { connection_id: "conn_ga4", provider: "google_analytics_4", kind: "analytics", syncedHoursAgo: 6 },
  { connection_id: "conn_salesforce", provider: "salesforce", kind: "crm", syncedHoursAgo: 72 },
];
const STALE_HOURS = 24;
const STAGES = ["lead", "qualified", "proposal", "negotiation", "won", "lost"] as const;
const SOURCES = ["paid_social", "search", "referral", "organic"] as const;
const METRICS = ["sessions", "users", "conversions", "revenue", "engagement_rate"];
const DIMENSIONS = ["date", "source", "campaign", "device"];
const FIELDS: Record<string, string[]> = {
  deals: ["id", "name", "stage", "amount", "source", "owner", "created_at", "close_date"],
  contacts: ["id", "name", "email", "lifecycle_stage", "source", "created_at"],
  companies: ["id", "name", "industry", "employees", "created_at"],
};

/** The read-only connections of a workspace: none, HubSpot, then GA4, then a stale Salesforce. */
export function connectionsOf(identity: Identity): readonly Connection[] {
  const n = { free: 1, pro: 2, agency: 3, viewer: 3 }[identity.label as "free"] ?? 0;
  return ALL.slice(0, n);
}

function connection(ctx: HandlerContext, id: string): Connection {
  const found = connectionsOf(ctx.identity).find((c) => c.connection_id === id);
  if (!found) {
    const known = connectionsOf(ctx.identity).map((c) => c.connection_id);
    fail(400, `Unknown connection_id ${id}. Connections: ${known.join(", ") || "none"}`);
  }
  return found;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const freshness = (c: Connection) => ({
  last_sync_at: hoursAgo(c.syncedHoursAgo),
  age_hours: c.syncedHoursAgo,
  stale: c.syncedHoursAgo > STALE_HOURS,
});
const summary = (c: Connection) => ({
  connection_id: c.connection_id,
  provider: c.provider,
  kind: c.kind,
  status: c.syncedHoursAgo > STALE_HOURS ? "stale" : "connected",
  read_only: true,
  coverage:
    c.kind === "crm" ? { objects: Object.keys(FIELDS) } : { metrics: METRICS, dimensions: DIMENSIONS },
  freshness: freshness(c),
});

function records(seed: string, c: Connection, object: string): Record<string, unknown>[] {
  const n = { deals: 12, contacts: 8, companies: 5 }[object] ?? 0;
  return Array.from({ length: n }, (_, i) => {
    const id = `${object.slice(0, -1)}_${String(i + 1).padStart(3, "0")}`;
    const r = (...p: unknown[]) => between(0, 1000, seed, c.connection_id, id, ...p);
    const created = hoursAgo(24 * (10 + (r("age") % 80)));
    if (object === "deals") {
      return {
        id,
        name: `Deal ${i + 1}`,
        stage: STAGES[r("stage") % STAGES.length],
        amount: 500 + (r("amount") % 20) * 250,
        source: SOURCES[r("source") % SOURCES.length],
        owner: pick(["avery", "jordan", "sam"], seed, id),
        created_at: created,
        close_date: hoursAgo(-24 * (r("close") % 40)).slice(0, 10),
      };
    }
    if (object === "contacts") {
      return {
        id,
        name: `Contact ${i + 1}`,
        email: `contact${i + 1}@example.com`,
        lifecycle_stage: pick(["lead", "mql", "sql", "customer"], seed, id),
        source: SOURCES[r("source") % SOURCES.length],
        created_at: created,
      };
    }
    return {
      id,
      name: `Company ${i + 1}`,
      industry: pick(["retail", "health", "software"], seed, id),
      employees: 10 + r("emp"),
      created_at: created,
    };
  });
}

/** Cursor paging over a list: cursors are opaque strings the simulator issued. */
function page<T>(items: T[], cursor: string | undefined, limit: number | undefined) {
  const size = Math.min(limit ?? 10, 100);
  let offset = 0;
  if (cursor !== undefined) {
    const m = /^cur_(\d+)$/.exec(cursor);
    if (!m) fail(400, `Invalid cursor ${cursor}`);
    offset = Number(m[1]);
  }
  const slice = items.slice(offset, offset + size);
  const next = offset + size < items.length ? `cur_${offset + size}` : null;
  return { items: slice, next_cursor: next, total: items.length };
}

const listConnections: Handler = (ctx) => ok({ connections: connectionsOf(ctx.identity).map(summary) });

const getStatus: Handler = (ctx) => {
  const c = connection(ctx, ctx.body.connection_id);
  return ok({
    ...summary(c),
    account: {
      name: `${ctx.identity.label} workspace ${c.provider}`,
      external_id: `${c.provider}-${ctx.identity.workspace.slice(3, 9)}`,
    },
    permissions: c.kind === "crm" ? Object.keys(FIELDS).map((o) => `read:${o}`) : ["read:reports"],
  });
};

const intelligenceReport: Handler = (ctx) => {
  const ids: string[] = [...new Set(ctx.body.connection_ids as string[])];
  const used = ids.map((id) => connection(ctx, id));
  const crm = used.filter((c) => c.kind === "crm");
  if (crm.length === 0)
    fail(400, "None of connection_ids is a CRM connection; the report needs at least one");
  const deals = crm.flatMap((c) => records(ctx.world.seed, c, "deals"));
  const stages = STAGES.map((stage) => {
    const inStage = deals.filter((d) => d.stage === stage);
    return { stage, deals: inStage.length, value: inStage.reduce((a, d) => a + (d.amount as number), 0) };
  });
  const won = stages.find((s) => s.stage === "won")!;
  const lost = stages.find((s) => s.stage === "lost")!;
  return ok({
    connections_used: crm.map((c) => c.connection_id),
    pipeline: {
      stages,
      open_value: stages
        .filter((s) => s.stage !== "won" && s.stage !== "lost")
        .reduce((a, s) => a + s.value, 0),
      won_value: won.value,
      win_rate: won.deals + lost.deals > 0 ? round(won.deals / (won.deals + lost.deals), 2) : null,
    },
    by_source: SOURCES.map((source) => ({
      source,
      deals: deals.filter((d) => d.source === source).length,
      won: deals.filter((d) => d.source === source && d.stage === "won").length,
    })),
    caveats: [
      ...used
        .filter((c) => c.kind !== "crm")
        .map((c) => `${c.connection_id} is not a CRM connection and was not used`),
      ...crm
        .filter((c) => freshness(c).stale)
        .map((c) => `${c.connection_id} last synced ${c.syncedHoursAgo} h ago`),
    ],
  });
};

const query: Handler = (ctx) => {
  const r = ctx.body.request as Record<string, any>;
  const c = connection(ctx, r.connectionId);
  const op = r.operation as string;
  const family = op.split(".")[0];
  if (family !== c.kind)
    fail(400, `${op} is a ${family} operation; ${c.connection_id} is a ${c.kind} connection`);
  const base = { connection_id: c.connection_id, operation: op, freshness: freshness(c) };
  const seed = ctx.world.seed;
  const objectOf = () => {
    const object = r.object ?? "deals";
    if (!FIELDS[object]) fail(400, `Unknown object ${object}. Objects: ${Object.keys(FIELDS).join(", ")}`);
    return object as string;
  };
  switch (op) {
    case "crm.describe_fields": {
      const object = objectOf();
      return ok({
        ...base,
        object,
        fields: FIELDS[object]!.map((name) => ({
          name,
          type: name === "amount" || name === "employees" ? "number" : "string",
        })),
      });
    }
    case "crm.list_records": {
      const object = objectOf();
      const fields: string[] | undefined = r.fields;
      const unknown = fields?.filter((f) => !FIELDS[object]!.includes(f)) ?? [];
      if (unknown.length) fail(400, `Unknown fields for ${object}: ${unknown.join(", ")}`);
      const filters = Object.entries((r.filters ?? {}) as Record<string, unknown>);
      const rows = records(seed, c, object)
        .filter((rec) => filters.every(([k, v]) => rec[k] === v))
        .map((rec) => (fields ? Object.fromEntries(fields.map((f) => [f, rec[f]])) : rec));
      const p = page(rows, r.cursor, r.limit);
      return ok({ ...base, object, records: p.items, next_cursor: p.next_cursor, total: p.total });
    }
    case "crm.get_record": {
      if (typeof r.id !== "string") fail(400, "crm.get_record needs request.id");
      const object = r.object ?? Object.keys(FIELDS).find((o) => r.id.startsWith(o.slice(0, -1))) ?? "deals";
      const found = records(seed, c, object).find((rec) => rec.id === r.id);
      if (!found) fail(400, `No ${object} record ${r.id} in ${c.connection_id}`);
      return ok({ ...base, object, record: found });
    }
    case "crm.list_activities": {
      const deals = records(seed, c, "deals").filter((d) => r.id === undefined || d.id === r.id);
      const acts = deals.flatMap((d, i) =>
        ["email", "call"].map((type, j) => ({
          id: `act_${d.id}_${j + 1}`,
          deal_id: d.id,
          type,
          at: hoursAgo(12 * (i + j + 1)),
        })),
      );
      const p = page(acts, r.cursor, r.limit);
      return ok({ ...base, activities: p.items, next_cursor: p.next_cursor, total: p.total });
    }
    case "crm.list_stage_history": {
      const deals = records(seed, c, "deals").filter((d) => r.id === undefined || d.id === r.id);
      if (r.id !== undefined && deals.length === 0) fail(400, `No deal ${r.id} in ${c.connection_id}`);
      const history = deals.flatMap((d) => {
        const upto = STAGES.indexOf(d.stage as (typeof STAGES)[number]);
        const path = d.stage === "lost" ? ["lead", "qualified", "lost"] : STAGES.slice(0, upto + 1);
        return path.map((stage, i) => ({
          deal_id: d.id,
          stage,
          entered_at: hoursAgo(24 * (path.length - i) * 3),
        }));
      });
      const p = page(history, r.cursor, r.limit);
      return ok({ ...base, changes: p.items, next_cursor: p.next_cursor, total: p.total });
    }
    case "analytics.get_freshness":
      return ok({ ...base, last_processed_at: freshness(c).last_sync_at, lag_hours: c.syncedHoursAgo });
    default:
      return runReport(ctx, r, base);
  }
};

function runReport(ctx: HandlerContext, r: Record<string, any>, base: Record<string, unknown>) {
  const metrics: string[] = r.metrics ?? ["sessions", "conversions"];
  const dimensions: string[] = r.dimensions ?? ["date"];
  const badM = metrics.filter((m) => !METRICS.includes(m));
  const badD = dimensions.filter((d) => !DIMENSIONS.includes(d));
  if (badM.length) fail(400, `Unknown metrics: ${badM.join(", ")}. Metrics: ${METRICS.join(", ")}`);
  if (badD.length) fail(400, `Unknown dimensions: ${badD.join(", ")}. Dimensions: ${DIMENSIONS.join(", ")}`);
  const end = r.dateRange?.end ?? new Date().toISOString().slice(0, 10);
  const start = r.dateRange?.start ?? new Date(Date.parse(end) - 6 * 86_400_000).toISOString().slice(0, 10);
  const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  if (!Number.isFinite(days) || days < 1)
    fail(400, "dateRange needs start and end dates (YYYY-MM-DD), start not after end");
  if (days > 92) fail(400, "dateRange spans at most 92 days");
  const values: Record<string, string[]> = {
    date: Array.from({ length: days }, (_, i) =>
      new Date(Date.parse(start) + i * 86_400_000).toISOString().slice(0, 10),
    ),
    source: ["paid_social", "search", "organic"],
    campaign: ["spring_sale", "always_on"],
    device: ["mobile", "desktop"],
  };
  let rows: Record<string, unknown>[] = [{}];
  for (const d of dimensions) rows = rows.flatMap((row) => values[d]!.map((v) => ({ ...row, [d]: v })));
  const seed = ctx.world.seed;
  const withMetrics = rows.map((row) => {
    const key = JSON.stringify(row);
    const sessions = between(80, 900, seed, key);
    const all: Record<string, number> = {
      sessions,
      users: Math.round(sessions * 0.8),
      conversions: Math.round(sessions * (0.01 + between(0, 40, seed, key, "cr") / 1000)),
      revenue: round(sessions * (0.5 + between(0, 300, seed, key, "rev") / 100)),
      engagement_rate: round(0.4 + between(0, 40, seed, key, "er") / 100, 2),
    };
    return { ...row, ...Object.fromEntries(metrics.map((m) => [m, all[m]])) };
  });
  const p = page(withMetrics, r.cursor, r.limit ?? 50);
  return ok({
    ...base,
    dateRange: { start, end },
    dimensions,
    metrics,
    rows: p.items,
    next_cursor: p.next_cursor,
    total: p.total,
  });
}

export const sourceHandlers: Record<string, Handler> = {
  "integrations-list-connections": listConnections,
  "integrations-get-status": getStatus,
  "integrations-intelligence-report": intelligenceReport,
  "integrations-query": query,
};
