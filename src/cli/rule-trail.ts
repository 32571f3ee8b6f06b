import type { AuditEvent } from "../types.js";
import { type InboxStateOptions, openInbox, redisUrlOf } from "./commands/inbox.js";
import type { CliIO } from "./output.js";

/**
 * With money rules and an audit trail (--redis, --audit-log), every call the rules did not simply
 * allow is appended to the trail as a "rule" entry, for `adrails audit --summary`.
 */
export async function ruleTrail(
  io: CliIO,
  opts: InboxStateOptions,
): Promise<{ onEvent?: (event: AuditEvent) => void; close(): Promise<void> }> {
  if (!redisUrlOf(io, opts) && !opts.auditLog) return { close: async () => {} };
  const { inbox } = await openInbox(io, opts);
  const writing = new Set<Promise<void>>();
  const onEvent = (event: AuditEvent) => {
    if (event.ruleDecision === undefined || event.ruleDecision === "allow") return;
    const reason = event.decisions.find((d) => d.guard === "rules")?.detail;
    const write = inbox.audit
      .append({
        at: new Date().toISOString(),
        event: "rule",
        id: event.requestId ?? event.toolCallId ?? "-",
        tool: event.tool,
        fingerprint: event.fingerprint ?? "",
        ...(event.account === undefined ? {} : { account: event.account }),
        channel: "rules",
        ...(event.rule === undefined ? {} : { rule: event.rule }),
        ruleDecision: event.ruleDecision,
        ...(reason === undefined ? {} : { reason }),
      })
      .catch(() => {});
    writing.add(write);
    void write.finally(() => writing.delete(write));
  };
  return {
    onEvent,
    close: async () => {
      await Promise.all(writing);
      await inbox.close();
    },
  };
}
