import { z } from "zod";
import { defineTool } from "../define.js";
import { openObject, STATUSES, workspaceFields } from "../fields.js";

export const editCreativeBrief = defineTool({
  name: "edit-creative-brief",
  group: "E",
  description: "Replace fields of a brief version with the patch.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { destructive: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      version_id: z.string(),
      patch: openObject(),
    }),
});
