#!/usr/bin/env node
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/bin.js
import module from "node:module";
import v8 from "node:v8";
module.enableCompileCache?.();
var argv = process.argv.slice(2);
if (argv.includes("mcp")) {
  v8.setFlagsFromString("--semi-space-growth-factor=1");
  v8.setFlagsFromString("--optimize-for-size");
}
var { earlyAnswers, serveEarly } = await import("./mcp-early-B5VCYM67.js");
var early = earlyAnswers(argv, process.env);
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE")
    process.exit(process.exitCode ?? 0);
  throw error;
});
var runCli = /* @__PURE__ */ __name(async (...args) => {
  (await import("zod")).config({ jitless: true });
  return (await import("./main-X3ARQ7KG.js")).runCli(...args);
}, "runCli");
var code = early ? await serveEarly(early, (io) => runCli(argv, io)) : await runCli(argv);
process.exitCode = code;
if (globalThis[/* @__PURE__ */ Symbol.for("opentelemetry.js.api.1")] !== void 0) {
  await (await import("./telemetry-KI4CGMWK.js")).flushTelemetry();
}
setTimeout(() => process.exit(code), 2e3).unref();
