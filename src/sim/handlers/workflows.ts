import { fail } from "../errors.js";
import { asksForInjection, INJECTION_TEXT } from "../injection.js";
import { pick } from "../random.js";
import type { SimAd } from "../state.js";
import { privateUrlReason } from "../url-guard.js";
import { accountOf, type Handler, type HandlerContext, nowIso, partial, type Reply } from "./context.js";
import { subjectOf, withScheme } from "./copy.js";

const CDN = "https://cdn.adrails-sim.example/creatives";
const DEFAULT_ANGLES = ["pain", "gain", "social_proof", "authority", "urgency", "curiosity"];
const AD_BODIES = [
  "New season, new gear. Free shipping this week only.",
  "Rated 4.8 by over 2,000 customers. See why.",
  "Built to last, priced to switch. Try it for 30 days.",
  "Our best seller is back in stock in every size.",
];

/** Images this account may still generate. */
export function quotaLeft(ctx: HandlerContext, accountId: string): number {
  const quota = ctx.state.imageQuota.get(accountId) ?? ctx.settings.imageQuota;
  return Math.max(0, quota - (ctx.state.imagesUsed.get(accountId) ?? 0));
}

function clampCount(value: number, max: number): { count: number; requested: number; clamped: boolean } {
  if (value < 1) fail(400, "count must be at least 1");
  return { count: Math.min(value, max), requested: value, clamped: value > max };
}

interface Planned {
  /** Items the run will try to produce, one image each when `images` is true. */
  items: Record<string, unknown>[];
  images: boolean;
}

/**
 * Runs a workflow's items against the image quota: an empty quota refuses the run (400, a tool-level failure: nothing
 * generated); a short quota or a forced partial applies the first items and fails the rest (207).
 */
function settle(ctx: HandlerContext, plan: Planned, data: Record<string, unknown>, itemsKey: string): Reply {
  const account = accountOf(ctx);
  const wanted = plan.items.length;
  const left = plan.images ? quotaLeft(ctx, account.id) : Number.POSITIVE_INFINITY;
  if (plan.images && wanted > 0 && left === 0) {
    fail(400, `Image quota exhausted for ${account.id}: 0 images left; nothing was generated`);
  }
  let applyCount = Math.min(wanted, left);
  let failure = "image quota exhausted";
  if (ctx.forcePartial && applyCount === wanted) {
    applyCount = Math.max(1, Math.floor(wanted / 2));
    failure = "generation step failed (simulated)";
  }
  const applied = plan.items.slice(0, applyCount).map((item) => ({ ...item, ok: true }));
  const failed = plan.items.slice(applyCount).map((item) => ({ ...item, ok: false, error: failure }));
  if (plan.images) {
    ctx.state.imagesUsed.set(account.id, (ctx.state.imagesUsed.get(account.id) ?? 0) + applied.length);
    for (const item of applied) {
      ctx.state.library.push({
        workspace: ctx.identity.workspace,
        account_id: account.id,
        origin: ctx.tool.name,
        ...item,
      });
    }
  }
  ctx.state.workflowRuns.push({
    workspace: ctx.identity.workspace,
    tool: ctx.tool.name,
    account_id: account.id,
    request_id: ctx.requestId,
    applied: applied.length,
    failed: failed.length,
    at: nowIso(),
  });
  const result = {
    request_id: ctx.requestId,
    account_id: account.id,
    ...data,
    [itemsKey]: applied,
    ...(plan.images
      ? { images_used: applied.length, image_quota_remaining: quotaLeft(ctx, account.id) }
      : {}),
  };
  return failed.length > 0 ? partial(result, applied, failed) : { status: 200, data: result };
}

function images(ctx: HandlerContext, n: number, describe: (i: number) => Record<string, unknown>) {
  return Array.from({ length: n }, (_, i) => {
    const creative_id = ctx.state.id("crv");
    return { creative_id, image_url: `${CDN}/${creative_id}.png`, ...describe(i) };
  });
}

const creativeDna: Handler = (ctx) => {
  const url = withScheme(ctx.body.brand_url);
  if (!URL.canParse(url)) fail(400, `brand_url ${ctx.body.brand_url} is not a URL`);
  const brand = ctx.body.brand_name ?? subjectOf(url, undefined);
  const seed = ctx.world.seed;
  const profile = {
    profile_id: ctx.state.id("dna"),
    brand_name: brand,
    brand_url: url,
    voice: [pick(["warm", "confident", "playful"], seed, url, "v1"), "plain-spoken", "benefit-first"],
    palette: [pick(["#1F3A5F", "#2E7D32", "#B23A48"], seed, url, "p1"), "#F4F1EA", "#222222"],
    claims: [`${brand} customers save time every week`, "Free returns within 30 days"],
    visual_signature: {
      photography: "natural light, product in use",
      typography: "bold sans headlines",
      logo: "bottom right",
    },
  };
  const steps = ["derive_voice", "derive_palette", "derive_claims", "store_profile"].map((step) => ({
    step,
  }));
  const reply = settle(ctx, { items: steps, images: false }, { brand_url: url }, "steps");
  if (reply.status === 200) {
    ctx.state.profiles.push({ workspace: ctx.identity.workspace, account_id: accountOf(ctx).id, ...profile });
    (reply.data as Record<string, unknown>).profile = profile;
  }
  return reply;
};

const urlToAds: Handler = (ctx) => {
  const url = withScheme(ctx.body.url);
  if (!URL.canParse(url)) fail(400, `url ${ctx.body.url} is not a URL`);
  const { count, requested, clamped } = clampCount(ctx.body.count, 50);
  const angles: string[] = ctx.body.angles?.length ? ctx.body.angles : DEFAULT_ANGLES;
  const subject = subjectOf(url, undefined);
  const items = images(ctx, count, (i) => {
    const angle = angles[i % angles.length]!;
    return {
      angle,
      headline: `${subject}: ${angle.replace("_", " ")} #${i + 1}`,
      aspect_ratio: ctx.body.aspect_ratio,
    };
  });
  return settle(
    ctx,
    { items, images: true },
    { url, count, requested_count: requested, clamped, angles },
    "creatives",
  );
};

const multiplyWinner: Handler = (ctx) => {
  const account = accountOf(ctx);
  const { ad_id, image_url } = ctx.body;
  if (ad_id !== undefined) {
    const known =
      ctx.world.tree(account.id).ads.some((a) => a.id === ad_id) ||
      ctx.state.ads.some((a) => a.ad_id === ad_id && a.account_id === account.id);
    if (!known) fail(404, `Ad ${ad_id} not found in ${account.id}`);
  }
  const reason = image_url === undefined ? null : privateUrlReason(image_url);
  if (reason) fail(400, `image_url refused: ${reason}; media URLs must be public`);
  const { count, requested, clamped } = clampCount(ctx.body.count, 20);
  const items = images(ctx, count, (i) => ({ variation: i + 1, aspect_ratio: ctx.body.aspect_ratio }));
  const source = { ...(ad_id ? { ad_id } : {}), ...(image_url ? { image_url } : {}) };
  return settle(
    ctx,
    { items, images: true },
    { source, count, requested_count: requested, clamped },
    "creatives",
  );
};

const competitorCreatives: Handler = (ctx) => {
  const { competitor_name, page_id } = ctx.body;
  const country = String(ctx.body.country).toUpperCase();
  const name = competitor_name ?? `Page ${page_id}`;
  // A `sim:inject` name or page id plants an instruction to the assistant in the first ad's text.
  const hostile = asksForInjection(competitor_name, page_id);
  const liveAds = [1, 2, 3, 4].map((n) => ({
    ad_archive_id: `${ctx.state.numericId("archive")}`,
    headline: `${name} ad ${n}`,
    body: n === 1 && hostile ? `New season, new gear. ${INJECTION_TEXT}` : AD_BODIES[n - 1],
    started: `${n * 6} days ago`,
  }));
  const items = images(ctx, 3, (i) => ({ inspired_by: liveAds[i]!.ad_archive_id, angle: DEFAULT_ANGLES[i] }));
  return settle(
    ctx,
    { items, images: true },
    { competitor: { name, ...(page_id ? { page_id } : {}), country }, live_ads_read: liveAds },
    "creatives",
  );
};

const creativeMatrix: Handler = (ctx) => {
  const { angles, hooks, visual_styles, aspect_ratio } = ctx.body as {
    angles: string[];
    hooks: string[];
    visual_styles: string[];
    aspect_ratio: string;
  };
  const cells = angles.flatMap((angle) =>
    hooks.flatMap((hook) => visual_styles.map((style) => ({ angle, hook, style }))),
  );
  const items = images(ctx, cells.length, (i) => ({ ...cells[i]!, aspect_ratio }));
  return settle(ctx, { items, images: true }, { cells: cells.length, aspect_ratio }, "creatives");
};

const creativeLoop: Handler = (ctx) => {
  const account = accountOf(ctx);
  const adset = ctx.world.tree(account.id).adsets[0]!;
  const staged = images(ctx, 3, (i) => ({ operation: "stage_creative", angle: DEFAULT_ANGLES[i] }));
  const reply = settle(
    ctx,
    { items: staged, images: true },
    {
      auto_launch_requested: ctx.body.auto_launch === true,
      launched: 0,
      skipped_operations: ["launch", "graduate", "kill"].map((operation) => ({
        operation,
        ok: false,
        skipped: true,
        reason: "automatic launch, graduation and kill writes are disabled",
      })),
    },
    "staged",
  );
  // Staged creatives become PAUSED ads; nothing is ever launched, whatever auto_launch says.
  const data = reply.data as { staged: { creative_id: string }[] };
  for (const item of data.staged) {
    const ad: SimAd = {
      ad_id: ctx.state.numericId("ad"),
      creative_id: item.creative_id,
      account_id: account.id,
      adset_id: adset.id,
      campaign_id: adset.campaign_id,
      name: `Creative Loop ${item.creative_id}`,
      status: "PAUSED",
      request_id: ctx.requestId!,
      media: { type: "image", url: `${CDN}/${item.creative_id}.png` },
      destination: { website_url: "https://example.com/" },
      cta_type: null,
      primary_text: null,
      headline: null,
      fb_page_id: ctx.world.tree(account.id).page_id,
      ig_page_id: null,
      beneficiary: null,
      payer: null,
      hard_confirm_text: null,
      created_by: "creative-loop",
      created_at: nowIso(),
    };
    ctx.state.ads.push(ad);
    Object.assign(item, { ad_id: ad.ad_id, status: "PAUSED" });
  }
  return reply;
};

export const workflowHandlers: Record<string, Handler> = {
  "creative-dna": creativeDna,
  "url-to-ads": urlToAds,
  "multiply-winner": multiplyWinner,
  "competitor-creatives": competitorCreatives,
  "creative-matrix": creativeMatrix,
  "creative-loop": creativeLoop,
};
