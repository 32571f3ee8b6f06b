import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ADAPTERS, type AdapterName } from "./record.js";
import { formatTables, summaryLine, tally, writeReport } from "./report.js";
import { type LiveModels, type RunOutcome, runAll } from "./runner.js";
import { type Fixture, FixtureError, loadFixtures } from "./schema.js";

// Replays every recorded conversation through every adapter against fresh simulators.
// Usage: npx tsx evals/run.ts [--only <id>]... [--adapter ai-sdk|langchain|openai-agents] [--live [--model <id>]]

const HERE = dirname(fileURLToPath(import.meta.url));
const USAGE = `Usage: evals/run.ts [options]
  --only <id>          run only this conversation (repeatable)
  --adapter <name>     ai-sdk, langchain or openai-agents (default: all)
  --live               play the user turns to a real model (needs OPENAI_API_KEY; not for CI)
  --model <id>         the live model (default gpt-4o-mini)
  --concurrency <n>    runs at a time (default 4; live: 1)
  --dir <path>         conversations folder (default evals/conversations)
  --out <path>         report folder (default evals/out)
  --quiet              print only failing conversations' tables
  --help`;

/** Parses the flags; throws a usage error with the reason. */
export function parseFlags(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: "string", multiple: true },
      adapter: { type: "string" },
      live: { type: "boolean", default: false },
      model: { type: "string", default: "gpt-4o-mini" },
      concurrency: { type: "string" },
      dir: { type: "string", default: join(HERE, "conversations") },
      out: { type: "string", default: join(HERE, "out") },
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
  return {
    only: values.only ?? [],
    adapters: (values.adapter === undefined ? [...ADAPTERS] : [values.adapter]) as AdapterName[],
    live: values.live,
    model: values.model,
    concurrency,
    dir: values.dir,
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
    const { createOpenAI } = await import("@ai-sdk/openai");
    models["ai-sdk"] = createOpenAI({ apiKey: process.env.OPENAI_API_KEY })(model);
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

/** Runs the evals with these command-line arguments; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  let flags: ReturnType<typeof parseFlags>;
  try {
    flags = parseFlags(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  if (flags.live && !process.env.OPENAI_API_KEY) {
    console.log(
      "evals --live skipped: OPENAI_API_KEY is not set. Live mode plays the conversations' user turns to a real OpenAI model; set the key to run it. Nothing was run.",
    );
    return 0;
  }

  let fixtures: Fixture[];
  try {
    fixtures = loadFixtures(flags.dir);
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error;
    console.error(`Malformed conversation fixtures:\n${error.message}`);
    return 2;
  }
  if (flags.only.length > 0) {
    const unknown = flags.only.filter((id) => !fixtures.some((f) => f.id === id));
    if (unknown.length > 0) {
      console.error(`No conversation with id: ${unknown.join(", ")}`);
      return 2;
    }
    fixtures = fixtures.filter((f) => flags.only.includes(f.id));
  }

  let adapters = flags.adapters;
  let live: LiveModels | undefined;
  if (flags.live) {
    const found = await liveModels(flags.model, adapters);
    for (const line of found.skipped) console.log(line);
    live = found.models;
    adapters = adapters.filter((a) => live?.[a] !== undefined);
    if (adapters.length === 0) {
      console.log("evals --live: no adapter can be played live; nothing was run.");
      return 0;
    }
  }

  const mode = flags.live ? "live" : "replay";
  const startedAt = new Date().toISOString();
  console.log(
    `adrails evals (${mode}${flags.live ? `, model ${flags.model}` : ""}): ${fixtures.length} conversations x ${adapters.length} adapter(s)`,
  );
  const secrets = new Set<string>();
  const outcomes: RunOutcome[] = await runAll(fixtures, adapters, {
    mode,
    ...(live ? { live } : {}),
    concurrency: flags.concurrency,
    secrets,
  });

  const shown = flags.quiet
    ? outcomes.filter((o) => !outcomes.every((p) => p.id !== o.id || p.pass))
    : outcomes;
  if (shown.length > 0) console.log(`\n${formatTables(shown, adapters)}`);
  const { file, leak } = writeReport(
    flags.out,
    outcomes,
    { mode, adapters, startedAt, ...(flags.live ? { model: flags.model } : {}) },
    secrets,
  );
  console.log("");
  for (const adapter of adapters) {
    console.log(`${adapter}: ${summaryLine(tally(outcomes.filter((o) => o.adapter === adapter)))}`);
  }
  if (leak) console.log(`The report would have carried an API key (${leak}); it was redacted.`);
  console.log(`Report: ${relative(process.cwd(), file) || file}`);
  const total = tally(outcomes);
  console.log(summaryLine(total));
  return total.failed > 0 || leak ? 1 : 0;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    },
  );
}
