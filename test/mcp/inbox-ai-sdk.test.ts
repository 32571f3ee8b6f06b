import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { callsResponse, textResponse } from "../adapters/harness.js";
import { BIN, ROOT } from "../cli/helpers.js";
import { type Env, push } from "./helpers.js";
import { type InboxFixture, person, useInboxWorld } from "./inbox-support.js";

// The AI SDK's own MCP client (@ai-sdk/mcp, which declares no elicitation by default and cannot
// take an input_required result) spawning the built `adrails mcp --redis --inbox-url`, feeding
// ai@6 generateText with a scripted model: the push comes back pending, the model hands the person
// the link, the person approves in the inbox (real HTTP, real Redis), and the model's
// await-approval call returns the ACTIVE ad.

const SENTENCE = "I, Dana, approve this summer ad going live today.";
let env: Env;
let fx: InboxFixture;
useInboxWorld((e, f) => {
  env = e;
  fx = f;
});

describe("@ai-sdk/mcp with ai@6 generateText", { timeout: 120_000 }, () => {
  it("completes the pending + await-approval path: one ACTIVE ad with the person's sentence", async () => {
    const client = await createMCPClient({
      transport: new Experimental_StdioMCPTransport({
        command: process.execPath,
        args: [BIN, "mcp"],
        cwd: ROOT,
        env: fx.mcpEnv(env),
      }),
    });
    try {
      const tools = await client.tools();
      expect(Object.keys(tools)).toContain("await-approval");
      let approvalId = "";
      let approveUrl = "";
      const model = new MockLanguageModelV3({
        doGenerate: async ({ prompt }) => {
          const turn = prompt.filter((m) => m.role === "assistant").length;
          if (turn === 0)
            return callsResponse([
              { id: "c1", name: "push-creative", input: push(env, { status: "ACTIVE" }) },
            ]);
          if (turn === 1) {
            // The model read the pending result: it gives the person the link, then awaits.
            const seen = JSON.stringify(prompt.at(-1));
            approvalId = /approval_id\\?":\\?"([^"\\]+)/.exec(seen)?.[1] ?? "";
            approveUrl = /approve_url\\?":\\?"([^"\\]+)/.exec(seen)?.[1] ?? "";
            expect(approvalId).not.toBe("");
            await (await person(fx.url)).decide(approvalId, { approve: SENTENCE });
            return callsResponse([
              { id: "c2", name: "await-approval", input: { approval_id: approvalId, wait_s: 20 } },
            ]);
          }
          return textResponse("The ad is live.");
        },
      });
      const result = await generateText({
        model,
        tools,
        prompt: "Put the summer ad live; ask me in the inbox.",
        stopWhen: stepCountIs(5),
      });
      expect(result.text).toBe("The ad is live.");
      expect(approveUrl).toContain(approvalId);
      const pendingStep = JSON.stringify(result.steps[0]!.toolResults);
      expect(pendingStep).toContain("pending");
      expect(JSON.stringify(result.steps[1]!.toolResults)).toContain('\\"ok\\":true');
      expect(env.activeAds().map((ad) => ad.hard_confirm_text)).toEqual([SENTENCE]);
      expect(env.sim.control.ads()).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
