import { z } from "zod";
import { defineTool } from "../define.js";
import { anyArray, openObject, STATUSES, workspaceFields } from "../fields.js";

export const previewMetaTestPlan = defineTool({
  name: "preview-meta-test-plan",
  group: "E",
  description:
    "Preview a test plan without launching or spending; returns what approve-meta-test-plan needs.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      scope: openObject(),
      creativeBrief: openObject(),
      control: openObject(),
      variant: openObject(),
      allocation: openObject(),
      dates: openObject(),
      window: openObject(),
      successRule: openObject(),
      killRule: openObject(),
      budget: openObject(),
      evidenceLineage: openObject(),
      generationArtifacts: anyArray(),
      objective: z.string(),
      metric: z.string(),
    }),
});
