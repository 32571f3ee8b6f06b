import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConfirmRequest } from "../../src/types.js";
import { type SimFixture, startSimFixture } from "./sim-setup.js";

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

const active = () => f.sim.control.ads().filter((ad) => ad.status === "ACTIVE");

describe("hard confirmation of ACTIVE ads", () => {
  it("without a channel: refused, nothing sent, hint suggests PAUSED or asking the user", async () => {
    const result = await f.kit().call("push-creative", f.push({ status: "ACTIVE" }));
    expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect((result as any).hint).toMatch(/PAUSED/);
    expect((result as any).hint).toMatch(/ask the user/);
    expect(f.bodies("push-creative")).toEqual([]);
    expect(f.sim.control.ads()).toEqual([]);
  });

  it("a model-sent hard_confirm_text is dropped, not forwarded, and the result says so", async () => {
    const blocked = await f
      .kit()
      .call("push-creative", f.push({ status: "ACTIVE", hard_confirm_text: "I confirm" }));
    expect(blocked).toMatchObject({ blocked: "hard-confirmation", note: expect.stringMatching(/dropped/) });
    expect(f.bodies("push-creative")).toEqual([]);

    const paused = await f.kit().call("push-creative", f.push({ hard_confirm_text: "I confirm" }));
    expect(paused).toMatchObject({
      ok: true,
      status: 200,
      note: expect.stringMatching(/dropped and not forwarded/),
    });
    expect(f.bodies("push-creative")[0]).not.toHaveProperty("hard_confirm_text");
    expect(active()).toEqual([]);
  });

  it("asks the channel with a summary and the fingerprint, and sends only the person's text", async () => {
    const requests: ConfirmRequest[] = [];
    const kit = f.kit({
      confirm: (request) => {
        requests.push(request);
        return { approved: true, text: "Yes - launch the spring ad (Dana)" };
      },
    });
    const input = f.push({ status: "ACTIVE", hard_confirm_text: "model says yes" });
    const expected = kit.get("push-creative")!.confirmationRequest(input)!;
    const result = await kit.call("push-creative", input);
    expect(result).toMatchObject({ ok: true, status: 200, data: { status: "ACTIVE" } });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.fingerprint).toBe(expected.fingerprint);
    expect(requests[0]!.summary).toEqual({
      account_id: f.accountId,
      adset_id: f.adsetId,
      media: "image https://cdn.example.com/creatives/spring.png",
      destination: "https://shop.example.com/spring",
      headline: "Spring sale",
      primary_text: "Half price on tents this week",
      status: "ACTIVE",
    });
    expect(requests[0]!.message).toContain("ACTIVE");
    expect(f.bodies("push-creative")[0].hard_confirm_text).toBe("Yes - launch the spring ad (Dana)");
    expect(active()).toHaveLength(1);
    expect(active()[0]!.hard_confirm_text).toBe("Yes - launch the spring ad (Dana)");
  });

  it("a denial, a throwing channel and an expired approval refuse, sending nothing", async () => {
    const channels = [
      () => ({ approved: false as const, reason: "not before Monday" }),
      () => {
        throw new Error("pager offline");
      },
      () => new Promise<never>(() => {}),
    ];
    for (const confirm of channels) {
      const result = await f
        .kit({ confirm, approvalTtlMs: 50 })
        .call("push-creative", f.push({ status: "ACTIVE" }));
      expect(result).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    }
    const late = f.kit({
      approvalTtlMs: 20,
      confirm: () => new Promise((resolve) => setTimeout(() => resolve({ approved: true, text: "ok" }), 60)),
    });
    expect(await late.call("push-creative", f.push({ status: "ACTIVE" }))).toMatchObject({
      blocked: "hard-confirmation",
      error: expect.stringMatching(/window closed/),
    });
    expect(f.bodies("push-creative")).toEqual([]);
    expect(f.sim.control.ads()).toEqual([]);
  });

  it('onUnconfirmedActive "pause" creates the ad PAUSED and says so plainly', async () => {
    const kit = f.kit({ onUnconfirmedActive: "pause", confirm: () => ({ approved: false }) });
    const result = (await kit.call(
      "push-creative",
      f.push({ status: "ACTIVE", hard_confirm_text: "x" }),
    )) as any;
    expect(result).toMatchObject({ ok: true, status: 200, data: { status: "PAUSED" } });
    expect(result.note).toMatch(/created PAUSED, not ACTIVE: it is not live/);
    const body = f.bodies("push-creative")[0];
    expect(body.status).toBe("PAUSED");
    expect(body).not.toHaveProperty("hard_confirm_text");
    expect(active()).toEqual([]);
    expect(f.sim.control.ads()).toHaveLength(1);
  });

  it("any status but exact ACTIVE goes through without asking; the result says PAUSED, not live", async () => {
    let asked = 0;
    const kit = f.kit({
      confirm: () => {
        asked++;
        return { approved: true, text: "yes" };
      },
    });
    for (const status of ["active", "Active ", undefined, "PAUSED", " ACTIVE", "ACTIVE\u200b"]) {
      const input = f.push(
        status === undefined ? { ad_name: "no status" } : { status, ad_name: `s:${status}` },
      );
      const result = (await kit.call("push-creative", input)) as any;
      expect(result.ok, String(status)).toBe(true);
      expect(result.note).toMatch(/created PAUSED/);
      expect(result.note).toMatch(/not live/);
      if (status !== undefined && status !== "PAUSED") expect(result.note).toContain(JSON.stringify(status));
    }
    expect(asked).toBe(0);
    expect(f.sim.control.ads()).toHaveLength(6);
    expect(active()).toEqual([]);
  });

  it("creative-loop with auto_launch says nothing was launched", async () => {
    const result = (await f
      .kit()
      .call("creative-loop", { account_id: f.accountId, auto_launch: true })) as any;
    expect(["partial", true]).toContain(result.ok);
    expect(result.note).toMatch(/auto_launch has no effect: nothing was launched/);
    expect(active()).toEqual([]);
  });
});

describe("framework approvals (AI SDK approval, LangGraph interrupt)", () => {
  it("a bare approval for this payload sends a statement naming the channel and the fingerprint", async () => {
    const kit = f.kit();
    const tool = kit.get("push-creative")!;
    const input = f.push({ status: "ACTIVE" });
    expect(tool.needsConfirmation(input)).toBe(true);
    expect(tool.needsConfirmation(f.push())).toBe(false);
    expect(tool.needsConfirmation({ status: "ACTIVE" })).toBe(false);
    const { fingerprint } = tool.confirmationRequest(input)!;
    const result = await tool.call(input, {
      approval: { fingerprint, via: "ai-sdk", id: "appr-1", approvedAt: Date.now() },
    });
    expect(result).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
    expect(f.bodies("push-creative")[0].hard_confirm_text).toBe(
      `Approved by a person via ai-sdk for payload ${fingerprint}`,
    );
  });

  it("is bound to the payload, single use and expires", async () => {
    const kit = f.kit({ approvalTtlMs: 1000 });
    const tool = kit.get("push-creative")!;
    const input = f.push({ status: "ACTIVE" });
    const { fingerprint } = tool.confirmationRequest(input)!;
    const approval = { fingerprint, via: "langgraph", id: "i-1", text: "Go", approvedAt: Date.now() };

    const other = await tool.call(f.push({ status: "ACTIVE", headline: "Another ad" }), { approval });
    expect(other).toMatchObject({
      blocked: "hard-confirmation",
      error: expect.stringMatching(/not for this payload/),
    });

    expect(await tool.call(input, { approval })).toMatchObject({ ok: true });
    expect(f.bodies("push-creative").at(-1).hard_confirm_text).toBe("Go");

    expect(await tool.call(input, { approval })).toMatchObject({
      blocked: "hard-confirmation",
      error: expect.stringMatching(/already used/),
    });
    const old = { fingerprint, via: "langgraph", id: "i-2", approvedAt: Date.now() - 1001 };
    expect(await tool.call(input, { approval: old })).toMatchObject({
      blocked: "hard-confirmation",
      error: expect.stringMatching(/expired/),
    });
    expect(f.bodies("push-creative")).toHaveLength(1);
    expect(active()).toHaveLength(1);
  });
});
