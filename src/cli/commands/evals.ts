import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";

/** `adrails evals [args...]`: runs evals/run.ts of a repository checkout with tsx; its exit code is ours. */
export async function runEvals({ root, io, globals }: CommandContext, args: string[]): Promise<ExitCode> {
  const runner = join(root, "evals", "run.ts");
  if (!existsSync(runner)) {
    throw new CliError(
      `The evals runner is not part of this installation (looked for ${runner}).`,
      EXIT.unexpected,
      "The evals run from a checkout of the adrails repository: npm install, then npm run evals.",
    );
  }
  const env = { ...io.env };
  if (globals.apiKey) env.ADRAILS_API_KEY = globals.apiKey;
  if (globals.baseUrl) env.ADRAILS_BASE_URL = globals.baseUrl;
  const child = spawn(process.execPath, ["--import", "tsx", runner, ...args], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onInt = forward("SIGINT");
  const onTerm = forward("SIGTERM");
  process.on("SIGINT", onInt);
  process.on("SIGTERM", onTerm);
  try {
    const code = await new Promise<number>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (status, signal) => resolve(status ?? (signal ? EXIT.unexpected : 0)));
    });
    return (code >= 0 && code <= 9 ? code : EXIT.unexpected) as ExitCode;
  } catch (error) {
    throw new CliError(`Could not start the evals runner: ${(error as Error).message}`, EXIT.unexpected);
  } finally {
    process.removeListener("SIGINT", onInt);
    process.removeListener("SIGTERM", onTerm);
  }
}
