import { z } from "zod";
import { defineTool } from "../define.js";
import { atLeastOne, looseUrl, STATUSES } from "../fields.js";

export const adCopy = defineTool({
  name: "ad-copy",
  group: "C",
  description:
    "Write ad copy (primary texts, headlines, descriptions) from a landing page or a product description; give at least one. If the page cannot be read (422), retry with description. Paid plan.",
  effect: "read",
  plan: "paid",
  statuses: STATUSES.copy,
  input: () =>
    z.strictObject({
      url: looseUrl().optional(),
      description: z.string().max(2000).optional(),
      objective: z.enum(["Leads", "Purchases", "Awareness", "Sign Ups"]),
      tone: z.enum(["Professional", "Casual", "Urgent", "Fun", "Bold"]).default("Professional"),
    }),
  rules: (v, ctx) => atLeastOne(v, ctx, "url", "description"),
});
