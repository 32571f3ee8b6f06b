import { z } from "zod";
import { defineTool } from "../define.js";
import { readAccountId, STATUSES } from "../fields.js";

export const fatigueAlerts = defineTool({
  name: "fatigue-alerts",
  group: "A",
  description: "Flag ads with rising frequency and decaying CTR.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: () =>
    z.strictObject({
      account_id: readAccountId(),
      quick: z.boolean().default(false).describe("true: fast shallow pass"),
    }),
});
