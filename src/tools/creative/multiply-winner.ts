import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, atLeastOne, itemCount, requestId, STATUSES, uri } from "../fields.js";

export const multiplyWinner = defineTool({
  name: "multiply-winner",
  group: "C",
  description:
    "Generate variations of a winning ad (ad_id) or image (image_url). Consumes image quota and write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: () =>
    z.strictObject({
      account_id: accountId(),
      ad_id: z.string().optional(),
      image_url: uri().optional(),
      count: itemCount(10, 20),
      aspect_ratio: z.string().default("1:1"),
      request_id: requestId().optional(),
    }),
  rules: (v, ctx) => atLeastOne(v, ctx, "ad_id", "image_url"),
});
