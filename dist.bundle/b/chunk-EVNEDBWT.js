import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  RulesError,
  parseRulesJson
} from "./chunk-SFIARPXE.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/rules-file.js
import { readFileSync } from "node:fs";
function rulesFileOf(io, given) {
  const file = given ?? io.env.ADRAILS_RULES;
  return file === void 0 || file.trim() === "" ? void 0 : file;
}
__name(rulesFileOf, "rulesFileOf");
function readRules(file, flag = "--rules") {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = error.code;
    throw new CliError(`${flag}: cannot read ${file} (${code === "ENOENT" ? "no such file" : code ?? "unreadable"}).`, EXIT.usage);
  }
  try {
    return parseRulesJson(text, file);
  } catch (error) {
    if (!(error instanceof RulesError))
      throw error;
    throw new CliError(error.message, EXIT.usage, "Fix that key in the rules file (see `adrails rules check FILE` and docs/money-rules.md); nothing was sent.", { key: error.path });
  }
}
__name(readRules, "readRules");
function rulesOption(io, given) {
  const file = rulesFileOf(io, given);
  return file === void 0 ? {} : { rules: readRules(file, given === void 0 ? "ADRAILS_RULES" : "--rules") };
}
__name(rulesOption, "rulesOption");

export {
  rulesFileOf,
  readRules,
  rulesOption
};
