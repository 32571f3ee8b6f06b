import { z } from "zod";
import { defineTool } from "../define.js";
import { readAccountId, STATUSES } from "../fields.js";

export const health = defineTool({
  name: "health",
  group: "A",
  description:
    "Score account health: a headline score plus delivery, efficiency, creative freshness and structure.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.accountRead,
  input: () => z.strictObject({ account_id: readAccountId() }),
});
