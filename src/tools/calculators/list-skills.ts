import { z } from "zod";
import { defineTool } from "../define.js";
import { STATUSES } from "../fields.js";

export const listSkills = defineTool({
  name: "list-skills",
  group: "B",
  description: "List the expert playbooks (skills) by slug, title and summary.",
  effect: "calculator",
  plan: "every",
  statuses: STATUSES.plain,
  input: () => z.strictObject({}),
});
