import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const approveCreativeBrief = defineTool({
  name: "approve-creative-brief",
  group: "E",
  description: "Approve a brief version; media generation needs an approved brief.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      version_id: z.string(),
    }),
});
