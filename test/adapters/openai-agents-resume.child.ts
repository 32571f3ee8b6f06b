import { Agent, RunState, run } from "@openai/agents";
import { adToolResult, approveAdCall, openaiAgentsTools } from "../../src/adapters/openai-agents.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import { agentsText, ScriptedAgentsModel } from "./agents-model.js";

// A fresh process that resumes serialized Agents SDK run states against the parent's simulator.
// Input on stdin: { baseUrl, apiKey, redisUrl, jobs: [{ state, approveText? }] }; each job gets a toolkit and
// an agent of its own, as a process of its own would, and with approveText it approves the pending
// interruptions itself first. Output on stdout: each resumed run's ToolResults.

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
  baseUrl: string;
  apiKey: string;
  /** The Redis the parent's toolkit keeps its approval records in. */
  redisUrl: string;
  jobs: { state: string; approveText?: string }[];
};

const SECRET = "launcher-app-secret-0123456789";

async function resume(job: { state: string; approveText?: string }) {
  const toolkit = createAdTools({
    apiKey: input.apiKey,
    baseUrl: input.baseUrl,
    rateLimit: false,
    retry: { maxRetries: 0 },
    store,
    // Records in a shared store: answers carried in a run state redeem only signed with the app's secret.
    approvalSecret: SECRET,
  });
  const agent = new Agent({
    name: "launcher",
    model: new ScriptedAgentsModel([agentsText("done")]),
    tools: openaiAgentsTools(toolkit, { approval: "native" }),
  });
  const state = await RunState.fromString(agent, job.state);
  if (job.approveText !== undefined) {
    for (const interruption of state.getInterruptions()) {
      approveAdCall(state, interruption, { text: job.approveText });
    }
  }
  const result = await run(agent, state);
  const results = result.newItems.map((item) => adToolResult(item)).filter((r) => r !== undefined);
  return { results, interruptions: result.interruptions.length };
}

const store = redisStore({ url: input.redisUrl });
const runs = [];
for (const job of input.jobs) runs.push(await resume(job));
await store.close();
process.stdout.write(JSON.stringify({ runs }));
