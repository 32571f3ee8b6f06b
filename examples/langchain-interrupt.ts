// LangChain createAgent with adrails tools, confirmation by LangGraph interrupt, and a checkpointer.
//
// The agent reads the accounts and results, then wants to launch an ad ACTIVE. The push-creative
// tool pauses the graph with interrupt(), carrying the guard's summary of the exact payload. The
// host shows it to a person and resumes the same thread with Command({ resume: decision }).
// Only an approved call runs, once, for that payload.
//
//   npx tsx examples/langchain-interrupt.ts
//
// Offline against the in-process simulator with a scripted model (fakeModel) by default; set
// OPENAI_API_KEY for a real model (needs @langchain/openai), and ADRAILS_BASE_URL + ADRAILS_API_KEY
// for the real service.
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAdTools, type ToolResult } from "adrails";
import { type InterruptDecision, type InterruptRequest, langchainTools } from "adrails/langchain";
import { createAgent, initChatModel } from "langchain";
import { askPerson, bestAdset, connect, type ExampleOptions, parseJson, runIfMain } from "./shared.js";

const SYSTEM = `You manage ads through guarded tools. List the accounts, read the first account's results per
ad set for the last 7 days, then launch the new ad (status ACTIVE) in the ad set with the lowest CPA:
image https://cdn.example.com/spring-hero.jpg, website https://shop.example.com/spring, headline "Spring is here".
If the launch is refused, do not retry; say so.`;

export interface LangChainExampleResult {
  /** Whether the graph paused for a person before the ACTIVE push. */
  interrupted: boolean;
  /** The request the interrupt carried: the guard's summary and the payload's fingerprint. */
  request?: { tool: string; message: string; fingerprint: string };
  /** The person's answer. */
  approved: boolean;
  /** What push-creative returned (the ToolMessage's artifact), after the resume. */
  push?: ToolResult;
  /** The tools called, in order. */
  toolCalls: string[];
  /** The agent's last words. */
  text: string;
  /** Ads on the simulator afterwards (absent against a real service). */
  ads?: { ad_id: string; status: string }[];
}

export async function main(options: ExampleOptions = {}): Promise<LangChainExampleResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  const service = await connect(env);
  try {
    const toolkit = createAdTools({ apiKey: service.apiKey, baseUrl: service.baseUrl });
    const agent = createAgent({
      model: env.OPENAI_API_KEY ? await realModel(env) : scriptedModel(),
      tools: langchainTools(toolkit, { approval: "interrupt" }),
      systemPrompt: SYSTEM,
      // The interrupt needs a checkpointer: the paused thread is stored until it is resumed.
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: `spring-launch-${Date.now()}` } };

    let state = await agent.invoke(
      { messages: [{ role: "user", content: "Launch the spring hero ad in my best ad set." }] },
      config,
    );
    let interrupted = false;
    let approved = false;
    let request: LangChainExampleResult["request"];

    // Each pause is one ACTIVE push waiting for a person; resume the same thread with the answer.
    for (let pauses = 0; pauses < 3; pauses++) {
      const pause = (state as { __interrupt__?: { value?: InterruptRequest }[] }).__interrupt__?.[0]?.value;
      if (!pause) break;
      interrupted = true;
      request = { tool: pause.tool, message: pause.message, fingerprint: pause.fingerprint };
      const answer = await askPerson(pause.message, service, options);
      approved = answer.approved;
      const decision: InterruptDecision = answer.approved
        ? { approved: true, text: answer.text, fingerprint: pause.fingerprint }
        : { approved: false, reason: answer.reason };
      state = await agent.invoke(new Command({ resume: decision }), config);
    }

    const messages = state.messages as BaseMessage[];
    const toolCalls = messages.flatMap((m) =>
      AIMessage.isInstance(m) ? (m.tool_calls ?? []).map((c) => c.name) : [],
    );
    const pushMessage = messages.findLast((m) => ToolMessage.isInstance(m) && m.name === "push-creative") as
      | ToolMessage
      | undefined;
    for (const m of messages) {
      if (ToolMessage.isInstance(m)) log(`  ${m.name}: ${String(m.content).slice(0, 120)}`);
    }
    const text = String(messages.at(-1)?.content ?? "");
    log(`agent: ${text}`);
    const ads = service.sim?.control.ads().map((ad) => ({ ad_id: ad.ad_id, status: ad.status }));
    return {
      interrupted,
      ...(request ? { request } : {}),
      approved,
      ...(pushMessage ? { push: pushMessage.artifact as ToolResult } : {}),
      toolCalls,
      text,
      ...(ads ? { ads } : {}),
    };
  } finally {
    await service.close();
  }
}

async function realModel(env: NodeJS.ProcessEnv) {
  try {
    return await initChatModel(env.ADRAILS_EXAMPLE_MODEL ?? "gpt-4o-mini", {
      modelProvider: "openai",
      apiKey: env.OPENAI_API_KEY,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `With OPENAI_API_KEY set this example needs @langchain/openai (npm install @langchain/openai): ${why}`,
    );
  }
}

/** Plays the agent without a model: each turn reads the tool messages so far and picks the next call. */
function scriptedModel() {
  const turn = (messages: BaseMessage[]) => {
    const results = messages.filter((m) => ToolMessage.isInstance(m)) as ToolMessage[];
    const last = (name: string) => results.findLast((m) => m.name === name);
    const call = (name: string, args: Record<string, unknown>) =>
      new AIMessage({
        content: "",
        tool_calls: [{ id: `call_${results.length}`, name, args, type: "tool_call" }],
      });
    const accounts = last("list-accounts");
    if (!accounts) return call("list-accounts", {});
    const accountId = parseJson(accounts.content)?.data?.accounts?.[0]?.id;
    const results7d = last("results");
    if (!results7d) return call("results", { account_id: accountId, level: "adset", date_preset: "last_7d" });
    const push = last("push-creative");
    if (!push) {
      return call("push-creative", {
        account_id: accountId,
        adset_id: bestAdset(parseJson(results7d.content)),
        image_url: "https://cdn.example.com/spring-hero.jpg",
        website_url: "https://shop.example.com/spring",
        headline: "Spring is here",
        status: "ACTIVE",
      });
    }
    const outcome = parseJson(push.content);
    if (outcome?.ok === true)
      return new AIMessage(`Done: ad ${outcome.data?.ad_id} is ${outcome.data?.status}.`);
    return new AIMessage(`The launch did not happen: ${outcome?.error ?? "unknown reason"}`);
  };
  let model = fakeModel();
  // fakeModel answers from a queue, one entry per model call; each entry decides from the messages.
  for (let i = 0; i < 8; i++) model = model.respond(turn);
  return model;
}

runIfMain(import.meta.url, () => main());
