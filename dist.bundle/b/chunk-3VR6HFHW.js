import {
  sha256Hex
} from "./chunk-YOX5XIST.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/store/scoped.js
function keyIdentity(baseUrl, apiKey) {
  const base = baseUrl.replace(/\/+$/, "");
  return sha256Hex(`adrails-key
${base}
${apiKey}`).slice(0, 32);
}
__name(keyIdentity, "keyIdentity");
function keyScoped(store, identity) {
  const own = /* @__PURE__ */ __name((id) => `key:${identity}
${id}`, "own");
  const scoped = {
    name: store.name,
    ...store.fallback ? { fallback: keyScoped(store.fallback, identity) } : {},
    takeRate: /* @__PURE__ */ __name((bucket, rule, want) => store.takeRate(bucket, rule, want), "takeRate"),
    heardRate: /* @__PURE__ */ __name((bucket, rule, heard) => store.heardRate(bucket, rule, heard), "heardRate"),
    pauseRate: /* @__PURE__ */ __name((bucket, ms) => store.pauseRate(bucket, ms), "pauseRate"),
    viewRate: /* @__PURE__ */ __name((bucket, rule) => store.viewRate(bucket, rule), "viewRate"),
    recordWrite: /* @__PURE__ */ __name((account, limit, windowMs) => store.recordWrite(account, limit, windowMs), "recordWrite"),
    markBudgetSpent: /* @__PURE__ */ __name((account, ms) => store.markBudgetSpent(account, ms), "markBudgetSpent"),
    viewBudget: /* @__PURE__ */ __name((account, limit, windowMs) => store.viewBudget(account, limit, windowMs), "viewBudget"),
    consume: /* @__PURE__ */ __name((id, expiresAtMs) => store.consume(own(id), expiresAtMs), "consume"),
    generation: /* @__PURE__ */ __name((slot) => store.generation(own(slot)), "generation"),
    bumpGeneration: /* @__PURE__ */ __name((slot, expected, ttlMs) => store.bumpGeneration(own(slot), expected, ttlMs), "bumpGeneration"),
    pinned: /* @__PURE__ */ __name((slot) => store.pinned(own(slot)), "pinned"),
    pin: /* @__PURE__ */ __name((slot, id, ttlMs) => store.pin(own(slot), id, ttlMs), "pin"),
    unpin: /* @__PURE__ */ __name((slot, id) => store.unpin(own(slot), id), "unpin"),
    claim: /* @__PURE__ */ __name((key, ttlMs) => store.claim(own(key), ttlMs), "claim"),
    release: /* @__PURE__ */ __name((key, token) => store.release(own(key), token), "release"),
    clock: /* @__PURE__ */ __name(() => store.clock(), "clock"),
    createApproval: /* @__PURE__ */ __name((space, input) => store.createApproval(own(space), input), "createApproval"),
    getApproval: /* @__PURE__ */ __name((space, id) => store.getApproval(own(space), id), "getApproval"),
    answerApproval: /* @__PURE__ */ __name((space, id, answer) => store.answerApproval(own(space), id, answer), "answerApproval"),
    answerApprovals: /* @__PURE__ */ __name((space, answers) => store.answerApprovals(own(space), answers), "answerApprovals"),
    pendingApprovals: /* @__PURE__ */ __name((space, page) => store.pendingApprovals(own(space), page), "pendingApprovals"),
    redeemApproval: /* @__PURE__ */ __name((space, id, payload) => store.redeemApproval(own(space), id, payload), "redeemApproval"),
    settleApproval: /* @__PURE__ */ __name((space, id, result) => store.settleApproval(own(space), id, result), "settleApproval"),
    close: /* @__PURE__ */ __name(() => store.close(), "close")
  };
  if (store.noteLive && store.lastLive) {
    const note = store.noteLive.bind(store);
    const last = store.lastLive.bind(store);
    scoped.noteLive = (key, record, ttlMs) => note(own(key), record, ttlMs);
    scoped.lastLive = (key) => last(own(key));
  }
  if (store.holdCount && store.settleCount && store.viewCounts) {
    const hold = store.holdCount.bind(store);
    const settle = store.settleCount.bind(store);
    const view = store.viewCounts.bind(store);
    scoped.holdCount = (group, member, limit, holdMs, ttlMs) => hold(group, member, limit, holdMs, ttlMs);
    scoped.settleCount = (group, member, token, counted, ttlMs) => settle(group, member, token, counted, ttlMs);
    scoped.viewCounts = (group) => view(group);
  }
  if (store.viewRateNow) {
    const view = store.viewRateNow.bind(store);
    scoped.viewRateNow = (bucket, rule) => view(bucket, rule);
  }
  return scoped;
}
__name(keyScoped, "keyScoped");

export {
  keyIdentity,
  keyScoped
};
