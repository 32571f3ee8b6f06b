import { describe, expect, it } from "vitest";
import { redeemApproval } from "../../src/guards/approval/redeem.js";
import { approvalRequest } from "../../src/guards/approval/request.js";
import {
  approvalRequestId,
  bindDecision,
  confirmationText,
  memoryApprovalLedger,
  sentence,
} from "../../src/guards/approvals.js";
import { askChannel, denialOf, needsHardConfirmation } from "../../src/guards/confirmation.js";
import { getTool } from "../../src/tools/index.js";
import type { ConfirmRequest, ConfirmSummary } from "../../src/types.js";

const body = {
  account_id: "act_1",
  adset_id: "555",
  image_url: "https://cdn.example.com/a.png",
  website_url: "https://example.com/offer",
  headline: "Spring sale",
  primary_text: "Half price this week",
  cta_type: "SHOP_NOW",
  status: "ACTIVE",
};

const push = getTool("push-creative")!;
const confirmRequest = (fp: string, b: Record<string, unknown>, ttlMs: number): ConfirmRequest =>
  approvalRequest(push, b, fp, { scope: "test" }, ttlMs);
const request = (ttlMs = 1000): ConfirmRequest => confirmRequest("fp_abc", body, ttlMs);

describe("needsHardConfirmation", () => {
  it("is true only for push-creative with status exactly ACTIVE", () => {
    expect(needsHardConfirmation("push-creative", { status: "ACTIVE" })).toBe(true);
    for (const status of [
      "active",
      "Active",
      "ACTIVE ",
      " ACTIVE",
      "АCTIVE",
      "PAUSED",
      undefined,
      ["ACTIVE"],
    ]) {
      expect(needsHardConfirmation("push-creative", { status })).toBe(false);
    }
    expect(needsHardConfirmation("creative-loop", { status: "ACTIVE" })).toBe(false);
  });
});

describe("approvalRequest", () => {
  it("summarises the ad for a person and carries the fingerprint", () => {
    const req = request();
    expect(req.summary).toEqual({
      account_id: "act_1",
      adset_id: "555",
      media: "image https://cdn.example.com/a.png",
      destination: "https://example.com/offer",
      headline: "Spring sale",
      primary_text: "Half price this week",
      status: "ACTIVE",
    });
    expect(req.fingerprint).toBe("fp_abc");
    expect(req.message).toContain("ACTIVE");
    expect(req.message).toContain("act_1");
    expect(req.message).toContain('cta_type "SHOP_NOW"');
    expect(req.message).toContain("fp_abc");
  });

  it("names a lead form and a video", () => {
    const req = confirmRequest(
      "fp_x",
      {
        account_id: "act_1",
        adset_id: "1",
        video_url: "https://v.example.com/a.mp4",
        lead_gen_form_id: "F9",
        status: "ACTIVE",
      },
      0,
    );
    const summary = req.summary as ConfirmSummary;
    expect(summary.media).toBe("video https://v.example.com/a.mp4");
    expect(summary.destination).toBe("lead form F9");
  });
});

describe("framework approvals", () => {
  const redeem = (approval: unknown, fp: string, ledger = memoryApprovalLedger(), ttlMs = 60_000) =>
    redeemApproval(approval, fp, { ttlMs, ledger });

  it("accept an approval for this payload once, with the person's text or a statement", async () => {
    const ledger = memoryApprovalLedger();
    expect(
      await redeem({ fingerprint: "fp_a", via: "ai-sdk", id: "a1", text: "Go live" }, "fp_a", ledger),
    ).toEqual({
      approved: true,
      text: "Go live",
      via: "ai-sdk",
      key: "id:fp_a:a1",
      askedAt: expect.any(Number),
    });
    expect(
      await redeem({ fingerprint: "fp_a", via: "ai-sdk", id: "a1", text: "Go live" }, "fp_a", ledger),
    ).toMatchObject({
      approved: false,
      reason: expect.stringContaining("already used"),
    });
    expect(await redeem({ fingerprint: "fp_a", via: "langgraph", id: "a2" }, "fp_a", ledger)).toMatchObject({
      approved: true,
      text: confirmationText(undefined, "langgraph", "fp_a"),
      via: "langgraph",
    });
    expect(confirmationText("  ", "langgraph", "fp_a")).toBe(
      "Approved by a person via langgraph for payload fp_a",
    );
    expect(confirmationText(" Go live now ", "cli", "fp_a")).toBe("Go live now");
  });

  it("refuse another payload, an expired approval and a second use of an approval without id", async () => {
    const ledger = memoryApprovalLedger();
    expect(await redeem({ fingerprint: "fp_a", via: "x" }, "fp_b", ledger, 1000)).toMatchObject({
      approved: false,
    });
    expect(
      await redeem({ fingerprint: "fp_a", via: "x", approvedAt: Date.now() - 1001 }, "fp_a", ledger, 1000),
    ).toMatchObject({ approved: false, reason: expect.stringContaining("expired") });
    expect(
      await redeem({ fingerprint: "fp_a", via: "x", approvedAt: Date.now() + 3_600_000 }, "fp_a", ledger),
    ).toMatchObject({ approved: false });
    const at = Date.now();
    expect((await redeem({ fingerprint: "fp_a", via: "x", approvedAt: at }, "fp_a", ledger)).approved).toBe(
      true,
    );
    expect((await redeem({ fingerprint: "fp_a", via: "x", approvedAt: at }, "fp_a", ledger)).approved).toBe(
      false,
    );
    // Without id or time, the approval is what it says: the same object is the same approval.
    const first = await redeem({ fingerprint: "fp_c", via: "x" }, "fp_c", ledger);
    expect(first.approved).toBe(true);
    expect((await redeem({ fingerprint: "fp_c", via: "x" }, "fp_c", ledger)).approved).toBe(false);
    // Another process (another ledger) accepts it, but derives the same request id from it.
    const elsewhere = await redeem({ fingerprint: "fp_c", via: "x" }, "fp_c");
    expect(elsewhere.approved && first.approved && elsewhere.key === first.key).toBe(true);
    if (first.approved) expect(approvalRequestId(first.key!, "fp_c")).toMatch(/^adr_[0-9a-f]{32}$/);
    expect((await redeem(null, "fp_c", ledger)).approved).toBe(false);
  });
});

describe("bindDecision", () => {
  const a = { toolCallId: "c1", fingerprint: "fp_a" };
  const b = { toolCallId: "c2", fingerprint: "fp_b" };
  const twin = { toolCallId: "c3", fingerprint: "fp_a" };

  it("binds an unnamed approval only when it is the one confirmation pending", () => {
    expect(bindDecision({ approved: true, text: "Go" }, a, [a])).toEqual({ kind: "approved", text: "Go" });
    expect(bindDecision({ approved: true }, a, [a, b])).toMatchObject({
      kind: "unbound",
      pending: ["fp_a", "fp_b"],
    });
    expect(bindDecision({ approved: true }, a, undefined)).toMatchObject({ kind: "unbound" });
  });

  it("binds a named approval to the payload or call it names", () => {
    expect(bindDecision({ approved: true, fingerprint: "fp_a" }, a, [a, b])).toEqual({ kind: "approved" });
    expect(bindDecision({ approved: true, fingerprint: "fp_a" }, b, [a, b])).toMatchObject({
      kind: "unbound",
    });
    expect(bindDecision({ approved: true, fingerprint: "fp_a" }, a, [a, twin])).toMatchObject({
      kind: "unbound",
    });
    expect(bindDecision({ approved: true, toolCallId: "c3" }, twin, [a, twin])).toEqual({ kind: "approved" });
    expect(bindDecision({ approved: true, toolCallId: "c3" }, a, [a, twin])).toMatchObject({
      kind: "unbound",
    });
  });

  it("applies an unnamed denial to every call, and a named one only to its own", () => {
    expect(bindDecision({ approved: false, reason: " no " }, a, [a, b])).toEqual({
      kind: "denied",
      reason: "no",
    });
    expect(bindDecision("yes", a, [a])).toEqual({ kind: "denied" });
    expect(bindDecision({ approved: false, fingerprint: "fp_b" }, a, [a, b])).toMatchObject({
      kind: "unbound",
    });
  });

  it("ends a reason with one full stop", () => {
    expect(sentence("Not today.")).toBe("Not today.");
    expect(sentence("Not today")).toBe("Not today.");
    expect(sentence("why?")).toBe("why?");
  });
});

describe("askChannel", () => {
  it("passes the person's decision as given", async () => {
    expect(await askChannel(() => ({ approved: true, text: "Yes, launch it" }), request())).toEqual({
      decision: { approved: true, text: "Yes, launch it" },
    });
    expect(await askChannel(() => ({ approved: false, reason: "not today" }), request())).toEqual({
      decision: { approved: false, reason: "not today" },
    });
  });

  it("is no answer on a throw, a malformed answer, a late answer and an abort", async () => {
    const none = (asked: unknown) => expect(asked).toEqual({ none: expect.any(String) });
    none(
      await askChannel(() => {
        throw new Error("boom");
      }, request()),
    );
    none(await askChannel(() => Promise.reject(new Error("boom")), request()));
    none(await askChannel(() => ({ approved: "yes" }) as any, request()));
    none(await askChannel(() => undefined as any, request()));
    const late = await askChannel(
      () => new Promise((r) => setTimeout(() => r({ approved: true, text: "ok" }), 80)),
      request(20),
    );
    expect(late).toEqual({ none: expect.stringContaining("window closed") });
    const controller = new AbortController();
    const pending = askChannel(() => new Promise(() => {}), request(), controller.signal);
    controller.abort();
    expect(await pending).toEqual({ none: expect.stringContaining("cancelled") });
  });
});

describe("denialOf", () => {
  it("turns a framework denial into a declined confirmation naming where it came from", () => {
    expect(denialOf({ via: "langgraph", reason: " Budget not signed off " })).toEqual({
      approved: false,
      reason: "a person declined: Budget not signed off",
      declined: true,
      via: "langgraph",
    });
    expect(denialOf({ via: "", reason: "  " })).toMatchObject({
      reason: "a person declined",
      via: "a framework approval flow",
    });
  });
});
