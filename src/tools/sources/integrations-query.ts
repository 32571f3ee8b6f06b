import { z } from "zod";
import { defineTool } from "../define.js";
import { integer, openObject, STATUSES } from "../fields.js";

export const integrationsQuery = defineTool({
  name: "integrations-query",
  group: "D",
  description: "Run one bounded, read-only query against a connected CRM or analytics source.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: () =>
    z.object({
      request: z.object({
        connectionId: z.string(),
        operation: z.enum([
          "crm.list_records",
          "crm.get_record",
          "crm.list_activities",
          "crm.list_stage_history",
          "crm.describe_fields",
          "analytics.run_report",
          "analytics.get_freshness",
        ]),
        object: z.string().optional(),
        id: z.string().optional(),
        fields: z.array(z.string()).optional(),
        filters: openObject().optional(),
        cursor: z.string().optional(),
        limit: integer().min(1).optional(),
        dateRange: z.object({ start: z.string(), end: z.string() }).optional(),
        dimensions: z.array(z.string()).optional(),
        metrics: z.array(z.string()).optional(),
      }),
    }),
});
