import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const getSkill = defineTool({
  name: "get-skill",
  group: "B",
  description: "Read one skill in full: thresholds, decision rules, reasoning. Get slugs from list-skills.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: () => z.strictObject({ slug: z.string() }),
});
