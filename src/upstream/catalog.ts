import type { Client, Tool } from "@modelcontextprotocol/client";
import { z } from "zod";

/** A tool of the MCP door that adrails will not offer, and why. */
export interface CatalogProblem {
  name: string;
  reason: string;
}

/** The door's `tools/list` after checking: usable tools by name, and the ones refused. */
export interface CheckedCatalog {
  tools: Map<string, { tool: Tool; input: z.ZodType<Record<string, unknown>>; shape: z.ZodObject }>;
  problems: CatalogProblem[];
}

// A server that never stops paging would otherwise keep the client listing forever.
const MAX_PAGES = 100;

/** Every page of `tools/list`. */
export async function listAllTools(client: Client, signal?: AbortSignal): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { signal });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) return tools;
  }
  throw new Error(`tools/list kept returning a next page after ${MAX_PAGES} pages`);
}

/**
 * Checks a listed catalog: a name listed twice is refused (adrails cannot tell which definition
 * the door runs), and so is an input schema that is not a JSON Schema object adrails can check
 * arguments against. Everything else is kept.
 */
export function checkCatalog(listed: readonly Tool[]): CheckedCatalog {
  const counts = new Map<string, number>();
  for (const tool of listed) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  const tools: CheckedCatalog["tools"] = new Map();
  const problems: CatalogProblem[] = [];
  const refused = new Set<string>();
  for (const tool of listed) {
    const count = counts.get(tool.name) ?? 0;
    if (count > 1) {
      if (!refused.has(tool.name)) {
        problems.push({
          name: tool.name,
          reason: `the door lists ${count} tools named ${JSON.stringify(tool.name)}, so adrails cannot tell which one a call would run`,
        });
        refused.add(tool.name);
      }
      continue;
    }
    const converted = inputOf(tool);
    if (typeof converted === "string") {
      problems.push({ name: tool.name, reason: converted });
      continue;
    }
    tools.set(tool.name, { tool, ...converted });
  }
  return { tools, problems };
}

function inputOf(tool: Tool): { input: z.ZodType<Record<string, unknown>>; shape: z.ZodObject } | string {
  const schema = tool.inputSchema as unknown;
  if (typeof schema !== "object" || schema === null || (schema as { type?: unknown }).type !== "object") {
    return "its input schema is not a JSON Schema of type object";
  }
  const properties = (schema as { properties?: unknown }).properties;
  if (
    properties !== undefined &&
    (typeof properties !== "object" || properties === null || Array.isArray(properties))
  ) {
    return "its input schema's properties are not an object";
  }
  const required = (schema as { required?: unknown }).required;
  if (required !== undefined && (!Array.isArray(required) || required.some((r) => typeof r !== "string"))) {
    return "its input schema's required list is not a list of names";
  }
  let input: z.ZodType;
  try {
    input = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    return `its input schema is not valid JSON Schema (${(error as Error).message})`;
  }
  const shape = input instanceof z.ZodObject ? input : z.looseObject({});
  return { input: input as z.ZodType<Record<string, unknown>>, shape };
}
