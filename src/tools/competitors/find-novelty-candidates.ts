import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const findNoveltyCandidates = defineTool({
  name: "find-novelty-candidates",
  group: "F",
  description: "Find new concepts (not similar or duplicate) in competitor snapshots, with citations.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      snapshot_id: z.string().optional(),
      limit: z.number().int().min(1).max(3).default(3),
    }),
});
