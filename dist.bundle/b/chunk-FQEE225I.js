import {
  STATUSES,
  accountId,
  anyArray,
  atLeastOne,
  countryCode,
  exactlyOne,
  integer,
  isoDate,
  itemCount,
  looseUrl,
  openObject,
  publicUri,
  readAccountId,
  requestId,
  uri,
  workspaceFields
} from "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/tools/define.js
function defineTool(def) {
  const readOnly = def.effect === "read" || def.effect === "calculator";
  const { input: given, ...rest } = def;
  const build = typeof given === "function" ? given : () => given;
  let input;
  let inputSchema;
  const object = /* @__PURE__ */ __name(() => {
    input ??= build();
    return input;
  }, "object");
  return {
    ...rest,
    get input() {
      return object();
    },
    get inputSchema() {
      inputSchema ??= withRules(object(), def.rules);
      return inputSchema;
    },
    hints: { readOnly, destructive: false, idempotent: readOnly || def.idField !== void 0, ...def.hints }
  };
}
__name(defineTool, "defineTool");
function withRules(schema, rules) {
  return rules ? schema.superRefine(rules) : schema;
}
__name(withRules, "withRules");

// dist/tools/account/fatigue-alerts.js
import { z } from "zod";
var fatigueAlerts = defineTool({
  name: "fatigue-alerts",
  group: "A",
  description: "Flag ads with rising frequency and decaying CTR.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z.strictObject({
    account_id: readAccountId(),
    quick: z.boolean().default(false).describe("true: fast shallow pass")
  }), "input")
});

// dist/tools/account/health.js
import { z as z2 } from "zod";
var health = defineTool({
  name: "health",
  group: "A",
  description: "Score account health: a headline score plus delivery, efficiency, creative freshness and structure.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z2.strictObject({ account_id: readAccountId() }), "input")
});

// dist/tools/account/list-accounts.js
import { z as z3 } from "zod";
var listAccounts = defineTool({
  name: "list-accounts",
  group: "A",
  description: "List the ad accounts this key can act on (id, name, currency). Call first to get an account_id. An empty list proves only that the key works.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.plain,
  // The one body the service ignores (spec 4.A): extra keys are dropped, not refused.
  input: /* @__PURE__ */ __name(() => z3.object({}), "input")
});

// dist/tools/account/results.js
import { z as z4 } from "zod";
var results = defineTool({
  name: "results",
  group: "A",
  description: "Get spend, results, CPA/CPL, CTR and CPM aggregated at a level. Use date_preset or a since/until window, not both.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z4.strictObject({
    account_id: readAccountId(),
    level: z4.enum(["account", "campaign", "adset", "ad"]).default("campaign"),
    date_preset: z4.enum([
      "today",
      "yesterday",
      "last_3d",
      "last_7d",
      "last_14d",
      "last_30d",
      "last_90d",
      "this_month",
      "last_month"
    ]).optional().meta({ default: "last_7d" }),
    since: isoDate().optional(),
    until: isoDate().optional()
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => {
    if (v.since !== void 0 && v.until === void 0) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "required when since is set" });
    }
    if (v.date_preset !== void 0 && (v.since !== void 0 || v.until !== void 0)) {
      ctx.addIssue({
        code: "custom",
        path: ["date_preset"],
        message: "give date_preset or since/until, not both"
      });
    }
  }, "rules")
});

// dist/tools/account/winner-insights.js
import { z as z5 } from "zod";
var winnerInsights = defineTool({
  name: "winner-insights",
  group: "A",
  description: "Find patterns shared by the top-performing ads (formats, hooks, angles, traits).",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z5.strictObject({ account_id: readAccountId() }), "input")
});

// dist/tools/calculators/benchmarks.js
import { z as z6 } from "zod";
var benchmarks = defineTool({
  name: "benchmarks",
  group: "B",
  description: "Get industry benchmarks (CPM, CTR, CPA). Omit niche to get every industry and discover the valid niche slugs.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z6.strictObject({ niche: z6.string().optional() }), "input")
});

// dist/tools/calculators/compare.js
import { z as z7 } from "zod";
var compare = defineTool({
  name: "compare",
  group: "B",
  description: "Compare your metrics with an industry benchmark, ahead or behind per metric. Give at least one metric; niche is a slug from benchmarks.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z7.strictObject({
    niche: z7.string(),
    your_cpm: z7.number().optional(),
    your_ctr: z7.number().optional().describe("Percent"),
    your_cpl: z7.number().optional()
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => atLeastOne(v, ctx, "your_cpm", "your_ctr", "your_cpl"), "rules")
});

// dist/tools/calculators/fatigue.js
import { z as z8 } from "zod";
var fatigue = defineTool({
  name: "fatigue",
  group: "B",
  description: "Judge creative fatigue from frequency, CTR trend and days running; returns a verdict and action.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z8.strictObject({
    frequency: z8.number().min(0),
    ctr_trend: z8.array(z8.number()).min(2).describe("Oldest first"),
    days_running: z8.number().min(0)
  }), "input")
});

// dist/tools/calculators/get-skill.js
import { z as z9 } from "zod";
var getSkill = defineTool({
  name: "get-skill",
  group: "B",
  description: "Read one skill in full: thresholds, decision rules, reasoning. Get slugs from list-skills.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z9.strictObject({ slug: z9.string() }), "input")
});

// dist/tools/calculators/list-skills.js
import { z as z10 } from "zod";
var listSkills = defineTool({
  name: "list-skills",
  group: "B",
  description: "List the expert playbooks (skills) by slug, title and summary.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z10.strictObject({}), "input")
});

// dist/tools/competitors/capture-competitor-snapshot.js
import { z as z11 } from "zod";
var captureCompetitorSnapshot = defineTool({
  name: "capture-competitor-snapshot",
  group: "F",
  description: "Search the public ad library for a competitor's ads and save them as a snapshot; its source_id is what a change routine watches.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z11.object({
    ...workspaceFields(),
    source_kind: z11.enum(["page_id", "search_terms"]),
    query: z11.string(),
    market: z11.string(),
    ad_type: z11.enum(["ALL", "POLITICAL_AND_ISSUE_ADS"]).optional(),
    limit: integer().min(1).optional()
  }), "input")
});

// dist/tools/competitors/create-competitor-change-routine.js
import { z as z12 } from "zod";
var createCompetitorChangeRoutine = defineTool({
  name: "create-competitor-change-routine",
  group: "F",
  description: "Create a routine that watches a competitor source (source_id from capture-competitor-snapshot) for changes on a cadence.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z12.object({
    ...workspaceFields(),
    source_id: z12.string(),
    name: z12.string(),
    cadence_seconds: integer().min(1)
  }), "input")
});

// dist/tools/competitors/dismiss-competitor-change-alert.js
import { z as z13 } from "zod";
var dismissCompetitorChangeAlert = defineTool({
  name: "dismiss-competitor-change-alert",
  group: "F",
  description: "Dismiss or restore a competitor change alert.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotency_key", required: true },
  input: /* @__PURE__ */ __name(() => z13.object({
    ...workspaceFields(),
    alert_id: z13.string(),
    action: z13.enum(["dismiss", "restore"]),
    idempotency_key: z13.string()
  }), "input")
});

// dist/tools/competitors/find-novelty-candidates.js
import { z as z14 } from "zod";
var findNoveltyCandidates = defineTool({
  name: "find-novelty-candidates",
  group: "F",
  description: "Find new concepts (not similar or duplicate) in competitor snapshots, with citations.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z14.object({
    ...workspaceFields(),
    snapshot_id: z14.string().optional(),
    limit: z14.number().int().min(1).max(3).default(3)
  }), "input")
});

// dist/tools/competitors/list-competitor-board.js
import { z as z15 } from "zod";
var listCompetitorBoard = defineTool({
  name: "list-competitor-board",
  group: "F",
  description: "List competitor snapshots and change alerts. Page with the returned cursor.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z15.object({
    ...workspaceFields(),
    filters: openObject().optional(),
    cursor: z15.string().optional(),
    limit: integer().min(1).optional()
  }), "input")
});

// dist/tools/competitors/pause-competitor-change-routine.js
import { z as z16 } from "zod";
var pauseCompetitorChangeRoutine = defineTool({
  name: "pause-competitor-change-routine",
  group: "F",
  description: "Pause a routine so it stops checking.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z16.object({
    ...workspaceFields(),
    routine_id: z16.string()
  }), "input")
});

// dist/tools/competitors/refresh-competitor-change-routine.js
import { z as z17 } from "zod";
var refreshCompetitorChangeRoutine = defineTool({
  name: "refresh-competitor-change-routine",
  group: "F",
  description: "Refresh a routine from a run's observation and deduplicate its alerts.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotency_key", required: true },
  input: /* @__PURE__ */ __name(() => z17.object({
    ...workspaceFields(),
    routine_id: z17.string(),
    source_id: z17.string(),
    durable_run_id: z17.string(),
    idempotency_key: z17.string(),
    observed_at: z17.string(),
    coverage: z17.enum(["complete", "partial", "unavailable", "failed", "stale"]),
    current_hash: z17.string().optional()
  }), "input")
});

// dist/tools/competitors/resume-competitor-change-routine.js
import { z as z18 } from "zod";
var resumeCompetitorChangeRoutine = defineTool({
  name: "resume-competitor-change-routine",
  group: "F",
  description: "Resume a paused routine on its cadence.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z18.object({
    ...workspaceFields(),
    routine_id: z18.string()
  }), "input")
});

// dist/tools/creative/ad-copy.js
import { z as z19 } from "zod";
var adCopy = defineTool({
  name: "ad-copy",
  group: "C",
  description: "Write ad copy (primary texts, headlines, descriptions) from a landing page or a product description; give at least one. If the page cannot be read (422), retry with description. Paid plan.",
  effect: "read",
  plan: "paid",
  statuses: STATUSES.copy,
  input: /* @__PURE__ */ __name(() => z19.strictObject({
    url: looseUrl().optional(),
    description: z19.string().max(2e3).optional(),
    objective: z19.enum(["Leads", "Purchases", "Awareness", "Sign Ups"]),
    tone: z19.enum(["Professional", "Casual", "Urgent", "Fun", "Bold"]).default("Professional")
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => atLeastOne(v, ctx, "url", "description"), "rules")
});

// dist/tools/creative/analyze-winning-ad.js
import { z as z20 } from "zod";
var analyzeWinningAd = defineTool({
  name: "analyze-winning-ad",
  group: "C",
  description: "Turn a winning ad into a reusable brief (hook, angle, visual structure, offer framing). Read-only. Paid plan.",
  effect: "read",
  plan: "paid",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z20.strictObject({ account_id: accountId(), ad_id: z20.string() }), "input")
});

// dist/tools/creative/competitor-creatives.js
import { z as z21 } from "zod";
var competitorCreatives = defineTool({
  name: "competitor-creatives",
  group: "C",
  description: "Read a competitor's live ads from the public ad library and generate creatives from them. page_id is more precise than competitor_name. Uses write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: /* @__PURE__ */ __name(() => z21.strictObject({
    account_id: accountId(),
    competitor_name: z21.string().optional(),
    page_id: z21.string().optional(),
    country: countryCode().default("US"),
    request_id: requestId().optional()
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => atLeastOne(v, ctx, "competitor_name", "page_id"), "rules")
});

// dist/tools/creative/creative-dna.js
import { z as z22 } from "zod";
var creativeDna = defineTool({
  name: "creative-dna",
  group: "C",
  description: "Derive and store a brand profile (voice, palette, claims, visual signature) from its site. Uses write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: /* @__PURE__ */ __name(() => z22.strictObject({
    account_id: accountId(),
    brand_url: z22.string(),
    brand_name: z22.string().optional(),
    request_id: requestId().optional()
  }), "input")
});

// dist/tools/creative/creative-loop.js
import { z as z23 } from "zod";
var creativeLoop = defineTool({
  name: "creative-loop",
  group: "C",
  description: "Legacy workflow: stage new creatives PAUSED for review and report each operation's outcome. It never launches ads. Uses write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: /* @__PURE__ */ __name(() => z23.strictObject({
    account_id: accountId(),
    auto_launch: z23.boolean().default(false).describe("Legacy; launches nothing"),
    request_id: requestId().optional()
  }), "input")
});

// dist/tools/creative/creative-matrix.js
import { z as z24 } from "zod";
var MATRIX_CAP = 27;
var creativeMatrix = defineTool({
  name: "creative-matrix",
  group: "C",
  description: "Generate one creative per angle x hook x visual style; the product must be at most 27. Consumes image quota and write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: /* @__PURE__ */ __name(() => z24.strictObject({
    account_id: accountId(),
    angles: z24.array(z24.string()).min(1),
    hooks: z24.array(z24.string()).default(["question"]),
    visual_styles: z24.array(z24.string()).default(["headline"]),
    aspect_ratio: z24.string().default("1:1"),
    request_id: requestId().optional()
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => {
    const cells = v.angles.length * (v.hooks ?? ["question"]).length * (v.visual_styles ?? ["headline"]).length;
    if (cells > MATRIX_CAP) {
      ctx.addIssue({
        code: "custom",
        path: ["angles"],
        message: `angles x hooks x visual_styles is ${cells}; at most ${MATRIX_CAP}`
      });
    }
  }, "rules")
});

// dist/tools/creative/emergency-recovery.js
import { z as z25 } from "zod";
var emergencyRecovery = defineTool({
  name: "emergency-recovery",
  group: "C",
  description: "Disabled legacy tool: would pause ads whose cost per result is far above the account average.",
  effect: "write",
  plan: "paid",
  statuses: STATUSES.gone,
  idField: { name: "request_id", required: true },
  hints: { destructive: true },
  disabled: true,
  input: /* @__PURE__ */ __name(() => z25.strictObject({
    account_id: accountId(),
    request_id: requestId(),
    threshold_cpl_multiplier: z25.number().default(2)
  }), "input")
});

// dist/tools/creative/hooks.js
import { z as z26 } from "zod";
var hooks = defineTool({
  name: "hooks",
  group: "C",
  description: "Write opening lines and hook concepts from a page or a description; give at least one. If the page cannot be read (422), retry with description. Paid plan.",
  effect: "read",
  plan: "paid",
  statuses: STATUSES.copy,
  input: /* @__PURE__ */ __name(() => z26.strictObject({
    url: uri().optional(),
    description: z26.string().max(1e3).optional(),
    // The spec names only `both`; the three single-platform values are not shown, so any string passes.
    platform: z26.string().default("both").describe("both, or one platform's name")
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => atLeastOne(v, ctx, "url", "description"), "rules")
});

// dist/tools/creative/multiply-winner.js
import { z as z27 } from "zod";
var multiplyWinner = defineTool({
  name: "multiply-winner",
  group: "C",
  description: "Generate variations of a winning ad (ad_id) or image (image_url). Consumes image quota and write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: /* @__PURE__ */ __name(() => z27.strictObject({
    account_id: accountId(),
    ad_id: z27.string().optional(),
    image_url: uri().optional(),
    count: itemCount(10, 20),
    aspect_ratio: z27.string().default("1:1"),
    request_id: requestId().optional()
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => atLeastOne(v, ctx, "ad_id", "image_url"), "rules")
});

// dist/tools/creative/push-creative.js
import { z as z28 } from "zod";
var pushCreative = defineTool({
  name: "push-creative",
  group: "C",
  description: "Create an ad in an existing ad set from one image or video and one destination (website_url or lead_gen_form_id). Created PAUSED unless status is ACTIVE, which needs a person's confirmation. Uses write budget; video can take 90 s. Paid plan.",
  effect: "write",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: true },
  hints: { destructive: true },
  // Only the exact value ACTIVE creates a live ad (spec 3.1); anything else is PAUSED.
  needsPerson: /* @__PURE__ */ __name((body) => body.status === "ACTIVE", "needsPerson"),
  input: /* @__PURE__ */ __name(() => z28.strictObject({
    account_id: accountId(),
    request_id: requestId(),
    adset_id: z28.string(),
    image_url: publicUri().optional(),
    video_url: publicUri().optional(),
    thumbnail_url: publicUri().optional(),
    primary_text: z28.string().optional(),
    headline: z28.string().optional(),
    ad_name: z28.string().optional(),
    // Passed through unvalidated by the service.
    cta_type: z28.string().optional().describe("e.g. LEARN_MORE, SIGN_UP, GET_QUOTE, CONTACT_US"),
    website_url: uri().optional(),
    lead_gen_form_id: z28.string().optional(),
    fb_page_id: z28.string().optional(),
    ig_page_id: z28.string().optional(),
    beneficiary: z28.string().optional(),
    payer: z28.string().optional(),
    // Any value but the exact string ACTIVE is PAUSED at the service, so other strings pass through.
    status: z28.string().meta({ enum: ["PAUSED", "ACTIVE"] }).default("PAUSED"),
    hard_confirm_text: z28.string().optional()
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => {
    exactlyOne(v, ctx, "image_url", "video_url");
    exactlyOne(v, ctx, "website_url", "lead_gen_form_id");
  }, "rules")
});

// dist/tools/creative/save-creative.js
import { z as z29 } from "zod";
var saveCreative = defineTool({
  name: "save-creative",
  group: "C",
  description: "Save public images to the creative library. Publishes nothing. Use image_urls, or image_url for one image.",
  effect: "write",
  plan: "every",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z29.strictObject({
    image_urls: z29.array(publicUri()).min(1).max(10).optional(),
    image_url: publicUri().optional(),
    prompt: z29.string().default("External upload"),
    aspect_ratio: z29.string().default("1:1").describe("e.g. 1:1, 9:16, 4:5"),
    resolution: z29.string().default("2K")
  }), "input"),
  rules: /* @__PURE__ */ __name((v, ctx) => {
    if (v.image_urls === void 0 && v.image_url === void 0) {
      ctx.addIssue({ code: "custom", path: ["image_urls"], message: "give image_urls or image_url" });
    }
  }, "rules")
});

// dist/tools/creative/url-to-ads.js
import { z as z30 } from "zod";
var urlToAds = defineTool({
  name: "url-to-ads",
  group: "C",
  description: "Generate image ads from a landing page. Consumes image quota per image and write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: /* @__PURE__ */ __name(() => z30.strictObject({
    account_id: accountId(),
    url: z30.string(),
    count: itemCount(27, 50),
    angles: z30.array(z30.string()).optional().describe("e.g. pain, gain, social_proof, authority, urgency, curiosity"),
    aspect_ratio: z30.string().default("1:1"),
    request_id: requestId().optional()
  }), "input")
});

// dist/tools/experiments/approve-creative-brief.js
import { z as z31 } from "zod";
var approveCreativeBrief = defineTool({
  name: "approve-creative-brief",
  group: "E",
  description: "Approve a brief version; media generation needs an approved brief.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z31.object({
    ...workspaceFields(),
    version_id: z31.string()
  }), "input")
});

// dist/tools/experiments/approve-generation-artifact.js
import { z as z32 } from "zod";
var approveGenerationArtifact = defineTool({
  name: "approve-generation-artifact",
  group: "E",
  description: "Record a reviewer's approval of a generated artifact.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z32.object({
    ...workspaceFields(),
    artifact_id: z32.string(),
    reason: z32.string().optional()
  }), "input")
});

// dist/tools/experiments/approve-meta-test-plan.js
import { z as z33 } from "zod";
var approveMetaTestPlan = defineTool({
  name: "approve-meta-test-plan",
  group: "E",
  description: "Approve an exact plan preview from preview-meta-test-plan, for preparation only. Launches and spends nothing.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z33.object({
    ...workspaceFields(),
    preview: openObject(),
    previewHash: z33.string(),
    confirmationToken: z33.string()
  }), "input")
});

// dist/tools/experiments/assess-experiment.js
import { z as z34 } from "zod";
var assessExperiment = defineTool({
  name: "assess-experiment",
  group: "E",
  description: "Check whether an experiment's control and variant results are sufficient evidence, and what is missing.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z34.object({
    ...workspaceFields(),
    experiment_id: z34.string()
  }), "input")
});

// dist/tools/experiments/create-creative-brief.js
import { z as z35 } from "zod";
var createCreativeBrief = defineTool({
  name: "create-creative-brief",
  group: "E",
  description: "Create a versioned creative brief from evidence. Cited offer and claim versions must already be approved.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z35.object({
    ...workspaceFields(),
    facts: anyArray(),
    hypothesis: z35.string(),
    sourceSnapshotIds: anyArray(),
    observationIds: anyArray(),
    approvedOfferVersionIds: anyArray(),
    approvedClaimVersionIds: anyArray(),
    approvedContextHash: z35.string(),
    interpretations: anyArray(),
    templateVersion: z35.string(),
    modelVersion: z35.string(),
    mediaVersion: z35.string(),
    promptSnapshot: openObject(),
    feasibility: anyArray(),
    imageDirection: openObject(),
    videoScript: z35.string(),
    storyboard: anyArray(),
    assetRequirements: anyArray(),
    briefId: z35.string().optional()
  }), "input")
});

// dist/tools/experiments/create-experiment.js
import { z as z36 } from "zod";
var createExperiment = defineTool({
  name: "create-experiment",
  group: "E",
  description: "Register a control-versus-variant experiment.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotencyKey", required: true },
  input: /* @__PURE__ */ __name(() => z36.object({
    ...workspaceFields(),
    idempotencyKey: z36.string(),
    controlRef: z36.string(),
    variantRef: z36.string(),
    objective: z36.string(),
    metric: z36.string(),
    audience: z36.string(),
    source: z36.string(),
    provider: z36.string(),
    attribution: z36.string(),
    window: openObject()
  }), "input")
});

// dist/tools/experiments/edit-creative-brief.js
import { z as z37 } from "zod";
var editCreativeBrief = defineTool({
  name: "edit-creative-brief",
  group: "E",
  description: "Replace fields of a brief version with the patch.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { destructive: true },
  input: /* @__PURE__ */ __name(() => z37.object({
    ...workspaceFields(),
    version_id: z37.string(),
    patch: openObject()
  }), "input")
});

// dist/tools/experiments/generate-from-brief.js
import { z as z38 } from "zod";
var generateFromBrief = defineTool({
  name: "generate-from-brief",
  group: "E",
  description: "Generate a reviewable image or video package from an approved brief. Returns a run_id to poll with generation-status.",
  effect: "workflow",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotency_key", required: true },
  input: /* @__PURE__ */ __name(() => z38.object({
    ...workspaceFields(),
    version_id: z38.string(),
    media: z38.enum(["image", "video"]),
    idempotency_key: z38.string()
  }), "input")
});

// dist/tools/experiments/generation-status.js
import { z as z39 } from "zod";
var generationStatus = defineTool({
  name: "generation-status",
  group: "E",
  description: "Read a generation run's durable status.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z39.object({
    ...workspaceFields(),
    run_id: z39.string()
  }), "input")
});

// dist/tools/experiments/get-creative-brief.js
import { z as z40 } from "zod";
var getCreativeBrief = defineTool({
  name: "get-creative-brief",
  group: "E",
  description: "Read a brief version with the evidence it cites.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z40.object({
    ...workspaceFields(),
    version_id: z40.string()
  }), "input")
});

// dist/tools/experiments/list-learning.js
import { z as z41 } from "zod";
var listLearning = defineTool({
  name: "list-learning",
  group: "E",
  description: "List experiments, results, interpretations and learning candidates, for the account or one experiment.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z41.object({
    ...workspaceFields(),
    experiment_id: z41.string().optional()
  }), "input")
});

// dist/tools/experiments/preview-meta-test-plan.js
import { z as z42 } from "zod";
var previewMetaTestPlan = defineTool({
  name: "preview-meta-test-plan",
  group: "E",
  description: "Preview a test plan without launching or spending; returns what approve-meta-test-plan needs.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z42.object({
    ...workspaceFields(),
    scope: openObject(),
    creativeBrief: openObject(),
    control: openObject(),
    variant: openObject(),
    allocation: openObject(),
    dates: openObject(),
    window: openObject(),
    successRule: openObject(),
    killRule: openObject(),
    budget: openObject(),
    evidenceLineage: openObject(),
    generationArtifacts: anyArray(),
    objective: z42.string(),
    metric: z42.string()
  }), "input")
});

// dist/tools/experiments/propose-learning-memory.js
import { z as z43 } from "zod";
var proposeLearningMemory = defineTool({
  name: "propose-learning-memory",
  group: "E",
  description: "Propose a learning from an experiment for human review.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z43.object({
    ...workspaceFields(),
    experiment_id: z43.string(),
    text: z43.string(),
    rationale: z43.string()
  }), "input")
});

// dist/tools/experiments/record-experiment-result.js
import { z as z44 } from "zod";
var recordExperimentResult = defineTool({
  name: "record-experiment-result",
  group: "E",
  description: "Record one side's measured result for an experiment.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotencyKey", required: true },
  input: /* @__PURE__ */ __name(() => z44.object({
    ...workspaceFields(),
    experiment_id: z44.string(),
    ref: z44.string(),
    side: z44.enum(["control", "variant"]),
    objective: z44.string(),
    metric: z44.string(),
    audience: z44.string(),
    source: z44.string(),
    provider: z44.string(),
    attribution: z44.string(),
    window: openObject(),
    freshnessAt: z44.string(),
    sampleSize: z44.number(),
    spend: z44.number(),
    events: z44.number(),
    numerator: z44.number(),
    denominator: z44.number(),
    idempotencyKey: z44.string()
  }), "input")
});

// dist/tools/experiments/record-result-interpretation.js
import { z as z45 } from "zod";
var recordResultInterpretation = defineTool({
  name: "record-result-interpretation",
  group: "E",
  description: "Record an interpretation of an experiment's results.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: /* @__PURE__ */ __name(() => z45.object({
    ...workspaceFields(),
    experiment_id: z45.string(),
    text: z45.string(),
    hypothesis: z45.string().optional()
  }), "input")
});

// dist/tools/experiments/reject-generation-artifact.js
import { z as z46 } from "zod";
var rejectGenerationArtifact = defineTool({
  name: "reject-generation-artifact",
  group: "E",
  description: "Record a reviewer's rejection of a generated artifact.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z46.object({
    ...workspaceFields(),
    artifact_id: z46.string(),
    reason: z46.string().optional()
  }), "input")
});

// dist/tools/experiments/resume-generation.js
import { z as z47 } from "zod";
var resumeGeneration = defineTool({
  name: "resume-generation",
  group: "E",
  description: "Resume an interrupted generation run.",
  effect: "workflow",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z47.object({
    ...workspaceFields(),
    idempotency_key: z47.string().describe("The run's original key")
  }), "input")
});

// dist/tools/experiments/review-learning-memory.js
import { z as z48 } from "zod";
var reviewLearningMemory = defineTool({
  name: "review-learning-memory",
  group: "E",
  description: "Approve or reject a proposed learning.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: /* @__PURE__ */ __name(() => z48.object({
    ...workspaceFields(),
    candidateId: z48.string(),
    decision: z48.enum(["approved", "rejected"]),
    reason: z48.string().optional()
  }), "input")
});

// dist/tools/experiments/revoke-creative-brief.js
import { z as z49 } from "zod";
var revokeCreativeBrief = defineTool({
  name: "revoke-creative-brief",
  group: "E",
  description: "Withdraw a brief version's approval.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { destructive: true, idempotent: true },
  input: /* @__PURE__ */ __name(() => z49.object({
    ...workspaceFields(),
    version_id: z49.string(),
    reason: z49.string().optional()
  }), "input")
});

// dist/tools/sources/integrations-get-status.js
import { z as z50 } from "zod";
var integrationsGetStatus = defineTool({
  name: "integrations-get-status",
  group: "D",
  description: "Get a connected CRM or analytics source's status, account, permissions and data freshness.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z50.object({ connection_id: z50.string() }), "input")
});

// dist/tools/sources/integrations-intelligence-report.js
import { z as z51 } from "zod";
var integrationsIntelligenceReport = defineTool({
  name: "integrations-intelligence-report",
  group: "D",
  description: "Build a CRM pipeline report from up to four imported connections.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z51.object({ connection_ids: z51.array(z51.string()).min(1).max(4) }), "input")
});

// dist/tools/sources/integrations-list-connections.js
import { z as z52 } from "zod";
var integrationsListConnections = defineTool({
  name: "integrations-list-connections",
  group: "D",
  description: "List the read-only CRM and analytics connections with coverage and freshness.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z52.object({}), "input")
});

// dist/tools/sources/integrations-query.js
import { z as z53 } from "zod";
var integrationsQuery = defineTool({
  name: "integrations-query",
  group: "D",
  description: "Run one bounded, read-only query against a connected CRM or analytics source.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: /* @__PURE__ */ __name(() => z53.object({
    request: z53.object({
      connectionId: z53.string(),
      operation: z53.enum([
        "crm.list_records",
        "crm.get_record",
        "crm.list_activities",
        "crm.list_stage_history",
        "crm.describe_fields",
        "analytics.run_report",
        "analytics.get_freshness"
      ]),
      object: z53.string().optional(),
      id: z53.string().optional(),
      fields: z53.array(z53.string()).optional(),
      filters: openObject().optional(),
      cursor: z53.string().optional(),
      limit: integer().min(1).optional(),
      dateRange: z53.object({ start: z53.string(), end: z53.string() }).optional(),
      dimensions: z53.array(z53.string()).optional(),
      metrics: z53.array(z53.string()).optional()
    })
  }), "input")
});

// dist/tools/index.js
var catalog = [
  listAccounts,
  results,
  health,
  winnerInsights,
  fatigueAlerts,
  benchmarks,
  compare,
  fatigue,
  listSkills,
  getSkill,
  adCopy,
  hooks,
  saveCreative,
  pushCreative,
  creativeDna,
  analyzeWinningAd,
  urlToAds,
  multiplyWinner,
  competitorCreatives,
  creativeMatrix,
  creativeLoop,
  emergencyRecovery,
  integrationsGetStatus,
  integrationsIntelligenceReport,
  integrationsListConnections,
  integrationsQuery,
  approveCreativeBrief,
  approveGenerationArtifact,
  approveMetaTestPlan,
  assessExperiment,
  createCreativeBrief,
  createExperiment,
  editCreativeBrief,
  generateFromBrief,
  generationStatus,
  getCreativeBrief,
  listLearning,
  previewMetaTestPlan,
  proposeLearningMemory,
  recordExperimentResult,
  recordResultInterpretation,
  rejectGenerationArtifact,
  resumeGeneration,
  reviewLearningMemory,
  revokeCreativeBrief,
  captureCompetitorSnapshot,
  createCompetitorChangeRoutine,
  dismissCompetitorChangeAlert,
  findNoveltyCandidates,
  listCompetitorBoard,
  pauseCompetitorChangeRoutine,
  refreshCompetitorChangeRoutine,
  resumeCompetitorChangeRoutine
];
var offeredTools = catalog.filter((t) => !t.disabled);
var byName = new Map(catalog.map((t) => [t.name, t]));
function getTool(name) {
  return byName.get(name);
}
__name(getTool, "getTool");
var TOOL_GROUPS = ["A", "B", "C", "D", "E", "F"];

export {
  defineTool,
  withRules,
  catalog,
  offeredTools,
  getTool,
  TOOL_GROUPS
};
