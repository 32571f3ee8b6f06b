import { readFile } from "node:fs/promises";
import { EXIT } from "./exit-codes.js";
import { CliError, type CliIO } from "./output.js";

/** The JSON body of `adrails call`: the argument itself, `@file`, or `-` for stdin; `{}` when absent. */
export async function readInput(argument: string | undefined, io: CliIO): Promise<unknown> {
  if (argument === undefined) return {};
  let text: string;
  let from: string;
  if (argument === "-") {
    text = await readStream(io.stdin);
    from = "stdin";
  } else if (argument.startsWith("@")) {
    const path = argument.slice(1);
    from = path;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
      throw new CliError(`Cannot read the body from ${path}: ${reason}.`, EXIT.usage);
    }
  } else {
    text = argument;
    from = "the argument";
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(
      `The body in ${from} is not valid JSON: ${(error as Error).message}`,
      EXIT.usage,
      `Quote it for the shell, e.g. adrails call results '{"date_preset":"last_7d"}'`,
    );
  }
}

/** All of a stream, as UTF-8 text. */
export async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
