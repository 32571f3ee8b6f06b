import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const refreshCompetitorChangeRoutine = defineTool({
  name: "refresh-competitor-change-routine",
  group: "F",
  description: "Refresh a routine from a run's observation and deduplicate its alerts.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotency_key", required: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      routine_id: z.string(),
      source_id: z.string(),
      durable_run_id: z.string(),
      idempotency_key: z.string(),
      observed_at: z.string(),
      coverage: z.enum(["complete", "partial", "unavailable", "failed", "stale"]),
      current_hash: z.string().optional(),
    }),
});
