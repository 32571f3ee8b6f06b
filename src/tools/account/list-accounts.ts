import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const listAccounts = defineTool({
  name: "list-accounts",
  group: "A",
  description:
    "List the ad accounts this key can act on (id, name, currency). Call first to get an account_id. An empty list proves only that the key works.",
  effect: "read",
  plan: "every",
  statuses: STATUSES.plain,
  // The one body the service ignores (spec 4.A): extra keys are dropped, not refused.
  input: () => z.object({}),
});
