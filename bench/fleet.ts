// Fleet mode: 1, 2 and 4 processes share one key against the simulator, each process on a memory
// store of its own, then all on one Redis store, once per way the service can write its
// X-RateLimit-Reset header: seconds until the reset, or the reset as epoch seconds, rounded up or
// down. Together they fire three windows' worth of reads at once. Prints, per row, the answers of
// 429 on the wire and the fraction of the service's ceiling reached (ok answers / what a fixed
// window could admit from the first to the last ok request). Needs redis-server
// (apt-get install -y redis-server).
//   npx tsx bench/fleet.ts [limit, default 20] [window ms, default 3000] [learn] [processes, default 1,2,4]
//   FLEET_STORES=redis limits the rows to one store; FLEET_FORMATS="epoch down,seconds up" to some formats.
import { startSimulator } from "../src/sim/index.js";
import type { ResetFormat } from "../src/sim/limits.js";
import { shares, startWorkers, wireReport } from "../test/fleet/fleet.js";
import type { StoreKind } from "../test/fleet/worker.js";
import { startRedis } from "../test/support/redis.js";

const LIMIT = Number(process.argv[2] ?? 20);
const WINDOW_MS = Number(process.argv[3] ?? 3000);
const LEARN = process.argv[4] === "learn";
const COUNTS = (process.argv[5] ?? "1,2,4").split(",").map(Number);
const TOTAL = 3 * LIMIT;
const ALL_FORMATS: Required<ResetFormat>[] = [
  { reset: "seconds", rounding: "up" },
  { reset: "epoch", rounding: "up" },
  { reset: "epoch", rounding: "down" },
  { reset: "seconds", rounding: "down" },
];
const picked = process.env.FLEET_FORMATS?.split(",").map((f) => f.trim());
const FORMATS = ALL_FORMATS.filter((f) => !picked || picked.includes(`${f.reset} ${f.rounding}`));

const STORES = (process.env.FLEET_STORES ?? "memory,redis").split(",") as StoreKind[];
const redis = await startRedis();

console.log(
  `${TOTAL} reads at once over n processes, one key, service at ${LIMIT} per ${WINDOW_MS / 1000} s${LEARN ? ", limit learned from headers" : ""}`,
);
console.log(
  "| X-RateLimit-Reset | processes | store  | requests |  429 |  ok | failed | first to last ok | fraction of ceiling |",
);
console.log("| - | - | - | - | - | - | - | - | - |");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const format of FORMATS) {
  const sim = await startSimulator({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS, ...format } });
  const label = `${format.reset} ${format.rounding}`.padEnd(12);
  for (const n of COUNTS) {
    const workers = await startWorkers(n, {
      simUrl: sim.url,
      apiKey: sim.apiKey,
      redisUrl: redis.url,
      // "learn": the clients keep their default 60 a minute and learn the service's limit from its headers.
      kit: LEARN ? {} : { rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } },
    });
    for (const store of STORES) {
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
        console.error(`${label} ${n} ${store}: ${trace.join(" ")}`);
      }
      console.log(
        `| ${label} | ${n} | ${store.padEnd(6)} | ${String(wire.requests).padStart(8)} | ${String(wire.tooMany).padStart(4)} | ${String(wire.ok).padStart(3)} | ${String(failed).padStart(6)} | ${(wire.elapsedMs / 1000).toFixed(2).padStart(5)} s | ${wire.fraction.toFixed(2)} |`,
      );
    }
    await Promise.all(workers.map((w) => w.close()));
  }
  await sim.close();
}

await redis.close();
