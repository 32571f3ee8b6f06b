import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, exactlyOne, publicUri, requestId, STATUSES, uri } from "../fields.js";

export const pushCreative = defineTool({
  name: "push-creative",
  group: "C",
  description:
    "Create an ad in an existing ad set from one image or video and one destination (website_url or lead_gen_form_id). Created PAUSED unless status is ACTIVE, which needs a person's confirmation. Uses write budget; video can take 90 s. Paid plan.",
  effect: "write",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: true },
  hints: { destructive: true },
  // Only the exact value ACTIVE creates a live ad (spec 3.1); anything else is PAUSED.
  needsPerson: (body) => body.status === "ACTIVE",
  input: () =>
    z.strictObject({
      account_id: accountId(),
      request_id: requestId(),
      adset_id: z.string(),
      image_url: publicUri().optional(),
      video_url: publicUri().optional(),
      thumbnail_url: publicUri().optional(),
      primary_text: z.string().optional(),
      headline: z.string().optional(),
      ad_name: z.string().optional(),
      // Passed through unvalidated by the service.
      cta_type: z.string().optional().describe("e.g. LEARN_MORE, SIGN_UP, GET_QUOTE, CONTACT_US"),
      website_url: uri().optional(),
      lead_gen_form_id: z.string().optional(),
      fb_page_id: z.string().optional(),
      ig_page_id: z.string().optional(),
      beneficiary: z.string().optional(),
      payer: z.string().optional(),
      // Any value but the exact string ACTIVE is PAUSED at the service, so other strings pass through.
      status: z
        .string()
        .meta({ enum: ["PAUSED", "ACTIVE"] })
        .default("PAUSED"),
      hard_confirm_text: z.string().optional(),
    }),
  rules: (v, ctx) => {
    exactlyOne(v, ctx, "image_url", "video_url");
    exactlyOne(v, ctx, "website_url", "lead_gen_form_id");
  },
});
