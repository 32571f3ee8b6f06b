import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, itemCount, requestId, STATUSES } from "../fields.js";

export const urlToAds = defineTool({
  name: "url-to-ads",
  group: "C",
  description:
    "Generate image ads from a landing page. Consumes image quota per image and write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: () =>
    z.strictObject({
      account_id: accountId(),
      url: z.string(),
      count: itemCount(27, 50),
      angles: z
        .array(z.string())
        .optional()
        .describe("e.g. pain, gain, social_proof, authority, urgency, curiosity"),
      aspect_ratio: z.string().default("1:1"),
      request_id: requestId().optional(),
    }),
});
