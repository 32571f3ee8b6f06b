import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { People } from "../../inbox/people.js";
import type { InboxKey } from "../../inbox/signing.js";
import { EXIT } from "../exit-codes.js";
import type { CliIO, Output } from "../output.js";
import { CliError } from "../output.js";

/** The file under ADRAILS_HOME holding the inbox's private key (0600). */
export const KEY_FILE = "inbox-key.json";
/** Where an inbox serves its public key. */
export { INBOX_KEY_PATH as KEY_PATH } from "../../inbox/signing.js";

/**
 * The inbox's signing key: ADRAILS_INBOX_PRIVATE_KEY (a JWK or PKCS#8 PEM), else the key file
 * under ADRAILS_HOME, made on first start. Exit 2 naming the source when it is not a key.
 */
export async function inboxSigningKey(io: CliIO, output: Output): Promise<{ key: InboxKey; where: string }> {
  const { inboxKeyFile, privateKeyFromText } = await import("../../inbox/signing.js");
  const given = io.env.ADRAILS_INBOX_PRIVATE_KEY;
  try {
    if (given !== undefined && given.trim() !== "") {
      return {
        key: await privateKeyFromText(given, "ADRAILS_INBOX_PRIVATE_KEY"),
        where: "ADRAILS_INBOX_PRIVATE_KEY",
      };
    }
    const { adrailsHome } = await import("../../upstream/home.js");
    const file = join(adrailsHome(io.env), KEY_FILE);
    return {
      key: await inboxKeyFile(file, (m) => output.warn(m.replace("credentials", "inbox key"))),
      where: file,
    };
  } catch (error) {
    throw new CliError((error as Error).message, EXIT.usage);
  }
}

/**
 * The public key agents check decisions with: ADRAILS_INBOX_PUBLIC_KEY, else fetched once from
 * the inbox at `url` (default ADRAILS_INBOX_URL); undefined when neither is set. Exit 2 naming the source when
 * it gives no key.
 */
export async function inboxPublicKey(
  io: CliIO,
  url: string | undefined = io.env.ADRAILS_INBOX_URL,
): Promise<InboxKey | undefined> {
  const { publicKeyFromText } = await import("../../inbox/signing.js");
  const given = io.env.ADRAILS_INBOX_PUBLIC_KEY;
  if (given !== undefined && given.trim() !== "") {
    try {
      return await publicKeyFromText(given, "ADRAILS_INBOX_PUBLIC_KEY");
    } catch (error) {
      throw new CliError((error as Error).message, EXIT.usage);
    }
  }
  if (url === undefined || url.trim() === "") return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError(
      "ADRAILS_INBOX_URL must be the inbox's http(s) address, e.g. http://127.0.0.1:8788/.",
      EXIT.usage,
    );
  }
  const { fetchInboxKey } = await import("../../inbox/signing.js");
  try {
    return await fetchInboxKey(url);
  } catch (error) {
    throw new CliError(
      (error as Error).message,
      EXIT.usage,
      "Start `adrails inbox` first, or set ADRAILS_INBOX_PUBLIC_KEY to the key it prints.",
    );
  }
}

/** The people file of --people or ADRAILS_INBOX_PEOPLE, checked; undefined when none. Exit 2 naming what is wrong. */
export async function peopleFile(io: CliIO, flag: string | undefined): Promise<People | undefined> {
  const file = flag ?? io.env.ADRAILS_INBOX_PEOPLE;
  if (file === undefined || file.trim() === "") return undefined;
  const source = flag !== undefined ? `--people ${file}` : `ADRAILS_INBOX_PEOPLE (${file})`;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    // The parser's own message can quote the file, tokens included: only the position is said.
    const at = error instanceof SyntaxError ? /position \d+/.exec(error.message)?.[0] : undefined;
    const why =
      error instanceof SyntaxError
        ? `is not valid JSON${at ? ` (at ${at})` : ""}`
        : `cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`;
    throw new CliError(`The people file ${source} ${why}`, EXIT.usage);
  }
  const { parsePeople } = await import("../../inbox/people.js");
  try {
    return parsePeople(value);
  } catch (error) {
    throw new CliError(`The people file ${source}: ${(error as Error).message}`, EXIT.usage);
  }
}
