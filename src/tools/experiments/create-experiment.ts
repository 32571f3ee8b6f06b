import { z } from "zod";
import { defineTool } from "../define.js";
import { openObject, STATUSES, workspaceFields } from "../fields.js";

export const createExperiment = defineTool({
  name: "create-experiment",
  group: "E",
  description: "Register a control-versus-variant experiment.",
  effect: "write",
  plan: "not-shown",
  statuses: STATUSES.accountRead,
  idField: { name: "idempotencyKey", required: true },
  input: () =>
    z.object({
      ...workspaceFields(),
      idempotencyKey: z.string(),
      controlRef: z.string(),
      variantRef: z.string(),
      objective: z.string(),
      metric: z.string(),
      audience: z.string(),
      source: z.string(),
      provider: z.string(),
      attribution: z.string(),
      window: openObject(),
    }),
});
