import { readFileSync } from "node:fs";
import { type MoneyRules, parseRulesJson, RulesError } from "../guards/rules/schema.js";
import { EXIT } from "./exit-codes.js";
import { CliError, type CliIO } from "./output.js";

/** The rules file of `--rules FILE` (else ADRAILS_RULES), checked; undefined when none is given. */
export function rulesFileOf(io: CliIO, given: string | undefined): string | undefined {
  const file = given ?? io.env.ADRAILS_RULES;
  return file === undefined || file.trim() === "" ? undefined : file;
}

/** Reads and checks a rules file: a bad one exits 2, naming the key. */
export function readRules(file: string, flag = "--rules"): MoneyRules {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `${flag}: cannot read ${file} (${code === "ENOENT" ? "no such file" : (code ?? "unreadable")}).`,
      EXIT.usage,
    );
  }
  try {
    return parseRulesJson(text, file);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    throw new CliError(
      error.message,
      EXIT.usage,
      "Fix that key in the rules file (see `adrails rules check FILE` and docs/money-rules.md); nothing was sent.",
      { key: error.path },
    );
  }
}

/** The toolkit options for `--rules` / ADRAILS_RULES: `{ rules }`, or nothing. */
export function rulesOption(io: CliIO, given: string | undefined): { rules?: MoneyRules } {
  const file = rulesFileOf(io, given);
  return file === undefined
    ? {}
    : { rules: readRules(file, given === undefined ? "ADRAILS_RULES" : "--rules") };
}
