import { createClient } from "redis";
import { describe, expect, it } from "vitest";
import { generateInboxKey, signDecision } from "../../src/inbox/signing.js";
import { unique } from "../approval-records/support.js";
import { APPROVE, adOf, pendingOf, useDeskWorld } from "./support.js";

// The desk reads decisions only through readDecision, which redeems nothing the inbox did not sign:
// a process with write access to the fleet's Redis that marks a pending request approved (no
// signature, or one of its own key) gets a decline with the reason, and nothing is sent, while a
// request approved by a person on the page launches as before.

const d = useDeskWorld({ redis: true });

async function forge(approvalId: string, decision: Record<string, unknown>) {
  const admin = createClient({ url: d.w.redis.url });
  await admin.connect();
  try {
    const [key] = await admin.keys(`*inbox:item:${approvalId}`);
    const item = JSON.parse((await admin.get(key!))!);
    item.state = "approved";
    item.decision = {
      approved: true,
      by: "Mallory",
      at: Date.now(),
      text: APPROVE,
      fingerprint: item.request.fingerprint,
      ...decision,
    };
    await admin.set(key!, JSON.stringify(item), { KEEPTTL: true });
    return item;
  } finally {
    await admin.close();
  }
}

describe("the desk redeems only decisions the inbox signed", { timeout: 60_000 }, () => {
  it("an approval written into Redis without a signature: declined with the reason, no ad", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Desk forged");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));
    await forge(pending.approval_id, {});
    const result = await kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("carries no inbox signature");
    expect(w.sent(headline)).toHaveLength(0);
    expect(w.live(headline)).toBe(0);
  });

  it("an approval signed by another key, every claim right: declined, no ad", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Desk own key");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));
    const mine = await generateInboxKey();
    const at = Date.now();
    const admin = createClient({ url: w.redis.url });
    await admin.connect();
    const [key] = await admin.keys(`*inbox:item:${pending.approval_id}`);
    const item = JSON.parse((await admin.get(key!))!);
    await admin.close();
    const sig = await signDecision(mine, {
      v: 1,
      item: item.id,
      request: item.request.id,
      fingerprint: item.request.fingerprint,
      decision: "approved",
      text: APPROVE,
      who: ["Mallory"],
      at,
    });
    await forge(pending.approval_id, { at, who: ["Mallory"], sig });
    const result = await kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("not signed by the inbox's key");
    expect(w.sent(headline)).toHaveLength(0);
  });

  it("a person's approval on the page is signed and launches the ad", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Desk signed");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));
    const ann = await d.person();
    expect((await ann.decide(pending.approval_id, { approve: APPROVE })).status).toBe(200);
    expect(adOf(await kit.awaitApproval(pending.approval_id, { waitMs: 5000 })).status).toBe("ACTIVE");
    expect(w.sent(headline)).toHaveLength(1);
  });
});
