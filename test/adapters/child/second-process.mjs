// A second process that receives the same approval as the first: a route instance with its own
// toolkit (no sessionId, nothing shared) or a host calling toolkit.call. Reads one job as JSON from
// stdin and prints what the tools returned as JSON on stdout. Plain JavaScript on the built package:
// a child on tsx takes twice as long to start.
import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { aiSdkToolApproval, aiSdkTools } from "../../../dist/adapters/ai-sdk.js";
import { createAdTools } from "../../../dist/toolkit.js";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const done = {
  content: [{ type: "text", text: "done" }],
  finishReason: { unified: "stop", raw: undefined },
  usage,
  warnings: [],
};

async function main() {
  let raw = "";
  for await (const chunk of process.stdin) raw += chunk;
  const job = JSON.parse(raw);
  const toolkit = createAdTools({
    apiKey: job.apiKey,
    baseUrl: job.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
  });
  if (job.kind === "host") return toolkit.call("push-creative", job.input, job.context);
  const tools = aiSdkTools(toolkit, { approval: "native" });
  const ai = job.kind === "ai6" ? { ...ai6, Mock: MockV6 } : { ...ai7, Mock: MockV7 };
  const result = await ai.generateText({
    model: new ai.Mock({ doGenerate: [done] }),
    tools,
    messages: job.messages,
    stopWhen: ai.stepCountIs(3),
    ...(job.kind === "ai7" ? { toolApproval: aiSdkToolApproval(tools) } : {}),
  });
  const messages = job.kind === "ai6" ? result.response.messages : result.responseMessages;
  return messages
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content)
    .filter((part) => part.type === "tool-result")
    .map((part) => JSON.parse(part.output.value));
}

main().then(
  (out) => process.stdout.write(JSON.stringify(out)),
  (error) => {
    process.stderr.write(String(error?.stack ?? error));
    process.exit(1);
  },
);
