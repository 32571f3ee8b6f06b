// AI SDK generateText with adrails tools and native tool approval.
//
// The agent reads the accounts and results, then wants to launch an ad ACTIVE. The AI SDK stops
// with a tool-approval-request; the host shows the guard's summary to a person and sends the
// answer back as a tool-approval-response. Only an approved call runs, once, for that exact payload.
//
//   npx tsx examples/ai-sdk-generate-text.ts
//
// Offline against the in-process simulator with a scripted model by default; set OPENAI_API_KEY
// for a real model, and ADRAILS_BASE_URL + ADRAILS_API_KEY for the real service.

import { createAdTools, type ToolResult } from "adrails";
import { adToolResult, aiSdkTools } from "adrails/ai-sdk";
import { generateText, type LanguageModel, type ModelMessage, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import {
  askPerson,
  bestAdset,
  connect,
  type ExampleOptions,
  mockUsage,
  openaiModel,
  runIfMain,
  toolResultsIn,
} from "./shared.js";

const SYSTEM = `You manage ads through guarded tools. List the accounts, read the first account's results per
ad set for the last 7 days, then launch the new ad (status ACTIVE) in the ad set with the lowest CPA:
image https://cdn.example.com/spring-hero.jpg, website https://shop.example.com/spring, headline "Spring is here".
If the launch is refused, do not retry; say so.`;
const USER = "Launch the spring hero ad in my best ad set.";

export interface GenerateTextExampleResult {
  /** Whether the AI SDK asked for approval before running the ACTIVE push. */
  approvalRequested: boolean;
  /** The person's answer. */
  approved: boolean;
  /** What push-creative returned, when it ran (only after an approval). */
  push?: ToolResult;
  /** The tools the model called, in order. */
  toolCalls: string[];
  /** The model's last words. */
  text: string;
  /** Ads on the simulator afterwards (absent against a real service). */
  ads?: { ad_id: string; status: string }[];
}

export async function main(options: ExampleOptions = {}): Promise<GenerateTextExampleResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  const service = await connect(env);
  try {
    const toolkit = createAdTools({ apiKey: service.apiKey, baseUrl: service.baseUrl });
    const tools = aiSdkTools(toolkit, { approval: "native" });
    const model = env.OPENAI_API_KEY ? await openaiModel(env) : scriptedModel();

    const messages: ModelMessage[] = [{ role: "user", content: USER }];
    const toolCalls: string[] = [];
    let approvalRequested = false;
    let approved = false;
    let push: ToolResult | undefined;
    let text = "";

    // The host's loop: run, and whenever the SDK stops for approvals, ask and run again.
    for (let round = 0; round < 5; round++) {
      const result = await generateText({ model, system: SYSTEM, messages, tools, stopWhen: stepCountIs(8) });
      messages.push(...result.response.messages);
      for (const step of result.steps) {
        for (const call of step.toolCalls) toolCalls.push(call.toolName);
        for (const res of step.toolResults) {
          const full = adToolResult(res);
          if (full) log(`  ${res.toolName}: ${toolkit.toModelText(full).slice(0, 120)}`);
          if (res.toolName === "push-creative") push = full;
        }
      }
      text = result.text;

      const requests = result.content.filter((part) => part.type === "tool-approval-request");
      if (requests.length === 0) break;
      const responses = [];
      for (const request of requests) {
        approvalRequested = true;
        // The guard's summary of the exact payload: what the person is agreeing to.
        const summary = toolkit.get(request.toolCall.toolName)?.confirmationRequest(request.toolCall.input);
        const answer = await askPerson(
          summary?.message ?? JSON.stringify(request.toolCall.input),
          service,
          options,
        );
        approved = answer.approved;
        // With native approval the `reason` of an approval is the confirmation text sent to the service.
        responses.push({
          type: "tool-approval-response" as const,
          approvalId: request.approvalId,
          approved: answer.approved,
          reason: answer.approved ? answer.text : answer.reason,
        });
      }
      messages.push({ role: "tool", content: responses });
    }
    // A call that ran after its approval belongs to no step: the response messages hold only the
    // text the model read. adToolResult gives the full ToolResult for that call (a denied call has
    // none: it never ran).
    for (const message of messages) {
      if (message.role !== "tool" || push) continue;
      for (const part of message.content) {
        const full =
          part.type === "tool-result" && part.toolName === "push-creative" ? adToolResult(part) : undefined;
        if (full) {
          push = full;
          log(`  push-creative: ${JSON.stringify(push).slice(0, 120)}`);
        }
      }
    }
    log(`model: ${text}`);
    const ads = service.sim?.control.ads().map((ad) => ({ ad_id: ad.ad_id, status: ad.status }));
    return {
      approvalRequested,
      approved,
      ...(push ? { push } : {}),
      toolCalls,
      text,
      ...(ads ? { ads } : {}),
    };
  } finally {
    await service.close();
  }
}

/** Plays the agent without a model: each turn reads the tool results so far and picks the next call. */
function scriptedModel(): LanguageModel {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const seen = toolResultsIn(prompt);
      const last = (name: string) => seen.findLast((r) => r.toolName === name);
      const call = (toolName: string, input: unknown) => ({
        content: [
          {
            type: "tool-call" as const,
            toolCallId: `call_${seen.length}`,
            toolName,
            input: JSON.stringify(input),
          },
        ],
        finishReason: { unified: "tool-calls" as const, raw: undefined },
        usage: mockUsage,
        warnings: [],
      });
      const say = (text: string) => ({
        content: [{ type: "text" as const, text }],
        finishReason: { unified: "stop" as const, raw: undefined },
        usage: mockUsage,
        warnings: [],
      });
      const accounts = last("list-accounts");
      if (!accounts) return call("list-accounts", {});
      const accountId = accounts.value?.data?.accounts?.[0]?.id;
      const results = last("results");
      if (!results) return call("results", { account_id: accountId, level: "adset", date_preset: "last_7d" });
      const push = last("push-creative");
      if (!push) {
        return call("push-creative", {
          account_id: accountId,
          adset_id: bestAdset(results.value),
          image_url: "https://cdn.example.com/spring-hero.jpg",
          website_url: "https://shop.example.com/spring",
          headline: "Spring is here",
          status: "ACTIVE",
        });
      }
      if (push.type === "execution-denied") return say("The launch was not approved, so nothing went live.");
      if (push.value?.ok === true)
        return say(`Ad ${push.value.data?.ad_id} is live (${push.value.data?.status}).`);
      return say(`The launch did not happen: ${push.value?.error ?? "unknown reason"}`);
    },
  });
}

runIfMain(import.meta.url, () => main());
