import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { MockLanguageModelV3 } from "ai/test";
import { mastraDeclineReason, mastraDynamicTools, mastraTools } from "../../adapters/mastra.js";
import type { CallRecord, RunRecord } from "../record.js";
import type { Stage } from "../scenario.js";
import type { Fixture } from "../schema.js";
import { DEFAULT_APPROVAL_TEXT, segmentsOf, sleep } from "../script.js";
import { blockedBy, fileRead, MAX_STEPS, setUpRun } from "./common.js";
import { mockTurnResult } from "./mock-turn.js";

// Mastra's agent loop (generate, resumeGenerate with the person's sentence / declineToolCallGenerate
// on a suspended run, a Mastra with in-memory storage) with the AI SDK's mock model playing the script.

type Message = { role?: string; content?: unknown };

function* parts(messages: readonly Message[], role: string): Generator<Record<string, unknown>> {
  for (const m of messages) {
    if (m.role !== role || !Array.isArray(m.content)) continue;
    for (const part of m.content)
      if (part !== null && typeof part === "object") yield part as Record<string, unknown>;
  }
}

/** What the model read of a tool result part, as text. */
function outputText(output: unknown): { text: string; error: boolean } {
  const o = (output ?? {}) as { type?: string; value?: unknown };
  if (o.type === "text" || o.type === "error-text")
    return { text: String(o.value), error: o.type === "error-text" };
  if (o.type === "json" || o.type === "error-json")
    return { text: JSON.stringify(o.value), error: o.type === "error-json" };
  return { text: JSON.stringify(o.value ?? o), error: false };
}

/** The calls of a conversation, from everything the model was sent, plus calls left waiting. */
function callsFrom(
  prompts: readonly Message[][],
  denied: ReadonlySet<string>,
  waiting: readonly CallRecord[],
): CallRecord[] {
  const calls = new Map<string, CallRecord>();
  for (const prompt of prompts) {
    for (const part of parts(prompt, "assistant")) {
      if (part.type !== "tool-call") continue;
      const id = String(part.toolCallId);
      const input = part.input;
      const args = (input !== null && typeof input === "object" ? input : {}) as Record<string, unknown>;
      if (!calls.has(id)) calls.set(id, { id, name: String(part.toolName), args, state: "pending" });
    }
    for (const part of parts(prompt, "tool")) {
      if (part.type !== "tool-result") continue;
      const call = calls.get(String(part.toolCallId));
      if (!call) continue;
      const { text, error } = outputText(part.output);
      fileRead(call, text, {
        denied: denied.has(call.id),
        // Not a ToolResult: Mastra answered instead of the tool (an unknown tool, invalid input).
        frameworkError: (result) => typeof result === "string" || (error && blockedBy(result) === undefined),
        unavailable: /not found/i,
      });
    }
  }
  for (const call of waiting) if (!calls.has(call.id)) calls.set(call.id, call);
  return [...calls.values()];
}

/** Replays (or, with a real model, plays) a fixture through the Mastra adapter and Mastra's agent loop. */
export async function runMastra(
  fixture: Fixture,
  stage: Stage,
  options: { sessionId: string; system?: string; live?: unknown },
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
  const dynamic = fixture.toolkit.dynamic ? mastraDynamicTools(toolkit, adapterOptions) : undefined;
  const tools = dynamic?.tools ?? mastraTools(toolkit, adapterOptions);
  const prompts: Message[][] = [];
  const mock =
    options.live === undefined
      ? new MockLanguageModelV3({
          doGenerate: async (call) => {
            const prompt = call.prompt as Message[];
            prompts.push(prompt);
            for (const part of parts(prompt, "tool")) {
              if (part.type === "tool-result")
                script.observe(String(part.toolCallId), outputText(part.output).text);
            }
            return mockTurnResult(script.next());
          },
        })
      : undefined;
  const sections = segmentsOf(fixture);
  const system = sections.system ?? options.system ?? "You work an ad account with the tools given.";
  const agent = new Agent({
    id: "adrails-evals",
    name: "adrails-evals",
    instructions: system,
    model: (options.live ?? mock) as ConstructorParameters<typeof Agent>[0]["model"],
    tools,
    ...(dynamic ? { inputProcessors: [dynamic.processor] } : {}),
  });
  const mastra = new Mastra({ agents: { evals: agent }, storage: new InMemoryStore(), logger: false });
  const run = mastra.getAgent("evals");

  let error: string | undefined;
  const denied = new Set<string>();
  const waiting: CallRecord[] = [];
  // The conversation so far, as the model was last sent it, for the next user turn.
  let history: Message[] = [];
  try {
    conversation: for (let i = 0; i < sections.segments.length; i++) {
      const user = { role: "user", content: script.begin(i) };
      let out = await run.generate([...history, user] as never, { maxSteps: MAX_STEPS });
      for (;;) {
        if (out.finishReason !== "suspended") break;
        const payload = out.suspendPayload as { toolCallId: string; toolName: string; args: unknown };
        const decision = human.forCall(payload.toolCallId);
        if (decision === undefined || decision.decision === "no-answer") {
          const args = (payload.args ?? {}) as Record<string, unknown>;
          waiting.push({ id: payload.toolCallId, name: payload.toolName, args, state: "pending" });
          break conversation;
        }
        if (decision.decision === "expired") await sleep(human.expiredDelayMs);
        const target = { runId: out.runId!, toolCallId: payload.toolCallId, maxSteps: MAX_STEPS };
        if (decision.decision === "deny") {
          denied.add(payload.toolCallId);
          const reason = await mastraDeclineReason(tools, payload, decision.reason);
          out = await run.declineToolCallGenerate({ ...target, ...(reason === undefined ? {} : { reason }) });
        } else {
          // The person's sentence travels in Mastra's resume data; the eval's person always writes one.
          const text = "text" in decision && typeof decision.text === "string" ? decision.text : undefined;
          out = await run.resumeGenerate(
            { approved: true, text: text ?? DEFAULT_APPROVAL_TEXT },
            { runId: target.runId, toolCallId: target.toolCallId, maxSteps: MAX_STEPS },
          );
        }
      }
      if (out.text !== "") outputs.push(out.text);
      const last = prompts.at(-1) ?? [];
      history = [
        ...last.filter((m) => m.role !== "system"),
        ...(out.text === "" ? [] : [{ role: "assistant", content: out.text }]),
      ];
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  outputs.push({ messages: prompts.at(-1) ?? [] });
  return {
    calls: callsFrom(prompts, denied, waiting),
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
