import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import type { AdToolkit } from "../../src/types.js";
import { activePush, callsResponse, type Env, textResponse } from "./harness.js";

// One driver for the AI SDK's two majors, whose option and result types differ.

export type Major = "ai6" | "ai7";
export type Loose = any;

export const major = (which: Major) =>
  which === "ai6"
    ? { generateText: ai6.generateText as Loose, stepCountIs: ai6.stepCountIs, Mock: MockV6 as Loose }
    : { generateText: ai7.generateText as Loose, stepCountIs: ai7.stepCountIs, Mock: MockV7 as Loose };

/** All messages a result added: ai@7 keeps only the last step in response.messages. */
export const added = (which: Major, result: Loose) =>
  which === "ai6" ? result.response.messages : result.responseMessages;

/**
 * The host side of the AI SDK approval round trip for one ACTIVE push: run, collect the approval
 * requests, answer them as a person would, run again.
 */
export async function approvalRound(
  env: Env,
  which: Major,
  toolkit: AdToolkit,
  decision: { approved: boolean; reason?: string },
  extra: (tools: ReturnType<typeof aiSdkTools>) => Record<string, unknown> = () => ({}),
) {
  const { generateText, stepCountIs, Mock } = major(which);
  const model = new Mock({
    doGenerate: [callsResponse([activePush(env, "c1", "Summer gear")]), textResponse("done")],
  });
  const tools = aiSdkTools(toolkit, { approval: "native" });
  const options = (messages: unknown[]) => ({
    model,
    tools,
    messages,
    stopWhen: stepCountIs(5),
    ...extra(tools),
  });
  const messages: unknown[] = [{ role: "user", content: "Launch the summer ad now." }];
  const first = await generateText(options(messages));
  const requests = first.content.filter((p: { type: string }) => p.type === "tool-approval-request");
  const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");
  const before = { ads: env.sim.control.ads().length, pushes: pushes().length };
  messages.push(...added(which, first), {
    role: "tool",
    content: requests.map((r: { approvalId: string }) => ({
      type: "tool-approval-response",
      approvalId: r.approvalId,
      ...decision,
    })),
  });
  const second = await generateText(options(messages));
  return { model, tools, requests, before, second, messages, options, generateText };
}
