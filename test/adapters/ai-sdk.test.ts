import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6, simulateReadableStream } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiSdkToolApproval, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { explicitJsonSchema, strictJsonSchema } from "../../src/adapters/shared.js";
import type { Outcome } from "../../src/client/outcome.js";
import type { ToolResult } from "../../src/types.js";
import { approvalRound, type Loose, major } from "./ai-sdk-driver.js";
import {
  callsResponse,
  type Env,
  activePush as harnessActivePush,
  IMAGE,
  type ScriptedCall,
  SITE,
  shownToModel,
  startEnv,
  textResponse,
} from "./harness.js";

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");
const activePush = (id: string): ScriptedCall => harnessActivePush(env, id, "Summer gear");

describe.each(["ai6", "ai7"] as const)("%s native approval", (which) => {
  const approvalFor = (tools: ReturnType<typeof aiSdkTools>) =>
    which === "ai7" ? { toolApproval: aiSdkToolApproval(tools) } : {};

  it("asks a person first, then creates the approved ACTIVE ad with one request and the person's text", async () => {
    const round = await approvalRound(
      env,
      which,
      env.toolkit(),
      { approved: true, reason: "Go live. Dana, marketing lead" },
      approvalFor,
    );
    expect(round.requests).toHaveLength(1);
    expect(round.requests[0].toolCall.toolName).toBe("push-creative");
    expect(round.before).toEqual({ ads: 0, pushes: 0 });
    const ads = env.sim.control.ads();
    expect(ads.map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Go live. Dana, marketing lead"],
    ]);
    expect(pushes()).toHaveLength(1);
    const shown = shownToModel(round.model.doGenerateCalls.at(-1).prompt).get("c1")!;
    expect(shown.error).toBe(false);
    expect(shown.text).toContain("A person approved this ACTIVE ad");
  });

  it("without a reason, records that a person approved through the AI SDK", async () => {
    await approvalRound(env, which, env.toolkit(), { approved: true }, approvalFor);
    const [ad] = env.sim.control.ads();
    expect(ad?.status).toBe("ACTIVE");
    expect(ad?.hard_confirm_text).toMatch(/^Approved by a person via ai-sdk for payload /);
  });

  it("a denied ACTIVE push never reaches the service", async () => {
    const round = await approvalRound(
      env,
      which,
      env.toolkit(),
      { approved: false, reason: "Budget not signed off" },
      approvalFor,
    );
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
    const shown = shownToModel(round.model.doGenerateCalls.at(-1).prompt).get("c1")!;
    expect(shown).toEqual({ error: true, text: "denied: Budget not signed off" });
  });

  it("an approval is used once: running the approved conversation again creates no second ad", async () => {
    const round = await approvalRound(
      env,
      which,
      env.toolkit(),
      { approved: true, reason: "Yes" },
      approvalFor,
    );
    expect(env.sim.control.ads()).toHaveLength(1);
    const replayModel = new (major(which).Mock)({ doGenerate: [textResponse("done")] });
    await round.generateText({ ...round.options(round.messages), model: replayModel });
    const shown = shownToModel(replayModel.doGenerateCalls[0].prompt).get("c1")!;
    expect(shown.error).toBe(true);
    expect(shown.text).toContain('"blocked":"hard-confirmation"');
    expect(shown.text).toContain("already used once");
    expect(env.sim.control.ads()).toHaveLength(1);
    expect(pushes()).toHaveLength(1);
  });

  it("a PAUSED push needs no approval", async () => {
    const { generateText, stepCountIs, Mock } = major(which);
    const paused = activePush("p1");
    paused.input.status = "PAUSED";
    const model = new Mock({ doGenerate: [callsResponse([paused]), textResponse("done")] });
    const tools = aiSdkTools(env.toolkit(), { approval: "native" });
    const result = await generateText({
      model,
      tools,
      prompt: "go",
      stopWhen: stepCountIs(3),
      ...approvalFor(tools),
    });
    expect(result.content.some((p: { type: string }) => p.type === "tool-approval-request")).toBe(false);
    expect(env.sim.control.ads().map((a) => a.status)).toEqual(["PAUSED"]);
  });

  it("without native approval, the toolkit's confirm callback decides", async () => {
    const { generateText, stepCountIs, Mock } = major(which);
    const asked: string[] = [];
    const toolkit = env.toolkit({
      confirm: (request) => {
        asked.push(request.message);
        return { approved: true, text: "Confirmed on the phone by Dana" };
      },
    });
    const model = new Mock({ doGenerate: [callsResponse([activePush("c1")]), textResponse("done")] });
    const result = await generateText({
      model,
      tools: aiSdkTools(toolkit),
      prompt: "go",
      stopWhen: stepCountIs(3),
    });
    expect(result.content.some((p: { type: string }) => p.type === "tool-approval-request")).toBe(false);
    expect(asked).toHaveLength(1);
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Confirmed on the phone by Dana"],
    ]);
  });

  it("scopes request ids by the framework's session context", async () => {
    const { generateText, stepCountIs, Mock } = major(which);
    const paused = activePush("p1");
    paused.input.status = "PAUSED";
    const toolkit = env.toolkit();
    const tools = aiSdkTools(toolkit);
    const run = (sessionId: string) => {
      const context =
        which === "ai6"
          ? { experimental_context: { sessionId } }
          : { toolsContext: Object.fromEntries(Object.keys(tools).map((name) => [name, { sessionId }])) };
      const model = new Mock({ doGenerate: [callsResponse([paused]), textResponse("done")] });
      return generateText({ model, tools, prompt: "go", stopWhen: stepCountIs(3), ...context });
    };
    await run("conversation-1");
    await run("conversation-1");
    expect(env.sim.control.ads()).toHaveLength(1);
    await run("conversation-2");
    expect(env.sim.control.ads()).toHaveLength(2);
    const ids = pushes().map((r) => (r.body as { request_id: string }).request_id);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});

it.each(["ai6", "ai7"] as const)(
  "%s: the sessionId option scopes request ids per tool set",
  async (which) => {
    const { generateText, stepCountIs, Mock } = major(which);
    const paused = activePush("p1");
    paused.input.status = "PAUSED";
    const toolkit = env.toolkit();
    const run = (sessionId: string) =>
      generateText({
        model: new Mock({ doGenerate: [callsResponse([paused]), textResponse("done")] }),
        tools: aiSdkTools(toolkit, { sessionId }),
        prompt: "go",
        stopWhen: stepCountIs(3),
      });
    await run("a");
    await run("a");
    await run("b");
    expect(env.sim.control.ads()).toHaveLength(2);
  },
);

it.each(["ai6", "ai7"] as const)("%s: the abort signal reaches the HTTP call", async (which) => {
  const { generateText, stepCountIs, Mock } = major(which);
  env.sim.control.fault({ kind: "latency", ms: 5_000, tool: "list-accounts" });
  const model = new Mock({
    doGenerate: [callsResponse([{ id: "r1", name: "list-accounts", input: {} }]), textResponse("done")],
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const toolkit = env.toolkit({ onOutcome: resolve });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    generateText({
      model,
      tools: aiSdkTools(toolkit),
      prompt: "go",
      stopWhen: stepCountIs(3),
      abortSignal: controller.signal,
    }).catch(() => undefined);
  });
  // Aborted, not answered after the 5 s latency.
  expect(await outcome).toMatchObject({ kind: "network-error", cause: "aborted" });
});

describe("ai7 toolApproval", () => {
  it("an automatic approval set by the host is no person's approval: nothing is sent ACTIVE", async () => {
    const model = new MockV7({ doGenerate: [callsResponse([activePush("c1")]), textResponse("done")] });
    const tools = aiSdkTools(env.toolkit(), { approval: "native" });
    // ai@7 typings see the ai@6-built tool objects as foreign; the ai7-types test checks a v7 user's view.
    const result = await (ai7.generateText as Loose)({
      model,
      tools,
      prompt: "go",
      stopWhen: ai7.stepCountIs(3),
      toolApproval: { ...aiSdkToolApproval(tools), "push-creative": "approved" },
    });
    const output = result.steps[0]?.toolResults[0]?.output as ToolResult;
    expect(output).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(env.sim.control.ads()).toEqual([]);
    expect(pushes()).toEqual([]);
  });

  it("works on a tool set merged with the host's own tools", () => {
    const tools = {
      ...aiSdkTools(env.toolkit(), { approval: "native" }),
      weather: ai7.tool({ inputSchema: ai7.jsonSchema({}) }),
    };
    const approval = aiSdkToolApproval(tools);
    expect(Object.keys(approval)).toContain("push-creative");
    expect(approval.weather).toBeUndefined();
    expect(() => aiSdkToolApproval({ weather: tools.weather })).toThrow(TypeError);
  });

  it("asks only for ACTIVE pushes", async () => {
    const approval = aiSdkToolApproval(env.toolkit());
    const push = approval["push-creative"]!;
    expect(await push(activePush("x").input, { toolCallId: "x" })).toBe("user-approval");
    expect(await push({ ...activePush("x").input, status: "PAUSED" }, { toolCallId: "x" })).toBe(
      "not-applicable",
    );
    expect(await push({ ...activePush("x").input, status: "active" }, { toolCallId: "x" })).toBe(
      "not-applicable",
    );
    expect(await approval["list-accounts"]!({}, { toolCallId: "y" })).toBe("not-applicable");
  });
});

describe("ai6 loops beyond generateText", () => {
  it("streamText runs a read and a PAUSED push", async () => {
    const paused = activePush("s2");
    paused.input.status = "PAUSED";
    const usage = callsResponse([]).usage;
    const stream = (parts: unknown[]) => ({ stream: simulateReadableStream({ chunks: parts as never[] }) });
    const model = new MockV6({
      doStream: [
        stream([
          { type: "stream-start", warnings: [] },
          { type: "tool-call", toolCallId: "s1", toolName: "list-accounts", input: "{}" },
          {
            type: "tool-call",
            toolCallId: "s2",
            toolName: "push-creative",
            input: JSON.stringify(paused.input),
          },
          { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
        ]),
        stream([
          { type: "stream-start", warnings: [] },
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Created it paused." },
          { type: "text-end", id: "t" },
          { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
        ]),
      ] as never,
    });
    const result = ai6.streamText({
      model,
      tools: aiSdkTools(env.toolkit()),
      prompt: "go",
      stopWhen: ai6.stepCountIs(3),
    });
    expect(await result.text).toBe("Created it paused.");
    const shown = shownToModel(model.doStreamCalls[1]!.prompt as never);
    expect(shown.get("s1")?.text).toContain(env.account);
    expect(shown.get("s2")).toMatchObject({ error: false });
    expect(env.sim.control.ads().map((a) => a.status)).toEqual(["PAUSED"]);
  });

  it("ToolLoopAgent asks for native approval and creates the approved ACTIVE ad", async () => {
    const model = new MockV6({ doGenerate: [callsResponse([activePush("c1")]), textResponse("done")] });
    const agent = new ai6.ToolLoopAgent({
      model,
      tools: aiSdkTools(env.toolkit(), { approval: "native" }),
      stopWhen: ai6.stepCountIs(4),
    });
    const messages: ai6.ModelMessage[] = [{ role: "user", content: "Launch it." }];
    const first = await agent.generate({ messages });
    const request = first.content.find((p) => p.type === "tool-approval-request");
    expect(request).toBeDefined();
    expect(pushes()).toEqual([]);
    messages.push(...first.response.messages, {
      role: "tool",
      content: [
        {
          type: "tool-approval-response",
          approvalId: request!.approvalId,
          approved: true,
          reason: "Ship it",
        },
      ],
    });
    const second = await agent.generate({ messages });
    expect(second.text).toBe("done");
    expect(env.sim.control.ads().map((a) => [a.status, a.hard_confirm_text])).toEqual([
      ["ACTIVE", "Ship it"],
    ]);
  });
});

describe("strict mode", () => {
  it.each(["ai6", "ai7"] as const)(
    "%s: strict schemas go to the model and nulls come back as absent fields",
    async (which) => {
      const { generateText, stepCountIs, Mock } = major(which);
      const toolkit = env.toolkit();
      const tools = aiSdkTools(toolkit, { strict: true });
      const nulls = {
        account_id: env.account,
        adset_id: env.adset,
        image_url: IMAGE,
        website_url: SITE,
        status: "PAUSED",
        request_id: null,
        video_url: null,
        thumbnail_url: null,
        primary_text: null,
        headline: null,
        ad_name: null,
        cta_type: null,
        lead_gen_form_id: null,
        fb_page_id: null,
        ig_page_id: null,
        beneficiary: null,
        payer: null,
      };
      const model = new Mock({
        doGenerate: [
          callsResponse([{ id: "n1", name: "push-creative", input: nulls }]),
          textResponse("done"),
        ],
      });
      await generateText({ model, tools, prompt: "go", stopWhen: stepCountIs(3) });
      const sent = model.doGenerateCalls[0].tools.find((t: { name: string }) => t.name === "push-creative");
      expect(sent.strict).toBe(true);
      expect(sent.inputSchema.required).toEqual(Object.keys(sent.inputSchema.properties));
      const open = model.doGenerateCalls[0].tools.find(
        (t: { name: string }) => t.name === "edit-creative-brief",
      );
      expect(open.strict).toBe(false);
      const [ad] = env.sim.control.ads();
      expect(ad?.status).toBe("PAUSED");
      const body = pushes()[0]?.body as Record<string, unknown>;
      expect(Object.values(body)).not.toContain(null);
      expect(body.request_id).toMatch(/^adr_/);
    },
  );

  it("without strict, every tool says strict: false so no provider assumes strict schemas", async () => {
    const model = new MockV6({ doGenerate: [textResponse("hi")] });
    await ai6.generateText({ model, tools: aiSdkTools(env.toolkit()), prompt: "hi" });
    const strictFlags = new Set(
      model.doGenerateCalls[0]!.tools!.map((t) => (t as { strict?: boolean }).strict),
    );
    expect([...strictFlags]).toEqual([false]);
  });

  it("the tools that cannot be strict are exactly those with open parts", () => {
    const toolkit = env.toolkit();
    const notStrict = toolkit.tools
      .map((t) => ({ name: t.name, strict: strictJsonSchema(explicitJsonSchema(t)) }))
      .filter((t) => !t.strict.strict)
      .map((t) => t.name);
    expect(notStrict.sort()).toEqual(
      [
        "approve-meta-test-plan",
        "create-creative-brief",
        "create-experiment",
        "edit-creative-brief",
        "integrations-query",
        "list-competitor-board",
        "preview-meta-test-plan",
        "record-experiment-result",
      ].sort(),
    );
  });
});
