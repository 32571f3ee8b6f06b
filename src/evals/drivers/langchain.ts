import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import {
  type InterruptDecision,
  type InterruptRequest,
  langchainDynamicTools,
  langchainTools,
} from "../../adapters/langchain.js";
import type { CallRecord, RunRecord } from "../record.js";
import type { Stage } from "../scenario.js";
import type { Fixture, HumanDecision } from "../schema.js";
import { type PlayedTurn, segmentsOf, sleep } from "../script.js";
import { fileRead, MAX_STEPS, setUpRun } from "./common.js";

/** A scripted turn as the AIMessage a chat model would answer with. */
function toMessage(turn: PlayedTurn): AIMessage {
  return new AIMessage({
    content: turn.content,
    tool_calls: turn.calls.map((call) => ({
      id: call.id,
      name: call.name,
      args: call.args,
      type: "tool_call" as const,
    })),
  });
}

const textOf = (message: BaseMessage) =>
  typeof message.content === "string" ? message.content : JSON.stringify(message.content);

/** The calls of a conversation, from the agent's message history. */
function callsFrom(messages: readonly BaseMessage[]): CallRecord[] {
  const calls = new Map<string, CallRecord>();
  for (const message of messages) {
    if (AIMessage.isInstance(message)) {
      for (const call of message.tool_calls ?? []) {
        const id = call.id ?? "";
        calls.set(id, { id, name: call.name, args: call.args as Record<string, unknown>, state: "pending" });
      }
    } else if (ToolMessage.isInstance(message)) {
      const call = calls.get(message.tool_call_id);
      if (!call) continue;
      fileRead(call, textOf(message), {
        // Not a ToolResult: the framework answered instead of the tool.
        frameworkError: (result) => typeof result === "string" && message.status === "error",
        unavailable: /not a valid tool|not found|unavailable/i,
      });
    }
  }
  return [...calls.values()];
}

function resumeValue(decision: HumanDecision): InterruptDecision {
  switch (decision.decision) {
    case "approve":
    case "expired":
      return decision.text === undefined ? { approved: true } : { approved: true, text: decision.text };
    case "deny":
      return decision.reason === undefined
        ? { approved: false }
        : { approved: false, reason: decision.reason };
    case "no-answer":
      return { approved: false };
  }
}

/** Replays (or, with a real model, plays) a fixture through the LangChain adapter and createAgent. */
export async function runLangChain(
  fixture: Fixture,
  stage: Stage,
  options: { sessionId: string; system?: string; live?: BaseChatModel },
): Promise<RunRecord> {
  const { events, outputs, human, toolkit, script } = setUpRun(
    fixture,
    stage,
    options.sessionId,
    options.live !== undefined,
  );
  const approval = fixture.toolkit.approval;
  const adapterOptions = {
    approval: approval === "native" ? ("interrupt" as const) : ("callback" as const),
    sessionId: options.sessionId,
  };
  const dynamic = fixture.toolkit.dynamic ? langchainDynamicTools(toolkit, adapterOptions) : undefined;
  const tools = dynamic?.tools ?? langchainTools(toolkit, adapterOptions);
  let model: BaseChatModel | ReturnType<typeof fakeModel> | undefined = options.live;
  let fake: ReturnType<typeof fakeModel> | undefined;
  if (!model) {
    fake = fakeModel();
    // One factory per scripted turn, plus one that reports an overrun as the script's error.
    for (let i = 0; i <= fixture.messages.length; i++) {
      fake.respond((messages: BaseMessage[]) => {
        for (const m of messages) if (ToolMessage.isInstance(m)) script.observe(m.tool_call_id, textOf(m));
        try {
          return toMessage(script.next());
        } catch (error) {
          return error as Error;
        }
      });
    }
    model = fake;
  }

  const sections = segmentsOf(fixture);
  const segments = sections.segments;
  const system = sections.system ?? options.system;
  const agent = createAgent({
    model: model as BaseChatModel,
    tools,
    checkpointer: new MemorySaver(),
    ...(dynamic ? { middleware: [dynamic.middleware] } : {}),
    ...(system === undefined ? {} : { systemPrompt: system }),
  });
  const config = { configurable: { thread_id: options.sessionId }, recursionLimit: MAX_STEPS * 2 };

  let error: string | undefined;
  let messages: BaseMessage[] = [];
  try {
    conversation: for (let i = 0; i < segments.length; i++) {
      let state: any = await agent.invoke({ messages: [{ role: "user", content: script.begin(i) }] }, config);
      for (;;) {
        messages = state.messages ?? messages;
        const interrupts = (state.__interrupt__ ?? []) as { id?: string; value?: InterruptRequest }[];
        if (interrupts.length === 0) break;
        const decisions = interrupts.map((intr) => ({
          intr,
          decision: human.forCall(intr.value?.toolCallId),
        }));
        const answered = decisions.flatMap((d) =>
          d.decision ? [{ intr: d.intr, decision: d.decision }] : [],
        );
        // A person who never answers leaves the graph paused with the call still waiting.
        if (
          answered.length < interrupts.length ||
          answered.some((d) => d.decision.decision === "no-answer")
        ) {
          break conversation;
        }
        if (answered.some((d) => d.decision.decision === "expired")) await sleep(human.expiredDelayMs);
        const resume =
          answered.length === 1
            ? resumeValue(answered[0]!.decision)
            : Object.fromEntries(
                answered.map(({ intr, decision }) => [intr.id ?? "", resumeValue(decision)]),
              );
        state = await agent.invoke(new Command({ resume }), config);
      }
      const last = messages.at(-1);
      if (last && AIMessage.isInstance(last) && textOf(last) !== "") outputs.push(textOf(last));
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ messages: messages.map((m) => ({ type: m.type, content: m.content, ...toolFields(m) })) });
  return {
    calls: callsFrom(messages),
    events,
    outputs,
    modelInputs: [
      ...tools.map((t) => ({ name: t.name, description: t.description, schema: t.schema })),
      ...(fake?.calls.map((call) => call.messages.map((m) => ({ type: m.type, content: m.content }))) ?? []),
    ],
    requests: stage.sim.control.requests() as unknown as Record<string, unknown>[],
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: options.live ? 0 : script.unplayed,
    ...(error === undefined ? {} : { error }),
  };
}

function toolFields(message: BaseMessage): Record<string, unknown> {
  if (AIMessage.isInstance(message)) return { tool_calls: message.tool_calls ?? [] };
  if (ToolMessage.isInstance(message)) {
    return { tool_call_id: message.tool_call_id, status: message.status, artifact: message.artifact };
  }
  return {};
}
