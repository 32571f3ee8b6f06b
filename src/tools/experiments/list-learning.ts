import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const listLearning = defineTool({
  name: "list-learning",
  group: "E",
  description:
    "List experiments, results, interpretations and learning candidates, for the account or one experiment.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      experiment_id: z.string().optional(),
    }),
});
