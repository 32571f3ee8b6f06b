import type { Client, Tool } from "@modelcontextprotocol/client";
import { compileDoorSchema, type DoorSchema, toolFingerprint } from "./schema.js";

/** A tool of the MCP door that adrails will not offer, and why. */
export interface CatalogProblem {
  name: string;
  reason: string;
}

/** One usable door tool: as listed, its compiled schema, and the fingerprint declarations pin. */
export interface CheckedTool {
  tool: Tool;
  schema: DoorSchema;
  fingerprint: string;
}

/** The door's `tools/list` after checking: usable tools by name, and the ones refused. */
export interface CheckedCatalog {
  tools: Map<string, CheckedTool>;
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
 * the door runs), and so is an input schema that does not compile as JSON Schema 2020-12 (the
 * reason names the keyword). Everything else is kept.
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
    const schema = compileDoorSchema(tool.inputSchema);
    if (typeof schema === "string") {
      problems.push({ name: tool.name, reason: schema });
      continue;
    }
    tools.set(tool.name, { tool, schema, fingerprint: toolFingerprint(tool) });
  }
  return { tools, problems };
}
