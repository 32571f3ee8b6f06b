// The MCP server next to the adapters. (1) Tokens (o200k) of the `tools/list` payload a host
// receives, and of the part a host hands its model (name, description, input schema), next to the
// adapters' figure: each tool as the AI SDK's OpenAI provider sends it, as bench/catalog-tokens.ts
// counts it, and what the titles and annotations add (exit 1 if the payload is larger). (2) Spawn to the first `tools/list` answer of `adrails mcp` over stdio, as a ratio to
// `adrails --help` (spawn to exit): what a host waits for before it can offer the tools, in units
// of the CLI's own start. Needs a build (npm run build).
//   npx tsx bench/mcp.ts [runs, default 7]
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { asSchema } from "ai";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { aiSdkTools } from "../src/adapters/ai-sdk.js";
import { createMcpServer } from "../src/mcp/server.js";
import { createAdTools } from "../src/toolkit.js";

const BIN = new URL("../dist/cli/bin.js", import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 7);
const env = {
  ...process.env,
  ADRAILS_API_KEY: "adk_bench_placeholder",
  ADRAILS_BASE_URL: "http://127.0.0.1:1",
};
const count = (payload: unknown) => encode(JSON.stringify(payload)).length;

const toolkit = createAdTools({ apiKey: env.ADRAILS_API_KEY, baseUrl: env.ADRAILS_BASE_URL });

let adapters = 0;
for (const [name, made] of Object.entries(aiSdkTools(toolkit))) {
  const parameters = await asSchema(made.inputSchema).jsonSchema;
  adapters += count({ type: "function", function: { name, description: made.description, parameters } });
}

const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await createMcpServer(toolkit).connect(serverSide);
const client = new Client({ name: "bench", version: "1.0.0" });
await client.connect(clientSide);
const { tools } = await client.listTools();
await client.close();
const payload = count({ tools });
// What each part costs: the payload with that part left out, so the figures add up exactly.
const without = (...keys: string[]) =>
  count({
    tools: tools.map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => !keys.includes(k)))),
  });
const modelFacing = without("title", "annotations");
const titles = without("annotations") - modelFacing;
const annotations = payload - modelFacing - titles;

console.log(`tools: ${tools.length}`);
console.log(`adapters (AI SDK, OpenAI function payload): ${adapters} tokens`);
console.log(`MCP tools/list payload: ${payload} tokens (${(payload / adapters).toFixed(3)}x the adapters)`);
console.log(
  `  name, description, input schema (what a host hands its model): ${modelFacing} tokens (${(modelFacing / adapters).toFixed(3)}x)`,
);
console.log(
  `  + titles: ${titles} tokens; + annotations (only hints that differ from the spec's defaults): ${annotations} tokens`,
);
if (payload > adapters) {
  console.error(`the tools/list payload is larger than the adapters' by ${payload - adapters} tokens`);
  process.exitCode = 1;
}

if (!existsSync(BIN)) {
  console.error("dist/cli/bin.js is missing: run npm run build for the startup figure.");
  process.exit(1);
}

/** ms from spawn to exit of `adrails --help`. */
function helpTime(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, "--help"], { env, stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(performance.now() - started));
  });
}

/** ms from spawn to the answer to tools/list (initialize, initialized and tools/list sent at once). */
function firstListTime(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, "mcp"], { env, stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    child.once("error", reject);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      if (
        out
          .split("\n")
          .some((line) => line.startsWith("{") && line.includes('"id":2') && line.includes('"tools"'))
      ) {
        const elapsed = performance.now() - started;
        child.kill();
        resolve(elapsed);
      }
    });
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "bench", version: "1" },
      },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const help: number[] = [];
const list: number[] = [];
await helpTime();
await firstListTime();
for (let i = 0; i < runs; i++) {
  // Interleaved, so that machine noise hits both alike.
  help.push(await helpTime());
  list.push(await firstListTime());
}
const h = median(help);
const l = median(list);
console.log(`adrails --help, spawn to exit: median ${h.toFixed(0)} ms over ${runs} runs`);
console.log(`adrails mcp, spawn to first tools/list answer: median ${l.toFixed(0)} ms`);
console.log(`startup ratio (mcp first tools/list / --help): ${(l / h).toFixed(2)}`);
