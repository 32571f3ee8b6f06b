import { z } from "zod";
import { defineTool } from "../define.js";
import { anyArray, openObject, STATUSES, workspaceFields } from "../fields.js";

export const createCreativeBrief = defineTool({
  name: "create-creative-brief",
  group: "E",
  description:
    "Create a versioned creative brief from evidence. Cited offer and claim versions must already be approved.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      facts: anyArray(),
      hypothesis: z.string(),
      sourceSnapshotIds: anyArray(),
      observationIds: anyArray(),
      approvedOfferVersionIds: anyArray(),
      approvedClaimVersionIds: anyArray(),
      approvedContextHash: z.string(),
      interpretations: anyArray(),
      templateVersion: z.string(),
      modelVersion: z.string(),
      mediaVersion: z.string(),
      promptSnapshot: openObject(),
      feasibility: anyArray(),
      imageDirection: openObject(),
      videoScript: z.string(),
      storyboard: anyArray(),
      assetRequirements: anyArray(),
      briefId: z.string().optional(),
    }),
});
