import { describe, expect, it } from "vitest";
import {
  approvalStatement,
  askChannel,
  confirmRequest,
  createApprovals,
  denialOf,
  needsHardConfirmation,
} from "../../src/guards/confirmation.js";
import type { ConfirmRequest } from "../../src/types.js";

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

const request = (ttlMs = 1000): ConfirmRequest =>
  confirmRequest("push-creative", "fp_abc", body, Date.now() + ttlMs);

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

describe("confirmRequest", () => {
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
      "push-creative",
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
    expect(req.summary.media).toBe("video https://v.example.com/a.mp4");
    expect(req.summary.destination).toBe("lead form F9");
  });
});

describe("framework approvals", () => {
  it("accept an approval for this payload once, with the person's text or a statement", () => {
    const approvals = createApprovals(60_000);
    expect(
      approvals.redeem({ fingerprint: "fp_a", via: "ai-sdk", id: "a1", text: "Go live" }, "fp_a"),
    ).toEqual({
      approved: true,
      text: "Go live",
      via: "ai-sdk",
    });
    expect(
      approvals.redeem({ fingerprint: "fp_a", via: "ai-sdk", id: "a1", text: "Go live" }, "fp_a"),
    ).toMatchObject({
      approved: false,
      reason: expect.stringContaining("already used"),
    });
    expect(approvals.redeem({ fingerprint: "fp_a", via: "langgraph", id: "a2" }, "fp_a")).toEqual({
      approved: true,
      text: approvalStatement("langgraph", "fp_a"),
      via: "langgraph",
    });
    expect(approvalStatement("langgraph", "fp_a")).toBe(
      "Approved by a person via langgraph for payload fp_a",
    );
  });

  it("refuse another payload, an expired approval and a replay without id", () => {
    const approvals = createApprovals(1000);
    expect(approvals.redeem({ fingerprint: "fp_a", via: "x" }, "fp_b")).toMatchObject({ approved: false });
    expect(
      approvals.redeem({ fingerprint: "fp_a", via: "x", approvedAt: Date.now() - 1001 }, "fp_a"),
    ).toMatchObject({
      approved: false,
      reason: expect.stringContaining("expired"),
    });
    expect(
      approvals.redeem({ fingerprint: "fp_a", via: "x", approvedAt: Date.now() + 3_600_000 }, "fp_a"),
    ).toMatchObject({ approved: false });
    const at = Date.now();
    expect(approvals.redeem({ fingerprint: "fp_a", via: "x", approvedAt: at }, "fp_a").approved).toBe(true);
    expect(approvals.redeem({ fingerprint: "fp_a", via: "x", approvedAt: at }, "fp_a").approved).toBe(false);
    expect(approvals.redeem({ fingerprint: "fp_c", via: "x" }, "fp_c", "call-1").approved).toBe(true);
    expect(approvals.redeem({ fingerprint: "fp_c", via: "x" }, "fp_c", "call-1").approved).toBe(false);
    expect(approvals.redeem(null as any, "fp_c").approved).toBe(false);
  });
});

describe("askChannel", () => {
  it("passes the person's text, or a statement when they approved without one", async () => {
    expect(await askChannel(() => ({ approved: true, text: "Yes, launch it" }), request())).toEqual({
      approved: true,
      text: "Yes, launch it",
      via: "confirm",
    });
    const blank = await askChannel(async () => ({ approved: true, text: "  " }), request());
    expect(blank).toMatchObject({ approved: true, text: expect.stringContaining("fp_abc") });
  });

  it("fails closed on a denial, a throw, a malformed answer, a late answer and an abort", async () => {
    expect(await askChannel(() => ({ approved: false, reason: "not today" }), request())).toEqual({
      approved: false,
      reason: "a person declined: not today",
      declined: true,
      via: "confirm",
    });
    // A malformed answer is no decision at all, not a person's no.
    expect(await askChannel(() => ({ approved: "yes" }) as any, request())).not.toHaveProperty("declined");
    expect(
      (
        await askChannel(() => {
          throw new Error("boom");
        }, request())
      ).approved,
    ).toBe(false);
    expect((await askChannel(() => Promise.reject(new Error("boom")), request())).approved).toBe(false);
    expect((await askChannel(() => ({ approved: "yes" }) as any, request())).approved).toBe(false);
    expect((await askChannel(() => undefined as any, request())).approved).toBe(false);
    const late = await askChannel(
      () => new Promise((r) => setTimeout(() => r({ approved: true, text: "ok" }), 80)),
      request(20),
    );
    expect(late).toMatchObject({ approved: false, reason: expect.stringContaining("window closed") });
    const controller = new AbortController();
    const pending = askChannel(() => new Promise(() => {}), request(), controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ approved: false, reason: expect.stringContaining("cancelled") });
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
