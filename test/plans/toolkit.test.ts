import { afterAll, describe, expect, it } from "vitest";
import { MAX_PLAN_PAYLOADS } from "../../src/plans.js";
import { type AdStore, memoryStore } from "../../src/store/index.js";
import { redisStore } from "../../src/store/redis.js";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, PlanChannel, PlanRequest } from "../../src/types.js";
import { unique, useWorld } from "../approval-records/support.js";

// toolkit.askMany: one decision over an enumerated list of exact payloads, each then redeemable
// once through the normal pipeline, on the memory store and on a real redis-server.

const w = useWorld({ redis: true });
const stores: AdStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

const approve: PlanChannel = () => ({ approved: true, text: "I approve these ads going live today" });

describe.each(["memory", "redis"] as const)("askMany on the %s store", (kind) => {
  let shared: AdStore | undefined;
  const store = (): AdStore => {
    if (kind === "memory") {
      shared ??= memoryStore();
      return shared;
    }
    const s = redisStore({ url: w.redis.url });
    stores.push(s);
    return s;
  };
  const kit = (options: Partial<AdToolsOptions> = {}) =>
    createAdTools({
      apiKey: w.sim.apiKey,
      baseUrl: w.sim.url,
      rateLimit: false,
      retry: { maxRetries: 0 },
      store: store(),
      ...options,
    });

  it("approves the listed payloads with one decision; each is sent once, a second redemption refused", async () => {
    const heads = [unique("Plan A"), unique("Plan B"), unique("Plan C")];
    const toolkit = kit();
    const seen: PlanRequest[] = [];
    const plan = await toolkit.askMany(
      "push-creative",
      heads.map((h) => w.push(h)),
      {
        channel: (p) => {
          seen.push(p);
          return { approved: true, text: "I approve these three ads going live today" };
        },
      },
    );
    expect(plan.ok, JSON.stringify(plan)).toBe(true);
    if (!plan.ok) return;
    // One ask for the whole list, naming every payload.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.plan.requests.map((r) => (r.summary as { headline?: string }).headline)).toEqual(heads);
    expect(plan.requests.every((r) => r.callId?.startsWith(`${plan.id}/`))).toBe(true);
    expect(heads.every((h) => w.sent(h).length === 0)).toBe(true);

    for (const h of heads) {
      const result = await plan.call(w.push(h));
      expect(result.ok, JSON.stringify(result)).toBe(true);
    }
    expect(heads.map((h) => w.live(h))).toEqual([1, 1, 1]);

    const again = await plan.call(w.push(heads[0]!));
    expect(again).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(JSON.stringify(again)).toMatch(/already used once/);
    expect(w.sent(heads[0]!)).toHaveLength(1);
  });

  it("refuses a payload not in the plan, and an edited one: nothing sent", async () => {
    const [a, b, extra] = [unique("Listed A"), unique("Listed B"), unique("Extra")];
    const toolkit = kit();
    const plan = await toolkit.askMany("push-creative", [w.push(a), w.push(b)], { channel: approve });
    if (!plan.ok) throw new Error(plan.error);

    const notListed = await plan.call(w.push(extra));
    expect(notListed).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
    expect(JSON.stringify(notListed)).toMatch(/not in plan/);

    const edited = await plan.call(w.push(a, { website_url: "https://elsewhere.example.com/" }));
    expect(edited).toMatchObject({ ok: false, blocked: "hard-confirmation" });

    // The answer of a listed payload carried by another payload's call (same call id) does not redeem.
    const tool = toolkit.get("push-creative")!;
    const request = plan.requests[0]!;
    const carried = await tool.call(w.push(extra), {
      toolCallId: request.callId!,
      answer: tool.answer(request, { approved: true, text: "I approve this" }, "plan"),
    });
    expect(carried).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(w.sent(extra)).toEqual([]);
    expect(w.sent(a)).toEqual([]);

    // The listed payloads still go, once each.
    expect((await plan.call(w.push(a))).ok).toBe(true);
    expect((await plan.call(w.push(b))).ok).toBe(true);
    expect([w.live(a), w.live(b)]).toEqual([1, 1]);
  });

  it("an approval used after the expiry is refused; nothing sent", async () => {
    const head = unique("Late plan");
    const toolkit = kit({ pendingTtlMs: 1_000 });
    const plan = await toolkit.askMany("push-creative", [w.push(head)], { channel: approve });
    if (!plan.ok) throw new Error(plan.error);
    await new Promise((r) => setTimeout(r, Math.max(0, plan.expiresAt - Date.now()) + 300));
    const late = await plan.call(w.push(head));
    expect(late).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    expect(JSON.stringify(late)).toMatch(/expired/);
    expect(w.sent(head)).toEqual([]);
  });

  it("a declined plan sends nothing, and every request records the decline", async () => {
    const heads = [unique("Declined A"), unique("Declined B")];
    const toolkit = kit();
    const plan = await toolkit.askMany(
      "push-creative",
      heads.map((h) => w.push(h)),
      { channel: () => ({ approved: false, reason: "Not this week" }) },
    );
    expect(plan).toMatchObject({ ok: false, declined: true, blocked: "hard-confirmation" });
    if (plan.ok) return;
    expect(plan.error).toMatch(/Not this week/);
    expect((await toolkit.pendingApprovals()).filter((r) => r.callId?.startsWith(plan.id!))).toEqual([]);
    expect(heads.map((h) => w.sent(h).length)).toEqual([0, 0]);
  });

  it("nobody decided, or the channel failed: not a decline, nothing recorded, nothing sent", async () => {
    const toolkit = kit();
    const channels: PlanChannel[] = [
      () => ({ approved: false, undecided: true, reason: "nobody decided in time" }) as never,
      () => {
        throw new Error("the page is down");
      },
    ];
    for (const channel of channels) {
      const head = unique("Undecided");
      const plan = await toolkit.askMany("push-creative", [w.push(head), w.push(`${head} 2`)], { channel });
      expect(plan).toMatchObject({ ok: false, blocked: "hard-confirmation" });
      if (plan.ok) continue;
      expect(plan.declined).toBeUndefined();
      expect(plan.hint).toMatch(/not a decline/);
      // Both requests are still unanswered (they expire); neither holds a decline.
      const open = (await toolkit.pendingApprovals()).filter((r) => r.callId?.startsWith(`${plan.id}/`));
      expect(open).toHaveLength(2);
      expect(w.sent(head)).toEqual([]);
    }
  });

  it("never half a plan: when one request cannot take the approval, none is approved", async () => {
    const heads = [unique("Half A"), unique("Half B"), unique("Half C")];
    const toolkit = kit();
    const tool = toolkit.get("push-creative")!;
    let planId = "";
    const plan = await toolkit.askMany(
      "push-creative",
      heads.map((h) => w.push(h)),
      {
        channel: async (p) => {
          planId = p.plan.id;
          // Someone declines payload 2 on its own while the person reads the plan.
          await tool.respond(p.plan.requests[1]!, { approved: false, reason: "not that one" }, "cli");
          return { approved: true, text: "I approve all three ads" };
        },
      },
    );
    expect(plan).toMatchObject({ ok: false, blocked: "hard-confirmation" });
    if (plan.ok) return;
    expect(plan.error).toMatch(/none of them is approved/);
    // Payloads 1 and 3 are still unanswered: the approval was recorded on none.
    const open = (await toolkit.pendingApprovals()).filter((r) => r.callId?.startsWith(`${planId}/`));
    expect(open.map((r) => r.callId).sort()).toEqual([`${planId}/1`, `${planId}/3`]);
    expect(heads.map((h) => w.sent(h).length)).toEqual([0, 0, 0]);
  });

  it("refuses bad plans before asking anyone", async () => {
    const toolkit = kit();
    let asked = 0;
    const channel: PlanChannel = () => {
      asked++;
      return { approved: true, text: "I approve" };
    };
    const head = unique("Bad plan");
    const cases: [unknown[], RegExp, number | undefined][] = [
      [[], /empty/, undefined],
      [
        Array.from({ length: MAX_PLAN_PAYLOADS + 1 }, (_, i) => w.push(`${head} ${i}`)),
        /at most 50/,
        undefined,
      ],
      [[w.push(head), { ...w.push(`${head} 2`), adset_id: 7 }], /Payload 2 .*not valid.*adset_id/, 2],
      [[w.push(head), w.push(`${head} 2`, { status: "PAUSED" })], /Payload 2 .*needs no person/, 2],
      [
        [w.push(head), w.push(`${head} 2`), w.push(head, { request_id: "req-other-12345" })],
        /Payloads 1 and 3 .*same payload/,
        3,
      ],
      [
        [w.push(head), w.push(`${head} 2`, { account_id: "act_999999" })],
        /Payload 2 .*account act_999999.*one account/,
        2,
      ],
    ];
    for (const [inputs, error, index] of cases) {
      const plan = await toolkit.askMany("push-creative", inputs, { channel });
      expect(plan.ok).toBe(false);
      if (plan.ok) continue;
      expect(plan.error).toMatch(error);
      expect(plan.index).toBe(index);
      expect(plan.blocked).toBe("validation");
    }
    expect(asked).toBe(0);
    expect(w.sent(head)).toEqual([]);
  });
});

describe("a plan on the fleet's Redis", () => {
  it("another process redeems a listed payload once; the first then cannot", async () => {
    const head = unique("Fleet plan");
    const make = () => {
      const store = redisStore({ url: w.redis.url });
      stores.push(store);
      return createAdTools({ apiKey: w.sim.apiKey, baseUrl: w.sim.url, rateLimit: false, store });
    };
    const [one, two] = [make(), make()];
    const plan = await one.askMany("push-creative", [w.push(head), w.push(`${head} 2`)], {
      channel: approve,
    });
    if (!plan.ok) throw new Error(plan.error);
    const tool = two.get("push-creative")!;
    const request = plan.requests[0]!;
    const there = await tool.call(w.push(head), {
      toolCallId: request.callId!,
      answer: tool.answer(request, { approved: true, text: "" }, "plan"),
    });
    expect(there.ok, JSON.stringify(there)).toBe(true);
    const here = await plan.call(w.push(head));
    expect(JSON.stringify(here)).toMatch(/already used once/);
    expect(w.sent(head)).toHaveLength(1);
  });
});
