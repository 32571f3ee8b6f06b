import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const resumeCompetitorChangeRoutine = defineTool({
  name: "resume-competitor-change-routine",
  group: "F",
  description: "Resume a paused routine on its cadence.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  hints: { idempotent: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      routine_id: z.string(),
    }),
});
