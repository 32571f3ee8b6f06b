import { readFile } from "node:fs/promises";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import type { InboxStateOptions } from "./inbox.js";

/** Flags of `adrails audit verify`. */
export interface AuditVerifyOptions extends InboxStateOptions {
  /** More public keys (a JWK, a JSON array of JWKs, or a file holding one): keys the inbox used before a rotation. */
  key?: string[];
  /** The people file (else ADRAILS_INBOX_PEOPLE): approvals are checked against its passkeys and named. */
  people?: string;
}

/**
 * `adrails audit verify [FILE]`: checks a JSON lines audit trail (or, with --redis and no file,
 * the fleet's audit stream) offline: the hash chain line by line, and every decision against the
 * inbox's public keys. Exit 0 when all hold, 6 naming each line that does not.
 */
export async function runAuditVerify(
  ctx: CommandContext,
  file: string | undefined,
  opts: AuditVerifyOptions = {},
): Promise<ExitCode> {
  const { io, output } = ctx;
  const { inboxPublicKeys, peopleFile } = await import("./inbox-keys.js");
  const keys = await inboxPublicKeys(io, opts.key ?? []);
  const people = await peopleFile(io, opts.people);
  if (keys.length === 0) {
    throw new CliError(
      "No inbox public key to check the trail with.",
      EXIT.usage,
      "Set ADRAILS_INBOX_PUBLIC_KEY to the key `adrails inbox` prints (also served at /.well-known/adrails-inbox-key), or a JSON array of it and the keys it replaced; or give --key.",
    );
  }
  const { lines, name, continues } = await trailLines(ctx, file, opts);
  const { verifyTrail } = await import("../../inbox/audit-verify.js");
  const check = await verifyTrail(lines, keys, { continues, ...(people ? { people } : {}) });
  const kids = keys.map((k) => k.jwk.kid);
  if (output.json) {
    output.line(JSON.stringify({ ok: check.problems.length === 0, keys: kids, ...check }));
  } else {
    for (const p of check.problems) output.line(`${name}:${p.line}: ${p.message}`);
    for (const a of check.approvals ?? []) {
      const proof =
        a.proof === "passkey"
          ? `with passkey ${a.credential}${a.label ? ` (${a.label})` : ""}`
          : "signed by the inbox's key only (the people file asks no passkey of them there)";
      output.line(`${name}:${a.line}: ${a.who} approved item ${a.item} ${proof}`);
    }
    const old = check.v1 > 0 ? ` (${check.v1} in the old v1 form)` : "";
    const unchained =
      check.unchained > 0
        ? ` ${check.unchained} line(s) at the start predate the chain: their order is not checked.`
        : "";
    output.line(
      `${check.verified} decision(s) signed by inbox key ${kids.join(" or ")}${old}; ${check.problems.length} line(s) that do not hold; ${check.unsigned} other entries (requests, expiries, outcomes), which agents write unsigned, chained.${unchained}`,
    );
    if (check.head)
      output.line(
        `Last line ${check.head.line}: ${check.head.hash} (note it: a trail cut after it no longer ends there).`,
      );
  }
  return check.problems.length === 0 ? EXIT.ok : EXIT.refused;
}

async function trailLines(
  ctx: CommandContext,
  file: string | undefined,
  opts: AuditVerifyOptions,
): Promise<{ lines: string[]; name: string; continues: boolean }> {
  if (file === undefined) {
    const { openInbox, redisUrlOf } = await import("./inbox.js");
    if (!redisUrlOf(ctx.io, opts)) {
      throw new CliError(
        "Give the audit FILE, or --redis URL (or ADRAILS_REDIS_URL) to check the fleet's audit stream.",
        EXIT.usage,
      );
    }
    const { inbox, where } = await openInbox(ctx.io, { ...(opts.redis ? { redis: opts.redis } : {}) });
    try {
      const lines = await inbox.audit.lines!().catch((error: Error) => {
        throw new CliError(`The audit stream cannot be read: ${error.message}`, EXIT.unexpected);
      });
      const { AUDIT_MAX } = await import("../../inbox/redis-queue.js");
      // The stream keeps about its last AUDIT_MAX lines: only then may its first follow lines it dropped.
      return { lines, name: where, continues: lines.length >= AUDIT_MAX * 0.9 };
    } finally {
      await inbox.close();
    }
  }
  try {
    return { lines: (await readFile(file, "utf8")).split("\n"), name: file, continues: false };
  } catch (error) {
    throw new CliError(
      `Cannot read the audit trail ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}.`,
      EXIT.usage,
    );
  }
}
