import { existsSync, readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type MoneyRules, parseRulesJson } from "../guards/rules/schema.js";
import { isRedisMissing, REDIS_MISSING } from "../store/redis-package.js";
import type { AdToolsOptions } from "../types.js";
import { EvalsSetupError, runEvals } from "./api.js";
import { ADAPTERS, type AdapterName } from "./record.js";
import { formatTables, summaryLine, tally } from "./report.js";
import type { LiveModels } from "./runner.js";
import { FixtureError } from "./schema.js";

// `adrails evals`: replays conversation files through every installed framework against fresh simulators.

const USAGE = `Usage: adrails evals --dir <folder> [options]
  --dir <path>         the folder of conversation files (<id>.json)
  --options <module>   a module whose default (or \`options\`) export is your createAdTools options
  --rules <file>       money rules (JSON) for every run; else env ADRAILS_RULES
  --only <id>          run only this conversation (repeatable)
  --adapter <name>     ai-sdk, langchain, openai-agents, mastra or claude-agent-sdk (default: every installed one)
  --live               play the user turns to a real model (needs OPENAI_API_KEY; not for CI)
  --model <id>         the live model (default gpt-4o-mini)
  --concurrency <n>    runs at a time (default 4; live: 1)
  --out <path>         report folder (default evals-out)
  --quiet              print only failing conversations' tables
  --help`;

/** Where conversations and the report go when no flag says. */
export interface EvalsDefaults {
  dir?: string;
  out?: string;
}

/** Where the command's lines go. */
export interface EvalsIO {
  log(line: string): void;
  error(line: string): void;
}

/** Parses the flags; throws a usage error with the reason. */
export function parseFlags(argv: string[], defaults: EvalsDefaults = {}) {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: "string", multiple: true },
      adapter: { type: "string" },
      live: { type: "boolean", default: false },
      model: { type: "string", default: "gpt-4o-mini" },
      concurrency: { type: "string" },
      dir: { type: "string" },
      options: { type: "string" },
      rules: { type: "string" },
      out: { type: "string", default: defaults.out ?? "evals-out" },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.adapter !== undefined && !(ADAPTERS as readonly string[]).includes(values.adapter)) {
    throw new Error(`--adapter must be one of ${ADAPTERS.join(", ")}, not "${values.adapter}"`);
  }
  const concurrency = values.concurrency === undefined ? (values.live ? 1 : 4) : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error("--concurrency must be a positive integer");
  const dir = values.dir ?? defaults.dir;
  if (dir === undefined && !values.help)
    throw new Error("--dir <folder> is required: the folder of your conversation files");
  return {
    only: values.only ?? [],
    adapters: (values.adapter === undefined ? [...ADAPTERS] : [values.adapter]) as AdapterName[],
    live: values.live,
    model: values.model,
    concurrency,
    dir: dir ?? "",
    options: values.options,
    rules: values.rules ?? (process.env.ADRAILS_RULES || undefined),
    out: values.out,
    quiet: values.quiet,
    help: values.help,
  };
}

/** The real models for live mode, or why an adapter cannot be played live. */
async function liveModels(
  model: string,
  adapters: readonly AdapterName[],
): Promise<{ models: LiveModels; skipped: string[] }> {
  const models: LiveModels = {};
  const skipped: string[] = [];
  if (adapters.includes("ai-sdk")) {
    try {
      const { createOpenAI } = await import("@ai-sdk/openai");
      models["ai-sdk"] = createOpenAI({ apiKey: process.env.OPENAI_API_KEY })(model);
    } catch {
      skipped.push("ai-sdk: skipped, live mode needs the @ai-sdk/openai package (npm i @ai-sdk/openai)");
    }
  }
  // The Agents SDK's default provider reads OPENAI_API_KEY itself.
  if (adapters.includes("openai-agents")) models["openai-agents"] = model;
  if (adapters.includes("langchain")) {
    // LangChain needs its own OpenAI chat model package, which adrails does not depend on.
    const name = "@langchain/openai";
    try {
      const { ChatOpenAI } = (await import(name)) as {
        ChatOpenAI: new (o: object) => LiveModels["langchain"];
      };
      models.langchain = new ChatOpenAI({ model, apiKey: process.env.OPENAI_API_KEY });
    } catch {
      skipped.push(`langchain: skipped, live mode needs the ${name} package (npm i -D ${name})`);
    }
  }
  return { models, skipped };
}

/** Money rules from `--rules <file>` (or ADRAILS_RULES), checked; a bad key throws naming it. */
function loadRulesFile(file: string): MoneyRules {
  let text: string;
  try {
    text = readFileSync(resolve(file), "utf8");
  } catch {
    throw new Error(`--rules: cannot read ${file}`);
  }
  return parseRulesJson(text, file);
}

/** The team's createAdTools options from `--options <module>`: its default or `options` export. */
async function loadOptions(file: string): Promise<AdToolsOptions> {
  const path = resolve(file);
  if (!existsSync(path)) throw new Error(`--options: no such file ${path}`);
  let module: { default?: unknown; options?: unknown };
  try {
    module = (await import(pathToFileURL(path).href)) as typeof module;
  } catch (error) {
    if (isRedisMissing(error)) throw new Error(`--options: ${file} did not load. ${REDIS_MISSING}`);
    throw new Error(`--options: ${file} did not load: ${(error as Error).message}`);
  }
  const found = module.default ?? module.options;
  if (found === null || typeof found !== "object" || Array.isArray(found)) {
    throw new Error(
      `--options: ${file} must export your createAdTools options as its default (or as \`options\`), an object like { readOnly: true }`,
    );
  }
  return found as AdToolsOptions;
}

/** Runs the evals with these command-line arguments; resolves to the exit code (0 pass, 1 fail, 2 setup). */
export async function main(
  argv: string[],
  defaults: EvalsDefaults = {},
  io: EvalsIO = { log: (line) => console.log(line), error: (line) => console.error(line) },
): Promise<number> {
  let flags: ReturnType<typeof parseFlags>;
  let toolkit: AdToolsOptions | undefined;
  try {
    flags = parseFlags(argv, defaults);
    if (flags.options !== undefined && !flags.help) toolkit = await loadOptions(flags.options);
    if (flags.rules !== undefined && !flags.help) toolkit = { ...toolkit, rules: loadRulesFile(flags.rules) };
  } catch (error) {
    io.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    io.log(USAGE);
    return 0;
  }
  if (flags.live && !process.env.OPENAI_API_KEY) {
    io.log(
      "evals --live skipped: OPENAI_API_KEY is not set. Live mode plays the conversations' user turns to a real OpenAI model; set the key to run it. Nothing was run.",
    );
    return 0;
  }
  let live: LiveModels | undefined;
  if (flags.live) {
    const found = await liveModels(flags.model, flags.adapters);
    for (const line of found.skipped) io.log(line);
    live = found.models;
    if (Object.keys(live).length === 0) {
      io.log("evals --live: no framework can be played live; nothing was run.");
      return 0;
    }
  }

  try {
    const result = await runEvals({
      dir: flags.dir,
      only: flags.only,
      adapters: flags.adapters,
      concurrency: flags.concurrency,
      out: flags.out,
      log: io.log,
      ...(toolkit ? { toolkit } : {}),
      ...(live ? { live, model: flags.model } : {}),
    });
    const { outcomes } = result;
    const failing = outcomes.filter((o) => !outcomes.every((p) => p.id !== o.id || p.pass));
    if (!flags.quiet) io.log(`\n${result.tables}`);
    else if (failing.length > 0) io.log(`\n${formatTables(failing, result.adapters)}`);
    io.log("");
    for (const adapter of result.adapters) {
      io.log(`${adapter}: ${summaryLine(tally(outcomes.filter((o) => o.adapter === adapter)))}`);
    }
    if (result.leak) io.log(`The report would have carried an API key (${result.leak}); it was redacted.`);
    if (result.report) io.log(`Report: ${relative(process.cwd(), result.report) || result.report}`);
    io.log(result.summary);
    return result.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof FixtureError) {
      io.error(`Malformed conversation fixtures:\n${error.message}`);
      return 2;
    }
    if (error instanceof EvalsSetupError) {
      io.error(error.message);
      return 2;
    }
    throw error;
  }
}
