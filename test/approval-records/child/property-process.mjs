// One process of the fleet in the approval property test: a toolkit on the shared Redis, its clock
// off by `skewMs`, driven by JSON lines on stdin ({id, op, ...}); answers {id, result} or
// {id, error} on stdout. Ops: ask, answer, call (with an answer handed in), confirm (a toolkit
// whose confirm callback answers as told). Requests and answers cross processes as JSON, as they
// do in conversations, run states and inbox items.
import { createInterface } from "node:readline";

const realNow = Date.now.bind(Date);
const lines = createInterface({ input: process.stdin });
let setup;
let toolkit;
let store;

async function open() {
  await store?.close().catch(() => {});
  Date.now = () => realNow() + (setup.skewMs ?? 0);
  const { createAdTools } = await import("../../../dist/toolkit.js");
  const { redisStore } = await import("../../../dist/redis.js");
  store = redisStore({
    url: setup.redisUrl,
    prefix: setup.prefix,
    connectTimeoutMs: 2000,
    commandTimeoutMs: 2000,
  });
  const options = (extra = {}) => ({
    apiKey: setup.apiKey,
    baseUrl: setup.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    store,
    sessionId: setup.sessionId,
    approvalTtlMs: setup.ttlMs,
    ...(setup.secret ? { approvalSecret: setup.secret } : {}),
    ...extra,
  });
  toolkit = createAdTools(options());
  return options;
}

let optionsOf;
const push = () => toolkit.get("push-creative");

async function handle(msg) {
  switch (msg.op) {
    case "setup":
      setup = msg.setup;
      optionsOf = await open();
      return true;
    case "ask":
      return push().ask(msg.input, { toolCallId: msg.toolCallId, sessionId: setup.sessionId });
    case "answer":
      return push().answer(msg.request, msg.decision, "property");
    case "call":
      return push().call(msg.input, { ...msg.context, sessionId: setup.sessionId });
    case "confirm": {
      const { createAdTools } = await import("../../../dist/toolkit.js");
      const kit = createAdTools(
        optionsOf({
          confirm: () => {
            if (msg.decision === "approve") return { approved: true, text: `Yes to ${msg.input.headline}` };
            if (msg.decision === "decline") return { approved: false, reason: "no" };
            throw new Error("the person closed the window");
          },
        }),
      );
      return kit.call("push-creative", msg.input);
    }
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

lines.on("line", (line) => {
  const msg = JSON.parse(line);
  handle(msg).then(
    (result) => process.stdout.write(`${JSON.stringify({ id: msg.id, result: result ?? null })}\n`),
    (error) =>
      process.stdout.write(`${JSON.stringify({ id: msg.id, error: String(error?.stack ?? error) })}\n`),
  );
});
lines.on("close", async () => {
  await store?.close().catch(() => {});
  process.exit(0);
});
