// Fleet mode: 1, 2 and 4 processes share one key against the simulator at 10 requests per 2 s,
// each process on a memory store of its own, then all on one Redis store. Together they fire 30
// reads at once (three windows' worth). Prints, per row, the answers of 429 on the wire and the
// fraction of the service's ceiling reached (ok answers / what a fixed window could admit from
// the first to the last ok request). Needs redis-server (apt-get install -y redis-server).
//   npx tsx bench/fleet.ts [limit, default 10] [window ms, default 2000]
import { startSimulator } from "../src/sim/index.js";
import { shares, startWorkers, wireReport } from "../test/fleet/fleet.js";
import type { StoreKind } from "../test/fleet/worker.js";
import { startRedis } from "../test/support/redis.js";

const LIMIT = Number(process.argv[2] ?? 10);
const WINDOW_MS = Number(process.argv[3] ?? 2000);
const TOTAL = 3 * LIMIT;

const [sim, redis] = await Promise.all([
  startSimulator({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } }),
  startRedis(),
]);
const rows: string[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const n of [1, 2, 4]) {
  const workers = await startWorkers(n, {
    simUrl: sim.url,
    apiKey: sim.apiKey,
    redisUrl: redis.url,
    // "learn": the clients keep their default 60 a minute and learn the service's limit from its headers.
    kit: process.argv[4] === "learn" ? {} : { rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } },
  });
  for (const store of ["memory", "redis"] as StoreKind[]) {
    // Every window of the service and of the processes' own limiters has passed.
    await sleep(WINDOW_MS + 500);
    sim.control.reset();
    await redis.flush();
    const load = shares(TOTAL, n);
    const runs = await Promise.all(
      workers.map((w, i) =>
        w.run(
          store,
          Array.from({ length: load[i]! }, () => ({ tool: "list-accounts", input: {} })),
        ),
      ),
    );
    const failed = runs.flatMap((r) => r.results).filter((r) => r.ok !== true).length;
    const wire = wireReport(sim, LIMIT, WINDOW_MS);
    if (process.env.FLEET_TRACE) {
      const trace = sim.control.requests().map((r) => `${r.at.slice(17, 23)}:${r.status}`);
      console.error(`${n} ${store}: ${trace.join(" ")}`);
    }
    rows.push(
      `| ${n} | ${store.padEnd(6)} | ${String(wire.requests).padStart(8)} | ${String(wire.tooMany).padStart(4)} | ${String(wire.ok).padStart(2)} | ${String(failed).padStart(6)} | ${(wire.elapsedMs / 1000).toFixed(2).padStart(5)} s | ${wire.fraction.toFixed(2)} |`,
    );
  }
  await Promise.all(workers.map((w) => w.close()));
}

console.log(
  `${TOTAL} reads at once over n processes, one key, service at ${LIMIT} per ${WINDOW_MS / 1000} s`,
);
console.log(
  "| processes | store  | requests |  429 | ok | failed | first to last ok | fraction of ceiling |",
);
console.log("| - | - | - | - | - | - | - | - |");
for (const row of rows) console.log(row);
await Promise.all([sim.close(), redis.close()]);
