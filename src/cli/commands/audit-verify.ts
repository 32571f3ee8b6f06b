import { readFile } from "node:fs/promises";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";

/**
 * `adrails audit verify FILE`: checks every decision of a JSON lines audit trail against the
 * inbox's public key, offline. Exit 0 when all hold, 6 naming each line that does not.
 */
export async function runAuditVerify(ctx: CommandContext, file: string): Promise<ExitCode> {
  const { io, output } = ctx;
  const { inboxPublicKey } = await import("./inbox-keys.js");
  const key = await inboxPublicKey(io);
  if (!key) {
    throw new CliError(
      "No inbox public key to check the trail with.",
      EXIT.usage,
      "Set ADRAILS_INBOX_PUBLIC_KEY to the key `adrails inbox` prints (also served at /.well-known/adrails-inbox-key).",
    );
  }
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      `Cannot read the audit trail ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}.`,
      EXIT.usage,
    );
  }
  const { verifyTrail } = await import("../../inbox/audit-verify.js");
  const check = await verifyTrail(text, [key]);
  if (output.json) {
    output.line(JSON.stringify({ ok: check.problems.length === 0, key: key.jwk.kid, ...check }));
  } else {
    for (const p of check.problems) output.line(`${file}:${p.line}: ${p.message}`);
    output.line(
      `${check.verified} decision(s) signed by inbox key ${key.jwk.kid}; ${check.problems.length} line(s) that do not hold; ${check.unsigned} other entries (requests, expiries, outcomes), which agents write unsigned.`,
    );
  }
  return check.problems.length === 0 ? EXIT.ok : EXIT.refused;
}
