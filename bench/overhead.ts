// What adrails costs on top of the wire. The same bodies go to the same local simulator three ways,
// interleaved in one run: raw undici POSTs (the baseline), the bare client (`createClient().call`,
// no guards) and `toolkit.call` (every guard). All three share one undici Agent, so they reuse the
// same kept-alive connections and the ratio measures adrails' code, not connection set-up. The raw
// side calls `agent.request({ origin, path, ... })` with the URL split beforehand, the entry point
// the client itself uses: undici's top-level `request(url)` parses the URL on every call, which
// would make a slower baseline and flatter the ratio.
//
// Each iteration runs each call once per side, back to back, in a rotating order, so machine noise
// and connection warmth hit every side alike. The headline is the median over all iterations and
// calls of the per-pair ratio toolkit/raw (each pair measured within the same iteration), at zero
// added service latency, where the overhead is the largest share. Shorter passes with the
// simulator's `latencyMs` (1, 2 and 5 ms by default) show the same ratio as service time grows.
//
// Last, what the guards cost: each call's input checks (validation and the other guards that run
// before sending, through `needsConfirmation`) in a hot loop, next to all guards within the
// interleaved run (toolkit minus client, which share everything else). On a machine where code
// runs cold after every wait on the network, the second is many times the first.
//
// The simulator runs in a child process by default, as a real service would: sharing the caller's
// process (and so its event loop and CPU caches) inflates every side's own work. `--in-process`
// runs it in the bench's own process instead, for comparison.
//   npx tsx bench/overhead.ts [iterations, default 3000] [latencies ms of the context passes, default 1,2,5] [--in-process]
import { type ChildProcess, fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { Agent } from "undici";
import { createClient } from "../src/client/index.js";
import { startSimulator } from "../src/sim/index.js";
import { createAdTools } from "../src/toolkit.js";

/** The handful of simulator operations the bench needs, wherever the simulator runs. */
interface BenchSim {
  url: string;
  apiKey: string;
  reset(): Promise<void>;
  sentBodies(): Promise<string[]>;
  close(): Promise<void>;
}

const simOptions = (latencyMs: number) => ({
  rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
  writeBudget: { limit: 1_000_000_000, windowMs: 3_600_000 },
  latencyMs,
});

async function inProcessSim(latencyMs: number): Promise<BenchSim> {
  const sim = await startSimulator(simOptions(latencyMs));
  return {
    url: sim.url,
    apiKey: sim.apiKey,
    reset: async () => sim.control.reset(),
    sentBodies: async () => sim.control.requests().map((r) => JSON.stringify(r.body)),
    close: () => sim.close(),
  };
}

async function childSim(latencyMs: number): Promise<BenchSim> {
  const child: ChildProcess = fork(new URL("./sim-process.ts", import.meta.url), [String(latencyMs)], {
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
    url: ready.url,
    apiKey: ready.apiKey,
    reset: async () => {
      const done = next("done");
      child.send({ type: "reset" });
      await done;
    },
    sentBodies: async () => {
      const answer = next<{ bodies: string[] }>("requests");
      child.send({ type: "requests" });
      return (await answer).bodies;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ type: "close" });
      await exited;
    },
  };
}

const startSim = process.argv.includes("--in-process") ? inProcessSim : childSim;

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const ITERATIONS = Number(args[0] ?? 3000);
const CONTEXT_LATENCIES_MS = (args[1] ?? "1,2,5")
  .split(",")
  .map(Number)
  .filter((ms) => ms > 0);
const CONTEXT_ITERATIONS = Math.max(50, Math.round(ITERATIONS / 15));
const TARGET = 1.1;

type Side = "raw" | "client" | "toolkit";
const SIDES: Side[] = ["raw", "client", "toolkit"];
const ORDERS: Side[][] = [
  ["raw", "client", "toolkit"],
  ["toolkit", "client", "raw"],
  ["client", "raw", "toolkit"],
  ["toolkit", "raw", "client"],
  ["raw", "toolkit", "client"],
  ["client", "toolkit", "raw"],
];

interface PassResult {
  latencyMs: number;
  iterations: number;
  tools: string[];
  /** The toolkit inputs of the calls, for the hot-cost measurement. */
  inputs: Record<string, unknown>[];
  /** Per call, per side: milliseconds of each measured iteration. */
  ms: Record<Side, number[][]>;
  /** Per call: toolkit/raw and client/raw of each iteration's pair. */
  toolkitRatio: number[][];
  clientRatio: number[][];
}

async function pass(latencyMs: number, iterations: number): Promise<PassResult> {
  const warmup = Math.min(300, Math.max(50, iterations / 10));
  const resetEvery = 500;
  const sim = await startSim(latencyMs);
  const agent = new Agent();
  const transport = {
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    // The simulator's limits are lifted; the client's own limiter would only queue the bench.
    rateLimit: false as const,
    retry: { maxRetries: 0 },
    dispatcher: agent,
  };
  const toolkit = createAdTools({ ...transport, sessionId: "bench" });
  const client = createClient(transport);

  const accounts = (await toolkit.call("list-accounts", {})) as { data: { accounts: { id: string }[] } };
  const accountId = accounts.data.accounts[0]!.id;
  const adsets = (await toolkit.call("results", { account_id: accountId, level: "adset" })) as {
    data: { rows: { id: string }[] };
  };
  const adsetId = adsets.data.rows[0]!.id;

  // A read, a calculator and a write (a PAUSED push, replayed by its request_id after the first).
  const calls: { tool: string; input: Record<string, unknown> }[] = [
    { tool: "health", input: { account_id: accountId } },
    { tool: "benchmarks", input: { niche: "ecommerce" } },
    {
      tool: "push-creative",
      input: {
        account_id: accountId,
        adset_id: adsetId,
        image_url: "https://cdn.example.com/bench.png",
        website_url: "https://shop.example.com/",
        headline: "Bench",
      },
    },
  ];

  // The other sides send exactly the bodies the toolkit sent (defaults and request_id included).
  await sim.reset();
  for (const { tool, input } of calls) await toolkit.call(tool, input);
  const sentText = await sim.sentBodies();
  if (sentText.length !== calls.length) throw new Error("the toolkit did not send one request per call");
  const sentBody = sentText.map((text) => JSON.parse(text) as Record<string, unknown>);
  const origin = new URL(sim.url).origin;
  const paths = calls.map(({ tool }) => `/api/mcp/${tool}`);
  const headers = { authorization: `Bearer ${sim.apiKey}`, "content-type": "application/json" };

  const sides: Record<Side, (c: number) => Promise<void>> = {
    raw: async (c) => {
      const res = await agent.request({
        origin,
        path: paths[c]!,
        method: "POST",
        headers,
        body: sentText[c]!,
      });
      const answer = await res.body.json();
      if (res.statusCode !== 200) throw new Error(`raw ${calls[c]!.tool}: ${JSON.stringify(answer)}`);
    },
    client: async (c) => {
      const outcome = await client.call(calls[c]!.tool, sentBody[c]!);
      if (outcome.kind !== "success") throw new Error(`client ${calls[c]!.tool}: ${outcome.kind}`);
    },
    toolkit: async (c) => {
      const result = await toolkit.call(calls[c]!.tool, calls[c]!.input);
      if (result.ok !== true) throw new Error(`toolkit ${calls[c]!.tool}: ${JSON.stringify(result)}`);
    },
  };

  const result: PassResult = {
    latencyMs,
    iterations,
    tools: calls.map((c) => c.tool),
    inputs: calls.map((c) => c.input),
    ms: { raw: [], client: [], toolkit: [] },
    toolkitRatio: calls.map(() => []),
    clientRatio: calls.map(() => []),
  };
  for (const side of SIDES) result.ms[side] = calls.map(() => []);

  const took: Record<Side, number> = { raw: 0, client: 0, toolkit: 0 };
  for (let i = -warmup; i < iterations; i++) {
    // Keeps the simulator's request log small; the next push creates its ad again, for one side.
    if (i % resetEvery === 0) await sim.reset();
    for (let c = 0; c < calls.length; c++) {
      for (const side of ORDERS[(i + warmup + c) % ORDERS.length]!) {
        const t = performance.now();
        await sides[side](c);
        took[side] = performance.now() - t;
      }
      if (i < 0) continue;
      for (const side of SIDES) result.ms[side][c]!.push(took[side]);
      result.toolkitRatio[c]!.push(took.toolkit / took.raw);
      result.clientRatio[c]!.push(took.client / took.raw);
    }
  }
  await sim.close();
  await agent.close();
  return result;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
const median = (values: number[]) => quantile(values, 0.5);
const us = (ms: number) => (ms * 1000).toFixed(0);

function report(r: PassResult): number {
  const rows = r.tools.map((tool, c) => ({
    tool,
    "raw µs": us(median(r.ms.raw[c]!)),
    "client µs": us(median(r.ms.client[c]!)),
    "toolkit µs": us(median(r.ms.toolkit[c]!)),
    "client/raw": median(r.clientRatio[c]!).toFixed(3),
    "toolkit/raw": median(r.toolkitRatio[c]!).toFixed(3),
    "toolkit/raw p25..p75": `${quantile(r.toolkitRatio[c]!, 0.25).toFixed(2)}..${quantile(r.toolkitRatio[c]!, 0.75).toFixed(2)}`,
  }));
  const all = r.toolkitRatio.flat();
  const overall = median(all);
  rows.push({
    tool: "all calls",
    "raw µs": us(median(r.ms.raw.flat())),
    "client µs": us(median(r.ms.client.flat())),
    "toolkit µs": us(median(r.ms.toolkit.flat())),
    "client/raw": median(r.clientRatio.flat()).toFixed(3),
    "toolkit/raw": overall.toFixed(3),
    "toolkit/raw p25..p75": `${quantile(all, 0.25).toFixed(2)}..${quantile(all, 0.75).toFixed(2)}`,
  });
  console.log(
    `\nsimulator ${process.argv.includes("--in-process") ? "in this process" : "in a child process"}, service latency ${r.latencyMs} ms: ${r.iterations} interleaved iterations x ${r.tools.length} calls (ratios: median of per-pair ratios)`,
  );
  console.table(rows);
  return overall;
}

/** Microseconds per call of the guards before sending, run hot, for each call of a pass. */
function hotGuardsUs(r: PassResult): number[] {
  const toolkit = createAdTools({
    apiKey: "adk_bench_unused",
    baseUrl: "http://127.0.0.1:9",
    sessionId: "bench",
  });
  return r.tools.map((name, c) => {
    const tool = toolkit.get(name)!;
    const input = r.inputs[c]!;
    const rounds = 20_000;
    for (let i = 0; i < 2_000; i++) tool.needsConfirmation(input);
    const started = performance.now();
    for (let i = 0; i < rounds; i++) tool.needsConfirmation(input);
    return ((performance.now() - started) / rounds) * 1000;
  });
}

const zero = await pass(0, ITERATIONS);
const headline = report(zero);
const byLatency: string[] = [];
for (const latencyMs of CONTEXT_LATENCIES_MS) {
  byLatency.push(`${latencyMs} ms ${report(await pass(latencyMs, CONTEXT_ITERATIONS)).toFixed(3)}`);
}
const hot = hotGuardsUs(zero);
console.log("\nguards, µs per call:");
console.table(
  zero.tools.map((tool, c) => ({
    tool,
    "input checks, hot loop": hot[c]!.toFixed(1),
    "all guards, 0 ms run (toolkit - client)": us(median(zero.ms.toolkit[c]!) - median(zero.ms.client[c]!)),
  })),
);
console.log(
  `\nmedian ratio toolkit/raw at 0 ms service latency: ${headline.toFixed(3)} (target <= ${TARGET}): ${headline <= TARGET ? "met" : "NOT met"}`,
);
if (byLatency.length > 0) console.log(`with service latency: ${byLatency.join(", ")}`);
process.exitCode = headline <= TARGET ? 0 : 1;
