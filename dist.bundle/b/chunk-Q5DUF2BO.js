import {
  openInbox,
  redisUrlOf
} from "./chunk-Z7HV3DAM.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/rule-trail.js
async function ruleTrail(io, opts) {
  if (!redisUrlOf(io, opts) && !opts.auditLog)
    return { close: /* @__PURE__ */ __name(async () => {
    }, "close") };
  const { inbox } = await openInbox(io, opts);
  const writing = /* @__PURE__ */ new Set();
  const onEvent = /* @__PURE__ */ __name((event) => {
    if (event.ruleDecision === void 0 || event.ruleDecision === "allow")
      return;
    const reason = event.decisions.find((d) => d.guard === "rules")?.detail;
    const write = inbox.audit.append({
      at: (/* @__PURE__ */ new Date()).toISOString(),
      event: "rule",
      id: event.requestId ?? event.toolCallId ?? "-",
      tool: event.tool,
      fingerprint: event.fingerprint ?? "",
      ...event.account === void 0 ? {} : { account: event.account },
      channel: "rules",
      ...event.rule === void 0 ? {} : { rule: event.rule },
      ruleDecision: event.ruleDecision,
      ...reason === void 0 ? {} : { reason }
    }).catch(() => {
    });
    writing.add(write);
    void write.finally(() => writing.delete(write));
  }, "onEvent");
  return {
    onEvent,
    close: /* @__PURE__ */ __name(async () => {
      await Promise.all(writing);
      await inbox.close();
    }, "close")
  };
}
__name(ruleTrail, "ruleTrail");

export {
  ruleTrail
};
