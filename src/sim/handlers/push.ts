import { fail } from "../errors.js";
import type { SimAd } from "../state.js";
import { privateUrlReason } from "../url-guard.js";
import { accountOf, type Handler, nowIso, partial, type Reply } from "./context.js";

const MEDIA_FIELDS = ["image_url", "video_url", "thumbnail_url"] as const;

/**
 * push-creative, spec section 3.1. Returned replies (the ad, a 207) are stored under the request_id
 * by the pipeline. Refusals that create nothing (a missing hard confirmation, an unknown ad set, a
 * private media URL, a stuck video) are thrown and not stored, like a spent write budget: the same
 * request_id, corrected, then makes the ad.
 */
export const pushCreative: Handler = (ctx): Reply => {
  const b = ctx.body;
  const account = accountOf(ctx);
  for (const field of MEDIA_FIELDS) {
    const url = b[field] as string | undefined;
    const reason = url === undefined ? null : privateUrlReason(url);
    if (reason) fail(400, `${field} refused: ${reason}; media URLs must be public`);
  }
  const active = b.status === "ACTIVE";
  const confirmation = typeof b.hard_confirm_text === "string" ? b.hard_confirm_text.trim() : "";
  if (active && confirmation === "") {
    fail(409, "Missing hard confirmation: status ACTIVE needs hard_confirm_text; no ad was created");
  }
  const tree = ctx.world.tree(account.id);
  const adset = tree.adsets.find((s) => s.id === b.adset_id);
  if (!adset) fail(404, `Ad set ${b.adset_id} not found in ${account.id}; no ad was created`);
  if (typeof b.video_url === "string" && b.video_url.includes("video-timeout")) {
    fail(400, "The video was still processing after 90 seconds; no ad was created. Try again later");
  }

  const isVideo = typeof b.video_url === "string";
  const creativeId = ctx.state.numericId("creative");
  const base = { request_id: ctx.requestId, account_id: account.id, adset_id: adset.id };
  if (ctx.forcePartial) {
    return partial(
      { ...base, ad_id: null, creative_id: creativeId },
      [
        { step: "upload_media", ok: true, media_type: isVideo ? "video" : "image" },
        { step: "create_creative", ok: true, creative_id: creativeId },
      ],
      [{ step: "create_ad", ok: false, error: "The ad platform refused to create the ad (simulated)" }],
    );
  }

  const ad: SimAd = {
    ad_id: ctx.state.numericId("ad"),
    creative_id: creativeId,
    account_id: account.id,
    adset_id: adset.id,
    campaign_id: adset.campaign_id,
    name: b.ad_name ?? `Studio Ad ${nowIso()}`,
    status: active ? "ACTIVE" : "PAUSED",
    request_id: ctx.requestId!,
    media: isVideo
      ? { type: "video", url: b.video_url, ...(b.thumbnail_url ? { thumbnail_url: b.thumbnail_url } : {}) }
      : { type: "image", url: b.image_url },
    destination: b.website_url ? { website_url: b.website_url } : { lead_gen_form_id: b.lead_gen_form_id },
    cta_type: b.cta_type ?? (isVideo || b.lead_gen_form_id ? "LEARN_MORE" : null),
    primary_text: b.primary_text ?? null,
    headline: b.headline ?? null,
    fb_page_id: b.fb_page_id ?? tree.page_id,
    ig_page_id: b.ig_page_id ?? null,
    beneficiary: b.beneficiary ?? null,
    payer: b.payer ?? null,
    hard_confirm_text: active ? confirmation : null,
    created_by: "push-creative",
    created_at: nowIso(),
  };
  ctx.state.ads.push(ad);
  const note =
    !active && b.status !== "PAUSED"
      ? { note: `status ${JSON.stringify(b.status)} is not exactly ACTIVE, so the ad was created PAUSED` }
      : {};
  return {
    status: 200,
    data: {
      ...base,
      ad_id: ad.ad_id,
      creative_id: ad.creative_id,
      campaign_id: ad.campaign_id,
      ad_name: ad.name,
      status: ad.status,
      media_type: ad.media.type,
      destination: ad.destination,
      cta_type: ad.cta_type,
      fb_page_id: ad.fb_page_id,
      ...note,
    },
  };
};
