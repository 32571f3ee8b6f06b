import { z } from "zod";
import { defineTool } from "../define.js";
import { integer, STATUSES, workspaceFields } from "../fields.js";

export const captureCompetitorSnapshot = defineTool({
  name: "capture-competitor-snapshot",
  group: "F",
  description:
    "Search the public ad library for a competitor's ads and save them as a snapshot; its source_id is what a change routine watches.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      source_kind: z.enum(["page_id", "search_terms"]),
      query: z.string(),
      market: z.string(),
      ad_type: z.enum(["ALL", "POLITICAL_AND_ISSUE_ADS"]).optional(),
      limit: integer().min(1).optional(),
    }),
});
