import { z } from "zod";
import { offeredTools, type ToolDefinition } from "../../tools/index.js";
import type { SimRuntime } from "../pipeline.js";
import { canonical, sha256 } from "../random.js";
import type { Identity } from "../world.js";
import { adTools } from "./ads.js";

/** What a door tool answers: the REST status and the payload REST would put at `data`. */
export interface DoorReply {
  status: number;
  data: unknown;
}

/** Everything one call may use, acting as the signed-in person. */
export interface DoorCall {
  /** The person's id (a demo identity label: pro, agency, ...). */
  userId: string;
  identity: Identity;
  rt: SimRuntime;
  /** Calls a REST tool of the same simulator as this person; same world, same rules. */
  rest(tool: string, body: Record<string, unknown>): Promise<DoorReply>;
}

/** One tools/call the door received. */
export interface DoorCallRecord {
  at: string;
  tool: string;
  userId: string;
  clientId: string;
  arguments: Record<string, unknown>;
  /** The status the call answered with, or null for a tool that is not listed. */
  status: number | null;
}

/** MCP tool annotations (hints only). */
export interface DoorAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One tool of the MCP door's catalog. */
export interface DoorTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: DoorAnnotations;
  /** The REST tool it stands for, when there is one (for the docs and the tests). */
  rest?: string;
  run(call: DoorCall, args: Record<string, unknown>): Promise<DoorReply>;
}

/** REST tools the door does not offer (availability differs, spec section 9). */
const NOT_ON_MCP = new Set(["creative-loop"]);
/** REST tools the door offers under another name or shape. */
const RESHAPED = new Set(["results", "compare"]);

/** The JSON Schema of a REST tool's body, as the service publishes it. */
export function restSchema(def: ToolDefinition): Record<string, unknown> {
  const { $schema: _s, ...schema } = z.toJSONSchema(def.inputSchema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return schema;
}

function annotationsOf(def: ToolDefinition): DoorAnnotations {
  if (def.hints.readOnly) return { readOnlyHint: true, openWorldHint: def.effect !== "calculator" };
  return {
    readOnlyHint: false,
    destructiveHint: def.name === "push-creative",
    idempotentHint: def.hints.idempotent,
  };
}

const titleOf = (name: string) => {
  const words = name.replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A REST tool offered unchanged: same name, same body. */
function passThrough(def: ToolDefinition): DoorTool {
  return {
    name: def.name,
    title: titleOf(def.name),
    description: def.description,
    inputSchema: restSchema(def),
    annotations: annotationsOf(def),
    rest: def.name,
    run: (call, args) => call.rest(def.name, args),
  };
}

const results = offeredTools.find((t) => t.name === "results")!;

/** `results`, renamed. */
const getResults: DoorTool = {
  name: "get_results",
  title: "Get results",
  description: results.description,
  inputSchema: restSchema(results),
  annotations: { readOnlyHint: true },
  rest: "results",
  run: (call, args) => call.rest("results", args),
};

/** `compare`, renamed, with the three metrics nested under `metrics`. */
const compareBenchmarks: DoorTool = {
  name: "compare_benchmarks",
  title: "Compare with benchmarks",
  description:
    "Compare your metrics with an industry's benchmarks. Give the niche slug (from benchmarks) and at least one metric. Returns ahead/behind per metric.",
  inputSchema: {
    type: "object",
    properties: {
      niche: { type: "string", description: "Industry slug from benchmarks" },
      metrics: {
        type: "object",
        properties: {
          cpm: { type: "number", description: "Cost per 1,000 impressions" },
          ctr: { type: "number", description: "Click-through rate, percent" },
          cpl: { type: "number", description: "Cost per lead, compared with the benchmark CPA" },
        },
        additionalProperties: false,
      },
    },
    required: ["niche", "metrics"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  rest: "compare",
  run: async (call, args) => {
    const metrics = args.metrics;
    if (metrics === null || typeof metrics !== "object" || Array.isArray(metrics)) {
      return { status: 400, data: { error: "metrics must be an object with cpm, ctr and/or cpl" } };
    }
    const m = metrics as Record<string, unknown>;
    const body: Record<string, unknown> = { niche: args.niche };
    if (m.cpm !== undefined) body.your_cpm = m.cpm;
    if (m.ctr !== undefined) body.your_ctr = m.ctr;
    if (m.cpl !== undefined) body.your_cpl = m.cpl;
    return call.rest("compare", body);
  },
};

/** `launch_ad`: push-creative's ACTIVE path in one call, with nested creative and destination. */
const launchAd: DoorTool = {
  name: "launch_ad",
  title: "Launch ad",
  description:
    "Create an ad and start delivery at once (status ACTIVE): it can spend money as soon as it is created. Give the ad set, the creative and one destination.",
  inputSchema: {
    type: "object",
    properties: {
      account_id: { type: "string", pattern: "^act_\\d+$" },
      adset_id: { type: "string" },
      creative: {
        type: "object",
        properties: {
          image_url: { type: "string", format: "uri" },
          video_url: { type: "string", format: "uri" },
          primary_text: { type: "string" },
          headline: { type: "string" },
          cta_type: { type: "string" },
        },
        additionalProperties: false,
      },
      destination: {
        type: "object",
        properties: { website_url: { type: "string", format: "uri" }, lead_gen_form_id: { type: "string" } },
        additionalProperties: false,
      },
      ad_name: { type: "string" },
      request_id: { type: "string", minLength: 8, maxLength: 128 },
    },
    required: ["account_id", "adset_id", "creative", "destination"],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  run: async (call, args) => {
    const creative = objectArg(args.creative);
    const destination = objectArg(args.destination);
    if (!creative || !destination) {
      return { status: 400, data: { error: "creative and destination must be objects" } };
    }
    const requestId =
      typeof args.request_id === "string"
        ? args.request_id
        : `launch-${sha256(canonical(args)).slice(0, 32)}`;
    const body: Record<string, unknown> = {
      account_id: args.account_id,
      adset_id: args.adset_id,
      request_id: requestId,
      ...creative,
      ...destination,
      ...(args.ad_name === undefined ? {} : { ad_name: args.ad_name }),
      status: "ACTIVE",
      // The MCP door has no confirmation sentence: launching is the tool's whole meaning.
      hard_confirm_text: "launch_ad (MCP door)",
    };
    const reply = await call.rest("push-creative", body);
    const adId = (reply.data as { ad_id?: unknown } | null)?.ad_id;
    const ad = call.rt.state.ads.find((a) => a.ad_id === adId && a.request_id === requestId);
    if (reply.status === 200 && ad) {
      ad.created_by = "launch_ad";
      ad.hard_confirm_text = null;
    }
    return reply;
  },
};

function objectArg(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The door's catalog at start, in the order tools/list pages through it. */
export function doorCatalog(): DoorTool[] {
  const passed = offeredTools
    .filter((t) => !NOT_ON_MCP.has(t.name) && !RESHAPED.has(t.name))
    .map(passThrough);
  return [getResults, compareBenchmarks, ...passed, launchAd, ...adTools];
}
