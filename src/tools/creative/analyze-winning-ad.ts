import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, STATUSES } from "../fields.js";

export const analyzeWinningAd = defineTool({
  name: "analyze-winning-ad",
  group: "C",
  description:
    "Turn a winning ad into a reusable brief (hook, angle, visual structure, offer framing). Read-only. Paid plan.",
  effect: "read",
  plan: "paid",
  statuses: STATUSES.accountRead,
  input: () => z.strictObject({ account_id: accountId(), ad_id: z.string() }),
});
