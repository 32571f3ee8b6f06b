import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const assessExperiment = defineTool({
  name: "assess-experiment",
  group: "E",
  description:
    "Check whether an experiment's control and variant results are sufficient evidence, and what is missing.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      experiment_id: z.string(),
    }),
});
