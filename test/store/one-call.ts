// A fresh process that makes one call on a toolkit backed by a shared Redis, then exits: what a
// worker started after the store lost its state does. Run by test/store/fresh-process.test.ts.
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";

/** What the parent passes, as JSON in argv[2]. */
export interface OneCall {
  simUrl: string;
  apiKey: string;
  redisUrl: string;
  sessionId: string;
  tool: string;
  input: Record<string, unknown>;
}

const spec = JSON.parse(process.argv[2] ?? "{}") as OneCall;
const store = redisStore({ url: spec.redisUrl, connectTimeoutMs: 2000, commandTimeoutMs: 1000 });
const tools = createAdTools({
  apiKey: spec.apiKey,
  baseUrl: spec.simUrl,
  store,
  sessionId: spec.sessionId,
  retry: { maxRetries: 0 },
});
const result = await tools.call(spec.tool, spec.input);
await store.close();
process.stdout.write(JSON.stringify(result));
