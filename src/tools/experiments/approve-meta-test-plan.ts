import { z } from "zod";
import { defineTool } from "../define.js";
import { openObject, STATUSES, workspaceFields } from "../fields.js";

export const approveMetaTestPlan = defineTool({
  name: "approve-meta-test-plan",
  group: "E",
  description:
    "Approve an exact plan preview from preview-meta-test-plan, for preparation only. Launches and spends nothing.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      preview: openObject(),
      previewHash: z.string(),
      confirmationToken: z.string(),
    }),
});
