import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const revokeCreativeBrief = defineTool({
  name: "revoke-creative-brief",
  group: "E",
  description: "Withdraw a brief version's approval.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { destructive: true, idempotent: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      version_id: z.string(),
      reason: z.string().optional(),
    }),
});
