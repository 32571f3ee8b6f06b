import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { Model } from "@openai/agents";
import type { LanguageModel } from "ai";
import type { AdToolsOptions } from "../types.js";
import { loadDriver, notReplayedOn } from "./frameworks.js";
import type { AdapterName, Check, RunRecord } from "./record.js";
import { stage } from "./scenario.js";
import type { Fixture } from "./schema.js";
import { findLeak, type Mode, score } from "./score.js";
import { resolve } from "./template.js";

/** The outcome of one conversation on one adapter. */
export interface RunOutcome {
  id: string;
  title: string;
  tags: string[];
  adapter: AdapterName;
  mode: Mode;
  pass: boolean;
  checks: Check[];
  durationMs: number;
  /** What the run produced, for the JSON report. */
  calls: RunRecord["calls"];
  events: RunRecord["events"];
  error?: string;
}

/** The system prompt of a live run when the fixture has none: a plain assistant, no hints. */
export const LIVE_SYSTEM =
  "You are an advertising assistant with tools for the Ad Analysis and Creative Service. Use the tools to do what the user asks, and tell the user plainly what happened.";

/** Real models for live mode, one per adapter. */
export interface LiveModels {
  "ai-sdk"?: LanguageModel;
  langchain?: BaseChatModel;
  /** A Model, or a model name for the Agents SDK's default (OpenAI) provider. */
  "openai-agents"?: Model | string;
  /** A model Mastra's Agent takes (an AI SDK LanguageModel). */
  mastra?: LanguageModel;
  /** None: the Claude Agent SDK driver replays only (Claude Code talks to a scripted fake of the Messages API). */
  "claude-agent-sdk"?: never;
}

/** How runs are played. */
export interface RunOptions {
  mode?: Mode;
  live?: LiveModels;
  /** Collects every simulator key of the runs, for the report's last leak scan. */
  secrets?: Set<string>;
  /**
   * The team's own toolkit options (createAdTools), under each fixture's `toolkit` settings. The
   * runner always sets the key, base URL (the run's simulator), session id and the human channel;
   * `onEvent` is called as well as the runner's recorder.
   */
  toolkit?: AdToolsOptions;
}

/** Plays one fixture on one adapter against a fresh simulator, and scores it. */
export async function runOne(
  fixture: Fixture,
  adapter: AdapterName,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const mode = options.mode ?? "replay";
  const started = Date.now();
  const sessionId = `evals:${fixture.id}:${adapter}`;
  const driver = await loadDriver(adapter);
  const staged = await stage(fixture, options.toolkit);
  let run: RunRecord;
  let expect = fixture.expect;
  try {
    const live = mode === "live" ? options.live?.[adapter] : undefined;
    run = await driver(fixture, staged, {
      sessionId,
      ...(mode === "live" ? { live, system: LIVE_SYSTEM } : {}),
    });
    try {
      // Expectations may name world ids ({{accounts.0.id}}); results of calls are of this run.
      expect = resolve(fixture.expect, staged.scope);
    } catch (error) {
      run.error ??= `expectations: ${(error as Error).message}`;
    }
  } finally {
    await staged.close();
  }
  for (const secret of staged.secrets) options.secrets?.add(secret);
  const checks = score(expect, run, staged.secrets, mode);
  const outcome: RunOutcome = {
    id: fixture.id,
    title: fixture.title,
    tags: fixture.tags,
    adapter,
    mode,
    pass: checks.every((c) => c.pass),
    checks,
    durationMs: Date.now() - started,
    // `read` is what the model saw; the parsed copy would only double the report.
    calls: run.calls.map(({ result: _parsed, ...call }) => call),
    events: run.events,
    ...(run.error === undefined ? {} : { error: run.error }),
  };
  // The report carries what the model read and the events: it must not leak either.
  const leak = findLeak(outcome, staged.secrets);
  if (leak) {
    outcome.checks.push({ name: "the report carries no API key", pass: false, detail: leak });
    outcome.pass = false;
    outcome.calls = [];
    outcome.events = [];
  }
  return outcome;
}

/** Runs every fixture on every adapter, `concurrency` runs at a time, results in fixture order. */
export async function runAll(
  fixtures: readonly Fixture[],
  adapters: readonly AdapterName[],
  options: RunOptions & { concurrency?: number; onResult?: (outcome: RunOutcome) => void } = {},
): Promise<RunOutcome[]> {
  const jobs = fixtures.flatMap((fixture) =>
    adapters.filter((adapter) => !notReplayedOn(adapter, fixture)).map((adapter) => ({ fixture, adapter })),
  );
  const results = new Array<RunOutcome>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const { fixture, adapter } = jobs[index]!;
      results[index] = await runOne(fixture, adapter, options);
      options.onResult?.(results[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return results;
}
