import { z } from "zod";
import { defineTool } from "../define.js";
import { integer, STATUSES, workspaceFields } from "../fields.js";

export const captureCompetitorSnapshot = defineTool({
  name: "capture-competitor-snapshot",
  group: "F",
  description: "Search the public ad library and save the result as a snapshot.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: z.object({
    ...workspaceFields(),
    source_kind: z.enum(["page_id", "search_terms"]),
    query: z.string(),
    market: z.string(),
    ad_type: z.enum(["ALL", "POLITICAL_AND_ISSUE_ADS"]).optional(),
    limit: integer().min(1).optional(),
  }),
});
