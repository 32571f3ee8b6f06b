import { aiSdkApprovalRound, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import type { AdToolkit, ConfirmDecision, ConfirmRequest } from "../../src/types.js";
import { major } from "../adapters/ai-sdk-driver.js";
import { callsResponse, type ScriptedCall, textResponse } from "../adapters/harness.js";

// A chat route on the AI SDK's native approvals, as the README tells a host to write it: each
// request of the conversation runs generateText, hands the approval requests to a person through
// aiSdkApprovalRound, and keeps the conversation (the client sends it back with the next request).

export type Which = "ai6" | "ai7";

/** A scripted model: each of its turns makes these tool calls, then it says "done" (each time asked). */
export function scriptedModel(which: Which, turns: ScriptedCall[][]) {
  const { Mock } = major(which);
  const done = [1, 2, 3, 4].map(() => textResponse("done"));
  return new Mock({ doGenerate: [...turns.map((calls) => callsResponse(calls)), ...done] });
}

/** The conversation with its last message (the person's answers) cut to the approvals `keep` accepts. */
export function onlyAnswers(messages: unknown[], keep: (index: number) => boolean): unknown[] {
  const last = messages.at(-1) as { role: string; content: unknown[] };
  return [...messages.slice(0, -1), { ...last, content: last.content.filter((_, i) => keep(i)) }];
}

/** A person who answers from a list (then declines), keeping every request they were shown. */
export function person(...answers: ConfirmDecision[]) {
  const shown: ConfirmRequest[] = [];
  return {
    shown,
    ask: async (request: ConfirmRequest): Promise<ConfirmDecision> => {
      shown.push(request);
      return answers.shift() ?? { approved: false, reason: "no more answers" };
    },
  };
}

export const YES: ConfirmDecision = { approved: true, text: "I, Dana, approve this ad going live." };

/**
 * One request of the chat route: generateText on `messages` with a tool set built from `toolkit`
 * (a route that builds its tools per request passes a new toolkit each time), then the person
 * answers what it asked. Returns the messages to keep and how many were answered.
 */
export async function chatRequest(
  which: Which,
  toolkit: AdToolkit,
  model: unknown,
  messages: unknown[],
  ask: (request: ConfirmRequest) => Promise<ConfirmDecision>,
) {
  const { generateText, stepCountIs } = major(which);
  const tools = aiSdkTools(toolkit, { approval: "native" });
  const result = await generateText({ model, tools, messages, stopWhen: stepCountIs(6) });
  const round = await aiSdkApprovalRound(tools, result, ask);
  return { result, messages: [...messages, ...round.messages], answered: round.answered };
}
