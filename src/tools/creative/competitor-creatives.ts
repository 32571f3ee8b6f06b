import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, atLeastOne, countryCode, requestId, STATUSES } from "../fields.js";

export const competitorCreatives = defineTool({
  name: "competitor-creatives",
  group: "C",
  description:
    "Read a competitor's live ads from the public ad library and generate creatives from them. page_id is more precise than competitor_name. Uses write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: () =>
    z.strictObject({
      account_id: accountId(),
      competitor_name: z.string().optional(),
      page_id: z.string().optional(),
      country: countryCode().default("US"),
      request_id: requestId().optional(),
    }),
  rules: (v, ctx) => atLeastOne(v, ctx, "competitor_name", "page_id"),
});
