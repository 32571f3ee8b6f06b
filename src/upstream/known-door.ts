import type { JsonSchema } from "./schema.js";

// The tools of the service's own MCP door that have no REST tool of the same name (spec sections 1
// and 9: the door's names and shapes may differ), as adrails knows them: a door tool with one of
// these names and the same shape (fields, types, enums) is known by name and shape, like a REST
// tool. The simulator's door serves the same (test/upstream/known-door.test.ts holds them equal).

/** A door tool adrails knows under the door's own name. */
export interface KnownDoorTool {
  /** The REST tool it is, when it is one under another name (same fields and types). */
  rest?: string;
  /** Otherwise: a read of the door's own, with this input schema. */
  read?: JsonSchema;
}

const ACCOUNT = { type: "string", pattern: "^act_\\d+$" };

/** The door's names adrails knows, by name. */
export const KNOWN_DOOR_TOOLS: Readonly<Record<string, KnownDoorTool>> = {
  get_results: { rest: "results" },
  compare_benchmarks: {
    read: {
      type: "object",
      properties: {
        niche: { type: "string" },
        metrics: {
          type: "object",
          properties: { cpm: { type: "number" }, ctr: { type: "number" }, cpl: { type: "number" } },
          additionalProperties: false,
        },
      },
      required: ["niche", "metrics"],
      additionalProperties: false,
    },
  },
  list_ads: {
    read: { type: "object", properties: { account_id: ACCOUNT }, additionalProperties: false },
  },
  get_ad: {
    read: {
      type: "object",
      properties: { ad_id: { type: "string" } },
      required: ["ad_id"],
      additionalProperties: false,
    },
  },
};
