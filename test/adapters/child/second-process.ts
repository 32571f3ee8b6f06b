// A second process that receives the same approval as the first: a route instance with its own
// toolkit (no sessionId, nothing shared) or a host calling toolkit.call. Reads one job as JSON from
// stdin and prints what the tools returned as JSON on stdout.
import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { aiSdkToolApproval, aiSdkTools } from "../../../src/adapters/ai-sdk.js";
import { createAdTools } from "../../../src/toolkit.js";

type Job =
  | { kind: "ai6" | "ai7"; url: string; apiKey: string; messages: unknown[] }
  | { kind: "host"; url: string; apiKey: string; input: unknown; context: Record<string, unknown> };

// Two majors whose option and result types differ, driven by one script.
type Loose = any;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const done = {
  content: [{ type: "text" as const, text: "done" }],
  finishReason: { unified: "stop" as const, raw: undefined },
  usage,
  warnings: [],
};

async function main(): Promise<unknown> {
  let raw = "";
  for await (const chunk of process.stdin) raw += chunk;
  const job = JSON.parse(raw) as Job;
  const toolkit = createAdTools({
    apiKey: job.apiKey,
    baseUrl: job.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
  });
  if (job.kind === "host") return toolkit.call("push-creative", job.input, job.context);
  const tools = aiSdkTools(toolkit, { approval: "native" });
  const ai = job.kind === "ai6" ? { ...ai6, Mock: MockV6 } : { ...ai7, Mock: MockV7 };
  const result = await (ai.generateText as Loose)({
    model: new (ai.Mock as Loose)({ doGenerate: [done] }),
    tools,
    messages: job.messages,
    stopWhen: ai.stepCountIs(3),
    ...(job.kind === "ai7" ? { toolApproval: aiSdkToolApproval(tools) } : {}),
  });
  const messages: Loose[] = job.kind === "ai6" ? result.response.messages : result.responseMessages;
  return messages
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content)
    .filter((part: Loose) => part.type === "tool-result")
    .map((part: Loose) => JSON.parse(part.output.value));
}

main().then(
  (out) => process.stdout.write(JSON.stringify(out)),
  (error) => {
    process.stderr.write(String(error?.stack ?? error));
    process.exit(1);
  },
);
