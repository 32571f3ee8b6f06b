import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/cli/commands/audit-summary.js
function summarize(entries) {
  const rows = /* @__PURE__ */ new Map();
  const askedAt = /* @__PURE__ */ new Map();
  for (const e of entries)
    if (e.event === "request")
      askedAt.set(e.id, Date.parse(e.requestedAt ?? e.at));
  for (const e of entries) {
    const account = e.account ?? "(none)";
    const day = e.at.slice(0, 10);
    const key = `${account}
${day}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        account,
        day,
        asked: 0,
        approved: 0,
        declined: 0,
        expired: 0,
        launches: 0,
        refusedByRule: 0,
        overridden: 0,
        medianAnswerMs: null,
        waits: []
      };
      rows.set(key, row);
    }
    if (e.event === "request")
      row.asked++;
    else if (e.event === "approve" || e.event === "decline") {
      if (e.event === "approve")
        row.approved++;
      else
        row.declined++;
      const asked = askedAt.get(e.id);
      if (asked !== void 0)
        row.waits.push(Date.parse(e.at) - asked);
    } else if (e.event === "expire")
      row.expired++;
    else if (e.event === "outcome" && e.ok === true)
      row.launches++;
    else if (e.event === "rule" && e.ruleDecision === "deny")
      row.refusedByRule++;
    else if (e.event === "rule" && e.ruleDecision === "override")
      row.overridden++;
  }
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.account.localeCompare(b.account)).map(({ waits, ...row }) => ({ ...row, medianAnswerMs: median(waits) }));
}
__name(summarize, "summarize");
function median(values) {
  if (values.length === 0)
    return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}
__name(median, "median");
function summaryLines(rows) {
  if (rows.length === 0)
    return ["The audit trail is empty."];
  return rows.map((r) => {
    const wait = r.medianAnswerMs === null ? "no answers" : `median answer ${Math.round(r.medianAnswerMs / 1e3)} s`;
    return `${r.day} ${r.account}: asked ${r.asked}, approved ${r.approved}, declined ${r.declined}, expired ${r.expired}, launches ${r.launches}, refused by a rule ${r.refusedByRule}, rules overridden ${r.overridden}, ${wait}`;
  });
}
__name(summaryLines, "summaryLines");
export {
  summarize,
  summaryLines
};
