import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Agent, run } from "@openai/agents";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { createAgent } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { langchainTools } from "../../src/adapters/langchain.js";
import { adToolResult, openaiAgentsTools } from "../../src/adapters/openai-agents.js";
import type { AdToolkit, ToolResult } from "../../src/types.js";
import {
  agentsText,
  agentsToolCalls,
  ScriptedAgentsModel,
  shownToAgentsModel,
} from "../adapters/agents-model.js";
import { callsResponse, shownToModel, textResponse } from "../adapters/harness.js";
import { unique } from "../approval-records/support.js";
import { APPROVE, adOf, useDeskWorld } from "./support.js";

// Issue 32 in each framework's own loop, with its mock model: `approval: "inbox"` gives the model
// the pending result (a normal result, not an error) instead of the framework's pause; the model
// reads the approval_id from it and calls await-approval, which holds while a person approves on
// the inbox page (over HTTP), then returns the ACTIVE ad.

const d = useDeskWorld();
let stop: (() => void) | undefined;
afterEach(() => stop?.());

/** A person who approves the request for `headline` on the page as soon as it waits there. */
function approveWhenAsked(headline: string): void {
  let running = true;
  stop = () => {
    running = false;
  };
  (async () => {
    const person = await d.person();
    while (running) {
      const items = await d.inbox.list(50);
      const item = items.find(
        (i) => i.state === "pending" && (i.request.summary as { headline?: string }).headline === headline,
      );
      if (item) {
        await person.decide(item.id, { approve: APPROVE });
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })().catch(() => {});
}

const APPROVAL_ID = /"approval_id":"(apr_[A-Za-z0-9_-]+)"/;

function pushCall(headline: string) {
  return { id: "call-push", name: "push-creative", input: d.w.push(headline) };
}
const awaitCall = (approvalId: string) => ({
  id: "call-await",
  name: "await-approval",
  input: { approval_id: approvalId, wait_s: 20 },
});

function expectOneAd(headline: string, awaited: ToolResult | undefined) {
  const ad = adOf(awaited!);
  expect(ad.status).toBe("ACTIVE");
  expect(d.w.live(headline)).toBe(1);
  expect(d.w.sent(headline)).toHaveLength(1);
}

function toolkit(): AdToolkit {
  // A confirm channel too: "inbox" must still give the pending result, never ask in the call.
  return d.toolkit({
    confirm: () => {
      throw new Error('the in-call channel must not be asked with approval: "inbox"');
    },
  });
}

describe('approval: "inbox" in each framework\'s loop', { timeout: 60_000 }, () => {
  it("AI SDK: pending (a normal result), then await-approval returns the ACTIVE ad", async () => {
    const headline = unique("AI SDK pending");
    approveWhenAsked(headline);
    let turn = 0;
    let seenPending = "";
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        turn++;
        if (turn === 1) return callsResponse([pushCall(headline)]);
        if (turn === 2) {
          const shown = shownToModel(options.prompt as never).get("call-push")!;
          expect(shown.error).toBe(false);
          seenPending = shown.text;
          return callsResponse([awaitCall(APPROVAL_ID.exec(shown.text)![1]!)]);
        }
        return textResponse("done");
      },
    });
    const tools = aiSdkTools(toolkit(), { approval: "inbox" });
    expect(Object.keys(tools)).toContain("await-approval");
    const result = await generateText({ model, tools, prompt: "Launch it.", stopWhen: stepCountIs(4) });
    expect(seenPending).toMatch(/"ok":"pending"/);
    expect(seenPending).toContain("approve_url");
    const outputs = result.steps.flatMap((s) => s.toolResults);
    const awaited = outputs.find((r) => r.toolCallId === "call-await")?.output as ToolResult;
    expectOneAd(headline, awaited);
    const last = shownToModel(model.doGenerateCalls.at(-1)!.prompt as never).get("call-await")!;
    expect(last.error).toBe(false);
    expect(last.text).toContain('"status":"ACTIVE"');
  });

  it("LangChain: pending (not an error message), then await-approval returns the ACTIVE ad", async () => {
    const headline = unique("LangChain pending");
    approveWhenAsked(headline);
    const model = fakeModel();
    const push = pushCall(headline);
    model.respondWithTools([{ name: push.name, args: push.input, id: push.id }]);
    model.respond((messages: BaseMessage[]) => {
      const shown = messages.find((m) => ToolMessage.isInstance(m) && m.tool_call_id === "call-push") as
        | ToolMessage
        | undefined;
      if (!shown || shown.status === "error")
        return new Error(`pending was not a normal result: ${shown?.status}`);
      const id = APPROVAL_ID.exec(String(shown.content))![1]!;
      const call = awaitCall(id);
      return new AIMessage({ content: "", tool_calls: [{ name: call.name, args: call.input, id: call.id }] });
    });
    model.respond(new AIMessage("done"));
    const tools = langchainTools(toolkit(), { approval: "inbox" });
    expect(tools.map((t) => t.name)).toContain("await-approval");
    const agent = createAgent({ model, tools });
    const state = await agent.invoke({ messages: [{ role: "user", content: "Launch it." }] });
    const messages = state.messages as BaseMessage[];
    const pending = messages.find(
      (m) => ToolMessage.isInstance(m) && m.tool_call_id === "call-push",
    ) as ToolMessage;
    expect((pending.artifact as ToolResult).ok).toBe("pending");
    const awaited = messages.find(
      (m) => ToolMessage.isInstance(m) && m.tool_call_id === "call-await",
    ) as ToolMessage;
    expect(awaited.status).not.toBe("error");
    expectOneAd(headline, awaited.artifact as ToolResult);
  });

  it("OpenAI Agents: pending instead of an interruption, then await-approval returns the ACTIVE ad", async () => {
    const headline = unique("Agents pending");
    approveWhenAsked(headline);
    const model = new ScriptedAgentsModel([
      agentsToolCalls([pushCall(headline)]),
      (request) => {
        const text = shownToAgentsModel(request).get("call-push") ?? "";
        return agentsToolCalls([awaitCall(APPROVAL_ID.exec(text)![1]!)]);
      },
      agentsText("done"),
    ]);
    const tools = openaiAgentsTools(toolkit(), { approval: "inbox" });
    expect(tools.map((t) => t.name)).toContain("await-approval");
    const agent = new Agent({ name: "pending", model, tools });
    const result = await run(agent, "Launch it.", { maxTurns: 4 });
    expect(result.interruptions ?? []).toHaveLength(0);
    const pushed = result.newItems.map(adToolResult).find((r) => r !== undefined);
    expect(pushed?.ok).toBe("pending");
    const shown = shownToAgentsModel(model.requests.at(-1)!).get("call-await") ?? "";
    expect(shown).toContain('"status":"ACTIVE"');
    expect(d.w.live(headline)).toBe(1);
    expect(d.w.sent(headline)).toHaveLength(1);
  });
});
