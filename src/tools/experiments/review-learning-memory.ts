import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const reviewLearningMemory = defineTool({
  name: "review-learning-memory",
  group: "E",
  description: "Approve or reject a proposed learning.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      candidateId: z.string(),
      decision: z.enum(["approved", "rejected"]),
      reason: z.string().optional(),
    }),
});
