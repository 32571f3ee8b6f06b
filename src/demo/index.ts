import type { LanguageModelMiddleware, ToolSet } from "ai";
import type { AiSdkAdTool } from "../adapters/ai-sdk.js";
import { type Simulator, startSimulator } from "../sim/index.js";
import { createAdTools } from "../toolkit.js";
import type { AuditEvent, ToolResult } from "../types.js";
import { createDemoConfirm, type DemoConfirm } from "./confirm.js";
import { DEMO_SYSTEM_PROMPT, DEMO_USER_PROMPT, nextScriptedTurn } from "./script.js";
import { createTerminal, type Terminal } from "./terminal.js";
import {
  createRedactor,
  formatArgs,
  formatDecisions,
  formatOutcome,
  highlights,
  shorten,
} from "./transcript.js";

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** Ask the person at the terminal to confirm the ACTIVE launch. Default: stdin is a TTY. */
  interactive?: boolean;
  /** Where the transcript goes. Default: stdout. */
  out?: NodeJS.WritableStream;
  /**
   * Environment: OPENAI_API_KEY selects a real model, ADRAILS_DEMO_MODEL names it (default
   * gpt-4o-mini), OPENAI_BASE_URL changes the endpoint. Default: process.env.
   */
  env?: NodeJS.ProcessEnv;
  /** Where answers are read from when interactive. Default: stdin. */
  input?: NodeJS.ReadableStream;
}

const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
const MAX_STEPS = 16;
const READ_CHARS = 180;

type AiModule = typeof import("ai");

/**
 * The guided demo: starts the simulator in-process, builds the toolkit, and runs an AI SDK agent
 * session that reads the account, writes copy, stages an ad PAUSED, tries to launch it ACTIVE
 * (which a person must confirm) and meets a partial write, printing each tool call, the guard's
 * decision and what the model read. A scripted model plays the agent unless OPENAI_API_KEY is set.
 * Resolves to the exit code: 0 when the session ran as intended.
 */
export async function runDemo(options: DemoOptions = {}): Promise<number> {
  const out = options.out ?? process.stdout;
  const env = options.env ?? process.env;
  const interactive = options.interactive ?? process.stdin.isTTY === true;

  const loaded = await loadAiSdk();
  if (!loaded) {
    out.write(
      "The adrails demo runs an agent with the Vercel AI SDK, which is not installed.\n" +
        "Install it next to adrails, then run the demo again:\n\n  npm install ai\n",
    );
    return 1;
  }

  let sim: Simulator | undefined;
  let term = createTerminal(out, createRedactor([env.OPENAI_API_KEY, env.ADRAILS_API_KEY]));
  try {
    sim = await startSimulator();
    term = createTerminal(
      out,
      createRedactor([env.OPENAI_API_KEY, env.ADRAILS_API_KEY, ...Object.values(sim.keys)]),
    );
    // stdin is touched only when the person will be asked.
    const input = interactive ? (options.input ?? process.stdin) : undefined;
    return await session(loaded, sim, term, { env, input, out });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    term.line(`\nThe demo stopped: ${message}`);
    return 1;
  } finally {
    term.close();
    await sim?.close();
  }
}

async function loadAiSdk(): Promise<{
  ai: AiModule;
  aiSdkTools: typeof import("../adapters/ai-sdk.js").aiSdkTools;
} | null> {
  try {
    const ai = await import("ai");
    const { aiSdkTools } = await import("../adapters/ai-sdk.js");
    return { ai, aiSdkTools };
  } catch (error) {
    if (isMissingPackage(error, "ai")) return null;
    throw error;
  }
}

function isMissingPackage(error: unknown, name: string): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    (e?.code === "ERR_MODULE_NOT_FOUND" || e?.code === "MODULE_NOT_FOUND") &&
    typeof e.message === "string" &&
    e.message.includes(`'${name}'`)
  );
}

interface SessionOptions {
  env: NodeJS.ProcessEnv;
  /** Where the person's answers come from; absent when not interactive. */
  input: NodeJS.ReadableStream | undefined;
  out: NodeJS.WritableStream;
}

async function session(
  loaded: NonNullable<Awaited<ReturnType<typeof loadAiSdk>>>,
  sim: Simulator,
  term: Terminal,
  opts: SessionOptions,
): Promise<number> {
  const { ai, aiSdkTools } = loaded;
  const events = new Map<string, AuditEvent>();
  const confirm = createDemoConfirm(term, opts.input, opts.out);
  const toolkit = createAdTools({
    apiKey: sim.apiKey,
    baseUrl: sim.url,
    ...(confirm.channel ? { confirm: confirm.channel } : {}),
    onEvent: (event) => {
      if (event.toolCallId) events.set(event.toolCallId, event);
    },
  });

  const real = Boolean(opts.env.OPENAI_API_KEY);
  const model = real ? await openAiModel(opts.env) : await scriptedModel();
  if (!model) {
    term.line("OPENAI_API_KEY is set, but @ai-sdk/openai is not installed: npm install @ai-sdk/openai");
    return 1;
  }
  const modelName = real
    ? `${opts.env.ADRAILS_DEMO_MODEL ?? DEFAULT_OPENAI_MODEL} (OpenAI)`
    : "a scripted model";

  // The simulator's trigger for a multi-step write that applies only in part.
  sim.control.fault({ kind: "partial", tool: "creative-matrix" });

  term.line("adrails demo: an AI SDK agent with guarded tools, against the in-process simulator");
  term.line(`  service   ${sim.url} (simulator, Pro plan demo key)`);
  term.line(
    `  model     ${modelName}${real ? "" : "; set OPENAI_API_KEY to use a real one (ADRAILS_DEMO_MODEL picks it)"}`,
  );
  term.line(
    `  confirm   ${opts.input ? "you will be asked before any ad goes ACTIVE" : "no terminal: an ACTIVE launch will be refused"}`,
  );
  if (opts.env.ADRAILS_API_KEY || opts.env.ADRAILS_BASE_URL) {
    term.line(
      "  note      ADRAILS_API_KEY / ADRAILS_BASE_URL are ignored: the demo never writes to a real account",
    );
  }
  term.line("");
  term.line(`user › ${DEMO_USER_PROMPT}`);

  const tools = watchTools(aiSdkTools(toolkit, { approval: "callback" }), toolkit, events, term, confirm);
  const results: { tool: string; result: ToolResult }[] = [];
  const watched = ai.wrapLanguageModel({
    model: model as Parameters<AiModule["wrapLanguageModel"]>[0]["model"],
    middleware: announce(term, real),
  });

  await ai.generateText({
    model: watched,
    system: DEMO_SYSTEM_PROMPT,
    prompt: DEMO_USER_PROMPT,
    tools: tools as ToolSet,
    stopWhen: ai.stepCountIs(MAX_STEPS),
    onStepFinish: (step) => {
      for (const part of step.toolResults)
        results.push({ tool: part.toolName, result: part.output as ToolResult });
    },
  });
  const leaked = [...results, ...events.values()].some((item) => JSON.stringify(item).includes(sim.apiKey));
  return summary(sim, term, results, { real, leaked, approvalsAsked: confirm.asked() });
}

async function scriptedModel(): Promise<unknown> {
  const { MockLanguageModelV3 } = await import("ai/test");
  return new MockLanguageModelV3({
    provider: "adrails-demo",
    modelId: "scripted",
    doGenerate: async (options) => nextScriptedTurn(options.prompt) as any,
  });
}

async function openAiModel(env: NodeJS.ProcessEnv): Promise<unknown> {
  try {
    const { createOpenAI } = await import("@ai-sdk/openai");
    // OPENAI_BASE_URL points at any OpenAI-compatible endpoint (a proxy, a gateway).
    const openai = createOpenAI({
      apiKey: env.OPENAI_API_KEY,
      ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
    });
    return openai(env.ADRAILS_DEMO_MODEL ?? DEFAULT_OPENAI_MODEL);
  } catch (error) {
    if (isMissingPackage(error, "@ai-sdk/openai")) return null;
    throw error;
  }
}

/** Prints what the model says and which tools it calls, as soon as it answers. */
function announce(term: Terminal, real: boolean): LanguageModelMiddleware {
  return {
    specificationVersion: "v3",
    wrapGenerate: async ({ doGenerate }) => {
      const done = term.begin("the model is thinking", real);
      const result = await doGenerate();
      done();
      const calls = result.content.filter((part) => part.type === "tool-call");
      for (const part of result.content) {
        if (part.type === "text" && part.text.trim() !== "" && calls.length > 0)
          term.line(`\nmodel › ${part.text}`);
      }
      if (calls.length === 0) {
        const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
        if (text.trim() !== "") term.line(`\nmodel › ${text}`);
      }
      for (const part of calls)
        if (part.type === "tool-call") term.line(`  → ${part.toolName} ${formatArgs(part.input)}`);
      return result;
    },
  };
}

/** The adapter's tools, each also printing the guard's decision and what the model read. */
function watchTools(
  tools: Record<string, AiSdkAdTool>,
  toolkit: ReturnType<typeof createAdTools>,
  events: Map<string, AuditEvent>,
  term: Terminal,
  confirm: DemoConfirm,
): Record<string, AiSdkAdTool> {
  const watched: Record<string, AiSdkAdTool> = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    if (!execute) continue;
    const long = toolkit.get(name)?.definition.effect === "workflow";
    watched[name] = {
      ...tool,
      execute: async (input, options) => {
        const request = confirm.channel ? null : toolkit.get(name)?.confirmationRequest(input);
        if (request) confirm.unanswerable(request);
        const done = term.begin(`${name} running`, long);
        const result = (await execute(input, options)) as ToolResult;
        const ms = done();
        term.line(`  ← ${name}: ${formatOutcome(result)} (${ms} ms)`);
        term.line(`     guard  ${formatDecisions(events.get(options.toolCallId))}`);
        term.line(`     read   ${shorten(toolkit.toModelText(result), READ_CHARS)}`);
        for (const [label, text] of highlights(result)) term.line(`     ${label.padEnd(6)} ${text}`);
        return result;
      },
    } as AiSdkAdTool;
  }
  return watched;
}

function summary(
  sim: Simulator,
  term: Terminal,
  results: { tool: string; result: ToolResult }[],
  info: { real: boolean; leaked: boolean; approvalsAsked: number },
): number {
  const ads = sim.control.ads();
  const requests = sim.control.requests().filter((r) => r.tool !== null);
  const partials = results.filter((r) => r.result.ok === "partial");
  const blocked = results.filter((r) => r.result.ok === false && "blocked" in r.result);

  term.line("");
  term.line("Summary");
  term.line(`  ads created: ${ads.length}`);
  for (const ad of ads) {
    term.line(
      `    ${ad.status.padEnd(6)} ad ${ad.ad_id} "${ad.name}" in ad set ${ad.adset_id} (${ad.created_by})`,
    );
  }
  const active = ads.filter((ad) => ad.status === "ACTIVE");
  term.line(
    active.length > 0
      ? `  ACTIVE: ${active.length}, each confirmed by a person at the terminal`
      : "  ACTIVE: none. Going live needs a person's confirmation, and nothing unconfirmed was sent",
  );
  for (const p of partials) {
    if (p.result.ok !== "partial") continue;
    term.line(
      `  partial write: ${p.tool} 207, ${p.result.applied.length} applied, ${p.result.failed.length} failed; the model was told not to repeat the whole call`,
    );
  }
  term.line(
    `  tool calls: ${results.length} (${blocked.length} blocked by a guard); requests the service received: ${requests.length}`,
  );
  if (info.leaked) {
    term.line("\nThe API key appeared in a tool result or an audit event (redacted above). This is a bug.");
    return 1;
  }
  term.line("  The API key appeared nowhere: not in this transcript, the tool results or the audit events.");

  if (info.real) return 0;
  // The scripted session is also a smoke test: CI runs it and fails when the story breaks.
  const problems: string[] = [];
  if (!ads.some((ad) => ad.status === "PAUSED" && ad.created_by === "push-creative"))
    problems.push("no PAUSED ad");
  if (active.length > 0 && info.approvalsAsked === 0) problems.push("an ACTIVE ad nobody confirmed");
  if (info.approvalsAsked !== 1) problems.push(`the person was asked ${info.approvalsAsked} times, not once`);
  if (partials.length !== 1) problems.push("no partial write shown");
  if (requests.filter((r) => r.tool === "creative-matrix").length !== 1)
    problems.push("the matrix was repeated");
  if (problems.length > 0) {
    term.line(`\nThe scripted session did not go as intended: ${problems.join("; ")}.`);
    return 1;
  }
  return 0;
}
