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
 * The public key agents check decisions with: ADRAILS_INBOX_PUBLIC_KEY (with several, the first:
 * the current one), else fetched from the inbox at `url` (default ADRAILS_INBOX_URL) and pinned by
 * thumbprint in $ADRAILS_HOME/inbox-keys.json; undefined when neither is set. Exit 2 naming the
 * source when it gives no key, or when the inbox serves another key than the one pinned.
 */
export async function inboxPublicKey(
  io: CliIO,
  url: string | undefined = io.env.ADRAILS_INBOX_URL,
): Promise<InboxKey | undefined> {
  const given = io.env.ADRAILS_INBOX_PUBLIC_KEY;
  if (given !== undefined && given.trim() !== "") return (await inboxPublicKeys(io))[0];
  if (url === undefined || url.trim() === "") return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError(
      "ADRAILS_INBOX_URL must be the inbox's http(s) address, e.g. http://127.0.0.1:8788/.",
      EXIT.usage,
    );
  }
  const { fetchPinnedInboxKey, PIN_FILE } = await import("../../inbox/key-pin.js");
  const { adrailsHome } = await import("../../upstream/home.js");
  try {
    return await fetchPinnedInboxKey(url, { pinFile: join(adrailsHome(io.env), PIN_FILE) });
  } catch (error) {
    const message = (error as Error).message;
    const pinned = message.includes("another key");
    throw new CliError(
      message,
      EXIT.usage,
      pinned
        ? undefined
        : "Start `adrails inbox` first, or set ADRAILS_INBOX_PUBLIC_KEY to the key it prints.",
    );
  }
}

/**
 * Every public key of ADRAILS_INBOX_PUBLIC_KEY (one key, or a JSON array of JWKs: the current key
 * and the ones it replaced) and of each `--key` (a key, or a file holding one or an array).
 */
export async function inboxPublicKeys(io: CliIO, more: readonly string[] = []): Promise<InboxKey[]> {
  const { publicKeysFromText } = await import("../../inbox/key-pin.js");
  const keys: InboxKey[] = [];
  const given = io.env.ADRAILS_INBOX_PUBLIC_KEY;
  try {
    if (given !== undefined && given.trim() !== "") {
      keys.push(...(await publicKeysFromText(given, "ADRAILS_INBOX_PUBLIC_KEY")));
    }
    for (const key of more) {
      const inline = /^\s*[[{-]/.test(key);
      let text = key;
      if (!inline) {
        try {
          text = readFileSync(key, "utf8");
        } catch (error) {
          throw new Error(
            `--key ${key} cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}.`,
          );
        }
      }
      keys.push(...(await publicKeysFromText(text, inline ? "--key" : `--key ${key}`)));
    }
  } catch (error) {
    throw new CliError((error as Error).message, EXIT.usage);
  }
  return keys;
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
