import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const getCreativeBrief = defineTool({
  name: "get-creative-brief",
  group: "E",
  description: "Read a brief version with the evidence it cites.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      version_id: z.string(),
    }),
});
