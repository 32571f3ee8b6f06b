import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const generationStatus = defineTool({
  name: "generation-status",
  group: "E",
  description: "Read a generation run's durable status.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      run_id: z.string(),
    }),
});
