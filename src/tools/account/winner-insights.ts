import { z } from "zod";
import { defineTool } from "../define.js";
import { readAccountId, STATUSES } from "../fields.js";

export const winnerInsights = defineTool({
  name: "winner-insights",
  group: "A",
  description: "Find patterns shared by the top-performing ads (formats, hooks, angles, traits).",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: () => z.strictObject({ account_id: readAccountId() }),
});
