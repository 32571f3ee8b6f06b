import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const approveGenerationArtifact = defineTool({
  name: "approve-generation-artifact",
  group: "E",
  description: "Record a reviewer's approval of a generated artifact.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      artifact_id: z.string(),
      reason: z.string().optional(),
    }),
});
