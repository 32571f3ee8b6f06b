// The spec's tool tables (../shared/spec/http-tool-api.md, section 4), transcribed by hand and
// independently of src/tools, so the catalog is checked against the contract rather than itself.

export interface SpecField {
  required?: boolean;
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  enum?: readonly string[];
  default?: unknown;
  format?: "uri" | "date";
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

export interface SpecTool {
  group: "A" | "B" | "C" | "D" | "E" | "F";
  statuses: number[];
  plan: "every" | "paid" | "not-shown";
  fields: Record<string, SpecField>;
}

const s = (extra: SpecField = {}): SpecField => ({ type: "string", ...extra });
const R = (f: SpecField): SpecField => ({ ...f, required: true });
const obj = (extra: SpecField = {}): SpecField => ({ type: "object", ...extra });
const arr = (extra: SpecField = {}): SpecField => ({ type: "array", ...extra });
const num = (extra: SpecField = {}): SpecField => ({ type: "number", ...extra });
const int = (extra: SpecField = {}): SpecField => ({ type: "integer", ...extra });

const PLAIN = [200, 400, 401, 429, 503];
const ACCOUNT_READ = [200, 400, 401, 403, 404, 429, 503];
const COPY = [200, 400, 401, 403, 422, 429, 502, 503];
const WORKFLOW = [200, 207, 400, 401, 403, 404, 409, 429, 503];
const PRESETS = [
  "today",
  "yesterday",
  "last_3d",
  "last_7d",
  "last_14d",
  "last_30d",
  "last_90d",
  "this_month",
  "last_month",
];
const requestId = (required = false): SpecField => ({
  type: "string",
  minLength: 8,
  maxLength: 128,
  required,
});
const ws = { account_id: s(), client_workspace_id: s() };
const E = (fields: Record<string, SpecField>): SpecTool => ({
  group: "E",
  statuses: ACCOUNT_READ,
  plan: "not-shown",
  fields: { ...ws, ...fields },
});
const F = (fields: Record<string, SpecField>): SpecTool => ({ ...E(fields), group: "F" });
const D = (fields: Record<string, SpecField>): SpecTool => ({
  group: "D",
  statuses: PLAIN,
  plan: "not-shown",
  fields,
});

export const SPEC: Record<string, SpecTool> = {
  "list-accounts": { group: "A", statuses: PLAIN, plan: "every", fields: {} },
  results: {
    group: "A",
    statuses: ACCOUNT_READ,
    plan: "every",
    fields: {
      account_id: s(),
      level: s({ enum: ["account", "campaign", "adset", "ad"], default: "campaign" }),
      date_preset: s({ enum: PRESETS, default: "last_7d" }),
      since: s({ format: "date" }),
      until: s({ format: "date" }),
    },
  },
  health: { group: "A", statuses: ACCOUNT_READ, plan: "every", fields: { account_id: s() } },
  "winner-insights": { group: "A", statuses: ACCOUNT_READ, plan: "every", fields: { account_id: s() } },
  "fatigue-alerts": {
    group: "A",
    statuses: ACCOUNT_READ,
    plan: "every",
    fields: { account_id: s(), quick: { type: "boolean", default: false } },
  },

  benchmarks: { group: "B", statuses: PLAIN, plan: "every", fields: { niche: s() } },
  compare: {
    group: "B",
    statuses: PLAIN,
    plan: "every",
    fields: { niche: R(s()), your_cpm: num(), your_ctr: num(), your_cpl: num() },
  },
  fatigue: {
    group: "B",
    statuses: PLAIN,
    plan: "every",
    fields: {
      frequency: R(num({ minimum: 0 })),
      ctr_trend: R(arr({ minItems: 2 })),
      days_running: R(num({ minimum: 0 })),
    },
  },
  "list-skills": { group: "B", statuses: PLAIN, plan: "every", fields: {} },
  "get-skill": { group: "B", statuses: PLAIN, plan: "every", fields: { slug: R(s()) } },

  "ad-copy": {
    group: "C",
    statuses: COPY,
    plan: "paid",
    fields: {
      url: s(),
      description: s({ maxLength: 2000 }),
      objective: R(s({ enum: ["Leads", "Purchases", "Awareness", "Sign Ups"] })),
      tone: s({ enum: ["Professional", "Casual", "Urgent", "Fun", "Bold"], default: "Professional" }),
    },
  },
  hooks: {
    group: "C",
    statuses: COPY,
    plan: "paid",
    fields: {
      url: s({ format: "uri" }),
      description: s({ maxLength: 1000 }),
      platform: s({ default: "both" }),
    },
  },
  "save-creative": {
    group: "C",
    statuses: PLAIN,
    plan: "every",
    fields: {
      image_urls: arr({ minItems: 1, maxItems: 10 }),
      image_url: s({ format: "uri" }),
      prompt: s({ default: "External upload" }),
      aspect_ratio: s({ default: "1:1" }),
      resolution: s({ default: "2K" }),
    },
  },
  "push-creative": {
    group: "C",
    statuses: WORKFLOW,
    plan: "paid",
    fields: {
      account_id: R(s()),
      request_id: requestId(true),
      adset_id: R(s()),
      image_url: s({ format: "uri" }),
      video_url: s({ format: "uri" }),
      thumbnail_url: s({ format: "uri" }),
      primary_text: s(),
      headline: s(),
      ad_name: s(),
      cta_type: s(),
      website_url: s({ format: "uri" }),
      lead_gen_form_id: s(),
      fb_page_id: s(),
      ig_page_id: s(),
      beneficiary: s(),
      payer: s(),
      status: s({ enum: ["PAUSED", "ACTIVE"], default: "PAUSED" }),
      hard_confirm_text: s(),
    },
  },
  "creative-dna": {
    group: "C",
    statuses: WORKFLOW,
    plan: "paid",
    fields: { account_id: R(s()), brand_url: R(s()), brand_name: s(), request_id: requestId() },
  },
  "analyze-winning-ad": {
    group: "C",
    statuses: ACCOUNT_READ,
    plan: "paid",
    fields: { account_id: R(s()), ad_id: R(s()) },
  },
  "url-to-ads": {
    group: "C",
    statuses: WORKFLOW,
    plan: "paid",
    fields: {
      account_id: R(s()),
      url: R(s()),
      count: int({ default: 27 }),
      angles: arr(),
      aspect_ratio: s({ default: "1:1" }),
      request_id: requestId(),
    },
  },
  "multiply-winner": {
    group: "C",
    statuses: WORKFLOW,
    plan: "paid",
    fields: {
      account_id: R(s()),
      ad_id: s(),
      image_url: s({ format: "uri" }),
      count: int({ default: 10 }),
      aspect_ratio: s({ default: "1:1" }),
      request_id: requestId(),
    },
  },
  "competitor-creatives": {
    group: "C",
    statuses: WORKFLOW,
    plan: "paid",
    fields: {
      account_id: R(s()),
      competitor_name: s(),
      page_id: s(),
      country: s({ default: "US", minLength: 2, maxLength: 2 }),
      request_id: requestId(),
    },
  },
  "creative-matrix": {
    group: "C",
    statuses: WORKFLOW,
    plan: "paid",
    fields: {
      account_id: R(s()),
      angles: R(arr({ minItems: 1 })),
      hooks: arr({ default: ["question"] }),
      visual_styles: arr({ default: ["headline"] }),
      aspect_ratio: s({ default: "1:1" }),
      request_id: requestId(),
    },
  },
  "creative-loop": {
    group: "C",
    statuses: WORKFLOW,
    plan: "paid",
    fields: { account_id: R(s()), auto_launch: { type: "boolean", default: false }, request_id: requestId() },
  },
  "emergency-recovery": {
    group: "C",
    statuses: [410],
    plan: "paid",
    fields: {
      account_id: R(s()),
      request_id: requestId(true),
      threshold_cpl_multiplier: num({ default: 2 }),
    },
  },

  "integrations-get-status": D({ connection_id: R(s()) }),
  "integrations-intelligence-report": D({ connection_ids: R(arr({ minItems: 1, maxItems: 4 })) }),
  "integrations-list-connections": D({}),
  "integrations-query": D({ request: R(obj()) }),

  "approve-creative-brief": E({ version_id: R(s()) }),
  "approve-generation-artifact": E({ artifact_id: R(s()), reason: s() }),
  "approve-meta-test-plan": E({ preview: R(obj()), previewHash: R(s()), confirmationToken: R(s()) }),
  "assess-experiment": E({ experiment_id: R(s()) }),
  "create-creative-brief": E({
    facts: R(arr()),
    hypothesis: R(s()),
    sourceSnapshotIds: R(arr()),
    observationIds: R(arr()),
    approvedOfferVersionIds: R(arr()),
    approvedClaimVersionIds: R(arr()),
    approvedContextHash: R(s()),
    interpretations: R(arr()),
    templateVersion: R(s()),
    modelVersion: R(s()),
    mediaVersion: R(s()),
    promptSnapshot: R(obj()),
    feasibility: R(arr()),
    imageDirection: R(obj()),
    videoScript: R(s()),
    storyboard: R(arr()),
    assetRequirements: R(arr()),
    briefId: s(),
  }),
  "create-experiment": E({
    idempotencyKey: R(s()),
    controlRef: R(s()),
    variantRef: R(s()),
    objective: R(s()),
    metric: R(s()),
    audience: R(s()),
    source: R(s()),
    provider: R(s()),
    attribution: R(s()),
    window: R(obj()),
  }),
  "edit-creative-brief": E({ version_id: R(s()), patch: R(obj()) }),
  "generate-from-brief": E({
    version_id: R(s()),
    media: R(s({ enum: ["image", "video"] })),
    idempotency_key: R(s()),
  }),
  "get-creative-brief": E({ version_id: R(s()) }),
  "generation-status": E({ run_id: R(s()) }),
  "list-learning": E({ experiment_id: s() }),
  "preview-meta-test-plan": E({
    scope: R(obj()),
    creativeBrief: R(obj()),
    control: R(obj()),
    variant: R(obj()),
    allocation: R(obj()),
    dates: R(obj()),
    window: R(obj()),
    successRule: R(obj()),
    killRule: R(obj()),
    budget: R(obj()),
    evidenceLineage: R(obj()),
    generationArtifacts: R(arr()),
    objective: R(s()),
    metric: R(s()),
  }),
  "propose-learning-memory": E({ experiment_id: R(s()), text: R(s()), rationale: R(s()) }),
  "record-experiment-result": E({
    experiment_id: R(s()),
    ref: R(s()),
    objective: R(s()),
    metric: R(s()),
    audience: R(s()),
    source: R(s()),
    provider: R(s()),
    attribution: R(s()),
    freshnessAt: R(s()),
    idempotencyKey: R(s()),
    side: R(s({ enum: ["control", "variant"] })),
    window: R(obj()),
    sampleSize: R(num()),
    spend: R(num()),
    events: R(num()),
    numerator: R(num()),
    denominator: R(num()),
  }),
  "record-result-interpretation": E({ experiment_id: R(s()), text: R(s()), hypothesis: s() }),
  "reject-generation-artifact": E({ artifact_id: R(s()), reason: s() }),
  "resume-generation": E({ idempotency_key: R(s()) }),
  "review-learning-memory": E({
    candidateId: R(s()),
    decision: R(s({ enum: ["approved", "rejected"] })),
    reason: s(),
  }),
  "revoke-creative-brief": E({ version_id: R(s()), reason: s() }),

  "capture-competitor-snapshot": F({
    source_kind: R(s({ enum: ["page_id", "search_terms"] })),
    query: R(s()),
    market: R(s()),
    ad_type: s({ enum: ["ALL", "POLITICAL_AND_ISSUE_ADS"] }),
    limit: int({ minimum: 1 }),
  }),
  "create-competitor-change-routine": F({
    source_id: R(s()),
    name: R(s()),
    cadence_seconds: R(int({ minimum: 1 })),
  }),
  "dismiss-competitor-change-alert": F({
    alert_id: R(s()),
    action: R(s({ enum: ["dismiss", "restore"] })),
    idempotency_key: R(s()),
  }),
  "find-novelty-candidates": F({ snapshot_id: s(), limit: int({ minimum: 1, maximum: 3, default: 3 }) }),
  "list-competitor-board": F({ filters: obj(), cursor: s(), limit: int({ minimum: 1 }) }),
  "pause-competitor-change-routine": F({ routine_id: R(s()) }),
  "refresh-competitor-change-routine": F({
    routine_id: R(s()),
    source_id: R(s()),
    durable_run_id: R(s()),
    idempotency_key: R(s()),
    observed_at: R(s()),
    coverage: R(s({ enum: ["complete", "partial", "unavailable", "failed", "stale"] })),
    current_hash: s(),
  }),
  "resume-competitor-change-routine": F({ routine_id: R(s()) }),
};
