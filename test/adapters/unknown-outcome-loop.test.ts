import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { langchainTools } from "../../src/adapters/langchain.js";
import { createAdTools } from "../../src/toolkit.js";
import { type FaultProxy, startFaultProxy } from "../toolkit/fault-proxy.js";
import { callsResponse, type Env, IMAGE, SITE, startEnv, textResponse } from "./harness.js";

// Sequence 3 of issue 12 through the agent loops: the model repeats a push whose answer was lost,
// meets a 401 and a 403 on the way, and finally adds a request_id of its own. One ad, one id.

let env: Env;
let proxy: FaultProxy;
beforeAll(async () => {
  env = await startEnv();
  proxy = await startFaultProxy(env.sim.url);
});
afterAll(async () => {
  await proxy.close();
  await env.close();
});
beforeEach(() => env.sim.control.reset());

const input = () => ({
  account_id: env.account,
  adset_id: env.adset,
  image_url: IMAGE,
  website_url: SITE,
  headline: "Repeated after a lost answer",
});

/** What happens just before each repeat the model makes: the service's answer to it. */
const steps = [
  () => env.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" }),
  () => proxy.refuseNext({ status: 401, error: "Invalid API key" }),
  () => proxy.refuseNext({ status: 403, error: "Account temporarily unreachable" }),
  () => {},
];
const withModelId = (i: number) => (i === 3 ? { ...input(), request_id: "model-picked-id-9" } : input());

/** The faults of `steps` all happened: the answer lost after the write, then both refusals. */
function faultsHappened(refusedBefore: number) {
  expect(env.sim.control.requests().filter((r) => r.appliedThenDropped)).toHaveLength(1);
  expect(proxy.refused()).toBe(refusedBefore + 2);
}

const requestIds = () =>
  env.sim.control
    .requests()
    .filter((r) => r.tool === "push-creative")
    .map((r) => (r.body as { request_id?: string }).request_id);

function toolkit() {
  return createAdTools({
    apiKey: env.sim.apiKey,
    baseUrl: proxy.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
  });
}

describe("an unknown outcome, then refusals, then a model-chosen id, in the agent loops", () => {
  it("AI SDK generateText: one ad, one request id", async () => {
    const refusedBefore = proxy.refused();
    let turn = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        if (turn >= steps.length) return textResponse("done");
        steps[turn]!();
        const call = callsResponse([{ id: `c${turn}`, name: "push-creative", input: withModelId(turn) }]);
        turn++;
        return call;
      },
    });
    const result = await generateText({
      model,
      tools: aiSdkTools(toolkit()),
      prompt: "Create the ad; repeat it until it is done.",
      stopWhen: stepCountIs(8),
    });
    expect(turn).toBe(steps.length);
    expect(result.text).toBe("done");
    expect(env.sim.control.ads()).toHaveLength(1);
    expect(new Set(requestIds()).size).toBe(1);
    faultsHappened(refusedBefore);
    expect(JSON.stringify(result.response.messages)).toContain("request_id you sent was replaced");
  });

  it("LangChain createAgent: one ad, one request id", async () => {
    const refusedBefore = proxy.refused();
    const model = fakeModel();
    // fakeModel answers from a queue; the faults are queued as each answer is taken.
    for (const [i, step] of steps.entries()) {
      model.respond(() => {
        step();
        return new AIMessage({
          content: "",
          tool_calls: [{ id: `c${i}`, name: "push-creative", args: withModelId(i), type: "tool_call" }],
        });
      });
    }
    model.respond(new AIMessage("done"));
    const agent = createAgent({ model, tools: langchainTools(toolkit()) });
    const result = await agent.invoke({ messages: [{ role: "user", content: "Create the ad." }] });
    expect(result.messages.at(-1)?.content).toBe("done");
    expect(env.sim.control.ads()).toHaveLength(1);
    expect(new Set(requestIds()).size).toBe(1);
    faultsHappened(refusedBefore);
  });
});
