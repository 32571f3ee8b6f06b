import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, requestId, STATUSES } from "../fields.js";

export const creativeDna = defineTool({
  name: "creative-dna",
  group: "C",
  description:
    "Derive and store a brand profile (voice, palette, claims, visual signature) from its site. Uses write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: () =>
    z.strictObject({
      account_id: accountId(),
      brand_url: z.string(),
      brand_name: z.string().optional(),
      request_id: requestId().optional(),
    }),
});
