import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { aiSdkToolApproval, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { added, approvalRound, major } from "./ai-sdk-driver.js";
import {
  callsResponse,
  type Env,
  activePush as harnessActivePush,
  type ScriptedCall,
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
const activePush = (id: string): ScriptedCall => harnessActivePush(env, id, "Summer gear");

describe.each(["ai6", "ai7"] as const)("%s native approval answers", (which) => {
  const approvalFor = (tools: ReturnType<typeof aiSdkTools>) =>
    which === "ai7" ? { toolApproval: aiSdkToolApproval(tools) } : {};

  it("with an approvalSecret, the approved ACTIVE push goes live once: the adapter hands a signed answer", async () => {
    await approvalRound(
      env,
      which,
      env.toolkit({ approvalSecret: "test-secret-of-this-fleet" }),
      { approved: true, reason: "Yes, Dana" },
      approvalFor,
    );
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Yes, Dana"],
    ]);
  });

  it("a repeat approved in the very millisecond the first went live goes on: its answer names that ad", async () => {
    // Date.now() stands still, as when a fast loop asks within the millisecond the first ad went live.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const { generateText, stepCountIs, Mock } = major(which);
      const model = new Mock({
        doGenerate: [
          callsResponse([activePush("c1")]),
          callsResponse([activePush("c2")]),
          textResponse("done"),
        ],
      });
      const tools = aiSdkTools(env.toolkit({ approvalSecret: "test-secret-of-this-fleet" }), {
        approval: "native",
      });
      const options = (messages: unknown[]) => ({
        model,
        tools,
        messages,
        stopWhen: stepCountIs(5),
        ...approvalFor(tools),
      });
      const messages: unknown[] = [{ role: "user", content: "Launch the summer ad now." }];
      const approveAll = (result: { content: { type: string; approvalId?: string }[] }) => ({
        role: "tool",
        content: result.content
          .filter((p) => p.type === "tool-approval-request")
          .map((p) => ({ type: "tool-approval-response", approvalId: p.approvalId, approved: true })),
      });
      for (let round = 0; round < 3; round++) {
        const result = await generateText(options(messages));
        messages.push(...added(which, result));
        if (!result.content.some((p: { type: string }) => p.type === "tool-approval-request")) break;
        messages.push(approveAll(result));
      }
      const live = env.sim.control.ads().filter((ad) => ad.status === "ACTIVE");
      expect(live).toHaveLength(2);
      expect(pushes()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
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
