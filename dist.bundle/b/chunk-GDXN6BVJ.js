import {
  verifyDecision
} from "./chunk-4TPLKNTJ.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/audit-verify.js
var DECISIONS = {
  approve: "approved",
  "first-approval": "partial",
  decline: "declined"
};
async function problemOf(entry, trusted) {
  if (typeof entry.signature !== "string")
    return "the decision carries no signature";
  const claims = await verifyDecision(trusted, entry.signature);
  if (!claims)
    return "the signature is not the inbox's (another key, or the signature itself was edited)";
  const differs = /* @__PURE__ */ __name((what) => `the ${what} differs from what the inbox signed`, "differs");
  if (claims.decision !== DECISIONS[entry.event])
    return differs(`event (${entry.event})`);
  if (claims.item !== entry.id)
    return differs("item id");
  if (claims.request !== entry.approvalRequest)
    return differs("approval request id");
  if (claims.fingerprint !== entry.fingerprint)
    return differs("payload fingerprint");
  if (entry.event === "decline" ? claims.reason !== entry.reason : claims.text !== entry.text) {
    return differs(entry.event === "decline" ? "reason" : "sentence");
  }
  const who = entry.approvers ?? (entry.decider !== void 0 ? [entry.decider] : []);
  if (JSON.stringify(who) !== JSON.stringify(claims.who) || entry.decider !== claims.who.at(-1)) {
    return differs("person");
  }
  if (Date.parse(entry.at) !== claims.at)
    return differs("time");
  return null;
}
__name(problemOf, "problemOf");
async function verifyTrail(text, trusted) {
  const check = { verified: 0, unsigned: 0, problems: [] };
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "")
      continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      check.problems.push({ line: i + 1, message: "not a JSON entry" });
      continue;
    }
    if (typeof entry !== "object" || entry === null) {
      check.problems.push({ line: i + 1, message: "not a JSON entry" });
      continue;
    }
    if (typeof entry.event !== "string" || !Object.hasOwn(DECISIONS, entry.event)) {
      check.unsigned++;
      continue;
    }
    const problem = await problemOf(entry, trusted);
    if (problem)
      check.problems.push({
        line: i + 1,
        message: `${entry.event} of item ${JSON.stringify(entry.id)}: ${problem}`
      });
    else
      check.verified++;
  }
  return check;
}
__name(verifyTrail, "verifyTrail");

export {
  verifyTrail
};
