import {
  openInbox,
  redisUrlOf
} from "./chunk-Z7HV3DAM.js";
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

// dist/cli/commands/audit.js
async function runAudit(ctx, opts) {
  const { io, output } = ctx;
  if (!redisUrlOf(io, opts) && !opts.auditLog) {
    throw new CliError("Nothing to read: give --redis URL (or ADRAILS_REDIS_URL) for the fleet's audit stream, or --audit-log FILE.", EXIT.usage);
  }
  const { inbox } = await openInbox(io, opts);
  try {
    const entries = await inbox.audit.read().catch((error) => {
      throw new CliError(`The audit trail cannot be read: ${error.message}`, EXIT.unexpected);
    });
    if (opts.summary) {
      const { summarize, summaryLines } = await import("./audit-summary-YE3HPOCG.js");
      const rows = summarize(entries);
      if (output.json)
        output.line(JSON.stringify(rows));
      else
        for (const line of summaryLines(rows))
          output.line(line);
      return EXIT.ok;
    }
    for (const entry of entries) {
      if (output.json)
        output.line(JSON.stringify(entry));
      else
        output.line(auditLine(entry));
    }
    if (!output.json && entries.length === 0)
      output.info("The audit trail is empty.");
    return EXIT.ok;
  } finally {
    await inbox.close();
  }
}
__name(runAudit, "runAudit");
function auditLine(e) {
  const who = e.decider ? ` by ${e.decider}` : "";
  const asker = e.requester ? ` asked by ${e.requester.agent ?? "an agent"} (pid ${e.requester.pid} on ${e.requester.host})` : "";
  const detail = e.event === "request" ? `${asker}, expires ${e.expiresAt}` : e.event === "approve" || e.event === "first-approval" ? `: ${JSON.stringify(e.text)}${e.approvers ? ` (approvers: ${e.approvers.join(", ")})` : ""}` : e.event === "outcome" ? `: ${e.ok === true ? `ad ${e.adId ?? "?"}` : `failed (${e.status ?? "no answer"}) ${e.error ?? ""}`} request ${e.requestId ?? "-"}` : e.reason ? `: ${e.reason}` : "";
  return `${e.at} ${e.event.padEnd(8)} ${e.id} ${e.tool} ${e.account ?? ""} ${e.fingerprint} via ${e.channel}${who}${detail}`;
}
__name(auditLine, "auditLine");
export {
  runAudit
};
