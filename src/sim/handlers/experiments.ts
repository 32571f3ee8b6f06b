import { createHmac } from "node:crypto";
import { fail } from "../errors.js";
import { canonical, round, sha256 } from "../random.js";
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

/** Evidence an arm needs before assess-experiment calls it sufficient (the simulator's own rule). */
export const EVIDENCE = { minSampleSize: 1000, minEvents: 30 } as const;

const createExperiment: Handler = (ctx) =>
  idempotent(ctx, ctx.body.idempotencyKey, () => {
    const { account_id: _a, client_workspace_id: _c, ...fields } = ctx.body;
    const rec = {
      workspace: ctx.identity.workspace,
      experiment_id: ctx.state.id("exp"),
      account_id: recordAccount(ctx),
      status: "collecting",
      created_at: nowIso(),
      ...fields,
    };
    ctx.state.experiments.set(rec.experiment_id, rec);
    return ok(view(rec));
  });

const recordResult: Handler = (ctx) => {
  const exp = owned(ctx, ctx.state.experiments, ctx.body.experiment_id, "Experiment");
  return idempotent(ctx, ctx.body.idempotencyKey, () => {
    const { account_id: _a, client_workspace_id: _c, ...fields } = ctx.body;
    for (const key of ["sampleSize", "spend", "events", "numerator", "denominator"]) {
      if ((fields[key] as number) < 0) fail(400, `${key} must not be negative`);
    }
    const rec = {
      workspace: ctx.identity.workspace,
      result_id: ctx.state.id("res"),
      account_id: exp.account_id,
      recorded_at: nowIso(),
      ...fields,
      rate: fields.denominator > 0 ? round(fields.numerator / fields.denominator, 4) : null,
    };
    ctx.state.results.push(rec);
    return ok(view(rec));
  });
};

function latest(ctx: HandlerContext, experimentId: string, side: string) {
  return ctx.state.results.filter((r) => r.experiment_id === experimentId && r.side === side).at(-1);
}

const assess: Handler = (ctx) => {
  const exp = owned(ctx, ctx.state.experiments, ctx.body.experiment_id, "Experiment");
  const missing: string[] = [];
  const arms = Object.fromEntries(
    (["control", "variant"] as const).map((side) => {
      const r = latest(ctx, String(exp.experiment_id), side);
      if (!r) {
        missing.push(`${side} result`);
        return [side, null];
      }
      if ((r.sampleSize as number) < EVIDENCE.minSampleSize) {
        missing.push(`${side} sampleSize ${r.sampleSize} < ${EVIDENCE.minSampleSize}`);
      }
      if ((r.events as number) < EVIDENCE.minEvents)
        missing.push(`${side} events ${r.events} < ${EVIDENCE.minEvents}`);
      if (r.metric !== exp.metric)
        missing.push(`${side} metric ${r.metric} differs from the experiment's ${exp.metric}`);
      if (!((r.denominator as number) > 0)) missing.push(`${side} denominator must be above 0`);
      return [side, view(r)];
    }),
  );
  const c = arms.control?.rate as number | null | undefined;
  const v = arms.variant?.rate as number | null | undefined;
  const lift = c && v !== null && v !== undefined ? round(((v - c) / c) * 100, 1) : null;
  return ok({
    experiment_id: exp.experiment_id,
    sufficient: missing.length === 0,
    missing,
    thresholds: EVIDENCE,
    control: arms.control,
    variant: arms.variant,
    lift_pct: lift,
  });
};

const interpret: Handler = (ctx) => {
  const exp = owned(ctx, ctx.state.experiments, ctx.body.experiment_id, "Experiment");
  const rec = {
    workspace: ctx.identity.workspace,
    interpretation_id: ctx.state.id("int"),
    experiment_id: exp.experiment_id,
    account_id: exp.account_id,
    text: ctx.body.text,
    hypothesis: ctx.body.hypothesis ?? null,
    recorded_at: nowIso(),
  };
  ctx.state.interpretations.push(rec);
  return ok(view(rec));
};

const propose: Handler = (ctx) => {
  const exp = owned(ctx, ctx.state.experiments, ctx.body.experiment_id, "Experiment");
  const rec = {
    workspace: ctx.identity.workspace,
    candidateId: ctx.state.id("cand"),
    experiment_id: exp.experiment_id,
    account_id: exp.account_id,
    text: ctx.body.text,
    rationale: ctx.body.rationale,
    status: "proposed",
    proposed_at: nowIso(),
  };
  ctx.state.candidates.set(rec.candidateId, rec);
  return ok(view(rec));
};

const review: Handler = (ctx) => {
  const rec = owned(ctx, ctx.state.candidates, ctx.body.candidateId, "Learning candidate");
  if (rec.status !== "proposed") fail(400, `Candidate ${rec.candidateId} was already ${rec.status}`);
  Object.assign(rec, { status: ctx.body.decision, reason: ctx.body.reason ?? null, reviewed_at: nowIso() });
  return ok(view(rec));
};

const listLearning: Handler = (ctx) => {
  const expId = ctx.body.experiment_id as string | undefined;
  if (expId !== undefined) owned(ctx, ctx.state.experiments, expId, "Experiment");
  const account = recordAccount(ctx);
  const keep = (r: Record<string, unknown>) =>
    reachable(ctx, r as { workspace: string }) &&
    (expId === undefined ? r.account_id === account : r.experiment_id === expId);
  return ok({
    account_id: expId === undefined ? account : undefined,
    experiments: [...ctx.state.experiments.values()].filter(keep).map(view),
    results: ctx.state.results.filter(keep).map(view),
    interpretations: ctx.state.interpretations.filter(keep).map(view),
    candidates: [...ctx.state.candidates.values()].filter(keep).map(view),
  });
};

function token(ctx: HandlerContext, hash: string): string {
  const mac = createHmac("sha256", `${ctx.world.seed}|${ctx.identity.workspace}`).update(hash).digest("hex");
  return `mtpc_${mac.slice(0, 40)}`;
}

const previewPlan: Handler = (ctx) => {
  const { account_id: _a, client_workspace_id: _c, ...plan } = ctx.body;
  const artifactChecks = (plan.generationArtifacts as unknown[]).map((a) => {
    const id = typeof a === "string" ? a : (a as { artifact_id?: unknown } | null)?.artifact_id;
    const art = typeof id === "string" ? ctx.state.artifacts.get(id) : undefined;
    if (!art || art.workspace !== ctx.identity.workspace) return { artifact: a, status: "unknown" };
    return { artifact_id: id, status: art.status };
  });
  const preview = {
    ...plan,
    artifact_checks: artifactChecks,
    warnings: artifactChecks
      .filter((c) => c.status !== "approved")
      .map((c) => `artifact ${JSON.stringify(c.artifact_id ?? c.artifact)} is ${c.status}`),
    launches: false,
    spends: false,
  };
  const previewHash = sha256(canonical(preview));
  const confirmationToken = token(ctx, previewHash);
  ctx.state.previews.set(`${ctx.identity.workspace}|${previewHash}`, {
    workspace: ctx.identity.workspace,
    previewHash,
    created_at: nowIso(),
  });
  return ok({ preview, previewHash, confirmationToken });
};

const approvePlan: Handler = (ctx) => {
  const hash = sha256(canonical(ctx.body.preview));
  if (hash !== ctx.body.previewHash)
    fail(400, "preview does not match previewHash: approve the exact preview returned");
  const key = `${ctx.identity.workspace}|${hash}`;
  if (!ctx.state.previews.has(key) || ctx.body.confirmationToken !== token(ctx, hash)) {
    fail(400, "confirmationToken is not valid for this preview; call preview-meta-test-plan again");
  }
  let approval = ctx.state.planApprovals.get(key);
  if (!approval) {
    approval = {
      workspace: ctx.identity.workspace,
      plan_id: ctx.state.id("plan"),
      previewHash: hash,
      status: "approved_for_preparation",
      launched: false,
      spent: 0,
      approved_at: nowIso(),
    };
    ctx.state.planApprovals.set(key, approval);
  }
  return ok(view(approval));
};

export const experimentHandlers: Record<string, Handler> = {
  "create-experiment": createExperiment,
  "record-experiment-result": recordResult,
  "assess-experiment": assess,
  "record-result-interpretation": interpret,
  "propose-learning-memory": propose,
  "review-learning-memory": review,
  "list-learning": listLearning,
  "preview-meta-test-plan": previewPlan,
  "approve-meta-test-plan": approvePlan,
};
