import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/plans.js
function inboxPlans(inbox, options = {}) {
  return async (plan, signal) => {
    const { id, decision } = await inbox.ask(plan, {
      ...options.agent ? { agent: options.agent } : {},
      ...options.conversation ? { conversation: options.conversation } : {}
    }, signal);
    options.onItem?.(id);
    return decision;
  };
}
__name(inboxPlans, "inboxPlans");
async function settlePlan(inbox, itemId, results) {
  const made = [];
  const failed = [];
  results.forEach((result, i) => {
    const data = result.ok === true ? result.data : null;
    if (result.ok === true)
      made.push(data && data.ad_id != null ? String(data.ad_id) : "?");
    else
      failed.push(`payload ${i + 1} (${"error" in result ? result.error.slice(0, 120) : "partly applied"})`);
  });
  const outcome = {
    at: Date.now(),
    ok: failed.length === 0,
    status: null,
    ...made.length > 0 ? { adId: made.join(", ") } : {},
    ...failed.length === 0 ? { adStatus: "as asked" } : { error: `${made.length} of ${results.length} sent; failed: ${failed.join("; ")}` }
  };
  await inbox.settle(itemId, outcome);
}
__name(settlePlan, "settlePlan");

export {
  inboxPlans,
  settlePlan
};
