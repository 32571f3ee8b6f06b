// One process of a fleet whose clock is off by `skewMs`: a toolkit on the fleet's Redis with a
// confirm callback. When its person is asked it prints "ASKED <json request>" and waits for a line
// on stdin ("yes" approves); then it prints "RESULT <json ToolResult>" and exits.
// The clock is skewed before adrails loads, as a machine's wrong clock would be.
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await lines.next()).value ?? "";

async function main() {
  const job = JSON.parse(await next());
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + (job.skewMs ?? 0);
  const { createAdTools } = await import("../../../dist/toolkit.js");
  const { redisStore } = await import("../../../dist/redis.js");
  const store = redisStore({ url: job.redisUrl });
  const toolkit = createAdTools({
    apiKey: job.apiKey,
    baseUrl: job.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    store,
    ...(job.options ?? {}),
    confirm: async (request) => {
      process.stdout.write(`ASKED ${JSON.stringify(request)}\n`);
      const answer = await next();
      return answer === "yes"
        ? { approved: true, text: "I, Dana, approve this ad going live." }
        : { approved: false, reason: answer };
    },
  });
  try {
    const result = await toolkit.call("push-creative", job.input);
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await store.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(String(error?.stack ?? error));
    process.exit(1);
  },
);
