import type { DoorTool } from "./catalog.js";

// A door whose catalog differs from REST the way the spec allows (names, shapes, JSON Schema
// 2020-12 keywords), for tests of how adrails reads a door it was not written against.

const snake = (name: string) => name.replaceAll("-", "_");

/** The same tools under snake_case names, with schemas written with 2020-12 keywords. */
export function variantCatalog(standard: DoorTool[]): DoorTool[] {
  return standard.map((tool) => {
    const renamed = { ...tool, name: snake(tool.name), title: tool.title };
    if (tool.rest === "push-creative") return { ...renamed, inputSchema: pushSchema(tool.inputSchema) };
    if (tool.rest === "results") return { ...renamed, inputSchema: resultsSchema(tool.inputSchema) };
    return renamed;
  });
}

type Json = Record<string, unknown>;

/** One image or one video (oneOf); URLs through `$ref` to a `$defs` entry with a format. */
function pushSchema(schema: Json): Json {
  const properties = { ...(schema.properties as Record<string, Json>) };
  for (const field of ["image_url", "video_url", "thumbnail_url", "website_url"]) {
    const { type: _t, format: _f, ...rest } = properties[field] ?? {};
    properties[field] = { ...rest, $ref: "#/$defs/https_url" };
  }
  return {
    ...schema,
    properties,
    $defs: { https_url: { type: "string", format: "uri", pattern: "^https://" } },
    oneOf: [{ required: ["image_url"] }, { required: ["video_url"] }],
  };
}

/** A custom range needs both ends (dependentSchemas). */
function resultsSchema(schema: Json): Json {
  return {
    ...schema,
    dependentSchemas: { since: { required: ["until"] }, until: { required: ["since"] } },
  };
}
