import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, requestId, STATUSES } from "../fields.js";

export const emergencyRecovery = defineTool({
  name: "emergency-recovery",
  group: "C",
  description:
    "Disabled legacy tool: would pause ads whose cost per result is far above the account average.",
  effect: "write",
  plan: "paid",
  statuses: STATUSES.gone,
  idField: { name: "request_id", required: true },
  hints: { destructive: true },
  disabled: true,
  input: () =>
    z.strictObject({
      account_id: accountId(),
      request_id: requestId(),
      threshold_cpl_multiplier: z.number().default(2),
    }),
});
