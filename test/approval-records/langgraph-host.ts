import { fileURLToPath } from "node:url";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import type { AdToolkit } from "../../src/types.js";
import { dumpSaver, runChild } from "./checkpoints.js";
import { unique } from "./support.js";

// A LangGraph agent (createAgent, a checkpointer) whose scripted model makes the given ACTIVE
// pushes; started in this process, resumed here or by another worker process.

export type Pending = { id: string; value: InterruptRequest };
export type Invoked = { messages: BaseMessage[]; __interrupt__?: Pending[] };

const CHILD = fileURLToPath(new URL("./child/langgraph-resume.mjs", import.meta.url));

export function langgraphThread(
  toolkit: AdToolkit,
  pushes: { id: string; input: Record<string, unknown> }[],
) {
  const saver = new MemorySaver();
  const model = fakeModel()
    .respondWithTools(pushes.map((p) => ({ name: "push-creative", args: p.input, id: p.id })))
    .respond(new AIMessage("done"));
  const agent = createAgent({
    model,
    tools: langchainTools(toolkit, { approval: "interrupt" }),
    checkpointer: saver,
  });
  const threadId = unique("thread");
  const config = { configurable: { thread_id: threadId } };
  return {
    saver,
    threadId,
    start: () =>
      agent.invoke({ messages: [{ role: "user", content: "Launch it." }] }, config) as Promise<Invoked>,
    resume: (resume: unknown) => agent.invoke(new Command({ resume }), config) as Promise<Invoked>,
    /** Another worker process resumes the thread: its own toolkit (on `redisUrl` when given). */
    resumeElsewhere: (
      job: { url: string; apiKey: string; redisUrl?: string; options?: Record<string, unknown> },
      resume: unknown,
    ) => runChild(CHILD, { ...job, threadId, checkpoints: dumpSaver(saver), resume }),
  };
}
