// What tracing costs a tool call. The same calls go to a service answering after 1 ms (the
// simulator with `latencyMs: 1`, in a process of its own) through one toolkit, in pairs: once with
// no OpenTelemetry SDK registered (adrails' spans are no-ops) and once with the SDK as an
// application registers it for production: NodeTracerProvider.register() (the AsyncLocalStorage
// context manager, the W3C propagator) with a BatchSpanProcessor; with --metrics, a MeterProvider
// too. Calls use the default wire (Node's http, kept alive). The exporter drops what it gets, so
// the figure is adrails' and the SDK's work, not a network's.
//
// The SDK is registered and unregistered between the two blocks of a pair (outside the timing),
// the order alternates, and the headline is the median of the per-pair ratios of the blocks'
// medians, traced/untraced.
// 5,000 calls by default: at 2,000 the per-pair ratios spread from about 1.00 to 1.11 between the
// quartiles and the headline moved 1.039-1.056 from run to run; at 5,000 it moved 1.041-1.048.
//   npx tsx bench/tracing.ts [iterations, default 5000] [--metrics]
import { type ChildProcess, fork } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { ExportResultCode } from "@opentelemetry/core";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { BatchSpanProcessor, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { createAdTools } from "../src/toolkit.js";

const ITERATIONS = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 5000);
const WITH_METRICS = process.argv.includes("--metrics");
const TARGET = 1.05;

class DroppingExporter implements SpanExporter {
  spans = 0;
  export(spans: ReadableSpan[], done: (result: { code: ExportResultCode }) => void): void {
    this.spans += spans.length;
    done({ code: ExportResultCode.SUCCESS });
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

class QuietReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const exporter = new DroppingExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });
const reader = new QuietReader();
const meterProvider = new MeterProvider({ readers: [reader] });

function register(): void {
  provider.register();
  if (WITH_METRICS) metrics.setGlobalMeterProvider(meterProvider);
}

function unregister(): void {
  trace.disable();
  context.disable();
  propagation.disable();
  metrics.disable();
}

async function service(): Promise<{
  url: string;
  apiKey: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}> {
  const child: ChildProcess = fork(new URL("./sim-process.ts", import.meta.url), ["1"], {
    execArgv: ["--import", "tsx"],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off("message", on);
        resolve(m as T);
      };
      child.on("message", on);
    });
  const ready = await next<{ url: string; apiKey: string }>("ready");
  return {
    ...ready,
    reset: async () => {
      const done = next("done");
      child.send({ type: "reset" });
      await done;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ type: "close" });
      await exited;
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const sim = await service();
const toolkit = createAdTools({
  apiKey: sim.apiKey,
  baseUrl: sim.url,
  rateLimit: false,
  retry: { maxRetries: 0 },
  sessionId: "bench",
});
const accounts = (await toolkit.call("list-accounts", {})) as { data: { accounts: { id: string }[] } };
const accountId = accounts.data.accounts[0]!.id;
const calls = [
  { tool: "list-accounts", input: {} },
  { tool: "health", input: { account_id: accountId } },
  { tool: "benchmarks", input: { niche: "ecommerce" } },
];

async function timed(c: number): Promise<number> {
  const { tool, input } = calls[c]!;
  const started = performance.now();
  const result = await toolkit.call(tool, input, { toolCallId: `bench-${c}` });
  const ms = performance.now() - started;
  if (result.ok !== true) throw new Error(`${tool}: ${JSON.stringify(result)}`);
  return ms;
}

// Blocks of calls rather than single calls per side: registering an SDK turns async hooks on, and
// switching them on and off around every call would measure the switch, not the tracing.
const BLOCK = 12;
const ratios: number[] = [];
const plain: number[] = [];
const traced: number[] = [];
async function block(): Promise<number[]> {
  const times: number[] = [];
  for (let c = 0; c < BLOCK; c++) times.push(await timed(c % calls.length));
  return times;
}
const blocks = Math.ceil(ITERATIONS / BLOCK);
const warmup = Math.max(4, Math.round(blocks / 10));
for (let i = 0; i < blocks + warmup; i++) {
  if (i % 40 === 0) await sim.reset();
  let off: number[];
  let on: number[];
  if (i % 2 === 0) {
    off = await block();
    register();
    on = await block();
    unregister();
  } else {
    register();
    on = await block();
    unregister();
    off = await block();
  }
  if (i < warmup) continue;
  plain.push(...off);
  traced.push(...on);
  ratios.push(median(on) / median(off));
}
await provider.forceFlush();
await sim.close();

const ratio = median(ratios);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] as number;
};
const us = (ms: number) => Math.round(ms * 1000);
console.log(
  `tool calls at a 1 ms service, ${ratios.length} pairs of ${BLOCK}-call blocks (${calls.map((c) => c.tool).join(", ")})`,
);
console.log(
  `SDK registered: NodeTracerProvider.register() with a BatchSpanProcessor (SDK defaults) and an exporter that drops the spans${WITH_METRICS ? ", and a MeterProvider" : ""}`,
);
console.log(
  `load average (1 min) ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores; per-pair ratios: p25 ${quantile(ratios, 0.25).toFixed(3)}, p75 ${quantile(ratios, 0.75).toFixed(3)}`,
);
console.table({
  "no SDK registered": {
    "median µs": us(median(plain)),
    "mean µs": us(plain.reduce((a, b) => a + b, 0) / plain.length),
  },
  "SDK registered": {
    "median µs": us(median(traced)),
    "mean µs": us(traced.reduce((a, b) => a + b, 0) / traced.length),
  },
});
console.log(`spans exported: ${exporter.spans} (a tool span and an HTTP attempt span per traced call)`);
console.log(
  `median of per-pair ratios traced/untraced: ${ratio.toFixed(3)} (target <= ${TARGET}) ${ratio <= TARGET ? "OK" : "OVER"}`,
);
process.exitCode = ratio <= TARGET ? 0 : 1;
