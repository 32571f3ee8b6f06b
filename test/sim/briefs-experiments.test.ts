import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Simulator, startSimulator } from "../../src/sim/index.js";
import { call } from "./helpers.js";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: "briefs", rateLimit: { limit: 10_000 } });
});
beforeEach(() => sim.control.reset());
afterAll(() => sim.close());

const briefBody = (extra: Record<string, unknown> = {}) => ({
  facts: ["Ships in 2 days"],
  hypothesis: "Speed beats price for this audience",
  sourceSnapshotIds: [],
  observationIds: ["obs-1"],
  approvedOfferVersionIds: ["offer-v1"],
  approvedClaimVersionIds: ["claim-v1"],
  approvedContextHash: "ctx-1",
  interpretations: [],
  templateVersion: "t1",
  modelVersion: "m1",
  mediaVersion: "v1",
  promptSnapshot: { prompt: "p" },
  feasibility: [],
  imageDirection: { style: "bright" },
  videoScript: "Open on the box.",
  storyboard: [],
  assetRequirements: ["1:1"],
  ...extra,
});

async function approvedBrief(): Promise<string> {
  const created = await call(sim, "create-creative-brief", briefBody());
  const versionId = created.body.data.version_id;
  await call(sim, "approve-creative-brief", { version_id: versionId });
  return versionId;
}

describe("creative briefs", () => {
  it("creates a draft version and returns it with its evidence", async () => {
    const created = await call(sim, "create-creative-brief", briefBody());
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ version: 1, status: "draft", version_id: expect.any(String) });
    const got = await call(sim, "get-creative-brief", { version_id: created.body.data.version_id });
    expect(got.body.data).toMatchObject({
      hypothesis: "Speed beats price for this audience",
      status: "draft",
    });
    expect(got.body.data.evidence.offers.map((o: any) => o.id)).toEqual(["offer-v1"]);
    expect((await call(sim, "get-creative-brief", { version_id: "bver_nope" })).status).toBe(404);
  });

  it("refuses to cite offer or claim versions that are unknown or not approved", async () => {
    const pending = await call(
      sim,
      "create-creative-brief",
      briefBody({ approvedOfferVersionIds: ["offer-v3-pending"] }),
    );
    expect(pending.status).toBe(400);
    expect(pending.body.data.error).toMatch(/offer-v3-pending/);
    const unknown = await call(
      sim,
      "create-creative-brief",
      briefBody({ approvedClaimVersionIds: ["claim-x"] }),
    );
    expect(unknown.status).toBe(400);
    expect(sim.control.state().briefs).toEqual([]);
  });

  it("edit replaces the patched fields of the named version; approve and revoke move it", async () => {
    const v1 = (await call(sim, "create-creative-brief", briefBody())).body.data;
    const edited = await call(sim, "edit-creative-brief", {
      version_id: v1.version_id,
      patch: { hypothesis: "New" },
    });
    expect(edited.body.data).toMatchObject({
      version_id: v1.version_id,
      version: 1,
      status: "draft",
      changed: ["hypothesis"],
    });
    const v2 = v1.version_id;
    const read = (await call(sim, "get-creative-brief", { version_id: v2 })).body.data;
    expect(read.hypothesis).toBe("New");
    expect(read.facts).toEqual(briefBody().facts);
    expect(sim.control.state().briefs).toHaveLength(1);
    expect(
      (await call(sim, "edit-creative-brief", { version_id: v2, patch: { colour: "red" } })).status,
    ).toBe(400);
    expect((await call(sim, "edit-creative-brief", { version_id: v2, patch: {} })).status).toBe(400);
    expect(
      (await call(sim, "edit-creative-brief", { version_id: v2, patch: { facts: "not an array" } })).status,
    ).toBe(400);

    expect((await call(sim, "revoke-creative-brief", { version_id: v2 })).status).toBe(400);
    expect((await call(sim, "approve-creative-brief", { version_id: v2 })).body.data.status).toBe("approved");
    const revoked = await call(sim, "revoke-creative-brief", { version_id: v2, reason: "claim changed" });
    expect(revoked.body.data).toMatchObject({ status: "revoked", reason: "claim changed" });
  });

  it("briefs of another workspace are not found, whatever client_workspace_id says", async () => {
    const v = (await call(sim, "create-creative-brief", briefBody())).body.data.version_id;
    const workspace = sim.control.state().briefs[0]?.workspace;
    expect(workspace).toEqual(expect.any(String));
    const other = { key: sim.keys.agency };
    expect((await call(sim, "get-creative-brief", { version_id: v }, other)).status).toBe(404);
    const claimed = await call(
      sim,
      "get-creative-brief",
      { version_id: v, client_workspace_id: workspace },
      other,
    );
    expect(claimed.status).toBe(404);
  });
});

describe("generation runs", () => {
  it("needs an approved brief", async () => {
    const v = (await call(sim, "create-creative-brief", briefBody())).body.data.version_id;
    const a = await call(sim, "generate-from-brief", {
      version_id: v,
      media: "image",
      idempotency_key: "gen-1",
    });
    expect(a.status).toBe(400);
    expect(a.body.data.error).toMatch(/approve/);
    await call(sim, "approve-creative-brief", { version_id: v });
    await call(sim, "revoke-creative-brief", { version_id: v });
    expect(
      (await call(sim, "generate-from-brief", { version_id: v, media: "image", idempotency_key: "gen-1" }))
        .status,
    ).toBe(400);
  });

  it("runs once per idempotency key, finishes on the next status read and yields artifacts to review", async () => {
    const v = await approvedBrief();
    const run = await call(sim, "generate-from-brief", {
      version_id: v,
      media: "image",
      idempotency_key: "gen-2",
    });
    expect(run.body.data).toMatchObject({ status: "running", run_id: expect.any(String) });
    const again = await call(sim, "generate-from-brief", {
      version_id: v,
      media: "image",
      idempotency_key: "gen-2",
    });
    expect(again.body.data.run_id).toBe(run.body.data.run_id);
    expect(sim.control.state().runs).toHaveLength(1);

    const status = await call(sim, "generation-status", { run_id: run.body.data.run_id });
    expect(status.body.data.status).toBe("succeeded");
    const artifacts = status.body.data.artifacts;
    expect(artifacts).toHaveLength(3);
    const ok = await call(sim, "approve-generation-artifact", {
      artifact_id: artifacts[0].artifact_id,
      reason: "on brand",
    });
    expect(ok.body.data).toMatchObject({ status: "approved", reason: "on brand" });
    const no = await call(sim, "reject-generation-artifact", { artifact_id: artifacts[1].artifact_id });
    expect(no.body.data.status).toBe("rejected");
    expect((await call(sim, "approve-generation-artifact", { artifact_id: "art_nope" })).status).toBe(404);
    expect((await call(sim, "generation-status", { run_id: "run_nope" })).status).toBe(404);
  });

  it("an interrupted run resumes by its original idempotency key", async () => {
    const v = await approvedBrief();
    const key = "gen-sim:interrupt-1";
    const run = await call(sim, "generate-from-brief", {
      version_id: v,
      media: "video",
      idempotency_key: key,
    });
    const runId = run.body.data.run_id;
    expect((await call(sim, "generation-status", { run_id: runId })).body.data.status).toBe("interrupted");
    expect((await call(sim, "resume-generation", { idempotency_key: "other-key" })).status).toBe(404);
    const resumed = await call(sim, "resume-generation", { idempotency_key: key });
    expect(resumed.body.data).toMatchObject({ run_id: runId, resumed: true, status: "running" });
    const done = await call(sim, "generation-status", { run_id: runId });
    expect(done.body.data.status).toBe("succeeded");
    expect(done.body.data.artifacts.map((a: any) => a.kind)).toEqual(["video", "storyboard"]);
    const noop = await call(sim, "resume-generation", { idempotency_key: key });
    expect(noop.body.data.resumed).toBe(false);
  });

  it("an interrupt fault interrupts the next run whatever its key; the one after runs through", async () => {
    const v = await approvedBrief();
    sim.control.fault({ kind: "interrupt", tool: "generate-from-brief" });
    const first = await call(sim, "generate-from-brief", {
      version_id: v,
      media: "image",
      idempotency_key: "plain-1",
    });
    const second = await call(sim, "generate-from-brief", {
      version_id: v,
      media: "image",
      idempotency_key: "plain-2",
    });
    const status = async (run: any) =>
      (await call(sim, "generation-status", { run_id: run.body.data.run_id })).body.data.status;
    expect(await status(first)).toBe("interrupted");
    expect(await status(second)).toBe("succeeded");
    const resumed = await call(sim, "resume-generation", { idempotency_key: "plain-1" });
    expect(resumed.body.data).toMatchObject({ run_id: first.body.data.run_id, resumed: true });
  });
});

describe("experiments and learning", () => {
  const experiment = {
    idempotencyKey: "exp-key-1",
    controlRef: "ad-1",
    variantRef: "ad-2",
    objective: "leads",
    metric: "cpl",
    audience: "broad",
    source: "ads",
    provider: "meta",
    attribution: "7d_click",
    window: { days: 14 },
  };
  const result = (side: string, extra: Record<string, unknown> = {}) => ({
    ref: side === "control" ? "ad-1" : "ad-2",
    side,
    objective: "leads",
    metric: "cpl",
    audience: "broad",
    source: "ads",
    provider: "meta",
    attribution: "7d_click",
    window: { days: 14 },
    freshnessAt: "2025-03-01T00:00:00Z",
    sampleSize: 5000,
    spend: 900,
    events: 80,
    numerator: 80,
    denominator: 5000,
    idempotencyKey: `res-${side}`,
    ...extra,
  });

  it("creates an experiment once per idempotencyKey and assesses its evidence", async () => {
    const a = await call(sim, "create-experiment", experiment);
    const b = await call(sim, "create-experiment", experiment);
    expect(b.body.data.experiment_id).toBe(a.body.data.experiment_id);
    const id = a.body.data.experiment_id;

    let assess = await call(sim, "assess-experiment", { experiment_id: id });
    expect(assess.body.data).toMatchObject({
      sufficient: false,
      missing: ["control result", "variant result"],
    });

    await call(sim, "record-experiment-result", { experiment_id: id, ...result("control") });
    await call(sim, "record-experiment-result", {
      experiment_id: id,
      ...result("variant", { sampleSize: 200, events: 10 }),
    });
    assess = await call(sim, "assess-experiment", { experiment_id: id });
    expect(assess.body.data.sufficient).toBe(false);
    expect(assess.body.data.missing.join(" ")).toMatch(/variant sampleSize 200/);

    await call(sim, "record-experiment-result", {
      experiment_id: id,
      ...result("variant", { numerator: 100, idempotencyKey: "res-v2" }),
    });
    assess = await call(sim, "assess-experiment", { experiment_id: id });
    expect(assess.body.data).toMatchObject({ sufficient: true, missing: [], lift_pct: 25 });
  });

  it("a repeated result idempotencyKey records nothing new; bad references are 404", async () => {
    const id = (await call(sim, "create-experiment", experiment)).body.data.experiment_id;
    await call(sim, "record-experiment-result", { experiment_id: id, ...result("control") });
    await call(sim, "record-experiment-result", { experiment_id: id, ...result("control") });
    expect(sim.control.state().results).toHaveLength(1);
    expect(
      (await call(sim, "record-experiment-result", { experiment_id: "exp_nope", ...result("control") }))
        .status,
    ).toBe(404);
    expect(
      (await call(sim, "record-experiment-result", { experiment_id: id, ...result("both") })).status,
    ).toBe(400);
    expect((await call(sim, "assess-experiment", { experiment_id: "exp_nope" })).status).toBe(404);
  });

  it("records interpretations, proposes and reviews learning, and lists it", async () => {
    const id = (await call(sim, "create-experiment", experiment)).body.data.experiment_id;
    await call(sim, "record-result-interpretation", {
      experiment_id: id,
      text: "Speed wins",
      hypothesis: "h",
    });
    const proposed = await call(sim, "propose-learning-memory", {
      experiment_id: id,
      text: "Lead with speed",
      rationale: "+25%",
    });
    const candidateId = proposed.body.data.candidateId;
    expect(proposed.body.data.status).toBe("proposed");
    const reviewed = await call(sim, "review-learning-memory", { candidateId, decision: "approved" });
    expect(reviewed.body.data.status).toBe("approved");
    expect((await call(sim, "review-learning-memory", { candidateId, decision: "rejected" })).status).toBe(
      400,
    );
    expect(
      (await call(sim, "review-learning-memory", { candidateId: "cand_nope", decision: "rejected" })).status,
    ).toBe(404);

    const all = await call(sim, "list-learning", {});
    expect(all.body.data.experiments).toHaveLength(1);
    expect(all.body.data.interpretations).toHaveLength(1);
    expect(all.body.data.candidates[0]).toMatchObject({ candidateId, status: "approved" });
    const one = await call(sim, "list-learning", { experiment_id: id });
    expect(one.body.data.candidates).toHaveLength(1);
    expect((await call(sim, "list-learning", { experiment_id: "exp_nope" })).status).toBe(404);
  });
});

describe("meta test plans", () => {
  const plan = {
    scope: { account: "main" },
    creativeBrief: { version_id: "v" },
    control: { ad: "1" },
    variant: { ad: "2" },
    allocation: { split: 50 },
    dates: { start: "2025-04-01" },
    window: { days: 14 },
    successRule: { lift: 10 },
    killRule: { cpl: 50 },
    budget: { daily: 100 },
    evidenceLineage: {},
    generationArtifacts: [],
    objective: "leads",
    metric: "cpl",
  };

  it("previews without launching and approves only the exact preview with its token", async () => {
    const p = await call(sim, "preview-meta-test-plan", plan);
    expect(p.status).toBe(200);
    const { preview, previewHash, confirmationToken } = p.body.data;
    expect(preview).toMatchObject({ launches: false, spends: false, objective: "leads" });
    expect(previewHash).toMatch(/^[0-9a-f]{64}$/);

    const tampered = await call(sim, "approve-meta-test-plan", {
      preview: { ...preview, budget: { daily: 9999 } },
      previewHash,
      confirmationToken,
    });
    expect(tampered.status).toBe(400);
    const badToken = await call(sim, "approve-meta-test-plan", {
      preview,
      previewHash,
      confirmationToken: "mtpc_forged",
    });
    expect(badToken.status).toBe(400);
    const otherWorkspace = await call(
      sim,
      "approve-meta-test-plan",
      { preview, previewHash, confirmationToken },
      { key: sim.keys.agency },
    );
    expect(otherWorkspace.status).toBe(400);

    const ok = await call(sim, "approve-meta-test-plan", { preview, previewHash, confirmationToken });
    expect(ok.body.data).toMatchObject({
      status: "approved_for_preparation",
      launched: false,
      spent: 0,
      previewHash,
    });
    const again = await call(sim, "approve-meta-test-plan", { preview, previewHash, confirmationToken });
    expect(again.body.data.plan_id).toBe(ok.body.data.plan_id);
    expect(sim.control.ads()).toEqual([]);
  });

  it("flags generation artifacts that are not approved", async () => {
    const p = await call(sim, "preview-meta-test-plan", { ...plan, generationArtifacts: ["art_missing"] });
    expect(p.body.data.preview.warnings[0]).toMatch(/art_missing.*unknown/);
  });
});
