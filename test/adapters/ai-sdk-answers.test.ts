import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiSdkToolApproval, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import type { AdToolkit } from "../../src/types.js";
import {
  callsResponse,
  type Env,
  IMAGE,
  type ScriptedCall,
  SITE,
  shownToModel,
  startEnv,
  textResponse,
} from "./harness.js";

// Native approval through the real generateText loop of ai@6 and ai@7: an approval response is the
// person's answer to that tool call's own request (signed with the toolkit's approvalSecret), for
// the payload the person was shown, once.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");
const activePush = (id: string): ScriptedCall => ({
  id,
  name: "push-creative",
  input: {
    account_id: env.account,
    adset_id: env.adset,
    image_url: IMAGE,
    website_url: SITE,
    headline: "Summer gear",
    status: "ACTIVE",
  },
});

type Major = "ai6" | "ai7";
// One driver for two majors whose option and result types differ.
type Loose = any;

const major = (which: Major) =>
  which === "ai6"
    ? { generateText: ai6.generateText as Loose, stepCountIs: ai6.stepCountIs, Mock: MockV6 as Loose }
    : { generateText: ai7.generateText as Loose, stepCountIs: ai7.stepCountIs, Mock: MockV7 as Loose };

/** All messages a result added: ai@7 keeps only the last step in response.messages. */
const added = (which: Major, result: Loose) =>
  which === "ai6" ? result.response.messages : result.responseMessages;

/** Runs, answers every approval request as `decision`, runs again. */
async function approvalRound(
  which: Major,
  toolkit: AdToolkit,
  decision: { approved: boolean; reason?: string },
  extra: (tools: ReturnType<typeof aiSdkTools>) => Record<string, unknown>,
) {
  const { generateText, stepCountIs, Mock } = major(which);
  const model = new Mock({ doGenerate: [callsResponse([activePush("c1")]), textResponse("done")] });
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
  messages.push(...added(which, first), {
    role: "tool",
    content: requests.map((r: { approvalId: string }) => ({
      type: "tool-approval-response",
      approvalId: r.approvalId,
      ...decision,
    })),
  });
  await generateText(options(messages));
}

describe.each(["ai6", "ai7"] as const)("%s native approval answers", (which) => {
  const approvalFor = (tools: ReturnType<typeof aiSdkTools>) =>
    which === "ai7" ? { toolApproval: aiSdkToolApproval(tools) } : {};

  it("with an approvalSecret, the approved ACTIVE push goes live once: the adapter hands a signed answer", async () => {
    await approvalRound(
      which,
      env.toolkit({ approvalSecret: "test-secret-of-this-fleet" }),
      { approved: true, reason: "Yes, Dana" },
      approvalFor,
    );
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Yes, Dana"],
    ]);
  });

  it("a call whose payload was edited in the conversation after the person was asked never goes live", async () => {
    const { generateText, stepCountIs, Mock } = major(which);
    const model = new Mock({ doGenerate: [callsResponse([activePush("c1")]), textResponse("done")] });
    const tools = aiSdkTools(env.toolkit(), { approval: "native" });
    const options = (messages: unknown[]) => ({
      model,
      tools,
      messages,
      stopWhen: stepCountIs(5),
      ...approvalFor(tools),
    });
    const messages: unknown[] = [{ role: "user", content: "Launch the summer ad now." }];
    const first = await generateText(options(messages));
    const [request] = first.content.filter((p: { type: string }) => p.type === "tool-approval-request");
    // The conversation travels through the browser: the call is edited after the person saw it.
    const edited = JSON.parse(JSON.stringify(added(which, first)));
    for (const message of edited) {
      for (const part of Array.isArray(message.content) ? message.content : []) {
        if (part.type === "tool-call") part.input.headline = "Everything free today";
      }
    }
    messages.push(...edited, {
      role: "tool",
      content: [
        { type: "tool-approval-response", approvalId: request.approvalId, approved: true, reason: "Yes" },
      ],
    });
    await generateText(options(messages));
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
    const shown = shownToModel(model.doGenerateCalls.at(-1).prompt).get("c1")!;
    expect(shown.error).toBe(true);
    expect(shown.text).toContain('"blocked":"hard-confirmation"');
    expect(shown.text).toContain("edited");
  });
});
