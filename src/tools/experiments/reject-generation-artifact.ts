import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const rejectGenerationArtifact = defineTool({
  name: "reject-generation-artifact",
  group: "E",
  description: "Record a reviewer's rejection of a generated artifact.",
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
