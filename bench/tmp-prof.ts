import { fork } from "node:child_process";
import { BatchSpanProcessor, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ExportResultCode } from "@opentelemetry/core";
import { Agent } from "undici";
import { createAdTools } from "../src/toolkit.js";
const TRACE = process.env.TRACE === "1";
const N = Number(process.argv[2] ?? 3000);
class Drop implements SpanExporter { export(s: ReadableSpan[], d: (r: { code: ExportResultCode }) => void) { d({ code: ExportResultCode.SUCCESS }); } shutdown() { return Promise.resolve(); } }
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
if (process.env.TRACE === "2") { const cm = new AsyncLocalStorageContextManager(); cm.enable(); context.setGlobalContextManager(cm); context.with(context.active(), () => {}); }
if (TRACE) new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(new Drop())] }).register();
const child = fork(new URL("./sim-process.ts", import.meta.url), ["0"], { execArgv: ["--import", "tsx"] });
const ready = await new Promise<{ url: string; apiKey: string }>((r) => child.on("message", (m: any) => m.type === "ready" && r(m)));
const tk = createAdTools({ apiKey: ready.apiKey, baseUrl: ready.url, rateLimit: false, retry: { maxRetries: 0 }, sessionId: "b", dispatcher: new Agent() });
const acc = (await tk.call("list-accounts", {})) as any;
const id = acc.data.accounts[0].id;
const calls = [{ tool: "list-accounts", input: {} }, { tool: "health", input: { account_id: id } }, { tool: "benchmarks", input: { niche: "ecommerce" } }];
for (let i = 0; i < 500; i++) await tk.call(calls[i % 3]!.tool, calls[i % 3]!.input, { toolCallId: `c${i}` });
import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
const session = new Session(); session.connect();
await session.post("Profiler.enable"); await session.post("Profiler.setSamplingInterval", { interval: 100 }); await session.post("Profiler.start");
const cpu0 = process.cpuUsage(); const t0 = performance.now();
for (let i = 0; i < N; i++) { const r = await tk.call(calls[i % 3]!.tool, calls[i % 3]!.input, { toolCallId: `c${i}` }); if (r.ok !== true) throw new Error(JSON.stringify(r)); }
const cpu = process.cpuUsage(cpu0); const t = performance.now() - t0;
console.log(`TRACE=${TRACE} cpu us/call ${((cpu.user + cpu.system) / N).toFixed(1)} wall us/call ${((t * 1000) / N).toFixed(1)}`);
const { profile } = await session.post("Profiler.stop"); writeFileSync(`${process.env.OUT}/${Date.now()}.cpuprofile`, JSON.stringify(profile));
child.kill();
process.exit(0);
