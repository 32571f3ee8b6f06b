import { z } from "zod";
import { defineTool } from "../define.js";
import { isoDate, readAccountId, STATUSES } from "../fields.js";

export const results = defineTool({
  name: "results",
  group: "A",
  description:
    "Get spend, results, CPA/CPL, CTR and CPM aggregated at a level. Use date_preset or a since/until window, not both.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: () =>
    z.strictObject({
      account_id: readAccountId(),
      level: z.enum(["account", "campaign", "adset", "ad"]).default("campaign"),
      date_preset: z
        .enum([
          "today",
          "yesterday",
          "last_3d",
          "last_7d",
          "last_14d",
          "last_30d",
          "last_90d",
          "this_month",
          "last_month",
        ])
        .optional()
        // Shown, not applied: an applied default would clash with since/until.
        .meta({ default: "last_7d" }),
      since: isoDate().optional(),
      until: isoDate().optional(),
    }),
  rules: (v, ctx) => {
    if (v.since !== undefined && v.until === undefined) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "required when since is set" });
    }
    if (v.date_preset !== undefined && (v.since !== undefined || v.until !== undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["date_preset"],
        message: "give date_preset or since/until, not both",
      });
    }
  },
});
