import { AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import * as ai6 from "ai";
import { MockLanguageModelV3 as MockV6 } from "ai/test";
import * as ai7 from "ai7";
import { MockLanguageModelV3 as MockV7 } from "ai7/test";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { aiSdkDynamicTools } from "../../src/adapters/ai-sdk.js";
import { langchainDynamicTools } from "../../src/adapters/langchain.js";
import { createToolDiscovery, FIND_TOOLS } from "../../src/discovery.js";
import {
  callsResponse,
  type Env,
  recordingFakeModel,
  type ScriptedCall,
  shownToModel,
  startEnv,
  textResponse,
  toolMessagesShown,
} from "./harness.js";

// Dynamic mode through the frameworks' own loops: the model starts with find-tools only, a search
// makes tools callable from the next step on, and a call of a tool not found yet is answered.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

const find = (id: string, query: string): ScriptedCall => ({ id, name: FIND_TOOLS, input: { query } });
const read = (id: string, name: string, input: Record<string, unknown> = {}): ScriptedCall => ({
  id,
  name,
  input,
});

describe.each(["ai6", "ai7"] as const)("AI SDK (%s) dynamic mode", (major) => {
  const ai = (major === "ai6" ? ai6 : ai7) as typeof ai6;
  const Mock = (major === "ai6" ? MockV6 : MockV7) as typeof MockV6;
  const namesSent = (call: { tools?: { name: string }[] }) => (call.tools ?? []).map((t) => t.name);

  it("sends find-tools alone first, then what the search found, for the rest of the conversation", async () => {
    const model = new Mock({
      doGenerate: [
        callsResponse([find("f1", "how did my ads do last week")]),
        callsResponse([read("r1", "results", { account_id: env.account })]),
        textResponse("done"),
        callsResponse([read("r2", "results", { account_id: env.account, level: "ad" })]),
        textResponse("done again"),
      ],
    });
    const dynamic = aiSdkDynamicTools(env.toolkit());
    const first = await ai.generateText({
      model,
      ...dynamic,
      prompt: "How did my ads do?",
      stopWhen: ai.stepCountIs(5),
    });
    expect(namesSent(model.doGenerateCalls[0]!)).toEqual([FIND_TOOLS]);
    expect(namesSent(model.doGenerateCalls[1]!)).toContain("results");
    expect(namesSent(model.doGenerateCalls[1]!).length).toBeLessThanOrEqual(6);
    const shown = shownToModel(model.doGenerateCalls[2]!.prompt as never);
    expect(shown.get("r1")?.error).toBe(false);
    // A new user turn is a new generateText call: the found tools stay callable.
    await ai.generateText({
      model,
      ...dynamic,
      messages: [
        { role: "user", content: "How did my ads do?" },
        // ai@7 keeps only the last step in response.messages; responseMessages has them all.
        ...((first as { responseMessages?: typeof first.response.messages }).responseMessages ??
          first.response.messages),
        { role: "user", content: "And per ad?" },
      ],
      stopWhen: ai.stepCountIs(5),
    });
    expect(namesSent(model.doGenerateCalls[3]!)).toContain("results");
    expect(shownToModel(model.doGenerateCalls[4]!.prompt as never).get("r2")?.error).toBe(false);
  });

  it("answers a call of a tool no search has found with a ToolResult to search first; nothing is sent", async () => {
    const model = new Mock({
      doGenerate: [
        callsResponse([read("p1", "push-creative", { adset_id: env.adset, status: "ACTIVE" })]),
        textResponse("ok"),
      ],
    });
    await ai.generateText({
      model,
      ...aiSdkDynamicTools(env.toolkit()),
      prompt: "Launch it",
      stopWhen: ai.stepCountIs(3),
    });
    const seen = shownToModel(model.doGenerateCalls[1]!.prompt as never).get("p1")!;
    expect(seen.error).toBe(true);
    const result = JSON.parse(seen.text);
    expect(result).toMatchObject({ ok: false, status: null, blocked: "scope" });
    expect(result.error).toContain("push-creative");
    expect(result.hint).toContain(FIND_TOOLS);
    expect(env.sim.control.requests()).toEqual([]);
  });

  it("a tool found in the same step is not callable in that step", async () => {
    const model = new Mock({
      doGenerate: [
        callsResponse([
          find("f1", "account health score"),
          read("h1", "health", { account_id: env.account }),
        ]),
        textResponse("ok"),
      ],
    });
    await ai.generateText({
      model,
      ...aiSdkDynamicTools(env.toolkit()),
      prompt: "Health?",
      stopWhen: ai.stepCountIs(3),
    });
    const shown = shownToModel(model.doGenerateCalls[1]!.prompt as never);
    expect(JSON.parse(shown.get("h1")!.text).blocked).toBe("scope");
    expect(JSON.parse(shown.get("f1")!.text).data.tools).toContain("health");
  });
});

describe("LangChain dynamic mode", () => {
  it("binds find-tools alone first, then the found tools; an early call is answered, not run", async () => {
    const { model } = recordingFakeModel();
    const bound: string[][] = [];
    const bindTools = model.bindTools.bind(model);
    model.bindTools = (tools: Parameters<typeof bindTools>[0]) => {
      bound.push(tools.map((t) => (t as { name: string }).name));
      return bindTools(tools);
    };
    model.respondWithTools([{ name: "results", args: { account_id: env.account }, id: "early" }]);
    model.respondWithTools([{ name: FIND_TOOLS, args: { query: "how did my ads do last week" }, id: "f1" }]);
    model.respondWithTools([{ name: "results", args: { account_id: env.account }, id: "r1" }]);
    model.respond(new AIMessage("done"));
    const { tools, middleware } = langchainDynamicTools(env.toolkit());
    const agent = createAgent({ model, tools, middleware: [middleware] });
    const state = await agent.invoke({ messages: [{ role: "user", content: "How did my ads do?" }] });
    expect(bound[0]).toEqual([FIND_TOOLS]);
    expect(bound[2]).toContain("results");
    const seen = toolMessagesShown(state.messages);
    expect(seen.get("early")).toMatchObject({ error: true, result: { blocked: "scope" } });
    expect(seen.get("early")!.text).toContain(FIND_TOOLS);
    expect(seen.get("r1")).toMatchObject({ error: false, result: { ok: true } });
    expect(env.sim.control.requests().map((r) => r.tool)).toEqual(["results"]);
  });
});

describe("dynamic mode edges", () => {
  it("LangChain: a tool found in the same step is refused in that step; other agent tools stay bound", async () => {
    const { model } = recordingFakeModel();
    const bound: string[][] = [];
    const bindTools = model.bindTools.bind(model);
    model.bindTools = (tools: Parameters<typeof bindTools>[0]) => {
      bound.push(tools.map((t) => (t as { name: string }).name));
      return bindTools(tools);
    };
    model.respondWithTools([
      { name: FIND_TOOLS, args: { query: "account health score" }, id: "f1" },
      { name: "health", args: { account_id: env.account }, id: "h1" },
    ]);
    model.respond(new AIMessage("done"));
    const own = tool(async () => "pong", {
      name: "ping",
      description: "Ping the host.",
      schema: z.object({}),
    });
    const { tools, middleware } = langchainDynamicTools(env.toolkit());
    // A host's own tool next to adrails' (typed as one of them for createAgent's overloads).
    tools.push(own as unknown as (typeof tools)[number]);
    const agent = createAgent({ model, tools, middleware: [middleware] });
    const state = await agent.invoke({ messages: [{ role: "user", content: "Health?" }] });
    expect(bound[0]!.sort()).toEqual([FIND_TOOLS, "ping"].sort());
    expect(toolMessagesShown(state.messages).get("h1")).toMatchObject({ result: { blocked: "scope" } });
    expect(env.sim.control.requests()).toEqual([]);
  });

  it("AI SDK: only unknown-tool errors of the toolkit's own tools are repaired", async () => {
    const { experimental_repairToolCall: repair } = aiSdkDynamicTools(env.toolkit({ readOnly: true }));
    const call = (toolName: string) => ({
      type: "tool-call" as const,
      toolCallId: "c1",
      toolName,
      input: "{}",
    });
    const unknown = { name: "AI_NoSuchToolError" };
    expect(await repair({ toolCall: call("results"), error: unknown })).toMatchObject({
      toolCallId: "c1",
      toolName: FIND_TOOLS,
    });
    expect(await repair({ toolCall: call("push-creative"), error: unknown })).toBeNull();
    expect(await repair({ toolCall: call("emergency-recovery"), error: unknown })).toBeNull();
    expect(
      await repair({ toolCall: call("results"), error: { name: "AI_InvalidToolInputError" } }),
    ).toBeNull();
  });

  it("find-tools never echoes its query", () => {
    const discovery = createToolDiscovery(env.toolkit());
    const secret = env.sim.apiKey;
    for (const query of [`results ${secret}`, secret, `${"x".repeat(500)}${secret}`]) {
      expect(JSON.stringify(discovery.find({ query }).result)).not.toContain(secret);
    }
  });
});

describe("createToolDiscovery", () => {
  it("a session grows with each search, tells listeners once per change, and keeps the toolkit's order", () => {
    const discovery = createToolDiscovery(env.toolkit(), { active: ["list-accounts"], limit: 3 });
    const session = discovery.session();
    expect(session.names()).toEqual([FIND_TOOLS, "list-accounts"]);
    const heard: (readonly string[])[] = [];
    session.onChange((names) => heard.push(names));
    const first = session.find({ query: "competitor change alerts" });
    expect(first.found).toHaveLength(3);
    // Answered by adrails itself: nothing was sent, so no HTTP status.
    expect(first.result).toMatchObject({ ok: true, status: null });
    session.find({ query: "competitor change alerts" });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toEqual(session.names());
    expect(session.has(first.found[0]!)).toBe(true);
  });

  it("refuses bad input readably and finds only the toolkit's tools", () => {
    const discovery = createToolDiscovery(env.toolkit({ pack: "sources" }));
    for (const input of [{}, { query: "" }, { query: 3 }, null, "text", { query: "x".repeat(501) }]) {
      expect(discovery.find(input).result).toMatchObject({ ok: false, blocked: "validation" });
    }
    const { found } = discovery.find({ query: "launch an ad and check crm pipeline" });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((name) => name.startsWith("integrations-"))).toBe(true);
    expect(() => createToolDiscovery(env.toolkit({ pack: "sources" }), { active: ["results"] })).toThrow(
      /results/,
    );
  });
});
