import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  MAX_PLAN_PAYLOADS
} from "./chunk-YHBHRAZ2.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/plan-input.js
import { readFile } from "node:fs/promises";
function isPlanInput(argument) {
  return /^@.*\.(jsonl|ndjson)$/i.test(argument ?? "");
}
__name(isPlanInput, "isPlanInput");
async function readPlan(argument) {
  const path = argument.slice(1);
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason = error.code === "ENOENT" ? "no such file" : error.message;
    throw new CliError(`Cannot read the plan from ${path}: ${reason}.`, EXIT.usage);
  }
  const bodies = [];
  const lines = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "")
      continue;
    if (bodies.length === MAX_PLAN_PAYLOADS) {
      throw new CliError(`The plan in ${path} lists more than ${MAX_PLAN_PAYLOADS} bodies: at most ${MAX_PLAN_PAYLOADS} are approved as one.`, EXIT.usage, `Nothing was asked or sent. Split it into files of at most ${MAX_PLAN_PAYLOADS} lines.`);
    }
    try {
      bodies.push(JSON.parse(line));
    } catch (error) {
      throw new CliError(`Line ${i + 1} of the plan in ${path} is not valid JSON: ${error.message}`, EXIT.usage, "Nothing was asked or sent. Write one JSON body per line (JSON lines).");
    }
    lines.push(i + 1);
  }
  if (bodies.length === 0) {
    throw new CliError(`The plan in ${path} is empty: it lists no body.`, EXIT.usage, "Write one JSON body per line, e.g. one push-creative body per ad to launch.");
  }
  return { path, bodies, lines };
}
__name(readPlan, "readPlan");

export {
  isPlanInput,
  readPlan
};
