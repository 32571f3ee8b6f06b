// A short script as a package user writes one: one toolkit call against the simulator, then it ends.
import { createAdTools } from "adrails";
import { startSimulator } from "adrails/sim";

const sim = await startSimulator();
const toolkit = createAdTools({ apiKey: sim.apiKey, baseUrl: sim.url });
const result = await toolkit.call("list-accounts", {});
await sim.close();
console.log(JSON.stringify({ ok: result.ok }));
