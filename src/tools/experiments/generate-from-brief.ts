import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const generateFromBrief = defineTool({
  name: "generate-from-brief",
  group: "E",
  description:
    "Generate a reviewable image or video package from an approved brief. Returns a run_id to poll with generation-status.",
  effect: "workflow",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotency_key", required: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      version_id: z.string(),
      media: z.enum(["image", "video"]),
      idempotency_key: z.string(),
    }),
});
