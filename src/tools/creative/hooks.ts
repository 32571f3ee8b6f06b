import { z } from "zod";
import { defineTool } from "../define.js";
import { atLeastOne, STATUSES, uri } from "../fields.js";

export const hooks = defineTool({
  name: "hooks",
  group: "C",
  description:
    "Write opening lines and hook concepts from a page or a description; give at least one. If the page cannot be read (422), retry with description. Paid plan.",
  effect: "read",
  plan: "paid",
  statuses: STATUSES.copy,
  input: () =>
    z.strictObject({
      url: uri().optional(),
      description: z.string().max(1000).optional(),
      // The spec names only `both`; the three single-platform values are not shown, so any string passes.
      platform: z.string().default("both").describe("both, or one platform's name"),
    }),
  rules: (v, ctx) => atLeastOne(v, ctx, "url", "description"),
});
