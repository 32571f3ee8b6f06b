import { readFile } from "node:fs/promises";
import { MAX_PLAN_PAYLOADS } from "../plans.js";
import { EXIT } from "./exit-codes.js";
import { CliError } from "./output.js";

/** True when `adrails call`'s input names a plan: `@file.jsonl` (or `.ndjson`), one body per line. */
export function isPlanInput(argument: string | undefined): argument is string {
  return /^@.*\.(jsonl|ndjson)$/i.test(argument ?? "");
}

/** A plan's bodies, each with the line of the file it came from (from 1). */
export interface PlanLines {
  path: string;
  bodies: unknown[];
  lines: number[];
}

/**
 * Reads a plan file: one JSON body per line, blank lines skipped. An empty plan, a line that is not
 * JSON (named by its number) or more than {@link MAX_PLAN_PAYLOADS} bodies: exit 2, nothing asked.
 */
export async function readPlan(argument: string): Promise<PlanLines> {
  const path = argument.slice(1);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new CliError(`Cannot read the plan from ${path}: ${reason}.`, EXIT.usage);
  }
  const bodies: unknown[] = [];
  const lines: number[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    if (bodies.length === MAX_PLAN_PAYLOADS) {
      throw new CliError(
        `The plan in ${path} lists more than ${MAX_PLAN_PAYLOADS} bodies: at most ${MAX_PLAN_PAYLOADS} are approved as one.`,
        EXIT.usage,
        `Nothing was asked or sent. Split it into files of at most ${MAX_PLAN_PAYLOADS} lines.`,
      );
    }
    try {
      bodies.push(JSON.parse(line));
    } catch (error) {
      throw new CliError(
        `Line ${i + 1} of the plan in ${path} is not valid JSON: ${(error as Error).message}`,
        EXIT.usage,
        "Nothing was asked or sent. Write one JSON body per line (JSON lines).",
      );
    }
    lines.push(i + 1);
  }
  if (bodies.length === 0) {
    throw new CliError(
      `The plan in ${path} is empty: it lists no body.`,
      EXIT.usage,
      "Write one JSON body per line, e.g. one push-creative body per ad to launch.",
    );
  }
  return { path, bodies, lines };
}
