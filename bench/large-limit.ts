// What a client-side limiter with a huge limit costs: 1,000 concurrent reads at 50 ms service
// latency with `rateLimit: { limit: 1e9 }` against the same with the limiter switched off. The
// simulator runs in a child process (bench/sim-process.ts) with its own limits lifted. Runs
// alternate between the two sides; the headline is the ratio of the medians (target: within 1.5x).
//   npx tsx bench/large-limit.ts [concurrent reads, default 1000] [rounds, default 5]
import { fork } from "node:child_process";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createClient } from "../src/client/index.js";
import { memoryStore } from "../src/store/index.js";

const concurrent = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 5);

const child = fork(new URL("./sim-process.ts", import.meta.url), ["50"], { execArgv: ["--import", "tsx"] });
const { url, apiKey } = await new Promise<{ url: string; apiKey: string }>((resolve) =>
  child.once("message", (m: { url: string; apiKey: string }) => resolve(m)),
);

const sides = {
  "limit 1e9": createClient({ apiKey, baseUrl: url, rateLimit: { limit: 1e9 }, store: memoryStore() }),
  "limiter off": createClient({ apiKey, baseUrl: url, rateLimit: false, store: memoryStore() }),
};
type Side = keyof typeof sides;
const times: Record<Side, number[]> = { "limit 1e9": [], "limiter off": [] };
const worstStallMs: Record<Side, number> = { "limit 1e9": 0, "limiter off": 0 };

async function burst(side: Side): Promise<number> {
  const client = sides[side];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: concurrent }, () => client.call("list-accounts", {})),
  );
  const ms = performance.now() - started;
  loop.disable();
  worstStallMs[side] = Math.max(worstStallMs[side], loop.max / 1e6);
  const failed = outcomes.filter((o) => o.kind !== "success").length;
  if (failed > 0) throw new Error(`${side}: ${failed} of ${concurrent} reads failed`);
  return ms;
}

// One warm-up each: connections, JIT, and the limiter's first answer heard.
await burst("limiter off");
await burst("limit 1e9");
for (let round = 0; round < rounds; round++) {
  const order: Side[] = round % 2 ? ["limit 1e9", "limiter off"] : ["limiter off", "limit 1e9"];
  for (const side of order) times[side].push(await burst(side));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const on = median(times["limit 1e9"]);
const off = median(times["limiter off"]);
console.log(`${concurrent} concurrent reads, 50 ms service latency, median of ${rounds} rounds`);
const stall = (side: Side) => `worst event-loop stall ${worstStallMs[side].toFixed(0)} ms`;
console.log(`  limiter off : ${off.toFixed(0)} ms (${stall("limiter off")})`);
console.log(`  limit 1e9   : ${on.toFixed(0)} ms (${stall("limit 1e9")})`);
console.log(`  ratio       : ${(on / off).toFixed(2)}x (target <= 1.5x)`);
child.send({ type: "close" });
