import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const resumeGeneration = defineTool({
  name: "resume-generation",
  group: "E",
  description: "Resume an interrupted generation run.",
  effect: "workflow",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      idempotency_key: z.string().describe("The run's original key"),
    }),
});
