import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import {
  INBOX_KEY_PATH
} from "./chunk-4TPLKNTJ.js";
import "./chunk-5PS4MVI4.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/inbox-keys.js
import { readFileSync } from "node:fs";
import { join } from "node:path";
var KEY_FILE = "inbox-key.json";
async function inboxSigningKey(io, output) {
  const { inboxKeyFile, privateKeyFromText } = await import("./signing-Z77VHBU7.js");
  const given = io.env.ADRAILS_INBOX_PRIVATE_KEY;
  try {
    if (given !== void 0 && given.trim() !== "") {
      return {
        key: await privateKeyFromText(given, "ADRAILS_INBOX_PRIVATE_KEY"),
        where: "ADRAILS_INBOX_PRIVATE_KEY"
      };
    }
    const { adrailsHome } = await import("./home-ZC4WTHL3.js");
    const file = join(adrailsHome(io.env), KEY_FILE);
    return {
      key: await inboxKeyFile(file, (m) => output.warn(m.replace("credentials", "inbox key"))),
      where: file
    };
  } catch (error) {
    throw new CliError(error.message, EXIT.usage);
  }
}
__name(inboxSigningKey, "inboxSigningKey");
async function inboxPublicKey(io, url = io.env.ADRAILS_INBOX_URL) {
  const { publicKeyFromText } = await import("./signing-Z77VHBU7.js");
  const given = io.env.ADRAILS_INBOX_PUBLIC_KEY;
  if (given !== void 0 && given.trim() !== "") {
    try {
      return await publicKeyFromText(given, "ADRAILS_INBOX_PUBLIC_KEY");
    } catch (error) {
      throw new CliError(error.message, EXIT.usage);
    }
  }
  if (url === void 0 || url.trim() === "")
    return void 0;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new CliError("ADRAILS_INBOX_URL must be the inbox's http(s) address, e.g. http://127.0.0.1:8788/.", EXIT.usage);
  }
  const { fetchInboxKey } = await import("./signing-Z77VHBU7.js");
  try {
    return await fetchInboxKey(url);
  } catch (error) {
    throw new CliError(error.message, EXIT.usage, "Start `adrails inbox` first, or set ADRAILS_INBOX_PUBLIC_KEY to the key it prints.");
  }
}
__name(inboxPublicKey, "inboxPublicKey");
async function peopleFile(io, flag) {
  const file = flag ?? io.env.ADRAILS_INBOX_PEOPLE;
  if (file === void 0 || file.trim() === "")
    return void 0;
  const source = flag !== void 0 ? `--people ${file}` : `ADRAILS_INBOX_PEOPLE (${file})`;
  let value;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const at = error instanceof SyntaxError ? /position \d+/.exec(error.message)?.[0] : void 0;
    const why = error instanceof SyntaxError ? `is not valid JSON${at ? ` (at ${at})` : ""}` : `cannot be read: ${error.code ?? "error"}`;
    throw new CliError(`The people file ${source} ${why}`, EXIT.usage);
  }
  const { parsePeople } = await import("./people-DZLCK7QQ.js");
  try {
    return parsePeople(value);
  } catch (error) {
    throw new CliError(`The people file ${source}: ${error.message}`, EXIT.usage);
  }
}
__name(peopleFile, "peopleFile");
export {
  KEY_FILE,
  INBOX_KEY_PATH as KEY_PATH,
  inboxPublicKey,
  inboxSigningKey,
  peopleFile
};
