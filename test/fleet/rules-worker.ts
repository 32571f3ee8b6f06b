// One process of a fleet under money rules: a toolkit on the shared Redis store whose confirm
// callback approves, launching its ads at once when the parent says "go", then exiting.

import type { MoneyRules } from "../../src/guards/rules/schema.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { ToolResult } from "../../src/types.js";

export interface RulesWorkerInit {
  simUrl: string;
  apiKey: string;
  redisUrl: string;
  rules: MoneyRules;
  inputs: Record<string, unknown>[];
}

const init = JSON.parse(process.env.RULES_WORKER_INIT ?? "{}") as RulesWorkerInit;
const store = redisStore({ url: init.redisUrl });
const toolkit = createAdTools({
  apiKey: init.apiKey,
  baseUrl: init.simUrl,
  rateLimit: false,
  retry: { maxRetries: 0 },
  store,
  rules: init.rules,
  confirm: () => ({ approved: true, text: "I approve this ad going live today." }),
});
// Connect before "ready", so the launches start together.
await store.viewCounts!("warm-up");
process.on("message", async (message: { type: string }) => {
  if (message.type !== "go") return;
  const results: ToolResult[] = await Promise.all(
    init.inputs.map((input) => toolkit.call("push-creative", input)),
  );
  process.send!({ type: "done", results }, () => {
    void store.close().then(() => process.exit(0));
  });
});
process.send!({ type: "ready" });
