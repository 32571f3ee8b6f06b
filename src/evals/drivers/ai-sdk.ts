import { generateText, type LanguageModel, type ModelMessage, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { aiSdkApprovalRound, aiSdkDynamicTools, aiSdkTools } from "../../adapters/ai-sdk.js";
import { FIND_TOOLS, NOT_ACTIVE_FIELD } from "../../discovery.js";
import type { ConfirmDecision } from "../../types.js";
import type { CallRecord, RunRecord } from "../record.js";
import type { Stage } from "../scenario.js";
import type { Fixture, HumanDecision } from "../schema.js";
import { parseRead, segmentsOf, sleep } from "../script.js";
import { fileRead, MAX_STEPS, type RunSetup, setUpRun } from "./common.js";
import { mockTurnResult } from "./mock-turn.js";

/** What the model reads of a tool result part, as text. */
function outputText(output: unknown): { text: string; denied: boolean; frameworkError: boolean } {
  const o = (output ?? {}) as { type?: string; value?: unknown; reason?: string };
  switch (o.type) {
    case "text":
    case "error-text":
      return {
        text: String(o.value),
        denied: false,
        frameworkError: o.type === "error-text" && !isJson(String(o.value)),
      };
    case "execution-denied":
      // What providers send the model for a denied call: its reason (adrails' ToolResult), or a stock line.
      return {
        text: o.reason ?? "Tool call execution denied.",
        denied: true,
        frameworkError: false,
      };
    default:
      return { text: JSON.stringify(o.value ?? o), denied: false, frameworkError: false };
  }
}

const isJson = (text: string) => typeof parseRead(text) !== "string";

function* parts(messages: readonly unknown[], role?: string): Generator<Record<string, unknown>> {
  for (const message of messages) {
    const m = message as { role?: string; content?: unknown };
    if (role !== undefined && m.role !== role) continue;
    if (!Array.isArray(m.content)) continue;
    for (const part of m.content)
      if (part !== null && typeof part === "object") yield part as Record<string, unknown>;
  }
}

/**
 * The calls of a conversation, from the AI SDK's message history. In dynamic mode a call of a tool
 * no search has found yet is repaired into a find-tools call that answers it; it is recorded as the
 * call the model made (from the script, or the repaired input when there is none).
 */
function callsFrom(messages: readonly ModelMessage[], played: RunSetup["played"]): CallRecord[] {
  const calls = new Map<string, CallRecord>();
  for (const part of parts(messages, "assistant")) {
    if (part.type !== "tool-call") continue;
    const id = String(part.toolCallId);
    let name = String(part.toolName);
    let args = (typeof part.input === "object" && part.input !== null ? part.input : {}) as Record<
      string,
      unknown
    >;
    const early = name === FIND_TOOLS ? args[NOT_ACTIVE_FIELD] : undefined;
    if (typeof early === "string") {
      name = early;
      args = played.get(id)?.name === early ? played.get(id)!.args : {};
    }
    calls.set(id, { id, name, args, state: "pending" });
  }
  for (const part of parts(messages, "tool")) {
    if (part.type !== "tool-result") continue;
    const call = calls.get(String(part.toolCallId));
    if (!call) continue;
    const { text, denied, frameworkError } = outputText(part.output);
    fileRead(call, text, { denied, frameworkError: () => frameworkError, unavailable: /unavailable tool/i });
  }
  return [...calls.values()];
}

/** A person's decision as the toolkit's: the approval text is sent, a denial's reason shown. */
function confirmDecision(decision: HumanDecision | undefined): ConfirmDecision {
  if (decision?.decision === "approve" || decision?.decision === "expired") {
    return "text" in decision && typeof decision.text === "string"
      ? { approved: true, text: decision.text }
      : { approved: true, text: "" };
  }
  return decision?.decision === "deny" && decision.reason !== undefined
    ? { approved: false, reason: decision.reason }
    : { approved: false };
}

/** Replays (or, with a real model, plays) a fixture through the AI SDK adapter. */
export async function runAiSdk(
  fixture: Fixture,
  stage: Stage,
  options: { sessionId: string; system?: string; live?: LanguageModel },
): Promise<RunRecord> {
  const { events, outputs, human, toolkit, script, played } = setUpRun(
    fixture,
    stage,
    options.sessionId,
    options.live !== undefined,
  );
  const messages: ModelMessage[] = [];
  const approval = fixture.toolkit.approval;
  const adapterOptions = {
    approval: approval === "native" ? ("native" as const) : ("callback" as const),
    sessionId: options.sessionId,
  };
  const dynamic = fixture.toolkit.dynamic ? aiSdkDynamicTools(toolkit, adapterOptions) : undefined;
  const tools = dynamic?.tools ?? aiSdkTools(toolkit, adapterOptions);
  const discovery = dynamic
    ? { prepareStep: dynamic.prepareStep, experimental_repairToolCall: dynamic.experimental_repairToolCall }
    : {};
  const mock = options.live
    ? undefined
    : new MockLanguageModelV3({
        doGenerate: async (call) => {
          for (const part of parts(call.prompt, "tool")) {
            if (part.type === "tool-result")
              script.observe(String(part.toolCallId), outputText(part.output).text);
          }
          return mockTurnResult(script.next());
        },
      });
  const model = options.live ?? mock!;

  let error: string | undefined;
  const sections = segmentsOf(fixture);
  const segments = sections.segments;
  const system = sections.system ?? options.system;
  try {
    conversation: for (let i = 0; i < segments.length; i++) {
      messages.push({ role: "user", content: script.begin(i) });
      for (;;) {
        const result = await generateText({
          model,
          tools,
          ...discovery,
          ...(system === undefined ? {} : { system }),
          messages,
          stopWhen: stepCountIs(MAX_STEPS),
        });
        if (result.text !== "") outputs.push(result.text);
        const asks = result.content.filter((p) => p.type === "tool-approval-request");
        const byCall = new Map(
          asks.map((ask) => [ask.toolCall.toolCallId, human.forCall(ask.toolCall.toolCallId)]),
        );
        const decisions = [...byCall.values()];
        // A person who never answers ends the conversation with the call still waiting.
        if (decisions.some((d) => d === undefined || d.decision === "no-answer")) {
          messages.push(...result.response.messages);
          break conversation;
        }
        if (decisions.some((d) => d?.decision === "expired")) await sleep(human.expiredDelayMs);
        // The host's side of native approval as the README shows it: a denial reads as adrails' result.
        const round = await aiSdkApprovalRound(tools, result, (request) =>
          confirmDecision(byCall.get(request.callId ?? "")),
        );
        messages.push(...round.messages);
        if (round.answered === 0) break;
      }
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ messages });
  return {
    calls: callsFrom(messages, played),
    events,
    outputs,
    modelInputs: mock
      ? mock.doGenerateCalls.map((call) => ({ prompt: call.prompt, tools: call.tools }))
      : Object.entries(tools).map(([name, t]) => ({ name, description: t.description })),
    requests: stage.sim.control.requests() as unknown as Record<string, unknown>[],
    state: stage.sim.control.state(),
    human: human.report(),
    unexpectedAsks: human.unexpected,
    unplayed: options.live ? 0 : script.unplayed,
    ...(error === undefined ? {} : { error }),
  };
}
