import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const pauseCompetitorChangeRoutine = defineTool({
  name: "pause-competitor-change-routine",
  group: "F",
  description: "Pause a routine so it stops checking.",
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
