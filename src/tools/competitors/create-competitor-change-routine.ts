import { z } from "zod";
import { defineTool } from "../define.js";
import { integer, STATUSES, workspaceFields } from "../fields.js";

export const createCompetitorChangeRoutine = defineTool({
  name: "create-competitor-change-routine",
  group: "F",
  description:
    "Create a routine that watches a competitor source (source_id from capture-competitor-snapshot) for changes on a cadence.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      source_id: z.string(),
      name: z.string(),
      cadence_seconds: integer().min(1),
    }),
});
