import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { AdToolsOptions } from "../types.js";
import { installedFrameworks, notReplayedOn } from "./frameworks.js";
import { ADAPTERS, type AdapterName } from "./record.js";
import { formatTables, summaryLine, tally, writeReport } from "./report.js";
import { type LiveModels, type RunOutcome, runAll } from "./runner.js";
import { type Fixture, loadFixtures } from "./schema.js";

/** What `runEvals` replays, how, and where the report goes. */
export interface EvalsOptions {
  /** The folder of conversation files (`<id>.json`, the fixture format of evals/README.md). */
  dir?: string;
  /** Conversations already loaded (`loadFixtures`, `parseFixture`); used instead of `dir`. */
  fixtures?: readonly Fixture[];
  /** Only these conversation ids. */
  only?: readonly string[];
  /** The frameworks to replay through (default: every one that is installed). */
  adapters?: readonly AdapterName[];
  /**
   * Your createAdTools options, played under each conversation's `toolkit` settings. The key, base
   * URL (each run's own simulator), session id and the person's answers (the fixture's `human`)
   * are the runner's; your `onEvent` is called too.
   */
  toolkit?: AdToolsOptions;
  /** Runs at a time (default 4; live 1). */
  concurrency?: number;
  /** Write the JSON report (`report.json`, or `live-report.json`) into this folder. */
  out?: string;
  /** Real models: play the user turns to them instead of the scripted assistant turns. */
  live?: LiveModels;
  /** The live model's name, for the report. */
  model?: string;
  /** Progress lines (a skipped framework, the run's size). */
  log?: (line: string) => void;
  /** Called as each conversation x framework run is scored. */
  onResult?: (outcome: RunOutcome) => void;
}

/** What a replay produced. */
export interface EvalsResult {
  /** Every conversation x framework run, in conversation order. */
  outcomes: RunOutcome[];
  /** The frameworks played. */
  adapters: AdapterName[];
  /** One line per requested framework that is not installed, e.g. `openai-agents: skipped, ...`. */
  skipped: string[];
  passed: number;
  failed: number;
  /** `N passed, M failed`. */
  summary: string;
  /** One table per conversation and the failed expectations, each with what the model read. */
  tables: string;
  /** The JSON report's path, when `out` was given. */
  report?: string;
  /** Where the report would have carried an API key (it was redacted and the run fails), or null. */
  leak: string | null;
  /** True when every run passed and nothing leaked. */
  ok: boolean;
}

/** Nothing can be replayed: no framework installed, an unknown id, no conversations. */
export class EvalsSetupError extends Error {
  override name = "EvalsSetupError";
}

/**
 * Replays conversation files against fresh simulators, through each installed framework (AI SDK,
 * LangChain, OpenAI Agents) with your toolkit options, and scores them like `adrails evals`.
 * Throws FixtureError (every problem, `file at path: message`) for malformed conversations and
 * EvalsSetupError when nothing can run.
 */
export async function runEvals(options: EvalsOptions): Promise<EvalsResult> {
  const log = options.log ?? (() => {});
  let fixtures: readonly Fixture[];
  if (options.fixtures) fixtures = options.fixtures;
  else if (options.dir !== undefined) {
    if (!existsSync(options.dir) || !statSync(options.dir).isDirectory()) {
      throw new EvalsSetupError(
        `No folder ${resolve(options.dir)}: name the folder that holds your conversation files (<id>.json).`,
      );
    }
    fixtures = loadFixtures(options.dir);
  } else throw new EvalsSetupError("runEvals needs `dir` (a folder of conversation files) or `fixtures`.");
  const only = options.only ?? [];
  if (only.length > 0) {
    const unknown = only.filter((id) => !fixtures.some((f) => f.id === id));
    if (unknown.length > 0) throw new EvalsSetupError(`No conversation with id: ${unknown.join(", ")}`);
    fixtures = fixtures.filter((f) => only.includes(f.id));
  }
  if (fixtures.length === 0) {
    throw new EvalsSetupError(
      `No conversation files in ${options.dir ?? "the fixtures given"}: add <id>.json files (see the evals README).`,
    );
  }

  let requested = [...(options.adapters ?? ADAPTERS)];
  if (options.live) requested = requested.filter((a) => options.live?.[a] !== undefined);
  const { adapters, skipped } = await installedFrameworks(requested);
  for (const adapter of adapters) {
    // One line per reason: an adapter can leave conversations out for more than one.
    const byReason = new Map<string, string[]>();
    for (const fixture of fixtures) {
      const reason = notReplayedOn(adapter, fixture);
      if (reason !== undefined) byReason.set(reason, [...(byReason.get(reason) ?? []), fixture.id]);
    }
    for (const [reason, ids] of byReason)
      skipped.push(`${adapter}: ${ids.length} conversation(s) not replayed, ${reason}: ${ids.join(", ")}`);
  }
  for (const line of skipped) log(line);
  if (adapters.length === 0) {
    throw new EvalsSetupError(
      "No framework to replay through is installed: install ai, langchain (with @langchain/core and @langchain/langgraph) or @openai/agents.",
    );
  }

  const mode = options.live ? "live" : "replay";
  const startedAt = new Date().toISOString();
  log(
    `adrails evals (${mode}${options.model === undefined ? "" : `, model ${options.model}`}): ${fixtures.length} conversations x ${adapters.length} framework(s)`,
  );
  const secrets = new Set<string>();
  const outcomes = await runAll(fixtures, adapters, {
    mode,
    concurrency: options.concurrency ?? (options.live ? 1 : 4),
    secrets,
    ...(options.live ? { live: options.live } : {}),
    ...(options.toolkit ? { toolkit: options.toolkit } : {}),
    ...(options.onResult ? { onResult: options.onResult } : {}),
  });

  let report: string | undefined;
  let leak: string | null = null;
  if (options.out !== undefined) {
    ({ file: report, leak } = writeReport(
      options.out,
      outcomes,
      { mode, adapters, startedAt, ...(options.model === undefined ? {} : { model: options.model }) },
      secrets,
    ));
  }
  const total = tally(outcomes);
  return {
    outcomes,
    adapters,
    skipped,
    ...total,
    summary: summaryLine(total),
    tables: formatTables(outcomes, adapters),
    ...(report === undefined ? {} : { report }),
    leak,
    ok: total.failed === 0 && leak === null,
  };
}
