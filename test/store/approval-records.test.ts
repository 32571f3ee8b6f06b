import { describe, expect, it } from "vitest";
import type { AdStore, ApprovalRecordInput } from "../../src/store/index.js";
import { keyScoped } from "../../src/store/index.js";
import { bothStores } from "./both-stores.js";

const { kinds, fresh } = bothStores();

async function input(store: AdStore, over: Partial<ApprovalRecordInput> = {}): Promise<ApprovalRecordInput> {
  const now = await store.clock();
  return {
    id: fresh("apr"),
    tool: "push-creative",
    account: "act_1",
    payload: '{"account_id":"act_1","headline":"é \\u2028 1.0","status":"ACTIVE"}',
    fingerprint: "fp1",
    scope: "s",
    channel: "confirm",
    askedAt: now,
    expiresAt: now + 60_000,
    summary: { account_id: "act_1" },
    message: "Create an ACTIVE ad",
    ...over,
  };
}

const yes = (at: number) => ({ approved: true, text: "Yes, go live", channel: "cli", who: "ana", at });
const no = (at: number) => ({ approved: false, reason: "wrong image", channel: "inbox", at });

describe.each(kinds)("%s store: approval records", (_kind, make) => {
  it("keeps the record as given, payload byte for byte, and a second create returns the first", async () => {
    const store = make();
    const space = fresh("space");
    const first = await input(store);
    const made = await store.createApproval(space, first);
    expect(made.created).toBe(true);
    expect(made.record).toEqual(first);
    const again = await store.createApproval(space, { ...first, message: "other" });
    expect(again.created).toBe(false);
    expect(again.record.message).toBe("Create an ACTIVE ad");
    expect((await store.getApproval(space, first.id))?.payload).toBe(first.payload);
    expect(await store.getApproval(fresh("other-space"), first.id)).toBeNull();
  });

  it("redeems once: answered yes, same payload, before expiry; everything else is named", async () => {
    const store = make();
    const space = fresh("space");
    const r = await input(store);
    await store.createApproval(space, r);
    expect(await store.redeemApproval(space, r.id, r.payload)).toMatchObject({
      ok: false,
      why: "unanswered",
    });
    expect(await store.redeemApproval(space, "nope", r.payload)).toEqual({ ok: false, why: "missing" });
    const answered = await store.answerApproval(space, r.id, yes(await store.clock()));
    expect(answered).toMatchObject({ ok: true, record: { answer: { approved: true, who: "ana" } } });
    // A payload that differs in one escaped character does not match.
    const edited = r.payload.replace("\\u2028", "\u2028");
    expect(await store.redeemApproval(space, r.id, edited)).toMatchObject({ ok: false, why: "payload" });
    const used = await store.redeemApproval(space, r.id, r.payload);
    expect(used.ok).toBe(true);
    if (used.ok) expect(used.record.usedAt).toBeGreaterThanOrEqual(r.askedAt);
    expect(await store.redeemApproval(space, r.id, r.payload)).toMatchObject({ ok: false, why: "used" });
    // Used: no answer changes it any more.
    expect(await store.answerApproval(space, r.id, no(await store.clock()))).toMatchObject({
      ok: false,
      why: "used",
    });
  });

  it("a decline is final; a decline replaces an approval not yet used", async () => {
    const store = make();
    const space = fresh("space");
    const a = await input(store);
    await store.createApproval(space, a);
    expect((await store.answerApproval(space, a.id, no(await store.clock()))).ok).toBe(true);
    expect(await store.answerApproval(space, a.id, yes(await store.clock()))).toMatchObject({
      ok: false,
      why: "declined",
    });
    expect(await store.redeemApproval(space, a.id, a.payload)).toMatchObject({ ok: false, why: "declined" });

    const b = await input(store);
    await store.createApproval(space, b);
    await store.answerApproval(space, b.id, yes(await store.clock()));
    expect(await store.answerApproval(space, b.id, yes(await store.clock()))).toMatchObject({
      ok: false,
      why: "answered",
    });
    expect((await store.answerApproval(space, b.id, no(await store.clock()))).ok).toBe(true);
    expect(await store.redeemApproval(space, b.id, b.payload)).toMatchObject({ ok: false, why: "declined" });
  });

  it("expiry is on the store's clock: an expired request neither answers nor redeems, and a new ask replaces it", async () => {
    const store = make();
    const space = fresh("space");
    const now = await store.clock();
    const r = await input(store, { askedAt: now - 1000, expiresAt: now + 150 });
    await store.createApproval(space, r);
    await store.answerApproval(space, r.id, yes(now));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await store.redeemApproval(space, r.id, r.payload)).toMatchObject({ ok: false, why: "expired" });
    expect(await store.answerApproval(space, r.id, yes(now))).toMatchObject({ ok: false, why: "expired" });
    const later = await store.clock();
    const again = await store.createApproval(space, { ...r, askedAt: later, expiresAt: later + 60_000 });
    expect(again.created).toBe(true);
    expect(again.record.answer).toBeUndefined();
  });

  it("lists the pending requests of a space, oldest first, and only those", async () => {
    const store = make();
    const space = fresh("space");
    const now = await store.clock();
    const a = await input(store, { askedAt: now - 10 });
    const b = await input(store, { askedAt: now - 20 });
    const c = await input(store);
    for (const r of [a, b, c]) await store.createApproval(space, r);
    await store.createApproval(fresh("elsewhere"), await input(store));
    await store.answerApproval(space, c.id, no(now));
    expect((await store.pendingApprovals(space)).map((r) => r.id)).toEqual([b.id, a.id]);
  });

  it("a store scoped to one key never reaches another key's records", async () => {
    const store = make();
    const mine = keyScoped(store, "key-a");
    const theirs = keyScoped(store, "key-b");
    const r = await input(store);
    await mine.createApproval("", r);
    expect(await theirs.getApproval("", r.id)).toBeNull();
    expect(await theirs.answerApproval("", r.id, yes(await store.clock()))).toEqual({
      ok: false,
      why: "missing",
    });
    expect((await mine.pendingApprovals("")).map((x) => x.id)).toEqual([r.id]);
    expect(await theirs.pendingApprovals("")).toEqual([]);
  });

  it("one of many concurrent redemptions wins", async () => {
    const store = make();
    const space = fresh("space");
    const r = await input(store);
    await store.createApproval(space, r);
    await store.answerApproval(space, r.id, yes(await store.clock()));
    const all = await Promise.all(
      Array.from({ length: 8 }, () => store.redeemApproval(space, r.id, r.payload)),
    );
    expect(all.filter((x) => x.ok)).toHaveLength(1);
  });
});
