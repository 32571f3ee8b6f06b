// Another process of the fleet: a toolkit on the fleet's Redis with the Redis inbox as its desk.
// It reads one job line on stdin ({ apiKey, url, redisUrl, inboxUrl, approvalId }), prints
// "READY" once its toolkit is built, waits for a "go" line, then awaits the approval and prints
// "RESULT <json ToolResult>".
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await lines.next()).value ?? "";

async function main() {
  const job = JSON.parse(await next());
  const { createAdTools } = await import("../../../dist/toolkit.js");
  const { redisStore } = await import("../../../dist/redis.js");
  const { createInbox, inboxDesk, redisInbox } = await import("../../../dist/inbox/index.js");
  const store = redisStore({ url: job.redisUrl });
  const inbox = createInbox({ ...redisInbox({ url: job.redisUrl }) });
  const toolkit = createAdTools({
    apiKey: job.apiKey,
    baseUrl: job.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    store,
    desk: inboxDesk(inbox, { url: job.inboxUrl }),
  });
  process.stdout.write("READY\n");
  await next();
  try {
    const result = await toolkit.awaitApproval(job.approvalId, { waitMs: job.waitMs ?? 20_000 });
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await store.close();
    await inbox.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
