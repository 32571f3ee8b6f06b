import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const integrationsListConnections = defineTool({
  name: "integrations-list-connections",
  group: "D",
  description: "List the read-only CRM and analytics connections with coverage and freshness.",
  effect: "read",
  plan: "not-shown",
  statuses: STATUSES.plain,
  input: () => z.object({}),
});
