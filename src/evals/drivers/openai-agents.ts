import {
  Agent,
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type RunResult,
  run,
  type StreamEvent,
  setTracingDisabled,
  Usage,
} from "@openai/agents";
import {
  approveAdCall,
  openaiAgentsDynamicTools,
  openaiAgentsTools,
  rejectAdCall,
} from "../../adapters/openai-agents.js";
import type { CallRecord, RunRecord } from "../record.js";
import type { Stage } from "../scenario.js";
import type { Fixture } from "../schema.js";
import { type PlayedTurn, type Script, segmentsOf, sleep } from "../script.js";
import { fileRead, MAX_STEPS, setUpRun } from "./common.js";

// Replays stay on this machine: no traces are exported.
setTracingDisabled(true);

/** A scripted turn as the output items of a Responses API model. */
function toOutput(turn: PlayedTurn): AgentOutputItem[] {
  return [
    ...(turn.content === ""
      ? []
      : [
          {
            type: "message" as const,
            role: "assistant" as const,
            status: "completed" as const,
            content: [{ type: "output_text" as const, text: turn.content }],
          },
        ]),
    ...turn.calls.map((call) => ({
      type: "function_call" as const,
      callId: call.id,
      name: call.name,
      arguments: JSON.stringify(call.args),
      status: "completed" as const,
    })),
  ];
}

/** What the model reads of a function call result, as text. */
function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (output !== null && typeof output === "object" && "text" in output) {
    return String((output as { text: unknown }).text);
  }
  return JSON.stringify(output);
}

/** The Agents SDK's Model, answering each request with the script's next turn. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];

  constructor(private readonly script: Script) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    for (const item of typeof request.input === "string" ? [] : request.input) {
      if (item.type === "function_call_result") this.script.observe(item.callId, outputText(item.output));
    }
    return { usage: new Usage(), output: toOutput(this.script.next()) };
  }

  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error("the scripted model does not stream");
  }
}

/** The calls of a conversation, from the run's history. */
function callsFrom(history: readonly AgentInputItem[], denied: ReadonlySet<string>): CallRecord[] {
  const calls = new Map<string, CallRecord>();
  for (const item of history) {
    if (item.type === "function_call") {
      let args: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(item.arguments) as unknown;
        if (parsed !== null && typeof parsed === "object") args = parsed as Record<string, unknown>;
      } catch {}
      calls.set(item.callId, { id: item.callId, name: item.name, args, state: "pending" });
    } else if (item.type === "function_call_result") {
      const call = calls.get(item.callId);
      if (!call) continue;
      fileRead(call, outputText(item.output), {
        denied: denied.has(item.callId),
        // Not a ToolResult: the SDK answered instead of the tool.
        frameworkError: (result) => typeof result === "string",
        unavailable: /not found/i,
      });
    }
  }
  return [...calls.values()];
}

/** Replays (or, with a real model, plays) a fixture through the OpenAI Agents adapter and run(). */
export async function runOpenAIAgents(
  fixture: Fixture,
  stage: Stage,
  options: { sessionId: string; system?: string; live?: Model | string },
): Promise<RunRecord> {
  const { events, outputs, human, toolkit, script } = setUpRun(
    fixture,
    stage,
    options.sessionId,
    options.live !== undefined,
  );
  const adapterOptions = {
    approval: fixture.toolkit.approval === "native" ? ("native" as const) : ("callback" as const),
    sessionId: options.sessionId,
  };
  const dynamic = fixture.toolkit.dynamic ? openaiAgentsDynamicTools(toolkit, adapterOptions) : undefined;
  const tools = dynamic?.tools ?? openaiAgentsTools(toolkit, adapterOptions);
  const scripted = options.live === undefined ? new ScriptedModel(script) : undefined;
  const sections = segmentsOf(fixture);
  const system = sections.system ?? options.system;
  const agent = new Agent({
    name: "adrails-evals",
    model: options.live ?? scripted!,
    tools,
    ...(system === undefined ? {} : { instructions: system }),
  });
  // A call to a tool that is not offered is an error the model reads, as in the other frameworks.
  const runOptions = {
    maxTurns: MAX_STEPS,
    toolNotFoundBehavior: "return_error_to_model" as const,
    ...(dynamic ? { toolErrorFormatter: dynamic.toolErrorFormatter } : {}),
  };
  // One context for the conversation: it carries the session scope and, in dynamic mode, what
  // find-tools has found.
  const context = { sessionId: options.sessionId };

  let error: string | undefined;
  let history: AgentInputItem[] = [];
  const denied = new Set<string>();
  try {
    conversation: for (let i = 0; i < sections.segments.length; i++) {
      const input: AgentInputItem[] = [...history, { role: "user", content: script.begin(i) }];
      let result: RunResult<any, any> = await run(agent, input, {
        ...runOptions,
        context,
      });
      for (;;) {
        history = result.history;
        const asks = result.interruptions;
        if (asks.length === 0) break;
        const answered = asks.flatMap((ask) => {
          const decision = human.forCall(
            ask.rawItem.type === "function_call" ? ask.rawItem.callId : undefined,
          );
          return decision ? [{ ask, decision }] : [];
        });
        // A person who never answers ends the conversation with the call still waiting (the SDK's
        // history leaves out calls without an output).
        if (answered.length < asks.length || answered.some((d) => d.decision.decision === "no-answer")) {
          for (const ask of asks) if (ask.rawItem.type === "function_call") history.push(ask.rawItem);
          break conversation;
        }
        if (answered.some((d) => d.decision.decision === "expired")) await sleep(human.expiredDelayMs);
        for (const { ask, decision } of answered) {
          if (decision.decision === "deny") {
            await rejectAdCall(result.state, ask, { reason: decision.reason });
            if (ask.rawItem.type === "function_call") denied.add(ask.rawItem.callId);
          } else {
            approveAdCall(result.state, ask, { text: "text" in decision ? decision.text : undefined });
          }
        }
        result = await run(agent, result.state, runOptions);
      }
      if (typeof result.finalOutput === "string" && result.finalOutput !== "")
        outputs.push(result.finalOutput);
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ history });
  return {
    calls: callsFrom(history, denied),
    events,
    outputs,
    modelInputs: scripted
      ? scripted.requests.map((r) => ({ input: r.input, tools: r.tools, instructions: r.systemInstructions }))
      : tools.map((t) => ({ name: t.name, description: t.description })),
    requests: stage.sim.control.requests() as unknown as Record<string, unknown>[],
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: options.live ? 0 : script.unplayed,
    ...(error === undefined ? {} : { error }),
  };
}
