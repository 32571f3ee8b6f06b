import { readFile, writeFile } from "node:fs/promises";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";

/** Options of `adrails inbox people add`. */
export interface PeopleAddOptions {
  file: string;
  /** Comma-separated account ids, or "*". */
  accounts?: string;
}

/**
 * `adrails inbox people add NAME --file people.json`: adds a named approver with a generated
 * 32-character token. The file keeps only the token's SHA-256 and length; the token is printed
 * once, for the person.
 */
export async function runPeopleAdd(
  ctx: CommandContext,
  name: string,
  opts: PeopleAddOptions,
): Promise<ExitCode> {
  const { io } = ctx;
  const { newApprover, parsePeople, PeopleFileError } = await import("../../inbox/people.js");
  let file: { people: unknown[]; two?: unknown } = { people: [] };
  let text: string | undefined;
  try {
    text = await readFile(opts.file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new CliError(
        `Cannot read ${opts.file}: ${(error as NodeJS.ErrnoException).code ?? "error"}.`,
        EXIT.usage,
      );
    }
  }
  if (text !== undefined) {
    try {
      file = JSON.parse(text);
    } catch {
      throw new CliError(`${opts.file} is not JSON: fix it or give another --file.`, EXIT.usage);
    }
    if (typeof file !== "object" || file === null || !Array.isArray(file.people)) {
      throw new CliError(`${opts.file} is not a people file ({ "people": [...] }).`, EXIT.usage);
    }
  }
  const raw = (opts.accounts ?? "*").trim();
  const accounts =
    raw === "*"
      ? "*"
      : raw
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean);
  const { token, entry } = newApprover(name.trim(), accounts);
  const next = { ...file, people: [...file.people, entry] };
  try {
    parsePeople(next);
  } catch (error) {
    if (error instanceof PeopleFileError) throw new CliError(`Not added: ${error.message}`, EXIT.usage);
    throw error;
  }
  await writeFile(opts.file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  io.stderr.write(
    `Added ${entry.name} to ${opts.file} (accounts: ${accounts === "*" ? "all" : accounts.join(", ")}). The file keeps only the token's SHA-256. Give ${entry.name} this token (shown once):\n`,
  );
  io.stdout.write(`${token}\n`);
  return EXIT.ok;
}
