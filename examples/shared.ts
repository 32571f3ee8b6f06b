// Helpers the examples share: where the service is, how a person answers, and how an example runs.
// The examples import adrails by its package name, as your app would: installed, they run with
// `npx tsx node_modules/adrails/examples/<name>.ts`; in a checkout, after `npm run build`, the
// package resolves itself by name (its "exports").
import { realpathSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type Simulator, startSimulator } from "adrails/sim";
import type { LanguageModel } from "ai";

/** What every example's main() accepts. Tests pass `env: {}` to stay offline and scripted. */
export interface ExampleOptions {
  /** Environment: ADRAILS_BASE_URL + ADRAILS_API_KEY select a real service, OPENAI_API_KEY a real model. */
  env?: NodeJS.ProcessEnv;
  /** The person's answer to an ACTIVE launch. Default: yes on the simulator, ask at a terminal otherwise. */
  approve?: boolean;
  /** Where progress lines go. Default: console.log. */
  log?: (line: string) => void;
}

/** The service an example talks to. */
export interface Service {
  baseUrl: string;
  apiKey: string;
  /** The in-process simulator, when no real service is configured. */
  sim?: Simulator;
  close(): Promise<void>;
}

/** ADRAILS_BASE_URL + ADRAILS_API_KEY when both are set, else a simulator started in-process. */
export async function connect(env: NodeJS.ProcessEnv = process.env): Promise<Service> {
  if (env.ADRAILS_BASE_URL && env.ADRAILS_API_KEY) {
    return { baseUrl: env.ADRAILS_BASE_URL, apiKey: env.ADRAILS_API_KEY, close: async () => {} };
  }
  if (env.ADRAILS_BASE_URL || env.ADRAILS_API_KEY) {
    throw new Error(
      "Set both ADRAILS_BASE_URL and ADRAILS_API_KEY for the real service, or neither for the simulator.",
    );
  }
  const sim = await startSimulator();
  return { baseUrl: sim.url, apiKey: sim.apiKey, sim, close: () => sim.close() };
}

/** A person's answer to a confirmation request. */
export type Answer = { approved: true; text: string } | { approved: false; reason: string };

/**
 * Asks whether an ACTIVE ad may go live. On the simulator nothing real can spend, so the example
 * answers yes by itself; against a real service a person at the terminal must type a confirmation,
 * and without a terminal the answer is no.
 */
export async function askPerson(message: string, service: Service, options: ExampleOptions): Promise<Answer> {
  const log = options.log ?? console.log;
  log(`  confirmation requested: ${message}`);
  if (options.approve === false) return { approved: false, reason: "the person said no" };
  if (options.approve === true || service.sim) {
    return { approved: true, text: "Approved by the example's person (simulator)" };
  }
  if (process.stdin.isTTY !== true) return { approved: false, reason: "nobody at a terminal to confirm" };
  const line = await new Promise<string>((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    rl.question("Type a confirmation text to launch it ACTIVE, or press Enter to refuse: ", (answer) => {
      rl.close();
      resolve(answer);
    });
  });
  return line.trim() === ""
    ? { approved: false, reason: "refused at the terminal" }
    : { approved: true, text: line };
}

/** Tool results in an AI SDK (LanguageModelV3) prompt: the text each tool gave the model, parsed. */
export function toolResultsIn(prompt: readonly unknown[]): { toolName: string; value: any; type: string }[] {
  const seen: { toolName: string; value: any; type: string }[] = [];
  for (const message of prompt as { role?: string; content?: unknown }[]) {
    if (message?.role !== "tool" || !Array.isArray(message.content)) continue;
    for (const part of message.content as Record<string, any>[]) {
      if (part?.type !== "tool-result") continue;
      const output = part.output ?? {};
      seen.push({
        toolName: String(part.toolName),
        value: parseJson(output.value),
        type: String(output.type),
      });
    }
  }
  return seen;
}

/** JSON text parsed, or the value itself when it is not JSON text. */
export function parseJson(value: unknown): any {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The ad set with the lowest CPA in a `results` answer (level adset). */
export function bestAdset(results: any): string | undefined {
  const rows = (results?.data?.rows ?? []) as { id: string; cpa?: number | null }[];
  const priced = rows
    .filter((r) => typeof r.cpa === "number")
    .sort((a, b) => (a.cpa as number) - (b.cpa as number));
  return (priced[0] ?? rows[0])?.id;
}

/** A usage record for scripted AI SDK models. */
export const mockUsage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/** Runs `main` when the file is executed directly (`npx tsx examples/<name>.ts`), printing its result. */
export function runIfMain(moduleUrl: string, main: () => Promise<unknown>): void {
  const script = process.argv[1];
  if (!script) return;
  let direct: boolean;
  try {
    direct = realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    direct = false;
  }
  if (!direct) return;
  main().then(
    (result) => {
      console.log("\nresult:", JSON.stringify(result, null, 2));
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}

/**
 * OpenAI's model for the AI SDK examples, when OPENAI_API_KEY is set. `@ai-sdk/openai` is loaded
 * only then, so the offline examples need nothing but `ai`.
 */
export async function openaiModel(env: NodeJS.ProcessEnv): Promise<LanguageModel> {
  let provider: typeof import("@ai-sdk/openai");
  try {
    provider = await import("@ai-sdk/openai");
  } catch {
    throw new Error("With OPENAI_API_KEY set this example needs @ai-sdk/openai: npm install @ai-sdk/openai");
  }
  return provider.createOpenAI({ apiKey: env.OPENAI_API_KEY })(env.ADRAILS_EXAMPLE_MODEL ?? "gpt-4o-mini");
}
