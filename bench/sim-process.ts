// The simulator in a process of its own, for bench/overhead.ts: a real service does not share the
// caller's process, CPU caches or event loop. Driven over the IPC channel of `fork`.
import { startSimulator } from "../src/sim/index.js";

const latencyMs = Number(process.argv[2] ?? 0);
const sim = await startSimulator({
  rateLimit: { limit: 1_000_000_000, windowMs: 60_000 },
  writeBudget: { limit: 1_000_000_000, windowMs: 3_600_000 },
  latencyMs,
});

process.on("message", async (message: { type: string }) => {
  if (message.type === "reset") sim.control.reset();
  if (message.type === "requests") {
    process.send!({ type: "requests", bodies: sim.control.requests().map((r) => JSON.stringify(r.body)) });
    return;
  }
  if (message.type === "close") {
    await sim.close();
    process.exit(0);
  }
  process.send!({ type: "done" });
});
process.send!({ type: "ready", url: sim.url, apiKey: sim.apiKey });
