import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const benchmarks = defineTool({
  name: "benchmarks",
  group: "B",
  description:
    "Get industry benchmarks (CPM, CTR, CPA). Omit niche to get every industry and discover the valid niche slugs.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: () => z.strictObject({ niche: z.string().optional() }),
});
