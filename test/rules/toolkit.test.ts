import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RulesError } from "../../src/guards/rules/schema.js";
import type { AuditEvent, ConfirmRequest, MoneyRules } from "../../src/index.js";
import { memoryStore } from "../../src/store/index.js";
import { createAdTools } from "../../src/toolkit.js";
import { type SimFixture, startSimFixture } from "../toolkit/sim-setup.js";

// Every money rule and every mode, through toolkit.call against the simulator.

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());
afterEach(() => vi.useRealTimers());

/** A toolkit with rules, a confirm callback that approves (and records what it was asked), and its events. */
function ruled(rules: MoneyRules, answer: "approve" | "decline" = "approve", extra = {}) {
  const asked: ConfirmRequest[] = [];
  const events: AuditEvent[] = [];
  const kit = f.kit({
    rules,
    confirm: (request) => {
      asked.push(request);
      return answer === "approve"
        ? { approved: true, text: "Go live" }
        : { approved: false, reason: "not now" };
    },
    onEvent: (e) => events.push(e),
    ...extra,
  });
  return { kit, asked, events };
}

const sentTo = (tool: string) => f.bodies(tool).length;

describe("enforce: each rule refuses before anyone is asked, nothing sent", () => {
  it("accounts: a read or write naming another account is refused; the allowed one runs", async () => {
    const { kit, asked, events } = ruled({ accounts: [f.accountId] });
    const other = "act_548644197009034";
    const read = (await kit.call("results", { account_id: other, level: "adset" })) as any;
    expect(read).toMatchObject({ ok: false, status: null, blocked: "rule", rule: "accounts" });
    expect(read.hint).toContain(f.accountId);
    const push = (await kit.call("push-creative", f.push({ account_id: other, status: "ACTIVE" }))) as any;
    expect(push.rule).toBe("accounts");
    expect(sentTo("results") + sentTo("push-creative")).toBe(0);
    expect(asked).toEqual([]);
    expect((await kit.call("results", { account_id: f.accountId, level: "adset" })).ok).toBe(true);
    expect(events.map((e) => [e.rule, e.ruleDecision])).toEqual([
      ["accounts", "deny"],
      ["accounts", "deny"],
      [undefined, "allow"],
    ]);
  });

  it("protect.adsets: no write into a protected ad set, reads of it still run", async () => {
    const { kit } = ruled({ protect: { adsets: [f.adsetId] } });
    const r = (await kit.call("push-creative", f.push({ status: "PAUSED" }))) as any;
    expect(r).toMatchObject({ blocked: "rule", rule: "protect.adsets" });
    expect(sentTo("push-creative")).toBe(0);
    const other = "93639552434804422";
    expect((await kit.call("push-creative", f.push({ adset_id: other, status: "PAUSED" }))).ok).toBe(true);
  });

  it("destinations: website_url must be on an allowed host or a subdomain", async () => {
    const { kit } = ruled({ destinations: ["example.com"] });
    const bad = (await kit.call(
      "push-creative",
      f.push({ website_url: "https://example.com.evil.io/x" }),
    )) as any;
    expect(bad).toMatchObject({ blocked: "rule", rule: "destinations" });
    expect(bad.hint).toContain("example.com");
    expect((await kit.call("push-creative", f.push({ website_url: "https://shop.example.com/a" }))).ok).toBe(
      true,
    );
    expect(sentTo("push-creative")).toBe(1);
  });

  it("bannedPhrases: case-insensitive in any text field of a write", async () => {
    const { kit } = ruled({ bannedPhrases: ["guaranteed results"] });
    const r = (await kit.call(
      "push-creative",
      f.push({ primary_text: "GUARANTEED Results or your money back" }),
    )) as any;
    expect(r).toMatchObject({ blocked: "rule", rule: "bannedPhrases" });
    expect(r.error).toContain("primary_text");
    // Not slipped through with a zero-width space, a doubled blank or full-width letters.
    for (const headline of [
      "guaranteed\u200B results",
      "Guaranteed   results",
      "ｇｕａｒａｎｔｅｅｄ results",
    ]) {
      expect(((await kit.call("push-creative", f.push({ headline }))) as any).rule).toBe("bannedPhrases");
    }
    expect(sentTo("push-creative")).toBe(0);
  });

  it("window: an ACTIVE launch outside the window is refused with when it opens; PAUSED still runs", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Friday 2026-11-27 19:30 in Berlin (18:30 UTC): after the window closed.
    vi.setSystemTime(new Date("2026-11-27T18:30:00Z"));
    const window = {
      days: ["mon", "tue", "wed", "thu", "fri"] as const,
      from: "09:00",
      to: "18:00",
      timeZone: "Europe/Berlin",
    };
    const { kit, asked } = ruled({ window: { ...window, days: [...window.days] } });
    const r = (await kit.call("push-creative", f.push({ status: "ACTIVE" }))) as any;
    expect(r).toMatchObject({ blocked: "rule", rule: "window" });
    expect(r.hint).toContain("Monday at 09:00 (Europe/Berlin)");
    expect(asked).toEqual([]);
    expect((await kit.call("push-creative", f.push({ status: "PAUSED" }))).ok).toBe(true);
    // Monday 09:00 Berlin.
    vi.setSystemTime(new Date("2026-11-30T08:00:00Z"));
    expect((await kit.call("push-creative", f.push({ status: "ACTIVE", headline: "Monday" }))).ok).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it("launches.perDay: the launches past the cap are refused with none left; nobody is asked", async () => {
    const { kit, asked } = ruled({ launches: { perDay: 2 } });
    for (const h of ["one", "two"]) {
      expect((await kit.call("push-creative", f.push({ status: "ACTIVE", headline: h }))).ok).toBe(true);
    }
    const third = (await kit.call("push-creative", f.push({ status: "ACTIVE", headline: "three" }))) as any;
    expect(third).toMatchObject({ ok: false, status: null, blocked: "rule", rule: "launches.perDay" });
    expect(third.hint).toMatch(/No launches are left today .*PAUSED/);
    expect(asked).toHaveLength(2);
    expect(f.sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toHaveLength(2);
    // PAUSED pushes are not launches.
    expect((await kit.call("push-creative", f.push({ status: "PAUSED", headline: "four" }))).ok).toBe(true);
  });

  it("launches.perDay: a declined or refused launch does not use up the day's count", async () => {
    const store = memoryStore();
    const no = ruled({ launches: { perDay: 1 } }, "decline", { store });
    expect((await no.kit.call("push-creative", f.push({ status: "ACTIVE" }))).ok).toBe(false);
    const yes = ruled({ launches: { perDay: 1 } }, "approve", { store });
    expect((await yes.kit.call("push-creative", f.push({ status: "ACTIVE" }))).ok).toBe(true);
    const again = (await yes.kit.call("push-creative", f.push({ status: "ACTIVE", headline: "b" }))) as any;
    expect(again.rule).toBe("launches.perDay");
  });

  it("writesPerConversation: writes sent per session, whatever their outcome; another session has its own", async () => {
    const { kit } = ruled({ writesPerConversation: 2 });
    const s1 = { sessionId: "conv-1" };
    expect((await kit.call("push-creative", f.push({ headline: "a" }), s1)).ok).toBe(true);
    // A write the service refuses still counts (it was sent).
    await kit.call("push-creative", f.push({ adset_id: "no_such_adset" }), s1);
    const third = (await kit.call("push-creative", f.push({ headline: "c" }), s1)) as any;
    expect(third).toMatchObject({ blocked: "rule", rule: "writesPerConversation" });
    expect((await kit.call("results", { account_id: f.accountId }, s1)).ok).toBe(true);
    expect((await kit.call("push-creative", f.push({ headline: "d" }), { sessionId: "conv-2" })).ok).toBe(
      true,
    );
    expect(sentTo("push-creative")).toBe(3);
  });

  it("custom: deny refuses, ask makes a person approve a PAUSED push, a throw fails closed", async () => {
    const big = (call: { input: Readonly<Record<string, unknown>> }) =>
      String(call.input.headline).length > 10
        ? ({ decision: "ask", reason: "long headline" } as const)
        : ({ decision: "allow" } as const);
    const { kit, asked } = ruled({
      custom: [
        ({ tool }) =>
          tool === "delete-ad" ? { decision: "deny", reason: "never delete" } : { decision: "allow" },
        big,
        ({ input }) => {
          if (input.headline === "boom") throw new Error("rule bug");
          return { decision: "allow" };
        },
      ],
    });
    const asks = (await kit.call("push-creative", f.push({ headline: "A much longer headline" }))) as any;
    expect(asks.ok).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.rule).toEqual({ name: "custom[1]", reason: "long headline", override: false });
    expect(asked[0]!.message).toMatch(/^Money rule custom\[1\] asks a person/);
    // The PAUSED push is sent unchanged: no confirmation text added, still PAUSED.
    expect(f.bodies("push-creative")[0]).not.toHaveProperty("hard_confirm_text");
    expect(f.sim.control.ads()[0]!.status).toBe("PAUSED");
    const boom = (await kit.call("push-creative", f.push({ headline: "boom" }))) as any;
    expect(boom).toMatchObject({ blocked: "rule", rule: "custom[2]" });
    expect(boom.error).toContain("fails closed");
    expect(sentTo("push-creative")).toBe(1);
  });

  it("a store that keeps no counts fails closed for a launch", async () => {
    const { holdCount: _h, settleCount: _s, viewCounts: _v, ...bare } = memoryStore();
    const { kit, asked } = ruled({ launches: { perDay: 5 } }, "approve", { store: bare });
    const r = (await kit.call("push-creative", f.push({ status: "ACTIVE" }))) as any;
    expect(r).toMatchObject({ blocked: "rule", rule: "launches.perDay" });
    expect(asked).toEqual([]);
    expect(sentTo("push-creative")).toBe(0);
  });

  it("bad rules are refused when the toolkit is made, naming the key", () => {
    const bad: [unknown, string][] = [
      [{ launches: { perDay: 2, tz: "UTC" } }, "launches.tz"],
      [{ launches: { perDay: 1.5 } }, "launches.perDay"],
      [{ writesPerConversation: -1 }, "writesPerConversation"],
      [{ window: { from: "18:00", to: "09:00" } }, "window.from"],
      [{ window: { timeZone: "Berlin" } }, "window.timeZone"],
      [{ accounts: [] }, "accounts"],
      [{ mode: "strict" }, "mode"],
    ];
    for (const [rules, path] of bad) {
      let error: unknown;
      try {
        createAdTools({ apiKey: f.sim.apiKey, baseUrl: f.sim.url, rules: rules as MoneyRules });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RulesError);
      expect((error as RulesError).path).toBe(path);
      expect((error as Error).message).toContain(path);
    }
  });
});

describe("advisory: the person is asked anyway, told which rule would refuse", () => {
  it("an over-cap launch asks, the approval lets it run, and the audit records the override and via whom", async () => {
    const { kit, asked, events } = ruled({ mode: "advisory", launches: { perDay: 1 } });
    expect((await kit.call("push-creative", f.push({ status: "ACTIVE" }))).ok).toBe(true);
    expect(asked[0]!.rule).toBeUndefined();
    expect((await kit.call("push-creative", f.push({ status: "ACTIVE", headline: "two" }))).ok).toBe(true);
    expect(asked[1]!.rule).toMatchObject({ name: "launches.perDay", override: true });
    expect(asked[1]!.message).toMatch(
      /^Money rule launches\.perDay would refuse this: .*Approving overrides the rule\./,
    );
    const last = events.at(-1)!;
    expect(last).toMatchObject({ rule: "launches.perDay", ruleDecision: "override", ok: true });
    expect(last.decisions.some((d) => d.detail?.includes("overridden by a person via confirm"))).toBe(true);
    expect(f.sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toHaveLength(2);
  });

  it("a declined override sends nothing; a PAUSED write a rule would refuse asks a person too", async () => {
    const no = ruled({ mode: "advisory", protect: { adsets: [f.adsetId] } }, "decline");
    const r = (await no.kit.call("push-creative", f.push({ status: "PAUSED" }))) as any;
    expect(r).toMatchObject({ ok: false, blocked: "rule", rule: "protect.adsets" });
    expect(no.asked).toHaveLength(1);
    expect(no.events.at(-1)!.ruleDecision).toBe("advise");
    expect(sentTo("push-creative")).toBe(0);
    const yes = ruled({ mode: "advisory", protect: { adsets: [f.adsetId] } });
    expect((await yes.kit.call("push-creative", f.push({ status: "PAUSED" }))).ok).toBe(true);
    expect(yes.events.at(-1)!.ruleDecision).toBe("override");
  });
});

describe("audit: nothing changes for the call; the event says what the rules would have decided", () => {
  it("an over-cap launch and a banned phrase go ahead, recorded as would-deny", async () => {
    const { kit, asked, events } = ruled({
      mode: "audit",
      launches: { perDay: 1 },
      bannedPhrases: ["free"],
    });
    expect((await kit.call("push-creative", f.push({ status: "ACTIVE" }))).ok).toBe(true);
    expect((await kit.call("push-creative", f.push({ status: "ACTIVE", headline: "b" }))).ok).toBe(true);
    expect((await kit.call("push-creative", f.push({ headline: "Free tents" }))).ok).toBe(true);
    expect(events.map((e) => [e.rule, e.ruleDecision])).toEqual([
      [undefined, "allow"],
      ["launches.perDay", "would-deny"],
      ["bannedPhrases", "would-deny"],
    ]);
    expect(asked.every((a) => a.rule === undefined)).toBe(true);
  });
});

describe("the day boundary in the rule's time zone (fixed clock)", () => {
  it("a launch at 00:00 Berlin counts on the new day; UTC still counts it on the old one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = memoryStore();
    const berlin = ruled({ launches: { perDay: 1, timeZone: "Europe/Berlin" } }, "approve", { store });
    const utc = ruled({ launches: { perDay: 1 } }, "approve", { store: memoryStore() });
    // 23:59 in Berlin on Nov 27 (22:59 UTC).
    vi.setSystemTime(new Date("2026-11-27T22:59:00Z"));
    expect((await berlin.kit.call("push-creative", f.push({ status: "ACTIVE", headline: "a" }))).ok).toBe(
      true,
    );
    expect((await utc.kit.call("push-creative", f.push({ status: "ACTIVE", headline: "a" }))).ok).toBe(true);
    expect(
      ((await berlin.kit.call("push-creative", f.push({ status: "ACTIVE", headline: "b" }))) as any).rule,
    ).toBe("launches.perDay");
    // 00:00 in Berlin on Nov 28, still 23:00 on Nov 27 in UTC.
    vi.setSystemTime(new Date("2026-11-27T23:00:00Z"));
    expect((await berlin.kit.call("push-creative", f.push({ status: "ACTIVE", headline: "c" }))).ok).toBe(
      true,
    );
    expect(
      ((await utc.kit.call("push-creative", f.push({ status: "ACTIVE", headline: "c" }))) as any).rule,
    ).toBe("launches.perDay");
    // Midnight UTC: a new day there too.
    vi.setSystemTime(new Date("2026-11-28T00:00:00Z"));
    expect((await utc.kit.call("push-creative", f.push({ status: "ACTIVE", headline: "d" }))).ok).toBe(true);
  });
});
