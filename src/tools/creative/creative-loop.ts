import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, requestId, STATUSES } from "../fields.js";

export const creativeLoop = defineTool({
  name: "creative-loop",
  group: "C",
  description:
    "Legacy workflow: stage new creatives PAUSED for review and report each operation's outcome. It never launches ads. Uses write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: () =>
    z.strictObject({
      account_id: accountId(),
      auto_launch: z.boolean().default(false).describe("Legacy; launches nothing"),
      request_id: requestId().optional(),
    }),
});
