import { readFile, writeFile } from "node:fs/promises";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { readStream } from "../input.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";

/** Options of `adrails inbox people add-passkey`. */
export interface AddPasskeyOptions {
  file: string;
  /** The person to add it to, instead of the name the export carries. */
  name?: string;
}

/**
 * `adrails inbox people add-passkey [EXPORT] --file people.json`: adds a passkey the inbox page's
 * enrolment exported (`{ "name", "passkey": { "id", "publicKey", ... } }`, from a file or stdin) to
 * that person in the people file, checked: the credential parses, its public key is one the WebAuthn
 * library can verify with, and the file is still a valid people file.
 */
export async function runAddPasskey(
  ctx: CommandContext,
  source: string | undefined,
  opts: AddPasskeyOptions,
): Promise<ExitCode> {
  const { io } = ctx;
  const { parsePeople, PeopleFileError } = await import("../../inbox/people.js");
  const { parsePasskey } = await import("../../inbox/people-passkeys.js");
  const { passkeyKeyProblem } = await import("../../guards/approval/passkey-check.js");
  const from = source === undefined || source === "-" ? "stdin" : source;
  const exported = parseJson(
    from === "stdin" ? await readStream(io.stdin) : await read(from, "the passkey export"),
    from,
  ) as { name?: unknown; passkey?: unknown } | null;
  if (typeof exported !== "object" || exported === null || exported.passkey === undefined) {
    throw new CliError(
      `${from} is not a passkey export: the inbox page exports { "name": "...", "passkey": { "id", "publicKey", ... } }.`,
      EXIT.usage,
    );
  }
  const name = (opts.name ?? exported.name) as unknown;
  if (typeof name !== "string" || name.trim() === "") {
    throw new CliError(`${from} names nobody: give the person's name with --name.`, EXIT.usage);
  }
  let passkey: ReturnType<typeof parsePasskey>;
  try {
    passkey = parsePasskey(exported.passkey, "passkey");
  } catch (error) {
    if (error instanceof PeopleFileError) throw new CliError(`Not added: ${error.message}`, EXIT.usage);
    throw error;
  }
  const keyProblem = await passkeyKeyProblem(passkey.publicKey);
  if (keyProblem) throw new CliError(`Not added: passkey.publicKey: ${keyProblem}.`, EXIT.usage);

  const file = parseJson(await read(opts.file, "the people file"), opts.file) as {
    people?: { name?: unknown; passkeys?: unknown[] }[];
  };
  if (typeof file !== "object" || file === null || !Array.isArray(file.people)) {
    throw new CliError(`${opts.file} is not a people file ({ "people": [...] }).`, EXIT.usage);
  }
  const wanted = name.trim().toLowerCase();
  const person = file.people.find(
    (p) => typeof p?.name === "string" && p.name.trim().toLowerCase() === wanted,
  );
  if (!person) {
    throw new CliError(
      `${opts.file} names nobody called ${JSON.stringify(name.trim())}: add the person first (adrails inbox people add NAME --file ${opts.file}).`,
      EXIT.usage,
    );
  }
  person.passkeys = [...(Array.isArray(person.passkeys) ? person.passkeys : []), passkey];
  try {
    parsePeople(file);
  } catch (error) {
    if (error instanceof PeopleFileError) throw new CliError(`Not added: ${error.message}`, EXIT.usage);
    throw error;
  }
  await writeFile(opts.file, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  io.stderr.write(
    `Added passkey ${passkey.id}${passkey.label ? ` (${passkey.label})` : ""} to ${String(person.name)} in ${opts.file}. From now on ${String(person.name)}'s approvals count only with one of their passkeys, for agents and inboxes that read this file (restart them to read it again).\n`,
  );
  return EXIT.ok;
}

async function read(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `Cannot read ${what} ${path}: ${code === "ENOENT" ? "no such file" : (code ?? "error")}.`,
      EXIT.usage,
    );
  }
}

function parseJson(text: string, from: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`${from} is not JSON.`, EXIT.usage);
  }
}
