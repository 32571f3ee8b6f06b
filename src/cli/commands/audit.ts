import type { Inbox } from "../../inbox/inbox.js";
import type { InboxAuditEntry } from "../../inbox/types.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";
import { type InboxStateOptions, openInbox, redisUrlOf } from "./inbox.js";

/** `adrails audit`: the audit trail, oldest first, as lines or JSON lines (--json). */
export async function runAudit(
  ctx: CommandContext,
  opts: InboxStateOptions & { summary?: boolean },
): Promise<ExitCode> {
  const { io, output } = ctx;
  if (!redisUrlOf(io, opts) && !opts.auditLog) {
    throw new CliError(
      "Nothing to read: give --redis URL (or ADRAILS_REDIS_URL) for the fleet's audit stream, or --audit-log FILE.",
      EXIT.usage,
    );
  }
  const { inbox } = await openInbox(io, opts);
  try {
    const entries = await inbox.audit.read().catch((error: Error) => {
      throw new CliError(`The audit trail cannot be read: ${error.message}`, EXIT.unexpected);
    });
    if (opts.summary) {
      const { summarize, summaryLines } = await import("./audit-summary.js");
      const rows = summarize(entries);
      if (output.json) output.line(JSON.stringify(rows));
      else for (const line of summaryLines(rows)) output.line(line);
      return EXIT.ok;
    }
    const marks = await problemsOf(ctx, inbox);
    entries.forEach((entry, i) => {
      const mark = marks.get(i + 1);
      if (output.json) output.line(JSON.stringify(mark ? { ...entry, problem: mark } : entry));
      else output.line(mark ? `! ${auditLine(entry)}  [DOES NOT VERIFY: ${mark}]` : auditLine(entry));
    });
    if (!output.json && entries.length === 0) output.info("The audit trail is empty.");
    if (!output.json && marks.size > 0) {
      output.warn(
        `${marks.size} line(s) do not verify (marked !): run \`adrails audit verify\` for the details.`,
      );
    }
    return EXIT.ok;
  } finally {
    await inbox.close();
  }
}

/**
 * The problem of each line that does not verify, by line number: the chain always, decisions
 * against ADRAILS_INBOX_PUBLIC_KEY when it is set (else they are said to be unchecked).
 */
async function problemsOf(ctx: CommandContext, inbox: Inbox): Promise<Map<number, string>> {
  const marks = new Map<number, string>();
  if (!inbox.audit.lines) return marks;
  const lines = await inbox.audit.lines();
  const { inboxPublicKeys } = await import("./inbox-keys.js");
  const keys = await inboxPublicKeys(ctx.io);
  if (keys.length === 0 && lines.some((l) => /"event":"(approve|first-approval|decline)"/.test(l))) {
    ctx.output.warn(
      "Decisions are not checked against the inbox's signature: set ADRAILS_INBOX_PUBLIC_KEY to the key `adrails inbox` prints.",
    );
  }
  const { verifyTrail } = await import("../../inbox/audit-verify.js");
  const check = await verifyTrail(lines, keys, {
    decisions: keys.length > 0,
    continues: lines.length >= 90_000,
  });
  for (const p of check.problems) marks.set(p.line, p.message);
  return marks;
}

function auditLine(e: InboxAuditEntry): string {
  const who = e.decider ? ` by ${e.decider}` : "";
  const asker = e.requester
    ? ` asked by ${e.requester.agent ?? "an agent"} (pid ${e.requester.pid} on ${e.requester.host})`
    : "";
  const detail =
    e.event === "request"
      ? `${asker}, expires ${e.expiresAt}`
      : e.event === "approve" || e.event === "first-approval"
        ? `: ${JSON.stringify(e.text)}${e.approvers ? ` (approvers: ${e.approvers.join(", ")})` : ""}`
        : e.event === "outcome"
          ? `: ${e.ok === true ? `ad ${e.adId ?? "?"}` : `failed (${e.status ?? "no answer"}) ${e.error ?? ""}`} request ${e.requestId ?? "-"}`
          : e.reason
            ? `: ${e.reason}`
            : "";
  return `${e.at} ${e.event.padEnd(8)} ${e.id} ${e.tool} ${e.account ?? ""} ${e.fingerprint} via ${e.channel}${who}${detail}`;
}
