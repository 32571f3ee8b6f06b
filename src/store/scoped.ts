import { sha256Hex } from "../hashing.js";
import type { AdStore } from "./types.js";

/**
 * The identity of an API key on a service: a hash of both, never the key. Shared state is kept
 * per identity, so what one key did never moves what another key sends.
 */
export function keyIdentity(baseUrl: string, apiKey: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return sha256Hex(`adrails-key\n${base}\n${apiKey}`).slice(0, 32);
}

/**
 * The store as one key sees it: approvals, the refusal ledger, pins and claims are kept under the
 * key's identity, so two keys on one store (same prefix, same session) never share them. The
 * request rate and the write budget pass through: they are already per key and per account.
 */
export function keyScoped(store: AdStore, identity: string): AdStore {
  const own = (id: string) => `key:${identity}\n${id}`;
  const scoped: AdStore = {
    name: store.name,
    ...(store.fallback ? { fallback: keyScoped(store.fallback, identity) } : {}),
    takeRate: (bucket, rule, want) => store.takeRate(bucket, rule, want),
    heardRate: (bucket, rule, heard) => store.heardRate(bucket, rule, heard),
    pauseRate: (bucket, ms) => store.pauseRate(bucket, ms),
    viewRate: (bucket, rule) => store.viewRate(bucket, rule),
    recordWrite: (account, limit, windowMs) => store.recordWrite(account, limit, windowMs),
    markBudgetSpent: (account, ms) => store.markBudgetSpent(account, ms),
    viewBudget: (account, limit, windowMs) => store.viewBudget(account, limit, windowMs),
    consume: (id, expiresAtMs) => store.consume(own(id), expiresAtMs),
    generation: (slot) => store.generation(own(slot)),
    bumpGeneration: (slot, expected, ttlMs) => store.bumpGeneration(own(slot), expected, ttlMs),
    pinned: (slot) => store.pinned(own(slot)),
    pin: (slot, id, ttlMs) => store.pin(own(slot), id, ttlMs),
    unpin: (slot, id) => store.unpin(own(slot), id),
    claim: (key, ttlMs) => store.claim(own(key), ttlMs),
    release: (key, token) => store.release(own(key), token),
    clock: () => store.clock(),
    createApproval: (space, input) => store.createApproval(own(space), input),
    getApproval: (space, id) => store.getApproval(own(space), id),
    answerApproval: (space, id, answer) => store.answerApproval(own(space), id, answer),
    answerApprovals: (space, answers) => store.answerApprovals(own(space), answers),
    pendingApprovals: (space, page) => store.pendingApprovals(own(space), page),
    redeemApproval: (space, id, payload) => store.redeemApproval(own(space), id, payload),
    settleApproval: (space, id, result) => store.settleApproval(own(space), id, result),
    close: () => store.close(),
  };
  if (store.noteLive && store.lastLive) {
    const note = store.noteLive.bind(store);
    const last = store.lastLive.bind(store);
    scoped.noteLive = (key, record, ttlMs) => note(own(key), record, ttlMs);
    scoped.lastLive = (key) => last(own(key));
  }
  // Rule counts pass through: launches are counted per account whatever key made them, and the
  // rules scope their per-session counts themselves.
  if (store.holdCount && store.settleCount && store.viewCounts) {
    const hold = store.holdCount.bind(store);
    const settle = store.settleCount.bind(store);
    const view = store.viewCounts.bind(store);
    scoped.holdCount = (group, member, limit, holdMs, ttlMs, key) =>
      hold(group, member, limit, holdMs, ttlMs, key);
    scoped.settleCount = (group, member, token, counted, ttlMs, key) =>
      settle(group, member, token, counted, ttlMs, key);
    scoped.viewCounts = (group) => view(group);
  }
  // A passkey is one person's whatever key the agent sends with: its counter is shared, unscoped.
  if (store.passkeyCounter && store.swapPasskeyCounter) {
    scoped.passkeyCounter = store.passkeyCounter.bind(store);
    scoped.swapPasskeyCounter = store.swapPasskeyCounter.bind(store);
  }
  if (store.viewRateNow) {
    const view = store.viewRateNow.bind(store);
    scoped.viewRateNow = (bucket, rule) => view(bucket, rule);
  }
  return scoped;
}
