// Tokens (o200k) per tool of the `tools/list` answer a host receives: `adrails mcp` (the default
// toolkit, as served) next to @modelcontextprotocol/server-everything, both spawned over stdio and
// listed with the MCP SDK's own client. Deterministic; exit 1 when adrails costs more per tool.
//   npx tsx bench/tools-list.ts   (needs a build: npm run build)
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { encode } from "gpt-tokenizer/encoding/o200k_base";

const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);
const BIN = new URL("../dist/cli/bin.js", import.meta.url).pathname;

/** The tools/list answer of a server spawned over stdio, and its tokens per tool. */
export async function listedPerTool(
  args: string[],
): Promise<{ tools: number; tokens: number; perTool: number }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ADRAILS_API_KEY: "adk_bench_placeholder",
    ADRAILS_BASE_URL: "http://127.0.0.1:1",
  };
  const transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: "ignore" });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const tokens = encode(JSON.stringify({ tools })).length;
    return { tools: tools.length, tokens, perTool: tokens / tools.length };
  } finally {
    await client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adrails = await listedPerTool([BIN, "mcp"]);
  const everything = await listedPerTool([EVERYTHING, "stdio"]);
  for (const [name, m] of [
    ["adrails mcp", adrails],
    ["server-everything", everything],
  ] as const) {
    console.log(`${name.padEnd(18)} ${m.tools} tools, ${m.tokens} tokens, ${m.perTool.toFixed(1)} per tool`);
  }
  if (adrails.perTool > everything.perTool) {
    console.error("adrails costs more per tool than server-everything");
    process.exitCode = 1;
  }
}
