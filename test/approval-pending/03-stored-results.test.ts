import { describe, expect, it } from "vitest";
import type { AdStore, ApprovalRecordInput } from "../../src/store/index.js";
import { keyScoped } from "../../src/store/index.js";
import { bothStores } from "../store/both-stores.js";

// The store op behind "exactly once" for awaits: the result of the call that redeemed a request is
// stored with its record, once, atomically, only after the record was redeemed, in memory and in
// Redis (Lua on a real redis-server), and read back by every process.

const { kinds, fresh } = bothStores();

async function input(store: AdStore): Promise<ApprovalRecordInput> {
  const now = await store.clock();
  return {
    id: fresh("apr"),
    tool: "push-creative",
    payload: '{"headline":"é \\u2028","status":"ACTIVE"}',
    fingerprint: "fp1",
    scope: "s",
    channel: "inbox",
    askedAt: now,
    expiresAt: now + 60_000,
    summary: {},
    message: "Create an ACTIVE ad",
  };
}

describe.each(kinds)("%s store: results stored with approval records", (_kind, make) => {
  it("only after redemption, once under eight racing writers, read back as written", async () => {
    const store = keyScoped(make(), "key-a");
    const space = fresh("space");
    const r = await input(store);
    expect(await store.settleApproval(space, "apr_missing", "{}")).toEqual({ ok: false, why: "missing" });
    await store.createApproval(space, r);
    expect(await store.settleApproval(space, r.id, '{"ok":true}')).toMatchObject({
      ok: false,
      why: "unused",
    });
    await store.answerApproval(space, r.id, {
      approved: true,
      text: "yes go live now",
      channel: "inbox",
      at: r.askedAt,
    });
    expect((await store.redeemApproval(space, r.id, r.payload)).ok).toBe(true);
    const results = Array.from({ length: 8 }, (_, i) =>
      JSON.stringify({ ok: true, writer: i, text: "é \u2028" }),
    );
    const settled = await Promise.all(results.map((result) => store.settleApproval(space, r.id, result)));
    const won = settled.filter((s) => s.ok);
    expect(won).toHaveLength(1);
    const stored = (await store.getApproval(space, r.id))!.result!;
    expect(results).toContain(stored);
    for (const s of settled) expect(s.record?.result).toBe(stored);
    expect(settled.filter((s) => !s.ok).every((s) => !s.ok && s.why === "settled")).toBe(true);
    // Another key's space never sees it.
    expect(await keyScoped(make(), "key-b").getApproval(space, r.id)).toBeNull();
  });
});
