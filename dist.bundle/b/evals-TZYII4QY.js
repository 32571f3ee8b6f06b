import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/evals.js
import { existsSync } from "node:fs";
import { join } from "node:path";
async function runEvalsCommand({ root, io }, args) {
  const { main } = await import("./cli-5JFFLEIY.js");
  const own = join(root, "evals", "conversations");
  const defaults = existsSync(own) ? { dir: own, out: join(root, "evals", "out") } : {};
  const code = await main(args, defaults, {
    log: /* @__PURE__ */ __name((line) => io.stdout.write(`${line}
`), "log"),
    error: /* @__PURE__ */ __name((line) => io.stderr.write(`${line}
`), "error")
  });
  return code;
}
__name(runEvalsCommand, "runEvalsCommand");
export {
  runEvalsCommand
};
