import { InMemoryTransport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/server.js";
import { connectClient, type Env, ERAS, startEnv } from "./helpers.js";

// The MCP Inspector warns about an array whose `items` carries no validation keyword ("element
// types of arrays typed 'array of any' are not shown"); every listed tool must avoid it.

const KEYWORDS = ["type", "enum", "const", "anyOf", "oneOf", "allOf", "not", "$ref"];

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

function untypedItems(node: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) untypedItems(item, `${path}[${i}]`, found);
  }
  if (!isRecord(node)) return found;
  if ("items" in node && !(isRecord(node.items) && KEYWORDS.some((k) => k in (node.items as Json))))
    found.push(path);
  for (const [key, value] of Object.entries(node)) untypedItems(value, `${path}.${key}`, found);
  return found;
}

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());

describe.each(ERAS)("listed schemas, protocol %s", (era) => {
  it("no array in any tool's input schema has items without a type or validation keyword", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const handle = serveStdio(() => createMcpServer(env.toolkit()), { transport: serverSide });
    const connected = await connectClient(clientSide, era);
    try {
      const { tools } = await connected.client.listTools();
      expect(tools).toHaveLength(52);
      const found = tools.flatMap((tool) => untypedItems(tool.inputSchema, tool.name, []));
      expect(found).toEqual([]);
      // The open arrays still say they take any value.
      const brief = tools.find((tool) => tool.name === "create-creative-brief");
      const properties = brief?.inputSchema.properties as Json | undefined;
      const facts = properties?.facts as Json;
      expect((facts.items as Json).type).toEqual(["string", "number", "boolean", "object", "null"]);
    } finally {
      await connected.close();
      await handle.close();
    }
  });
});
