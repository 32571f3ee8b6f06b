// Another worker of a LangGraph deployment: it loads the thread's checkpoints (as a shared
// checkpointer would give them), builds its own toolkit on the fleet's Redis and its own agent, and
// resumes the thread with the resume value it is given. Prints the tool results the model read.
// Plain JavaScript on the built package, like test/adapters/child/second-process.mjs.
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { langchainTools } from "../../../dist/adapters/langchain.js";
import { redisStore } from "../../../dist/redis.js";
import { createAdTools } from "../../../dist/toolkit.js";

const decode = (_key, value) =>
  value && typeof value === "object" && typeof value.$bytes === "string"
    ? new Uint8Array(Buffer.from(value.$bytes, "base64"))
    : value;

async function main() {
  let raw = "";
  for await (const chunk of process.stdin) raw += chunk;
  const job = JSON.parse(raw);
  const saved = JSON.parse(job.checkpoints, decode);
  const saver = new MemorySaver();
  saver.storage = saved.storage;
  saver.writes = saved.writes;
  const store = job.redisUrl ? redisStore({ url: job.redisUrl }) : undefined;
  const toolkit = createAdTools({
    apiKey: job.apiKey,
    baseUrl: job.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...(store ? { store } : {}),
    ...(job.options ?? {}),
  });
  const agent = createAgent({
    model: fakeModel().respond(new AIMessage("done")),
    tools: langchainTools(toolkit, { approval: "interrupt" }),
    checkpointer: saver,
  });
  try {
    const done = await agent.invoke(new Command({ resume: job.resume }), {
      configurable: { thread_id: job.threadId },
    });
    return {
      interrupts: (done.__interrupt__ ?? []).length,
      tools: done.messages
        .filter((m) => m.getType() === "tool")
        .map((m) => ({ id: m.tool_call_id, text: String(m.content) })),
    };
  } finally {
    await store?.close();
  }
}

main().then(
  (out) => {
    process.stdout.write(JSON.stringify(out));
  },
  (error) => {
    process.stderr.write(String(error?.stack ?? error));
    process.exit(1);
  },
);
