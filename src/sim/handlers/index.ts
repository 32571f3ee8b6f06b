import { accountHandlers } from "./accounts.js";
import { briefHandlers } from "./briefs.js";
import { calculatorHandlers } from "./calculators.js";
import { competitorHandlers } from "./competitors.js";
import type { Handler } from "./context.js";
import { copyHandlers } from "./copy.js";
import { experimentHandlers } from "./experiments.js";
import { pushCreative } from "./push.js";
import { sourceHandlers } from "./sources.js";
import { workflowHandlers } from "./workflows.js";

/** One handler per offered tool, by service name. */
export const handlers: Record<string, Handler> = {
  ...accountHandlers,
  ...calculatorHandlers,
  ...copyHandlers,
  "push-creative": pushCreative,
  ...workflowHandlers,
  ...sourceHandlers,
  ...briefHandlers,
  ...experimentHandlers,
  ...competitorHandlers,
};
