import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const integrationsIntelligenceReport = defineTool({
  name: "integrations-intelligence-report",
  group: "D",
  description: "Build a CRM pipeline report from up to four imported connections.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: () => z.object({ connection_ids: z.array(z.string()).min(1).max(4) }),
});
