import {
  REDIS_MISSING,
  isRedisMissing
} from "./chunk-B64HF2IS.js";
import {
  ADAPTERS,
  EvalsSetupError,
  formatTables,
  runEvals,
  summaryLine,
  tally
} from "./chunk-N44425VY.js";
import {
  FixtureError
} from "./chunk-ZJG6C2U4.js";
import "./chunk-NVSRC2ON.js";
import "./chunk-EHQ6G74P.js";
import "./chunk-DFWYDSP3.js";
import "./chunk-KTFO7BLR.js";
import {
  parseRulesJson
} from "./chunk-SFIARPXE.js";
import "./chunk-36ISPG4H.js";
import "./chunk-V6IESX3N.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/evals/cli.js
import { existsSync, readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
var USAGE = `Usage: adrails evals --dir <folder> [options]
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
function parseFlags(argv, defaults = {}) {
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
      help: { type: "boolean", default: false }
    },
    strict: true,
    allowPositionals: false
  });
  if (values.adapter !== void 0 && !ADAPTERS.includes(values.adapter)) {
    throw new Error(`--adapter must be one of ${ADAPTERS.join(", ")}, not "${values.adapter}"`);
  }
  const concurrency = values.concurrency === void 0 ? values.live ? 1 : 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error("--concurrency must be a positive integer");
  const dir = values.dir ?? defaults.dir;
  if (dir === void 0 && !values.help)
    throw new Error("--dir <folder> is required: the folder of your conversation files");
  return {
    only: values.only ?? [],
    adapters: values.adapter === void 0 ? [...ADAPTERS] : [values.adapter],
    live: values.live,
    model: values.model,
    concurrency,
    dir: dir ?? "",
    options: values.options,
    rules: values.rules ?? (process.env.ADRAILS_RULES || void 0),
    out: values.out,
    quiet: values.quiet,
    help: values.help
  };
}
__name(parseFlags, "parseFlags");
async function liveModels(model, adapters) {
  const models = {};
  const skipped = [];
  if (adapters.includes("ai-sdk")) {
    try {
      const { createOpenAI } = await import("@ai-sdk/openai");
      models["ai-sdk"] = createOpenAI({ apiKey: process.env.OPENAI_API_KEY })(model);
    } catch {
      skipped.push("ai-sdk: skipped, live mode needs the @ai-sdk/openai package (npm i @ai-sdk/openai)");
    }
  }
  if (adapters.includes("openai-agents"))
    models["openai-agents"] = model;
  if (adapters.includes("langchain")) {
    const name = "@langchain/openai";
    try {
      const { ChatOpenAI } = await import(name);
      models.langchain = new ChatOpenAI({ model, apiKey: process.env.OPENAI_API_KEY });
    } catch {
      skipped.push(`langchain: skipped, live mode needs the ${name} package (npm i -D ${name})`);
    }
  }
  return { models, skipped };
}
__name(liveModels, "liveModels");
function loadRulesFile(file) {
  let text;
  try {
    text = readFileSync(resolve(file), "utf8");
  } catch {
    throw new Error(`--rules: cannot read ${file}`);
  }
  return parseRulesJson(text, file);
}
__name(loadRulesFile, "loadRulesFile");
async function loadOptions(file) {
  const path = resolve(file);
  if (!existsSync(path))
    throw new Error(`--options: no such file ${path}`);
  let module;
  try {
    module = await import(pathToFileURL(path).href);
  } catch (error) {
    if (isRedisMissing(error))
      throw new Error(`--options: ${file} did not load. ${REDIS_MISSING}`);
    throw new Error(`--options: ${file} did not load: ${error.message}`);
  }
  const found = module.default ?? module.options;
  if (found === null || typeof found !== "object" || Array.isArray(found)) {
    throw new Error(`--options: ${file} must export your createAdTools options as its default (or as \`options\`), an object like { readOnly: true }`);
  }
  return found;
}
__name(loadOptions, "loadOptions");
async function main(argv, defaults = {}, io = { log: /* @__PURE__ */ __name((line) => console.log(line), "log"), error: /* @__PURE__ */ __name((line) => console.error(line), "error") }) {
  let flags;
  let toolkit;
  try {
    flags = parseFlags(argv, defaults);
    if (flags.options !== void 0 && !flags.help)
      toolkit = await loadOptions(flags.options);
    if (flags.rules !== void 0 && !flags.help)
      toolkit = { ...toolkit, rules: loadRulesFile(flags.rules) };
  } catch (error) {
    io.error(`${error.message}

${USAGE}`);
    return 2;
  }
  if (flags.help) {
    io.log(USAGE);
    return 0;
  }
  if (flags.live && !process.env.OPENAI_API_KEY) {
    io.log("evals --live skipped: OPENAI_API_KEY is not set. Live mode plays the conversations' user turns to a real OpenAI model; set the key to run it. Nothing was run.");
    return 0;
  }
  let live;
  if (flags.live) {
    const found = await liveModels(flags.model, flags.adapters);
    for (const line of found.skipped)
      io.log(line);
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
      ...toolkit ? { toolkit } : {},
      ...live ? { live, model: flags.model } : {}
    });
    const { outcomes } = result;
    const failing = outcomes.filter((o) => !outcomes.every((p) => p.id !== o.id || p.pass));
    if (!flags.quiet)
      io.log(`
${result.tables}`);
    else if (failing.length > 0)
      io.log(`
${formatTables(failing, result.adapters)}`);
    io.log("");
    for (const adapter of result.adapters) {
      io.log(`${adapter}: ${summaryLine(tally(outcomes.filter((o) => o.adapter === adapter)))}`);
    }
    if (result.leak)
      io.log(`The report would have carried an API key (${result.leak}); it was redacted.`);
    if (result.report)
      io.log(`Report: ${relative(process.cwd(), result.report) || result.report}`);
    io.log(result.summary);
    return result.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof FixtureError) {
      io.error(`Malformed conversation fixtures:
${error.message}`);
      return 2;
    }
    if (error instanceof EvalsSetupError) {
      io.error(error.message);
      return 2;
    }
    throw error;
  }
}
__name(main, "main");
export {
  main,
  parseFlags
};
