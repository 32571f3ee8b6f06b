import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const proposeLearningMemory = defineTool({
  name: "propose-learning-memory",
  group: "E",
  description: "Propose a learning from an experiment for human review.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      experiment_id: z.string(),
      text: z.string(),
      rationale: z.string(),
    }),
});
