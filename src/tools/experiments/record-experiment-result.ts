import { z } from "zod";
import { defineTool } from "../define.js";
import { openObject, STATUSES, workspaceFields } from "../fields.js";

export const recordExperimentResult = defineTool({
  name: "record-experiment-result",
  group: "E",
  description: "Record one side's measured result for an experiment.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotencyKey", required: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      experiment_id: z.string(),
      ref: z.string(),
      side: z.enum(["control", "variant"]),
      objective: z.string(),
      metric: z.string(),
      audience: z.string(),
      source: z.string(),
      provider: z.string(),
      attribution: z.string(),
      window: openObject(),
      freshnessAt: z.string(),
      sampleSize: z.number(),
      spend: z.number(),
      events: z.number(),
      numerator: z.number(),
      denominator: z.number(),
      idempotencyKey: z.string(),
    }),
});
