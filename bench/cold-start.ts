// Cold start of an MCP server over stdio: spawn to the `tools/list` answer (after `initialize`), for
// `adrails mcp` (all its tools) and @modelcontextprotocol/server-everything (13 tools), run in
// alternation so both see the same machine load; prints each median, the spread and the ratio
// (adrails / everything). `adrails mcp` answers the opening exchange from what the build recorded
// while its server loads, so the bench also times spawn to the first `tools/call` answer (a
// successful list-accounts on `adrails --sim mcp`, echo for everything): what a host waits for before its first tool runs.
// Also `adrails call list-accounts` from spawn to exit (the base URL is a closed port: one refused
// connection, no retry), next to `node -e 0`. Needs a build (npm run build).
//   npx tsx bench/cold-start.ts [pairs, default 15]
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
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
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
};

interface Opening {
  /** Spawn to the tools/list answer. */
  listed: number;
  /** Spawn to the answer of the first tools/call (sent after the list). */
  called: number;
  tools: number;
}

/** Spawn, initialize, tools/list, then one tools/call; times to the list and to the call's answer. */
function opening(
  command: string,
  args: string[],
  call: { name: string; arguments: object; answered: (result: any) => boolean },
): Promise<Opening> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "ignore"] });
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    let buffer = "";
    let listed = 0;
    let tools = 0;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        const end = buffer.indexOf("\n");
        if (end < 0) return;
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message.id === 1) {
          send({ method: "notifications/initialized" });
          send({ id: 2, method: "tools/list" });
        } else if (message.id === 2) {
          listed = performance.now() - started;
          tools = message.result.tools.length;
          send({ id: 3, method: "tools/call", params: { name: call.name, arguments: call.arguments } });
        } else if (message.id === 3) {
          const called = performance.now() - started;
          child.kill("SIGKILL");
          if (!call.answered(message.result ?? {}))
            reject(new Error(`${call.name} failed: ${JSON.stringify(message.result)}`));
          else resolve({ listed, called, tools });
        }
      }
    });
    child.once("error", reject);
    send(INIT);
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
const spread = (values: number[]) =>
  `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

// `adrails --sim mcp`: the first call is a successful one, answered by the embedded simulator
// through every guard and a real HTTP round trip (the measure), not a refusal.
const ADRAILS = [BIN, "--sim", "mcp"];
const ADRAILS_CALL = {
  name: "list-accounts",
  arguments: {},
  answered: (result: { isError?: boolean }) => result.isError !== true,
};
const EVERYTHING_ARGS = [EVERYTHING, "stdio"];
const EVERYTHING_CALL = {
  name: "echo",
  arguments: { message: "hi" },
  answered: (result: { isError?: boolean }) => result.isError !== true,
};
const runs = {
  adrails: [] as Opening[],
  everything: [] as Opening[],
  call: [] as number[],
  bare: [] as number[],
};
const loadBefore = load();
// One warm-up each, so the first run does not pay for the disk cache alone.
await opening(process.execPath, ADRAILS, ADRAILS_CALL);
await opening(process.execPath, EVERYTHING_ARGS, EVERYTHING_CALL);
for (let i = 0; i < pairs; i++) {
  // Alternate which goes first, so neither always runs right after the other.
  const order = i % 2 === 0 ? ["a", "e"] : ["e", "a"];
  for (const which of order) {
    if (which === "a") runs.adrails.push(await opening(process.execPath, ADRAILS, ADRAILS_CALL));
    else runs.everything.push(await opening(process.execPath, EVERYTHING_ARGS, EVERYTHING_CALL));
  }
  const callFirst = i % 2 === 0;
  if (!callFirst) runs.bare.push(await exited(process.execPath, ["-e", "0"]));
  runs.call.push(await exited(process.execPath, [BIN, "--retries", "0", "call", "list-accounts"]));
  if (callFirst) runs.bare.push(await exited(process.execPath, ["-e", "0"]));
}

const listed = (of: Opening[]) => of.map((run) => run.listed);
const called = (of: Opening[]) => of.map((run) => run.called);
const ratio = (a: number[], e: number[]) => (median(a) / median(e)).toFixed(2);
const pairRatios = (a: number[], e: number[]) => a.map((value, i) => value / e[i]!);
console.log(`Node ${process.version}, ${pairs} pairs, alternating; load average ${loadBefore} -> ${load()}`);
console.log("MCP cold start, spawn to tools/list, median (min-max):");
console.log(`  adrails mcp          ${spread(listed(runs.adrails))}  (${runs.adrails[0]!.tools} tools)`);
console.log(
  `  server-everything    ${spread(listed(runs.everything))}  (${runs.everything[0]!.tools} tools)`,
);
const listRatios = pairRatios(listed(runs.adrails), listed(runs.everything));
console.log(
  `  ratio adrails/everything: ${ratio(listed(runs.adrails), listed(runs.everything))} (per pair ${Math.min(...listRatios).toFixed(2)}-${Math.max(...listRatios).toFixed(2)})`,
);
console.log(
  "Spawn to the first successful tools/call answer (adrails --sim mcp: list-accounts), median (min-max):",
);
console.log(`  adrails mcp          ${spread(called(runs.adrails))}`);
console.log(`  server-everything    ${spread(called(runs.everything))}`);
console.log(`  ratio adrails/everything: ${ratio(called(runs.adrails), called(runs.everything))}`);
console.log(
  `adrails call list-accounts, spawn to exit: ${spread(runs.call)}; node -e 0: ${spread(runs.bare)}`,
);
// The same pairs: a CLI command against server-everything's start to its tools/list answer.
const callRatios = pairRatios(runs.call, listed(runs.everything));
console.log(
  `  ratio to server-everything's tools/list: ${ratio(runs.call, listed(runs.everything))} (per pair ${Math.min(...callRatios).toFixed(2)}-${Math.max(...callRatios).toFixed(2)})`,
);
