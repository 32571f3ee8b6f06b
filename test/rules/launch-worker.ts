// One process of a fleet under money rules (its clock maybe skewed by skew-clock.mjs): a toolkit on
// the shared Redis store whose confirm callback approves, launching its ads when the parent says
// "go", then exiting. Approvals last long enough that a skewed clock does not expire them.

import type { MoneyRules } from "../../src/guards/rules/schema.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { ToolResult } from "../../src/types.js";

export interface LaunchWorkerInit {
  simUrl: string;
  apiKey: string;
  redisUrl: string;
  rules: MoneyRules;
  inputs: Record<string, unknown>[];
}

const init = JSON.parse(process.env.LAUNCH_WORKER_INIT ?? "{}") as LaunchWorkerInit;
const store = redisStore({ url: init.redisUrl });
const toolkit = createAdTools({
  apiKey: init.apiKey,
  baseUrl: init.simUrl,
  rateLimit: false,
  retry: { maxRetries: 0 },
  store,
  rules: init.rules,
  approvalTtlMs: 2 * 24 * 3_600_000,
  confirm: () => ({ approved: true, text: "I approve this ad going live today." }),
});
await store.viewCounts!("warm-up");
process.on("message", async (message: { type: string }) => {
  if (message.type !== "go") return;
  const results: ToolResult[] = [];
  for (const input of init.inputs) results.push(await toolkit.call("push-creative", input));
  process.send!({ type: "done", results }, () => {
    void store.close().then(() => process.exit(0));
  });
});
process.send!({ type: "ready" });
