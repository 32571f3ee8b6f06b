import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const integrationsGetStatus = defineTool({
  name: "integrations-get-status",
  group: "D",
  description: "Get a connected CRM or analytics source's status, account, permissions and data freshness.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: () => z.object({ connection_id: z.string() }),
});
