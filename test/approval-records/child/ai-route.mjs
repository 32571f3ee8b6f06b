// One process of a fleet serving an AI SDK chat route (ai@6, native approvals) whose clock is off
// by `skewMs`: one toolkit on the fleet's Redis for both requests of the conversation. Request 1
// asks; the person's form is printed as "ASKED <json request>" and the process waits for a line on
// stdin ("yes" approves); request 2 runs the answered call and prints "RESULT <json ToolResult>".
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await lines.next()).value ?? "";
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const turn = (content, unified) => ({
  content,
  finishReason: { unified, raw: undefined },
  usage,
  warnings: [],
});

async function main() {
  const job = JSON.parse(await next());
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + (job.skewMs ?? 0);
  const { generateText, stepCountIs } = await import("ai");
  const { MockLanguageModelV3 } = await import("ai/test");
  const { aiSdkApprovalRound, aiSdkTools } = await import("../../../dist/adapters/ai-sdk.js");
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
  });
  const call = {
    type: "tool-call",
    toolCallId: "call_skew",
    toolName: "push-creative",
    input: JSON.stringify(job.input),
  };
  const model = new MockLanguageModelV3({
    doGenerate: [turn([call], "tool-calls"), turn([{ type: "text", text: "done" }], "stop")],
  });
  const tools = aiSdkTools(toolkit, { approval: "native" });
  const options = (messages) => ({ model, tools, messages, stopWhen: stepCountIs(4) });
  try {
    const first = await generateText(options([{ role: "user", content: "Launch it." }]));
    const round = await aiSdkApprovalRound(tools, first, async (request) => {
      process.stdout.write(`ASKED ${JSON.stringify(request)}\n`);
      const answer = await next();
      return answer === "yes"
        ? { approved: true, text: "I, Dana, approve this ad going live." }
        : { approved: false, reason: answer };
    });
    const second = await generateText(options([{ role: "user", content: "Launch it." }, ...round.messages]));
    const part = second.response.messages
      .filter((m) => m.role === "tool")
      .flatMap((m) => m.content)
      .find((p) => p.type === "tool-result");
    process.stdout.write(`RESULT ${part ? part.output.value : "null"}\n`);
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
