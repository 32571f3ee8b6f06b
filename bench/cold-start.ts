// Cold start of an MCP server over stdio: spawn to the `tools/list` answer (after `initialize`), for
// `adrails mcp` (all its tools) and @modelcontextprotocol/server-everything (13 tools), run in
// alternation so both see the same machine load; prints each median and the ratio (adrails /
// everything). Also `adrails call list-accounts` from spawn to exit (the base URL is a closed port:
// one refused connection, no retry), next to `node -e 0`. Needs a build (npm run build).
//   npx tsx bench/cold-start.ts [pairs, default 15]
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";

const pairs = Number(process.argv[2] ?? 15);
const BIN = new URL("../dist/cli/bin.js", import.meta.url).pathname;
const require = createRequire(import.meta.url);
const EVERYTHING = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist",
  "index.js",
);
const env = {
  ...process.env,
  ADRAILS_API_KEY: "adk_bench_placeholder",
  ADRAILS_BASE_URL: "http://127.0.0.1:1",
};

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
};

/** Milliseconds from spawn to the tools/list answer, and how many tools it listed. */
function toolsListed(command: string, args: string[]): Promise<{ ms: number; tools: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "ignore"] });
    let buffer = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        const end = buffer.indexOf("\n");
        if (end < 0) return;
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message.id === 1) {
          child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
          child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
        } else if (message.id === 2) {
          const ms = performance.now() - started;
          child.kill("SIGKILL");
          resolve({ ms, tools: message.result.tools.length });
        }
      }
    });
    child.once("error", reject);
    child.stdin.write(`${JSON.stringify(INIT)}\n`);
  });
}

function exited(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(performance.now() - started));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const adrails: number[] = [];
const everything: number[] = [];
const call: number[] = [];
const bare: number[] = [];
const counts = { adrails: 0, everything: 0 };
// One warm-up each, so the first run does not pay for the disk cache alone.
await toolsListed(process.execPath, [BIN, "mcp"]);
await toolsListed(process.execPath, [EVERYTHING, "stdio"]);
for (let i = 0; i < pairs; i++) {
  // Alternate which goes first, so neither always runs right after the other.
  const order = i % 2 === 0 ? ["a", "e"] : ["e", "a"];
  for (const which of order) {
    if (which === "a") {
      const run = await toolsListed(process.execPath, [BIN, "mcp"]);
      adrails.push(run.ms);
      counts.adrails = run.tools;
    } else {
      const run = await toolsListed(process.execPath, [EVERYTHING, "stdio"]);
      everything.push(run.ms);
      counts.everything = run.tools;
    }
  }
  call.push(await exited(process.execPath, [BIN, "--retries", "0", "call", "list-accounts"]));
  bare.push(await exited(process.execPath, ["-e", "0"]));
}

const a = median(adrails);
const e = median(everything);
console.log(`MCP cold start, spawn to tools/list (median of ${pairs}, alternating):`);
console.log(`  adrails mcp          ${a.toFixed(0)} ms  (${counts.adrails} tools)`);
console.log(`  server-everything    ${e.toFixed(0)} ms  (${counts.everything} tools)`);
console.log(`  ratio adrails/everything: ${(a / e).toFixed(2)}`);
console.log(
  `adrails call list-accounts, spawn to exit: ${median(call).toFixed(0)} ms (node -e 0: ${median(bare).toFixed(0)} ms)`,
);
