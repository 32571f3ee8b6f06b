import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";

/**
 * `adrails evals [args...]`: replays conversation files (`--dir`) through every installed
 * framework; its exit code is the runner's. In a checkout of the repository, `--dir` defaults to
 * its own evals/conversations.
 */
export async function runEvalsCommand({ root, io }: CommandContext, args: string[]): Promise<ExitCode> {
  const { main } = await import("../../evals/cli.js");
  const own = join(root, "evals", "conversations");
  const defaults = existsSync(own) ? { dir: own, out: join(root, "evals", "out") } : {};
  const code = await main(args, defaults, {
    log: (line) => io.stdout.write(`${line}\n`),
    error: (line) => io.stderr.write(`${line}\n`),
  });
  return code as ExitCode;
}
