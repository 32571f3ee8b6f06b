import { describe, expect, it } from "vitest";
import { aiSdkTools } from "../../src/adapters/ai-sdk.js";
import { langchainTools } from "../../src/adapters/langchain.js";
import { openaiAgentsTools } from "../../src/adapters/openai-agents.js";
import { runAwaitApproval } from "../../src/await-approval.js";
import { keyIdentity, keyScoped, memoryStore } from "../../src/store/index.js";
import { createAdTools } from "../../src/toolkit.js";
import { unique } from "../approval-records/support.js";
import { until } from "../inbox/helpers.js";
import { APPROVE, adOf, pendingOf, useDeskWorld } from "./support.js";

// Issue 32, the core with a memory store and a memory inbox: a call that needs a person when nobody
// can be asked inside the call returns a pending result (nothing sent); the person decides on the
// inbox page (over HTTP); `awaitApproval` returns the call's result, exactly once.

const d = useDeskWorld();

describe("pending result, then a person approves in the inbox, then awaitApproval", {
  timeout: 60_000,
}, () => {
  it("returns the ACTIVE ad once, also when awaited twice at once, and a repeat of the call returns the same ad", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Pending approve");
    const before = Date.now();
    const pending = pendingOf(await kit.call("push-creative", w.push(headline), { toolCallId: "call-1" }));
    expect(pending.status).toBeNull();
    expect(pending.approval_id).toMatch(/^apr_/);
    expect(pending.approve_url).toBe(`${d.url}?item=${pending.approval_id}`);
    // The default pending TTL: one hour.
    const expires = Date.parse(pending.expires_at);
    expect(expires - before).toBeGreaterThan(59 * 60_000);
    expect(expires - before).toBeLessThan(61 * 60_000);
    expect(pending.hint).toContain("await-approval");
    expect(pending.hint).toContain(pending.approve_url);
    expect(w.sent(headline)).toHaveLength(0);

    // Nobody decided yet: the pending result again after the wait, nothing sent.
    const early = pendingOf(await kit.awaitApproval(pending.approval_id, { waitMs: 1000 }));
    expect(early.approval_id).toBe(pending.approval_id);
    expect(early.note).toMatch(/Still waiting/);
    expect(w.sent(headline)).toHaveLength(0);

    const ann = await d.person();
    // The link opens that request first on the page, even with another one waiting before it.
    const other = pendingOf(await kit.call("push-creative", w.push(unique("Other pending"))));
    const opened = await ann.items(pending.approval_id);
    expect(opened.pending.items[0]!.id).toBe(pending.approval_id);
    expect((await ann.items(other.approval_id)).pending.items[0]!.id).toBe(other.approval_id);

    const decided = await ann.decide(pending.approval_id, { approve: APPROVE });
    expect(decided.status, decided.message).toBe(200);

    const [a, b] = await Promise.all([
      kit.awaitApproval(pending.approval_id),
      kit.awaitApproval(pending.approval_id),
    ]);
    const ad = adOf(a);
    expect(ad.status).toBe("ACTIVE");
    expect(adOf(b).ad_id).toBe(ad.ad_id);
    expect(w.live(headline)).toBe(1);
    expect(w.sent(headline)).toHaveLength(1);
    expect(w.sent(headline)[0]!.hard_confirm_text).toBe(APPROVE);
    // The page's history and the audit show the ad the approval made, once.
    const item = await d.inbox.queue.get(pending.approval_id);
    expect(item?.outcome).toMatchObject({ ok: true, adId: ad.ad_id, adStatus: "ACTIVE" });
    const trail = (await d.inbox.audit.read()).filter((e) => e.id === pending.approval_id);
    expect(trail.map((e) => e.event)).toEqual(["request", "approve", "outcome"]);
    expect(trail[1]!.decider).toBe("Ann Reviewer");

    // Awaited again, and the model repeating the original call (a new tool call id): the same ad.
    expect(adOf(await kit.awaitApproval(pending.approval_id)).ad_id).toBe(ad.ad_id);
    const repeat = await kit.call("push-creative", w.push(headline), { toolCallId: "call-2" });
    expect(adOf(repeat).ad_id).toBe(ad.ad_id);
    expect(w.sent(headline)).toHaveLength(1);
    expect(w.live(headline)).toBe(1);
  });

  it("a repeat of the call after approval, before any await, redeems the same request: one ad", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Pending repeat");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline), { toolCallId: "r-1" }));
    // Asked again before anyone decided: the same request.
    const again = pendingOf(await kit.call("push-creative", w.push(headline), { toolCallId: "r-2" }));
    expect(again.approval_id).toBe(pending.approval_id);
    const ann = await d.person();
    expect((await ann.decide(pending.approval_id, { approve: APPROVE })).status).toBe(200);
    const ad = adOf(await kit.call("push-creative", w.push(headline), { toolCallId: "r-3" }));
    expect(adOf(await kit.awaitApproval(pending.approval_id)).ad_id).toBe(ad.ad_id);
    expect(w.sent(headline)).toHaveLength(1);
  });

  it("a toolkit with a confirm channel still gives the pending result for a call marked pending", async () => {
    const { w } = d;
    let asked = 0;
    const kit = d.toolkit({
      confirm: () => {
        asked++;
        return { approved: true, text: APPROVE };
      },
    });
    const headline = unique("Pending over confirm");
    pendingOf(await kit.call("push-creative", w.push(headline), { pending: true }));
    expect(asked).toBe(0);
    expect(w.sent(headline)).toHaveLength(0);
    // Without the mark, the in-call channel answers as before.
    expect(adOf(await kit.call("push-creative", w.push(unique("Confirm still asks")))).status).toBe("ACTIVE");
    expect(asked).toBe(1);
  });
});

describe("decline, expiry, an edited payload", { timeout: 60_000 }, () => {
  it("a decline returns the person's reason, nothing is sent, and stays final", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Pending decline");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));
    const ben = await d.person("Ben Reviewer");
    expect((await ben.decide(pending.approval_id, { decline: "wrong landing page" })).status).toBe(200);
    for (const result of [
      await kit.awaitApproval(pending.approval_id),
      await kit.awaitApproval(pending.approval_id),
      await kit.call("push-creative", w.push(headline)),
    ]) {
      expect(result).toMatchObject({ ok: false, blocked: "hard-confirmation" });
      expect(JSON.stringify(result)).toContain("wrong landing page");
    }
    expect(w.sent(headline)).toHaveLength(0);
  });

  it('expiry: blocked "expired", the page refuses a late approval, and repeating the call asks again', async () => {
    const { w } = d;
    const kit = d.toolkit({ pendingTtlMs: 2500 });
    const headline = unique("Pending expiry");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));
    const ann = await d.person();
    // The form the person opened before the expiry, submitted after it.
    const html = (await ann.items(pending.approval_id)).pending.items[0]!.html;
    const shown = /name="fingerprint" value="([^"]+)"/.exec(html)![1];
    await until(async () => Date.now() > Date.parse(pending.expires_at) + 50, 10_000);
    const late = await ann.decide(pending.approval_id, { approve: APPROVE }, shown);
    expect(late.status).toBe(410);
    const expired = await kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(expired).toMatchObject({ ok: false, status: null, blocked: "expired" });
    expect(w.sent(headline)).toHaveLength(0);

    // Asked again: a fresh expiry, the item waiting again on the page, and this time approved.
    const again = pendingOf(await kit.call("push-creative", w.push(headline)));
    expect(Date.parse(again.expires_at)).toBeGreaterThan(Date.parse(pending.expires_at));
    expect((await ann.decide(again.approval_id, { approve: APPROVE })).status).toBe(200);
    expect(adOf(await kit.awaitApproval(again.approval_id)).status).toBe("ACTIVE");
    expect(w.live(headline)).toBe(1);
  });

  it("an edited payload is another request: approving the first launches the first, never the edit", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const headline = unique("Pending original");
    const edited = `${headline} (edited)`;
    const first = pendingOf(await kit.call("push-creative", w.push(headline)));
    const second = pendingOf(await kit.call("push-creative", w.push(edited)));
    expect(second.approval_id).not.toBe(first.approval_id);
    const ann = await d.person();
    expect((await ann.decide(first.approval_id, { approve: APPROVE })).status).toBe(200);
    expect(adOf(await kit.awaitApproval(first.approval_id)).status).toBe("ACTIVE");
    expect(pendingOf(await kit.awaitApproval(second.approval_id, { waitMs: 1000 })).approval_id).toBe(
      second.approval_id,
    );
    expect(w.live(headline)).toBe(1);
    expect(w.sent(edited)).toHaveLength(0);
  });
});

describe("a process that redeemed and stopped before storing the result", { timeout: 30_000 }, () => {
  it("is awaited as being sent, then after 10 minutes as unknown: never sent again", async () => {
    const { w } = d;
    let shift = 0;
    const store = memoryStore({ now: () => Date.now() + shift });
    const kit = d.toolkit({ store });
    const headline = unique("Crashed sender");
    const pending = pendingOf(await kit.call("push-creative", w.push(headline)));
    // What the crashed process did: recorded the person's approval and redeemed it, then stopped.
    const own = keyScoped(store, keyIdentity(w.sim.url, w.sim.apiKey));
    const record = (await own.getApproval("", pending.approval_id))!;
    await own.answerApproval("", record.id, {
      approved: true,
      text: APPROVE,
      channel: "inbox",
      at: Date.now(),
    });
    expect((await own.redeemApproval("", record.id, record.payload)).ok).toBe(true);

    const sending = pendingOf(await kit.awaitApproval(pending.approval_id, { waitMs: 1000 }));
    expect(sending.note).toMatch(/being sent now/);
    shift = 11 * 60_000;
    const lost = await kit.awaitApproval(pending.approval_id, { waitMs: 1000 });
    expect(lost).toMatchObject({ ok: false, status: null, retryable: false });
    expect(JSON.stringify(lost)).toMatch(/whether it took effect is unknown/);
    expect(await kit.call("push-creative", w.push(headline))).toMatchObject({ ok: false, retryable: false });
    expect(w.sent(headline)).toHaveLength(0);
  });
});

describe("bad input to await-approval: a clear result, nothing sent", { timeout: 30_000 }, () => {
  it("unknown, malformed, missing ids; wait_s out of range is clamped and said", async () => {
    const kit = d.toolkit();
    const unknown = await kit.awaitApproval("apr_00000000000000000000000000000000");
    expect(unknown).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(JSON.stringify(unknown)).toMatch(/Approval request apr_0+ is not in this process's memory/);
    expect(await kit.awaitApproval("../../etc")).toMatchObject({ ok: false, blocked: "validation" });
    expect(await runAwaitApproval(kit, {})).toMatchObject({ ok: false, blocked: "validation" });
    expect(await runAwaitApproval(kit, { approval_id: "apr_x1234567", wait_s: "long" })).toMatchObject({
      ok: false,
      blocked: "validation",
    });

    const { w } = d;
    const pending = pendingOf(await kit.call("push-creative", w.push(unique("Clamp"))));
    const started = Date.now();
    const short = await runAwaitApproval(kit, { approval_id: pending.approval_id, wait_s: 0.01 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(short.ok).toBe("pending");
    expect(short.note).toMatch(/wait_s 0\.01 is out of range \(1 to 50 s\), so this waited at most 1 s/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const long = await runAwaitApproval(
      kit,
      { approval_id: pending.approval_id, wait_s: 3600 },
      { signal: controller.signal },
    );
    expect(long.ok).toBe("pending");
    expect(long.note).toMatch(/wait_s 3600 is out of range \(1 to 50 s\), so this waited at most 50 s/);
  });

  it("while it holds, progress is reported (every 5 s); a signal ends the hold with the pending result", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const pending = pendingOf(await kit.call("push-creative", w.push(unique("Progress"))));
    const progress: { elapsedMs: number; waitMs: number; message: string }[] = [];
    const held = pendingOf(
      await kit.awaitApproval(pending.approval_id, { waitMs: 5600, onProgress: (p) => progress.push(p) }),
    );
    expect(held.approval_id).toBe(pending.approval_id);
    expect(progress).toHaveLength(1);
    expect(progress[0]!.waitMs).toBe(5600);
    expect(progress[0]!.elapsedMs).toBeGreaterThanOrEqual(5000);
    expect(progress[0]!.message).toContain(pending.approval_id);
    // An abort ends the hold at once (a hold of 50 s would outlast the test's timeout).
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const stopped = await kit.awaitApproval(pending.approval_id, {
      waitMs: 50_000,
      signal: controller.signal,
    });
    expect(stopped.ok).toBe("pending");
  });

  it("a request asked through an in-call channel, and a toolkit without a desk, are refused plainly", async () => {
    const { w } = d;
    let request = "";
    const confirmKit = d.toolkit({
      desk: undefined,
      confirm: (r) => {
        request = r.id;
        return { approved: false, reason: "not now" };
      },
    });
    await confirmKit.call("push-creative", w.push(unique("Confirm channel")));
    expect(await confirmKit.awaitApproval(request)).toMatchObject({
      ok: false,
      blocked: "hard-confirmation",
    });
    expect(JSON.stringify(await confirmKit.awaitApproval(request))).toMatch(/no approval desk/);
    const bare = createAdTools({ apiKey: w.sim.apiKey, baseUrl: w.sim.url });
    expect(() => aiSdkTools(bare, { approval: "inbox" })).toThrow(/needs a toolkit with a desk/);
    expect(() => langchainTools(bare, { approval: "inbox" })).toThrow(/needs a toolkit with a desk/);
    expect(() => openaiAgentsTools(bare, { approval: "inbox" })).toThrow(/needs a toolkit with a desk/);
  });

  it("the pending result is a normal result, and the model reads the link and the id", async () => {
    const { w } = d;
    const kit = d.toolkit();
    const pending = pendingOf(await kit.call("push-creative", w.push(unique("Model text"))));
    const text = kit.toModelText(pending);
    expect(text).toContain(pending.approval_id);
    expect(text).toContain(pending.approve_url);
    expect(text).not.toContain(w.sim.apiKey);
  });
});
