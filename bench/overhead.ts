// What the toolkit costs on top of the wire: the same bodies POSTed with raw undici `request` and
// through `toolkit.call`, interleaved, against the local simulator. Prints the median ratio
// toolkit/raw, and the bare client's share of it (`createClient().call`, no guards).
//   npx tsx bench/overhead.ts [iterations] [simulated service latency in ms, default 0]
import { performance } from "node:perf_hooks";
import { request } from "undici";
import { createClient } from "../src/client/index.js";
import { startSimulator } from "../src/sim/index.js";
import { createAdTools } from "../src/toolkit.js";

const ITERATIONS = Number(process.argv[2] ?? 3000);
const LATENCY_MS = Number(process.argv[3] ?? 0);
const WARMUP = 300;
const RESET_EVERY = 500;
const TARGET = 1.1;

const sim = await startSimulator({
  rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
  writeBudget: { limit: 1_000_000_000, windowMs: 3_600_000 },
  latencyMs: LATENCY_MS,
});
const transport = {
  apiKey: sim.apiKey,
  baseUrl: sim.url,
  rateLimit: false as const,
  retry: { maxRetries: 0 },
};
const toolkit = createAdTools({ ...transport, sessionId: "bench" });
const client = createClient(transport);

const accounts = (await toolkit.call("list-accounts", {})) as { data: { accounts: { id: string }[] } };
const accountId = accounts.data.accounts[0]!.id;
const adsets = (await toolkit.call("results", { account_id: accountId, level: "adset" })) as {
  data: { rows: { id: string }[] };
};
const adsetId = adsets.data.rows[0]!.id;

/** The calls measured: a read, a calculator and a write (a PAUSED push, replayed by its request_id). */
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
sim.control.reset();
for (const { tool, input } of calls) await toolkit.call(tool, input);
const sentText = sim.control.requests().map((r) => JSON.stringify(r.body));
const sentBody = sentText.map((text) => JSON.parse(text) as Record<string, unknown>);

const sides = {
  raw: async (c: number) => {
    const res = await request(`${sim.url}/api/mcp/${calls[c]!.tool}`, {
      method: "POST",
      headers: { authorization: `Bearer ${sim.apiKey}`, "content-type": "application/json" },
      body: sentText[c]!,
    });
    const answer = await res.body.json();
    if (res.statusCode !== 200) throw new Error(`raw ${calls[c]!.tool}: ${JSON.stringify(answer)}`);
  },
  client: async (c: number) => {
    const outcome = await client.call(calls[c]!.tool, sentBody[c]!);
    if (outcome.kind !== "success") throw new Error(`client ${calls[c]!.tool}: ${outcome.kind}`);
  },
  toolkit: async (c: number) => {
    const result = await toolkit.call(calls[c]!.tool, calls[c]!.input);
    if (result.ok !== true) throw new Error(`toolkit ${calls[c]!.tool}: ${JSON.stringify(result)}`);
  },
};
type Side = keyof typeof sides;
const orders: Side[][] = [
  ["raw", "client", "toolkit"],
  ["toolkit", "client", "raw"],
  ["client", "raw", "toolkit"],
  ["toolkit", "raw", "client"],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const ms: Record<Side, number[][]> = { raw: [], client: [], toolkit: [] };
for (const side of Object.keys(ms) as Side[]) ms[side] = calls.map(() => []);
const ratios: number[][] = calls.map(() => []);

for (let i = -WARMUP; i < ITERATIONS; i++) {
  if (i % RESET_EVERY === 0) sim.control.reset();
  for (let c = 0; c < calls.length; c++) {
    // Rotate the order so no side always gets the warmer connection.
    const took: Partial<Record<Side, number>> = {};
    for (const side of orders[(i + WARMUP) % orders.length]!) {
      const t = performance.now();
      await sides[side](c);
      took[side] = performance.now() - t;
    }
    if (i < 0) continue;
    for (const side of Object.keys(ms) as Side[]) ms[side][c]!.push(took[side]!);
    ratios[c]!.push(took.toolkit! / took.raw!);
  }
}
await sim.close();

const rows = calls.map(({ tool }, c) => ({
  tool,
  "raw ms": median(ms.raw[c]!).toFixed(3),
  "client ms": median(ms.client[c]!).toFixed(3),
  "toolkit ms": median(ms.toolkit[c]!).toFixed(3),
  "client/raw": (median(ms.client[c]!) / median(ms.raw[c]!)).toFixed(3),
  "toolkit/client": (median(ms.toolkit[c]!) / median(ms.client[c]!)).toFixed(3),
  "toolkit/raw": median(ratios[c]!).toFixed(3),
}));
console.table(rows);
const overall = median(ratios.flat());
console.log(
  `median ratio toolkit/raw: ${overall.toFixed(3)} (target <= ${TARGET}) over ${ITERATIONS} interleaved iterations x ${calls.length} calls, service latency ${LATENCY_MS} ms`,
);
process.exitCode = overall <= TARGET ? 0 : 1;
