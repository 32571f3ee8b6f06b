import { z } from "zod";
import { defineTool } from "../define.js";
import { publicUri, STATUSES } from "../fields.js";

export const saveCreative = defineTool({
  name: "save-creative",
  group: "C",
  description:
    "Save public images to the creative library. Publishes nothing. Use image_urls, or image_url for one image.",
  effect: "write",
  plan: "every",
  statuses: STATUSES.plain,
  input: () =>
    z.strictObject({
      image_urls: z.array(publicUri()).min(1).max(10).optional(),
      image_url: publicUri().optional(),
      prompt: z.string().default("External upload"),
      aspect_ratio: z.string().default("1:1").describe("e.g. 1:1, 9:16, 4:5"),
      resolution: z.string().default("2K"),
    }),
  rules: (v, ctx) => {
    if (v.image_urls === undefined && v.image_url === undefined) {
      ctx.addIssue({ code: "custom", path: ["image_urls"], message: "give image_urls or image_url" });
    }
  },
});
