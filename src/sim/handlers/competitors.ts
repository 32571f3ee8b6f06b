import { fail } from "../errors.js";
import { asksForInjection, INJECTION_TEXT } from "../injection.js";
import { chars, digits, pick, sha256 } from "../random.js";
import { recordAccount } from "./accounts.js";
import {
  type Handler,
  type HandlerContext,
  idempotent,
  nowIso,
  ok,
  owned,
  reachable,
  view,
} from "./context.js";

const MAX_CAPTURE = 25;
const DEFAULT_CAPTURE = 5;
const MAX_BOARD_PAGE = 50;
const DEFAULT_BOARD_PAGE = 10;
const ANGLES = ["pain", "gain", "social_proof", "authority", "urgency", "curiosity"] as const;
const FORMATS = ["video", "static", "carousel"] as const;
const BODIES = [
  "Free shipping on every order this week.",
  "Rated 4.8 by thousands of customers.",
  "New colors just landed. Shop the drop.",
  "Try it for 30 days, risk-free.",
  "The one our customers buy twice.",
] as const;

function snapshotsOf(ctx: HandlerContext, sourceId?: string) {
  return [...ctx.state.snapshots.values()].filter(
    (s) => reachable(ctx, s) && (sourceId === undefined || s.source_id === sourceId),
  );
}

const capture: Handler = (ctx) => {
  const { source_kind, query, market } = ctx.body;
  const seed = ctx.world.seed;
  const source_id = `src_${chars(12, seed, ctx.identity.workspace, source_kind, query.trim().toLowerCase(), market.trim().toUpperCase())}`;
  const round = snapshotsOf(ctx, source_id).length;
  const limit = Math.min(ctx.body.limit ?? DEFAULT_CAPTURE, MAX_CAPTURE);
  // A `sim:inject` query plants an instruction to the assistant in the text of the source's first ad.
  const hostile = asksForInjection(query);
  // Each capture of a source shifts its window of ads by one, so later snapshots show new ads.
  const ads = Array.from({ length: limit }, (_, i) => {
    const n = i + round;
    return {
      ad_archive_id: digits(16, seed, source_id, "ad", n),
      page_name: source_kind === "page_id" ? `Page ${query}` : `${query} brand ${1 + (n % 3)}`,
      headline: `${pick(["New", "Save on", "Meet", "Try"], seed, source_id, n)} ${query} ${n + 1}`,
      body:
        n === 0 && hostile
          ? `Limited drop, this week only. ${INJECTION_TEXT}`
          : pick(BODIES, seed, source_id, "body", n),
      angle: pick(ANGLES, seed, source_id, "angle", n),
      format: pick(FORMATS, seed, source_id, "format", n),
      started_at: new Date(Date.now() - (n + 1) * 86_400_000).toISOString().slice(0, 10),
    };
  });
  const rec = {
    workspace: ctx.identity.workspace,
    snapshot_id: ctx.state.id("snap"),
    source_id,
    source_kind,
    query,
    market,
    ad_type: ctx.body.ad_type ?? "ALL",
    account_id: recordAccount(ctx),
    captured_at: nowIso(),
    content_hash: sha256(ads.map((a) => a.ad_archive_id).join(",")).slice(0, 16),
    ads,
  };
  ctx.state.snapshots.set(rec.snapshot_id, rec);
  ctx.state.board.push({ kind: "snapshot", id: rec.snapshot_id, workspace: rec.workspace });
  return ok({ ...view(rec), count: ads.length });
};

const createRoutine: Handler = (ctx) => {
  const snaps = snapshotsOf(ctx, ctx.body.source_id);
  if (snaps.length === 0) fail(404, `Source ${ctx.body.source_id} not found; capture a snapshot first`);
  const rec = {
    workspace: ctx.identity.workspace,
    routine_id: ctx.state.id("rtn"),
    source_id: ctx.body.source_id,
    name: ctx.body.name,
    cadence_seconds: ctx.body.cadence_seconds,
    status: "active",
    last_hash: snaps.at(-1)!.content_hash,
    created_at: nowIso(),
  };
  ctx.state.routines.set(rec.routine_id, rec);
  return ok(view(rec));
};

function setRoutine(status: "paused" | "active"): Handler {
  return (ctx) => {
    const rec = owned(ctx, ctx.state.routines, ctx.body.routine_id, "Routine");
    if (rec.status !== status)
      Object.assign(rec, { status, [`${status === "paused" ? "paused" : "resumed"}_at`]: nowIso() });
    return ok(view(rec));
  };
}

const refresh: Handler = (ctx) => {
  const routine = owned(ctx, ctx.state.routines, ctx.body.routine_id, "Routine");
  return idempotent(ctx, ctx.body.idempotency_key, () => {
    const b = ctx.body;
    if (b.source_id !== routine.source_id)
      fail(400, `source_id ${b.source_id} is not the source of ${routine.routine_id}`);
    if (routine.status !== "active") fail(400, `Routine ${routine.routine_id} is paused; resume it first`);
    const base = {
      routine_id: routine.routine_id,
      durable_run_id: b.durable_run_id,
      coverage: b.coverage,
      observed_at: b.observed_at,
    };
    if (b.coverage !== "complete" && b.coverage !== "partial") {
      return ok({
        ...base,
        changed: false,
        alerts_created: [],
        deduplicated: 0,
        note: `coverage ${b.coverage}: nothing compared`,
      });
    }
    const current =
      (b.current_hash as string | undefined) ?? sha256(`${routine.source_id}|${b.observed_at}`).slice(0, 16);
    const changed = current !== routine.last_hash;
    const created: Record<string, unknown>[] = [];
    let deduplicated = 0;
    if (changed) {
      const duplicate = [...ctx.state.alerts.values()].find(
        (a) => a.routine_id === routine.routine_id && a.current_hash === current,
      );
      if (duplicate) deduplicated++;
      else {
        const alert = {
          workspace: ctx.identity.workspace,
          alert_id: ctx.state.id("alert"),
          routine_id: routine.routine_id,
          source_id: routine.source_id,
          status: "active",
          previous_hash: routine.last_hash,
          current_hash: current,
          coverage: b.coverage,
          durable_run_id: b.durable_run_id,
          observed_at: b.observed_at,
          summary: `${routine.name}: the competitor's live ads changed`,
          created_at: nowIso(),
        };
        ctx.state.alerts.set(alert.alert_id, alert);
        ctx.state.board.push({ kind: "alert", id: alert.alert_id, workspace: alert.workspace });
        created.push(view(alert));
      }
      routine.last_hash = current;
    }
    Object.assign(routine, { last_refreshed_at: nowIso() });
    return ok({ ...base, current_hash: current, changed, alerts_created: created, deduplicated });
  });
};

const dismiss: Handler = (ctx) => {
  const alert = owned(ctx, ctx.state.alerts, ctx.body.alert_id, "Alert");
  return idempotent(ctx, ctx.body.idempotency_key, () => {
    const status = ctx.body.action === "dismiss" ? "dismissed" : "active";
    Object.assign(alert, {
      status,
      [`${ctx.body.action === "dismiss" ? "dismissed" : "restored"}_at`]: nowIso(),
    });
    return ok(view(alert));
  });
};

const board: Handler = (ctx) => {
  const filters = (ctx.body.filters ?? {}) as Record<string, unknown>;
  const items = ctx.state.board
    .filter((item) => item.workspace === ctx.identity.workspace)
    .filter((item) => item.kind !== "snapshot" || reachable(ctx, ctx.state.snapshots.get(item.id)!))
    .map((item) => {
      if (item.kind === "snapshot") {
        const s = ctx.state.snapshots.get(item.id)!;
        const { ads, ...rest } = view(s);
        return { kind: "snapshot", ...rest, ads_count: (ads as unknown[]).length };
      }
      return { kind: "alert", ...view(ctx.state.alerts.get(item.id)!) };
    })
    .filter((item) =>
      Object.entries(filters).every(([key, value]) => (item as Record<string, unknown>)[key] === value),
    );
  const size = Math.min(ctx.body.limit ?? DEFAULT_BOARD_PAGE, MAX_BOARD_PAGE);
  let offset = 0;
  if (ctx.body.cursor !== undefined) {
    const m = /^board_(\d+)$/.exec(ctx.body.cursor);
    if (!m) fail(400, `Invalid cursor ${ctx.body.cursor}`);
    offset = Number(m[1]);
  }
  const next = offset + size < items.length ? `board_${offset + size}` : null;
  return ok({ items: items.slice(offset, offset + size), next_cursor: next, total: items.length });
};

const novelty: Handler = (ctx) => {
  const snap = ctx.body.snapshot_id
    ? owned(ctx, ctx.state.snapshots, ctx.body.snapshot_id, "Snapshot")
    : snapshotsOf(ctx).at(-1);
  if (!snap) fail(404, "No snapshot captured yet; call capture-competitor-snapshot first");
  // New means not seen in an earlier snapshot of the same source, and not a repeat angle within the answer.
  const sameSource = snapshotsOf(ctx, snap.source_id as string);
  const earlier = sameSource.slice(0, sameSource.indexOf(snap));
  const seen = new Set(
    earlier.flatMap((s) => (s.ads as { ad_archive_id: string }[]).map((a) => a.ad_archive_id)),
  );
  const angles = new Set<string>();
  const candidates = (
    snap.ads as { ad_archive_id: string; angle: string; format: string; headline: string; body: string }[]
  )
    .filter((ad) => !seen.has(ad.ad_archive_id))
    .filter((ad) => {
      if (angles.has(ad.angle)) return false;
      angles.add(ad.angle);
      return true;
    })
    .slice(0, ctx.body.limit)
    .map((ad) => ({
      concept: `${ad.format} ad on the ${ad.angle.replace("_", " ")} angle: "${ad.headline}"`,
      angle: ad.angle,
      why_new: "Not seen in earlier snapshots of this source, and no other candidate shares its angle",
      citations: [{ snapshot_id: snap.snapshot_id, ad_archive_id: ad.ad_archive_id, excerpt: ad.body }],
    }));
  return ok({ snapshot_id: snap.snapshot_id, candidates });
};

export const competitorHandlers: Record<string, Handler> = {
  "capture-competitor-snapshot": capture,
  "create-competitor-change-routine": createRoutine,
  "pause-competitor-change-routine": setRoutine("paused"),
  "resume-competitor-change-routine": setRoutine("active"),
  "refresh-competitor-change-routine": refresh,
  "dismiss-competitor-change-alert": dismiss,
  "list-competitor-board": board,
  "find-novelty-candidates": novelty,
};
