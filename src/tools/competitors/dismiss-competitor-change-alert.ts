import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES, workspaceFields } from "../fields.js";

export const dismissCompetitorChangeAlert = defineTool({
  name: "dismiss-competitor-change-alert",
  group: "F",
  description: "Dismiss or restore a competitor change alert.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotency_key", required: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      alert_id: z.string(),
      action: z.enum(["dismiss", "restore"]),
      idempotency_key: z.string(),
    }),
});
