import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createAgent } from "langchain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiSdkToolApproval, aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { type InterruptRequest, langchainTools } from "../../src/adapters/langchain.js";
import { memoryStore } from "../../src/store/index.js";
import { createAdTools } from "../../src/toolkit.js";
import type { ToolResult } from "../../src/types.js";
import { added, type Loose, type Major, major } from "./ai-sdk-driver.js";
import { activePush, callsResponse, type Env, startEnv, textResponse, toolMessagesShown } from "./harness.js";

// Issue 41: a route, a worker or an agent built per request gets a new toolkit each time. Toolkits
// of one process given no store share their records per key and service, so the approval the
// first asked is redeemed by the next, and the ad goes live once however often it is delivered.

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.close());
beforeEach(() => env.sim.control.reset());

/** A toolkit as a route builds one per request: no store given, so the process's records are shared. */
const perRequest = () =>
  createAdTools({ apiKey: env.sim.apiKey, baseUrl: env.sim.url, rateLimit: false, retry: { maxRetries: 0 } });
const live = () => env.sim.control.ads().filter((ad) => ad.status === "ACTIVE");
const pushes = () => env.sim.control.requests().filter((r) => r.tool === "push-creative");

type Invoked = { messages: BaseMessage[]; __interrupt__?: { id: string; value: InterruptRequest }[] };

describe("LangChain createAgent built per request, one MemorySaver", () => {
  it("the second agent redeems the interrupt the first asked; the ad goes live once", async () => {
    const checkpointer = new MemorySaver();
    const config = { configurable: { thread_id: `per-request-${Math.random()}` } };
    const call = activePush(env, "lc1", "Built per request");
    // Each request builds its own toolkit, tools and agent; only the checkpointer is shared.
    const agentFor = (model: ReturnType<typeof fakeModel>) =>
      createAgent({
        model,
        tools: langchainTools(perRequest(), { approval: "interrupt" }),
        checkpointer,
      });

    const first = agentFor(
      fakeModel()
        .respondWithTools([{ name: call.name, args: call.input, id: call.id }])
        .respond(new AIMessage("done")),
    );
    const paused = (await first.invoke(
      { messages: [{ role: "user", content: "Launch the summer ad." }] },
      config,
    )) as Invoked;
    const [pending] = paused.__interrupt__ ?? [];
    expect(pending?.value.tool).toBe("push-creative");
    expect(pushes()).toEqual([]);

    const second = agentFor(fakeModel().respond(new AIMessage("done")));
    const done = (await second.invoke(
      new Command({ resume: { approved: true, text: "Go live. Dana" } }),
      config,
    )) as Invoked;
    expect(toolMessagesShown(done.messages).get("lc1")).toMatchObject({
      error: false,
      result: { ok: true, data: { status: "ACTIVE" } },
    });
    expect(live().map((ad) => ad.hard_confirm_text)).toEqual(["Go live. Dana"]);

    // The same resume delivered again to a third agent: the approval was used, no second ad.
    const third = agentFor(fakeModel().respond(new AIMessage("done")));
    await third.invoke(new Command({ resume: { approved: true, text: "Go live. Dana" } }), config);
    expect(live()).toHaveLength(1);
    expect(pushes()).toHaveLength(1);
  });
});

describe("LangChain: a resumed agent whose toolkit looks elsewhere", () => {
  it("is refused with where the request is and what to configure, not an edited payload", async () => {
    const checkpointer = new MemorySaver();
    const config = { configurable: { thread_id: `elsewhere-${Math.random()}` } };
    const call = activePush(env, "lc2", "Asked without a store");
    const agentFor = (model: ReturnType<typeof fakeModel>, store?: ReturnType<typeof memoryStore>) =>
      createAgent({
        model,
        tools: langchainTools(store ? env.toolkit({ store }) : perRequest(), { approval: "interrupt" }),
        checkpointer,
      });
    const first = agentFor(
      fakeModel()
        .respondWithTools([{ name: call.name, args: call.input, id: call.id }])
        .respond(new AIMessage("done")),
    );
    await first.invoke({ messages: [{ role: "user", content: "Launch the summer ad." }] }, config);
    // The resuming worker was given a store of its own: the request the first asked is not in it.
    const second = agentFor(fakeModel().respond(new AIMessage("done")), memoryStore());
    const done = (await second.invoke(
      new Command({ resume: { approved: true, text: "Go live. Dana" } }),
      config,
    )) as Invoked;
    const seen = toolMessagesShown(done.messages).get("lc2");
    expect(seen).toMatchObject({ error: true, result: { blocked: "hard-confirmation" } });
    const error = (seen!.result as { error: string }).error;
    expect(error).toContain("given no store");
    expect(error).toContain("same store option");
    expect(error).not.toContain("edited");
    expect(error).not.toContain("pending:");
    expect(pushes()).toEqual([]);
  });
});

/** The tool results of a run, as the tools returned them. */
const resultsOf = (messages: Loose[]): ToolResult[] =>
  messages
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content)
    .filter((part: Loose) => part.type === "tool-result")
    .map((part: Loose) => JSON.parse(part.output.value));

describe.each(["ai6", "ai7"] as const)(
  "%s: aiSdkTools(createAdTools()) built for each generateText",
  (which: Major) => {
    it("round 2 redeems the approval asked in round 1; a third round sends nothing more", async () => {
      const { generateText, stepCountIs, Mock } = major(which);
      const model = new Mock({
        doGenerate: [
          callsResponse([activePush(env, `sdk-${which}`, "Built per request")]),
          textResponse("done"),
          textResponse("done"),
        ],
      });
      const round = (messages: unknown[]) => {
        // What a route handler does on every request: a new toolkit and new tools.
        const tools = aiSdkTools(perRequest(), { approval: "native" });
        return generateText({
          model,
          tools,
          messages,
          stopWhen: stepCountIs(3),
          ...(which === "ai7" ? { toolApproval: aiSdkToolApproval(tools) } : {}),
        });
      };
      const messages: unknown[] = [{ role: "user", content: "Launch the summer ad." }];
      const asked = await round(messages);
      const [request] = asked.content.filter((p: Loose) => p.type === "tool-approval-request");
      expect(request).toBeDefined();
      messages.push(...added(which, asked), {
        role: "tool",
        content: [{ type: "tool-approval-response", approvalId: request.approvalId, approved: true }],
      });
      const wire = JSON.parse(JSON.stringify(messages));

      const ran = resultsOf(added(which, await round(wire)));
      expect(ran).toMatchObject([{ ok: true, data: { status: "ACTIVE" } }]);
      expect(live()).toHaveLength(1);

      const again = resultsOf(added(which, await round(wire)));
      expect(again).toMatchObject([{ ok: false, blocked: "hard-confirmation" }]);
      expect(again[0]).toMatchObject({ error: expect.stringContaining("already used") });
      expect(live()).toHaveLength(1);
      expect(pushes()).toHaveLength(1);
    });
  },
);
