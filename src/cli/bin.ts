#!/usr/bin/env node
import module from "node:module";
import v8 from "node:v8";

// Node 22.1+ keeps compiled code on disk between runs, which shortens every later start (an MCP
// host spawns the server at each session). Older Node has no such cache.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const argv = process.argv.slice(2);
// `adrails mcp` serves for hours. Under a stream of calls V8 grows its young generation from 1 to 16
// MiB semi-spaces and promotes more into an old space that stays grown: resident memory rose 44 MiB
// over 5,000 calls, though what is live grew 2 MiB. Keeping the young generation at its first size
// holds that to 13 MiB (bench/memory.ts). Set before anything is loaded, as V8 reads it at each growth.
if (argv.includes("mcp")) v8.setFlagsFromString("--semi-space-growth-factor=1");
// A plain `adrails mcp` answers the host's opening exchange before the CLI itself loads.
const { earlyAnswers, serveEarly } = await import("./mcp-early.js");
const early = earlyAnswers(argv, process.env);

// A reader that stops early (`adrails openapi | head`) is not a failure of the command.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const runCli = async (...args: Parameters<typeof import("./main.js").runCli>) =>
  (await import("./main.js")).runCli(...args);
const code = early ? await serveEarly(early, (io) => runCli(argv, io)) : await runCli(argv);
process.exitCode = code;
// Idle keep-alive sockets or a stray timer must not keep a finished command alive;
// the timer is unref'd, so it never delays an exit that would happen anyway.
setTimeout(() => process.exit(code), 2000).unref();
