import { z } from "zod";
import { defineTool } from "../define.js";
import { integer, openObject, STATUSES, workspaceFields } from "../fields.js";

export const listCompetitorBoard = defineTool({
  name: "list-competitor-board",
  group: "F",
  description: "List competitor snapshots and change alerts. Page with the returned cursor.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  input: () =>
    z.object({
      ...workspaceFields(),
      filters: openObject().optional(),
      cursor: z.string().optional(),
      limit: integer().min(1).optional(),
    }),
});
