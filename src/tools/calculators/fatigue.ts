import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const fatigue = defineTool({
  name: "fatigue",
  group: "B",
  description:
    "Judge creative fatigue from frequency, CTR trend and days running; returns a verdict and action.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: () =>
    z.strictObject({
      frequency: z.number().min(0),
      ctr_trend: z.array(z.number()).min(2).describe("Oldest first"),
      days_running: z.number().min(0),
    }),
});
