// A service stricter than the configured limit, as when another client spends most of the key:
// the simulator allows 10 requests per 3 s while the client keeps its default 60 a minute. 100
// reads go out in one step. Prints how many ended ok and the answers of 429 on the wire (target:
// all ok, at most 10 x 429). The client's own 60 a minute makes this take a little over a minute.
//   npx tsx bench/stricter.ts [reads, default 100]
import { createClient } from "../src/client/index.js";
import { startSimulator } from "../src/sim/index.js";
import { memoryStore } from "../src/store/index.js";

const reads = Number(process.argv[2] ?? 100);
const sim = await startSimulator({ rateLimit: { limit: 10, windowMs: 3000 } });
const client = createClient({ apiKey: sim.apiKey, baseUrl: sim.url, store: memoryStore() });
const started = Date.now();
const outcomes = await Promise.all(Array.from({ length: reads }, () => client.call("list-accounts", {})));
const seconds = (Date.now() - started) / 1000;
const wire = sim.control.requests().filter((r) => r.tool !== null);
console.log(`service 10 per 3 s, client at its default 60 per minute, ${reads} reads in one step`);
console.log(`  ok: ${outcomes.filter((o) => o.kind === "success").length} of ${reads}`);
console.log(
  `  on the wire: ${wire.length} requests, ${wire.filter((r) => r.status === 429).length} answers of 429`,
);
console.log(`  took ${seconds.toFixed(1)} s`);
await sim.close();
