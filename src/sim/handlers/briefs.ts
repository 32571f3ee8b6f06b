import type { z } from "zod";
import { getTool } from "../../tools/index.js";
import { fail } from "../errors.js";
import { recordAccount } from "./accounts.js";
import { type Handler, type HandlerContext, idempotent, nowIso, ok, owned, view } from "./context.js";

/** Offer and claim versions every workspace has; only approved ones may be cited by a brief. */
export const OFFER_VERSIONS = [
  { id: "offer-v1", text: "20% off the first order", status: "approved" },
  { id: "offer-v2", text: "Free shipping over $50", status: "approved" },
  { id: "offer-v3-pending", text: "Buy one, get one free", status: "pending_approval" },
] as const;
export const CLAIM_VERSIONS = [
  { id: "claim-v1", text: "Rated 4.8 by 2,000+ customers", status: "approved" },
  { id: "claim-v2", text: "Made in small batches", status: "approved" },
  { id: "claim-v3-pending", text: "The best in the world", status: "pending_approval" },
] as const;

/** The brief fields a version holds (the create-creative-brief body without workspace fields). */
let patchSchema: z.ZodType | undefined;
function patchValidator(): z.ZodType {
  if (!patchSchema) {
    const input = getTool("create-creative-brief")!.input;
    patchSchema = input
      .omit({ account_id: true, client_workspace_id: true, briefId: true })
      .partial()
      .strict();
  }
  return patchSchema;
}
const BRIEF_FIELDS = () => Object.keys((patchValidator() as z.ZodObject).shape);

function checkCitations(fields: Record<string, unknown>): void {
  const refuse = (key: string, known: readonly { id: string; status: string }[], what: string) => {
    const ids = fields[key];
    if (ids === undefined) return;
    const bad = (ids as unknown[]).filter((id) => !known.some((k) => k.id === id && k.status === "approved"));
    if (bad.length) {
      fail(
        400,
        `${key}: ${bad.map(String).join(", ")} not found or not approved; cite approved ${what} versions only`,
      );
    }
  };
  refuse("approvedOfferVersionIds", OFFER_VERSIONS, "offer");
  refuse("approvedClaimVersionIds", CLAIM_VERSIONS, "claim");
}

function versionView(rec: Record<string, unknown>) {
  return view(rec);
}

const createBrief: Handler = (ctx) => {
  const { account_id: _a, client_workspace_id: _c, briefId, ...fields } = ctx.body;
  checkCitations(fields);
  const brief_id = briefId ?? ctx.state.id("brief");
  const versions = [...ctx.state.briefs.values()].filter(
    (v) => v.workspace === ctx.identity.workspace && v.brief_id === brief_id,
  );
  const rec = {
    workspace: ctx.identity.workspace,
    version_id: ctx.state.id("bver"),
    brief_id,
    version: versions.length + 1,
    status: "draft",
    account_id: recordAccount(ctx),
    created_at: nowIso(),
    ...fields,
  };
  ctx.state.briefs.set(rec.version_id, rec);
  return ok({ brief_id, version_id: rec.version_id, version: rec.version, status: rec.status });
};

const getBrief: Handler = (ctx) => {
  const rec = owned(ctx, ctx.state.briefs, ctx.body.version_id, "Brief version");
  const ids = (key: string) => ((rec[key] as unknown[] | undefined) ?? []).map(String);
  const snapshots = ids("sourceSnapshotIds").map((id) => {
    const snap = ctx.state.snapshots.get(id);
    return snap && snap.workspace === ctx.identity.workspace
      ? { snapshot_id: id, found: true, captured_at: snap.captured_at, query: snap.query }
      : { snapshot_id: id, found: false };
  });
  return ok({
    ...versionView(rec),
    evidence: {
      offers: OFFER_VERSIONS.filter((o) => ids("approvedOfferVersionIds").includes(o.id)),
      claims: CLAIM_VERSIONS.filter((c) => ids("approvedClaimVersionIds").includes(c.id)),
      snapshots,
      observation_ids: ids("observationIds"),
      interpretations: rec.interpretations ?? [],
    },
  });
};

const editBrief: Handler = (ctx) => {
  const rec: Record<string, unknown> = owned(ctx, ctx.state.briefs, ctx.body.version_id, "Brief version");
  const patch = ctx.body.patch as Record<string, unknown>;
  if (Object.keys(patch).length === 0) fail(400, "patch is empty: give the fields to replace");
  const parsed = patchValidator().safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : issue.path.join(".");
    fail(400, `patch: ${where}: ${issue.message}. Patchable fields: ${BRIEF_FIELDS().join(", ")}`);
  }
  checkCitations(patch);
  // Spec 3.2: the named version's patched fields are replaced; its id, number and status stay.
  Object.assign(rec, patch, { updated_at: nowIso() });
  return ok({
    brief_id: rec.brief_id,
    version_id: rec.version_id,
    version: rec.version,
    status: rec.status,
    changed: Object.keys(patch),
  });
};

const approveBrief: Handler = (ctx) => {
  const rec = owned(ctx, ctx.state.briefs, ctx.body.version_id, "Brief version");
  if (rec.status !== "approved") Object.assign(rec, { status: "approved", approved_at: nowIso() });
  return ok({
    version_id: rec.version_id,
    brief_id: rec.brief_id,
    status: rec.status,
    approved_at: rec.approved_at,
  });
};

const revokeBrief: Handler = (ctx) => {
  const rec = owned(ctx, ctx.state.briefs, ctx.body.version_id, "Brief version");
  if (rec.status !== "approved") fail(400, `Brief version ${rec.version_id} is ${rec.status}, not approved`);
  Object.assign(rec, { status: "revoked", revoked_at: nowIso(), revoke_reason: ctx.body.reason ?? null });
  return ok({
    version_id: rec.version_id,
    brief_id: rec.brief_id,
    status: "revoked",
    reason: rec.revoke_reason,
  });
};

function runView(ctx: HandlerContext, run: Record<string, unknown>) {
  const artifacts = (run._artifacts as string[]).map((id) => view(ctx.state.artifacts.get(id)!));
  return { ...view(run), artifacts };
}

const generate: Handler = (ctx) => {
  const version = owned(ctx, ctx.state.briefs, ctx.body.version_id, "Brief version");
  return idempotent(ctx, ctx.body.idempotency_key, () => {
    if (version.status !== "approved") {
      fail(
        400,
        `Brief version ${version.version_id} is ${version.status}; approve it before generating media`,
      );
    }
    const run = {
      workspace: ctx.identity.workspace,
      run_id: ctx.state.id("run"),
      idempotency_key: ctx.body.idempotency_key,
      version_id: version.version_id,
      media: ctx.body.media,
      status: "running",
      created_at: nowIso(),
      _artifacts: [] as string[],
      _interrupt: ctx.forceInterrupt === true || String(ctx.body.idempotency_key).includes("sim:interrupt"),
    };
    ctx.state.runs.set(run.run_id, run);
    return ok(runView(ctx, run));
  });
};

/** A running run finishes at its next status read, unless its key asks for an interruption first. */
function advance(ctx: HandlerContext, run: Record<string, any>): void {
  if (run.status !== "running") return;
  if (run._interrupt) {
    Object.assign(run, { status: "interrupted", _interrupt: false, interrupted_at: nowIso() });
    return;
  }
  const kinds = run.media === "image" ? ["image", "image", "image"] : ["video", "storyboard"];
  for (const kind of kinds) {
    const artifact_id = ctx.state.id("art");
    const ext = { image: "png", video: "mp4", storyboard: "json" }[kind];
    ctx.state.artifacts.set(artifact_id, {
      workspace: run.workspace,
      artifact_id,
      run_id: run.run_id,
      kind,
      url: `https://cdn.adrails-sim.example/artifacts/${artifact_id}.${ext}`,
      status: "pending_review",
    });
    run._artifacts.push(artifact_id);
  }
  Object.assign(run, { status: "succeeded", finished_at: nowIso() });
}

const status: Handler = (ctx) => {
  const run = owned(ctx, ctx.state.runs, ctx.body.run_id, "Run");
  advance(ctx, run);
  return ok(runView(ctx, run));
};

const resume: Handler = (ctx) => {
  const run = [...ctx.state.runs.values()].find(
    (r) => r.workspace === ctx.identity.workspace && r.idempotency_key === ctx.body.idempotency_key,
  );
  if (!run) fail(404, `No generation run with idempotency_key ${ctx.body.idempotency_key}`);
  const resumed = run.status === "interrupted";
  if (resumed) Object.assign(run, { status: "running", resumed_at: nowIso() });
  return ok({
    ...runView(ctx, run),
    resumed,
    ...(resumed ? {} : { note: `Run is ${run.status}; nothing to resume` }),
  });
};

function decide(decision: "approved" | "rejected"): Handler {
  return (ctx) => {
    const art = owned(ctx, ctx.state.artifacts, ctx.body.artifact_id, "Artifact");
    Object.assign(art, { status: decision, reason: ctx.body.reason ?? null, reviewed_at: nowIso() });
    return ok(view(art));
  };
}

export const briefHandlers: Record<string, Handler> = {
  "create-creative-brief": createBrief,
  "get-creative-brief": getBrief,
  "edit-creative-brief": editBrief,
  "approve-creative-brief": approveBrief,
  "revoke-creative-brief": revokeBrief,
  "generate-from-brief": generate,
  "generation-status": status,
  "resume-generation": resume,
  "approve-generation-artifact": decide("approved"),
  "reject-generation-artifact": decide("rejected"),
};
