import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../src/evals/cli.js";

// The repository's own conversations, straight from the sources: npx tsx evals/run.ts [flags].
// The runner is src/evals (shipped as `adrails evals` and `adrails/evals`); see evals/README.md.

const here = dirname(fileURLToPath(import.meta.url));
main(process.argv.slice(2), { dir: join(here, "conversations"), out: join(here, "out") }).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
