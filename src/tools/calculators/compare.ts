import { z } from "zod";
import { defineTool } from "../define.js";
import { atLeastOne, STATUSES } from "../fields.js";

export const compare = defineTool({
  name: "compare",
  group: "B",
  description:
    "Compare your metrics with an industry benchmark, ahead or behind per metric. Give at least one metric; niche is a slug from benchmarks.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: () =>
    z.strictObject({
      niche: z.string(),
      your_cpm: z.number().optional(),
      your_ctr: z.number().optional().describe("Percent"),
      your_cpl: z.number().optional(),
    }),
  rules: (v, ctx) => atLeastOne(v, ctx, "your_cpm", "your_ctr", "your_cpl"),
});
