import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const recordResultInterpretation = defineTool({
  name: "record-result-interpretation",
  group: "E",
  description: "Record an interpretation of an experiment's results.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      experiment_id: z.string(),
      text: z.string(),
      hypothesis: z.string().optional(),
    }),
});
