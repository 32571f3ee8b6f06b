import {
  CliError
} from "./chunk-T2KKBROU.js";
import {
  EXIT
} from "./chunk-L2KJHPGN.js";
import "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/audit-verify.js
import { readFile } from "node:fs/promises";
async function runAuditVerify(ctx, file) {
  const { io, output } = ctx;
  const { inboxPublicKey } = await import("./inbox-keys-QISVOI3T.js");
  const key = await inboxPublicKey(io);
  if (!key) {
    throw new CliError("No inbox public key to check the trail with.", EXIT.usage, "Set ADRAILS_INBOX_PUBLIC_KEY to the key `adrails inbox` prints (also served at /.well-known/adrails-inbox-key).");
  }
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(`Cannot read the audit trail ${file}: ${error.code ?? "error"}.`, EXIT.usage);
  }
  const { verifyTrail } = await import("./audit-verify-RB6CO7XL.js");
  const check = await verifyTrail(text, [key]);
  if (output.json) {
    output.line(JSON.stringify({ ok: check.problems.length === 0, key: key.jwk.kid, ...check }));
  } else {
    for (const p of check.problems)
      output.line(`${file}:${p.line}: ${p.message}`);
    output.line(`${check.verified} decision(s) signed by inbox key ${key.jwk.kid}; ${check.problems.length} line(s) that do not hold; ${check.unsigned} other entries (requests, expiries, outcomes), which agents write unsigned.`);
  }
  return check.problems.length === 0 ? EXIT.ok : EXIT.refused;
}
__name(runAuditVerify, "runAuditVerify");
export {
  runAuditVerify
};
