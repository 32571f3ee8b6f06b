import { z } from "zod";
import { defineTool } from "../define.js";
import { accountId, requestId, STATUSES } from "../fields.js";

/** The service refuses a matrix of more than this many cells (angles x hooks x styles). */
export const MATRIX_CAP = 27;

export const creativeMatrix = defineTool({
  name: "creative-matrix",
  group: "C",
  description:
    "Generate one creative per angle x hook x visual style; the product must be at most 27. Consumes image quota and write budget; can take minutes. Paid plan.",
  effect: "workflow",
  plan: "paid",
  statuses: STATUSES.workflow,
  idField: { name: "request_id", required: false },
  input: () =>
    z.strictObject({
      account_id: accountId(),
      angles: z.array(z.string()).min(1),
      hooks: z.array(z.string()).default(["question"]),
      visual_styles: z.array(z.string()).default(["headline"]),
      aspect_ratio: z.string().default("1:1"),
      request_id: requestId().optional(),
    }),
  rules: (v, ctx) => {
    const cells =
      v.angles.length * (v.hooks ?? ["question"]).length * (v.visual_styles ?? ["headline"]).length;
    if (cells > MATRIX_CAP) {
      ctx.addIssue({
        code: "custom",
        path: ["angles"],
        message: `angles x hooks x visual_styles is ${cells}; at most ${MATRIX_CAP}`,
      });
    }
  },
});
