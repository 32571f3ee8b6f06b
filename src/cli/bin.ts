#!/usr/bin/env node
import module from "node:module";
import v8 from "node:v8";

// Node 22.1+ keeps compiled code on disk between runs, which shortens every later start (an MCP
// host spawns the server at each session). Older Node has no such cache.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const argv = process.argv.slice(2);
// `adrails mcp` serves for hours. Under a stream of calls V8 grew its young generation from 1 to 16
// MiB semi-spaces and kept a grown old space: resident memory rose 45 MiB over 5,000 calls while
// what is live grew 2 MiB. A young generation kept at its first size and V8's memory-saving heap
// sizing hold that to about 7 MiB once idle (16 MiB right after the last call), at the same time
// per call (bench/memory.ts). Set before anything loads; V8 reads both whenever the heap grows.
if (argv.includes("mcp")) {
  v8.setFlagsFromString("--semi-space-growth-factor=1");
  v8.setFlagsFromString("--optimize-for-size");
}
// A plain `adrails mcp` answers the host's opening exchange before the CLI itself loads.
const { earlyAnswers, serveEarly } = await import("./mcp-early.js");
const early = earlyAnswers(argv, process.env);

// A reader that stops early (`adrails openapi | head`) is not a failure of the command.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const runCli = async (...args: Parameters<typeof import("./main.js").runCli>) => {
  // zod compiles a parser (`new Function`) for each object schema on its first parse, the MCP
  // SDK's message schemas included. A CLI process parses few values per schema, so compiling
  // cost more than it saved: spawn to the first answered call of `adrails --sim mcp` went from
  // 640 to 501 ms without it (median of 9 pairs). Set before any schema exists (zod decides per
  // schema when it is built); nothing before this point loads zod.
  (await import("zod")).config({ jitless: true });
  return (await import("./main.js")).runCli(...args);
};
const code = early ? await serveEarly(early, (io) => runCli(argv, io)) : await runCli(argv);
process.exitCode = code;
// An application's OpenTelemetry SDK (NODE_OPTIONS="--import ./otel.mjs") batches spans; without a
// flush, a short command (and the last calls of `adrails mcp`) would exit before they are sent.
// Only when something registered with the API (its global exists): otherwise nothing is loaded.
if ((globalThis as Record<symbol, unknown>)[Symbol.for("opentelemetry.js.api.1")] !== undefined) {
  await (await import("../client/telemetry.js")).flushTelemetry();
}
// Idle keep-alive sockets or a stray timer must not keep a finished command alive;
// the timer is unref'd, so it never delays an exit that would happen anyway.
setTimeout(() => process.exit(code), 2000).unref();
