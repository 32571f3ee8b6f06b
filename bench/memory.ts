// What `adrails mcp` keeps per call: resident memory (VmRSS) of the served process when idle (after
// start and a warm-up) and after N calls over stdio against the simulator: reads, and PAUSED
// pushes each with a body of its own (each gets its own request id). Exit 1 when the growth is
// over 20 MiB. Needs a build (npm run build). Linux (reads /proc). The server runs with
// --rate-limit 1000000: at the default 60 requests a minute, 5,000 calls would take 83 minutes.
//   npx tsx bench/memory.ts [calls, default 5000]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { startSimulator } from "../src/sim/index.js";

const calls = Number(process.argv[2] ?? 5000);
const BIN = new URL("../dist/cli/bin.js", import.meta.url).pathname;
const LIMIT_MIB = 20;
const SETTLE_MS = 12_000;

const sim = await startSimulator({
  rateLimit: { limit: 10_000_000 },
  writeBudget: { limit: 10_000_000 },
});
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [BIN, "--retries", "0", "mcp", "--rate-limit", "1000000"],
  env: { ...(process.env as Record<string, string>), ADRAILS_API_KEY: sim.apiKey, ADRAILS_BASE_URL: sim.url },
  stderr: "ignore",
});
const client = new Client({ name: "bench-memory", version: "1.0.0" });
await client.connect(transport);
const pid = transport.pid!;
const rssMiB = () => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line![1]) / 1024;
};
const data = (result: Awaited<ReturnType<typeof client.callTool>>) =>
  (result.structuredContent as { data: Record<string, unknown> }).data;

await client.listTools();
const accounts = data(await client.callTool({ name: "list-accounts", arguments: {} })).accounts as {
  id: string;
}[];
const account = accounts[0]!.id;
const rows = data(
  await client.callTool({ name: "results", arguments: { account_id: account, level: "adset" } }),
).rows as { id: string }[];
const adset = rows[0]!.id;

let failures = 0;
async function call(i: number): Promise<void> {
  const kind = i % 4;
  const result =
    kind === 0
      ? await client.callTool({
          name: "push-creative",
          arguments: {
            account_id: account,
            adset_id: adset,
            image_url: "https://cdn.example.com/creatives/a.png",
            website_url: "https://shop.example.com/a",
            headline: `Spring sale ${i}`,
            primary_text: "Half price on tents this week",
            status: "PAUSED",
          },
        })
      : kind === 1
        ? await client.callTool({ name: "list-accounts", arguments: {} })
        : kind === 2
          ? await client.callTool({
              name: "results",
              arguments: { account_id: account, date_preset: "last_7d" },
            })
          : await client.callTool({ name: "health", arguments: { account_id: account } });
  if (result.isError) failures++;
}

// Warm-up: every path compiled and every pool filled before "idle" is read.
for (let i = 0; i < 200; i++) await call(i);
sim.control.reset();
await new Promise((resolve) => setTimeout(resolve, 500));
const idle = rssMiB();
const started = Date.now();
for (let i = 0; i < calls; i++) await call(i + 200);
const perCallMs = (Date.now() - started) / calls;
await new Promise((resolve) => setTimeout(resolve, 500));
const after = rssMiB();
// V8's memory reducer collects and gives back pages once a process has idled about 8 s; a server
// between a host's turns idles like that. Both readings are printed; the limit applies to this one.
await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const settled = rssMiB();
await client.close();
await sim.close();

const growth = settled - idle;
console.log(
  `Node ${process.version}; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
console.log(
  `adrails mcp resident memory: idle ${idle.toFixed(1)} MiB; after ${calls} calls ${after.toFixed(1)} MiB (+${(after - idle).toFixed(1)}), ${SETTLE_MS / 1000} s later ${settled.toFixed(1)} MiB`,
);
console.log(
  `growth ${growth.toFixed(1)} MiB (limit ${LIMIT_MIB}); ${failures} calls answered with an error; ${perCallMs.toFixed(1)} ms per call`,
);
if (growth > LIMIT_MIB) process.exit(1);
