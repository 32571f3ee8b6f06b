import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/approvals.js
function inboxApprovals(inbox, options = {}) {
  const awaiting = /* @__PURE__ */ new Map();
  const written = /* @__PURE__ */ new Map();
  let lastFailure;
  const confirm = /* @__PURE__ */ __name(async (request) => {
    const { id, decision } = await inbox.ask(request, {
      ...options.agent ? { agent: options.agent } : {},
      ...options.conversation ? { conversation: options.conversation } : {}
    });
    if (decision.approved)
      awaiting.set(request.fingerprint, [...awaiting.get(request.fingerprint) ?? [], id]);
    return decision;
  }, "confirm");
  const onOutcome = /* @__PURE__ */ __name((outcome, toolCallId) => {
    try {
      if (outcome.tool === "push-creative") {
        const data = outcome.kind === "success" ? outcome.data : void 0;
        if (data && typeof data.request_id === "string") {
          written.set(data.request_id, {
            ...data.ad_id != null ? { adId: String(data.ad_id) } : {},
            ...typeof data.status === "string" ? { adStatus: data.status } : {}
          });
          if (written.size > 1e3)
            written.delete(written.keys().next().value);
        } else if ("error" in outcome) {
          lastFailure = { error: outcome.error };
        }
      }
    } finally {
      options.onOutcome?.(outcome, toolCallId);
    }
  }, "onOutcome");
  const onEvent = /* @__PURE__ */ __name((event) => {
    try {
      const ids = event.fingerprint ? awaiting.get(event.fingerprint) : void 0;
      const approvedHere = event.decisions.some((d) => d.guard === "hard-confirmation" && d.decision === "allow" && d.detail?.startsWith("approved by a person"));
      if (ids && ids.length > 0 && approvedHere) {
        const id = ids.shift();
        if (ids.length === 0)
          awaiting.delete(event.fingerprint);
        const found = event.requestId && written.get(event.requestId) || (event.ok === true ? void 0 : lastFailure);
        lastFailure = void 0;
        const outcome = {
          at: Date.now(),
          ok: event.ok === "pending" ? false : event.ok,
          status: event.status,
          ...event.requestId ? { requestId: event.requestId } : {},
          ...found?.adId ? { adId: found.adId } : {},
          ...found?.adStatus ? { adStatus: found.adStatus } : {},
          ...event.ok === true ? {} : { error: found?.error ?? failureText(event) }
        };
        inbox.settle(id, outcome).catch(() => {
        });
      }
    } finally {
      options.onEvent?.(event);
    }
  }, "onEvent");
  return { confirm, onEvent, onOutcome };
}
__name(inboxApprovals, "inboxApprovals");
function failureText(event) {
  const refused = event.decisions.find((d) => d.decision === "refuse");
  if (refused)
    return `refused by the ${refused.guard} guard${refused.detail ? `: ${refused.detail}` : ""}`;
  return event.status === null ? "no answer from the service" : `HTTP ${event.status}`;
}
__name(failureText, "failureText");

export {
  inboxApprovals
};
