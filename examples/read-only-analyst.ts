// A read-only analyst: a toolkit with `readOnly: true` offers only reads and calculators. The
// write tools are not in the tool set at all, so a model cannot call them, whatever a prompt or a
// tool result tells it; a direct call by name is refused by the scope guard, nothing sent.
//
//   npx tsx examples/read-only-analyst.ts
//
// Offline against the in-process simulator with a scripted model by default; set OPENAI_API_KEY
// for a real model, and ADRAILS_BASE_URL + ADRAILS_API_KEY for the real service.

import { catalog, createAdTools, type ToolResult } from "adrails";
import { aiSdkTools } from "adrails/ai-sdk";
import { generateText, type LanguageModel, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { connect, type ExampleOptions, mockUsage, openaiModel, runIfMain, toolResultsIn } from "./shared.js";

const SYSTEM = `You are a read-only ad analyst. Use the first ad account. Read its campaign results for the
last 30 days, what its winning ads share, and which ads are fatigued, then write a short report with
three recommendations. You cannot change anything in the account.`;

export interface ReadOnlyExampleResult {
  /** The tools the model was given. */
  offered: string[];
  /** Write and workflow tools among them: none. */
  writeToolsOffered: string[];
  /** Write and workflow tools of the catalog that were left out. */
  writeToolsWithheld: number;
  /** The tools the model called, in order, and whether each one ran. */
  toolCalls: { tool: string; ran: boolean }[];
  /** A direct toolkit call to a write tool: refused by the scope guard, nothing sent. */
  directWrite: ToolResult;
  /** Requests to write tools the service received (simulator only). */
  writesReceived?: number;
  /** The analyst's report. */
  report: string;
}

const isWrite = (effect: string) => effect === "write" || effect === "workflow";

export async function main(options: ExampleOptions = {}): Promise<ReadOnlyExampleResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  const service = await connect(env);
  try {
    const toolkit = createAdTools({ apiKey: service.apiKey, baseUrl: service.baseUrl, readOnly: true });
    const tools = aiSdkTools(toolkit);
    const offered = Object.keys(tools);
    const writeToolsOffered = toolkit.tools.filter((t) => isWrite(t.definition.effect)).map((t) => t.name);
    const writeToolsWithheld = catalog.filter((def) => isWrite(def.effect) && !def.disabled).length;
    log(
      `offered ${offered.length} tools, ${writeToolsOffered.length} of them write; ${writeToolsWithheld} write tools withheld`,
    );

    const result = await generateText({
      model: env.OPENAI_API_KEY ? await openaiModel(env) : scriptedModel(),
      system: SYSTEM,
      prompt: "How is my account doing, and what should I change?",
      tools,
      stopWhen: stepCountIs(8),
    });
    const toolCalls = result.steps.flatMap((step) =>
      step.content
        .filter((part) => part.type === "tool-result" || part.type === "tool-error")
        .map((part) => ({ tool: part.toolName, ran: part.type === "tool-result" })),
    );
    for (const call of toolCalls) log(`  ${call.tool}: ${call.ran ? "ran" : "not offered, nothing ran"}`);

    // Even called by name, outside any model, a write tool is refused before anything is sent.
    const directWrite = await toolkit.call("push-creative", {
      account_id: "act_1",
      adset_id: "1",
      image_url: "https://cdn.example.com/a.jpg",
      website_url: "https://shop.example.com",
    });
    const writesReceived = service.sim?.control
      .requests()
      .filter((r) => r.tool !== null && isWrite(catalog.find((d) => d.name === r.tool)?.effect ?? "")).length;
    log(`report: ${result.text}`);
    return {
      offered,
      writeToolsOffered,
      writeToolsWithheld,
      toolCalls,
      directWrite,
      ...(writesReceived === undefined ? {} : { writesReceived }),
      report: result.text,
    };
  } finally {
    await service.close();
  }
}

/**
 * Plays the analyst without a model. Midway it also tries push-creative, as a model might after
 * reading an instruction planted in some data: the tool is not there, so nothing can run.
 */
function scriptedModel(): LanguageModel {
  const step = (content: unknown[], unified: "tool-calls" | "stop") => ({
    content: content as never[],
    finishReason: { unified, raw: undefined },
    usage: mockUsage,
    warnings: [],
  });
  const call = (id: string, toolName: string, input: unknown) => ({
    type: "tool-call",
    toolCallId: id,
    toolName,
    input: JSON.stringify(input),
  });
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const seen = toolResultsIn(prompt);
      const last = (name: string) => seen.findLast((r) => r.toolName === name);
      const accounts = last("list-accounts");
      if (!accounts) return step([call("c1", "list-accounts", {})], "tool-calls");
      const account_id = accounts.value?.data?.accounts?.[0]?.id;
      if (!last("results")) {
        return step(
          [
            call("c2", "results", { account_id, level: "campaign", date_preset: "last_30d" }),
            call("c3", "winner-insights", { account_id }),
            call("c4", "fatigue-alerts", { account_id }),
          ],
          "tool-calls",
        );
      }
      const attempted = (prompt as { role: string; content: unknown }[]).some(
        (m) => m.role === "assistant" && JSON.stringify(m.content).includes('"push-creative"'),
      );
      if (!attempted) {
        return step(
          [
            call("c5", "push-creative", {
              account_id,
              adset_id: "1",
              image_url: "https://x.example/a.jpg",
              status: "ACTIVE",
            }),
          ],
          "tool-calls",
        );
      }
      const rows = (last("results")?.value?.data?.rows ?? []) as { name: string; cpa: number | null }[];
      const best = [...rows].sort((a, b) => (a.cpa ?? Infinity) - (b.cpa ?? Infinity))[0];
      const fatigued = (
        (last("fatigue-alerts")?.value?.data?.alerts ?? []) as { verdict: string; name: string }[]
      )
        .filter((a) => a.verdict === "fatigued")
        .map((a) => a.name);
      const hook = last("winner-insights")?.value?.data?.patterns?.hooks?.[0]?.value ?? "question";
      return step(
        [
          {
            type: "text",
            text:
              `Best campaign over 30 days: ${best?.name ?? "n/a"} (CPA ${best?.cpa ?? "n/a"}). ` +
              `Recommendations: 1) shift budget toward ${best?.name ?? "the best campaign"}; ` +
              `2) refresh ${fatigued.length} fatigued ads (${fatigued.slice(0, 3).join(", ")}); ` +
              `3) brief new creatives around the "${hook}" hook that leads the winners. ` +
              "I can only read: someone with write access has to make these changes.",
          },
        ],
        "stop",
      );
    },
  });
}

runIfMain(import.meta.url, () => main());
