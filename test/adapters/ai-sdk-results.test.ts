import { generateText as generateText6, stepCountIs as stepCountIs6 } from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import { generateText as generateText7, stepCountIs as stepCountIs7 } from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adToolResult, aiSdkApprovalRound, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { activePush, callsResponse, type Env, startEnv, textResponse } from "./harness.js";

// An approved call runs at the start of the next generateText and belongs to no step: the
// response messages hold only the capped text the model read. adToolResult gives the host the
// full ToolResult, through the AI SDK's own loop.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
}, 60_000);
afterAll(() => env?.close());
beforeEach(() => env.sim.control.reset());

const loops = {
  ai6: { Mock: MockV6, generateText: generateText6, stepCountIs: stepCountIs6 },
  ai7: {
    Mock: MockV7 as unknown as typeof MockV6,
    generateText: generateText7 as unknown as typeof generateText6,
    stepCountIs: stepCountIs7 as unknown as typeof stepCountIs6,
  },
};

/** Every message of a call: ai@7's `response.messages` holds the last step's only. */
const messagesOf = (result: { response: { messages: unknown[] } }) =>
  ((result as { responseMessages?: unknown[] }).responseMessages ?? result.response.messages) as {
    role: string;
    content: { type: string; toolName?: string }[];
  }[];

describe.each(["ai6", "ai7"] as const)("adToolResult on %s", (major) => {
  const { Mock, generateText, stepCountIs } = loops[major];

  it("gives the approved launch's full ToolResult, which the model read capped", async () => {
    // A small cap: what the model reads is cut, the host still gets every field.
    const toolkit = env.toolkit({ maxResultChars: 200 });
    const tools = aiSdkTools(toolkit, { approval: "native" });
    const headline = `Full result ${major}`;
    const model = new Mock({
      doGenerate: [
        callsResponse([{ id: "r1", name: "list-accounts", input: {} }]),
        callsResponse([activePush(env, "c1", headline)]),
        textResponse("It is live."),
      ],
    });
    const messages: unknown[] = [{ role: "user", content: "Launch it." }];
    const first = await generateText({ model, messages: messages as never, tools, stopWhen: stepCountIs(5) });
    // A step's own tool result is the ToolResult already.
    const read = first.steps.flatMap((step) => step.toolResults).find((r) => r.toolName === "list-accounts");
    expect(adToolResult(read)).toMatchObject({
      ok: true,
      status: 200,
      data: { accounts: expect.any(Array) },
    });

    const round = await aiSdkApprovalRound(tools, first as never, async () => ({
      approved: true,
      text: "I, Dana, approve this ad going live.",
    }));
    expect(round.answered).toBe(1);
    const second = await generateText({
      model,
      messages: round.messages as never,
      tools,
      stopWhen: stepCountIs(5),
    });
    expect(second.steps.flatMap((step) => step.toolResults).map((r) => r.toolName)).not.toContain(
      "push-creative",
    );
    const part = messagesOf(second)
      .flatMap((message) => (message.role === "tool" ? message.content : []))
      .find((p) => p.type === "tool-result" && p.toolName === "push-creative");
    // What the messages hold is the capped text.
    expect(JSON.stringify(part)).toContain("truncated");
    const full = adToolResult(part);
    const [ad] = env.sim.control.ads().filter((a) => a.headline === headline);
    expect(ad?.status).toBe("ACTIVE");
    expect(full).toMatchObject({ ok: true, status: 200, data: { ad_id: ad!.ad_id, status: "ACTIVE" } });
    expect(JSON.stringify(full).length).toBeGreaterThan(200);
    expect(full).toMatchObject({ data: { creative_id: expect.any(String), fb_page_id: expect.any(String) } });
  });

  it("gives nothing for a denied call, another tool's part or something that is not a part", async () => {
    const toolkit = env.toolkit();
    const tools = aiSdkTools(toolkit, { approval: "native" });
    const model = new Mock({
      doGenerate: [callsResponse([activePush(env, "d1", `Denied ${major}`)]), textResponse("Not launched.")],
    });
    const first = await generateText({
      model,
      messages: [{ role: "user", content: "Launch it." }] as never,
      tools,
      stopWhen: stepCountIs(5),
    });
    const round = await aiSdkApprovalRound(tools, first as never, async () => ({ approved: false }));
    const second = await generateText({
      model,
      messages: round.messages as never,
      tools,
      stopWhen: stepCountIs(5),
    });
    const denied = messagesOf(second)
      .flatMap((message) => (message.role === "tool" ? message.content : []))
      .find((p) => p.type === "tool-result" && p.toolName === "push-creative");
    expect(denied).toBeDefined();
    expect(adToolResult(denied)).toBeUndefined();
    expect(
      adToolResult({ type: "tool-result", toolCallId: "never-ran", output: { type: "text", value: "x" } }),
    ).toBe(undefined);
    expect(adToolResult({ type: "text", text: "hi" })).toBeUndefined();
    expect(adToolResult(null)).toBeUndefined();
    expect(env.sim.control.ads()).toHaveLength(0);
  });
});
