import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuditEvent, ConfirmRequest, MoneyRules } from "../../src/index.js";
import { type SimFixture, startSimFixture } from "../toolkit/sim-setup.js";

// Money rules that fail closed (issue 43): advisory overrides only what the person was told,
// targets read before judging, look-alike text, the account a call runs on, frozen custom input.

let f: SimFixture;
beforeAll(async () => {
  f = await startSimFixture();
});
afterAll(() => f.sim.close());
beforeEach(() => f.sim.control.reset());

const sentTo = (tool: string) => f.bodies(tool).length;

describe("advisory: an override is recorded only when the person was told of the rule", () => {
  it("two launches asked at count 0 and approved: the second, redeemed past the cap, asks again naming launches.perDay", async () => {
    const events: AuditEvent[] = [];
    const kit = f.kit({
      rules: { mode: "advisory", launches: { perDay: 1 } },
      onEvent: (e) => events.push(e),
    });
    const tool = kit.get("push-creative")!;
    const first = f.push({ status: "ACTIVE", headline: "First" });
    const second = f.push({ status: "ACTIVE", headline: "Second" });
    const askedFirst = (await tool.ask(first, { toolCallId: "c1" }))!;
    const askedSecond = (await tool.ask(second, { toolCallId: "c2" }))!;
    expect(askedFirst.rule).toBeUndefined();
    expect(askedSecond.rule).toBeUndefined();
    const yes = { approved: true, text: "I approve this ad going live today." } as const;
    const a1 = await tool.respond(askedFirst, yes, "test");
    const a2 = await tool.respond(askedSecond, yes, "test");
    const r1 = await kit.call("push-creative", first, { toolCallId: "c1", answer: a1 });
    expect(r1.ok, JSON.stringify(r1)).toBe(true);
    const r2 = (await kit.call("push-creative", second, { toolCallId: "c2", answer: a2 })) as any;
    expect(r2).toMatchObject({ ok: false, blocked: "rule", rule: "launches.perDay" });
    expect(r2.error).toContain("launches.perDay");
    expect(sentTo("push-creative")).toBe(1);
    expect(events.map((e) => e.ruleDecision)).not.toContain("override");

    // Asked again, the request names the rule; approving that one is the override.
    const again = (await tool.ask(second, { toolCallId: "c3" }))!;
    expect(again.rule).toMatchObject({ name: "launches.perDay", override: true });
    const a3 = await tool.respond(again, yes, "test");
    const r3 = await kit.call("push-creative", second, { toolCallId: "c3", answer: a3 });
    expect(r3.ok, JSON.stringify(r3)).toBe(true);
    expect(events.at(-1)).toMatchObject({ rule: "launches.perDay", ruleDecision: "override" });
  });
});

describe("rules see the target of every write", () => {
  it("protect.adsets refuses a write naming an ad of the protected ad set (multiply-winner), nothing sent", async () => {
    const ad = f.sim.control.world().callers.pro.accounts[0]!.ads.find((a) => a.adset_id === f.adsetId)!;
    const kit = f.kit({ rules: { protect: { adsets: [f.adsetId] } } });
    const r = (await kit.call("multiply-winner", { account_id: f.accountId, ad_id: ad.id, count: 1 })) as any;
    expect(r).toMatchObject({ ok: false, blocked: "rule", rule: "protect.adsets" });
    expect(r.error).toContain(f.adsetId);
    expect(sentTo("multiply-winner")).toBe(0);
  });

  it("an ad that cannot be read is refused under enforce and asked under advisory, naming the rule", async () => {
    const enforce = f.kit({ rules: { protect: { adsets: [f.adsetId] } } });
    const input = { account_id: f.accountId, ad_id: "999999999", count: 1 };
    const r = (await enforce.call("multiply-winner", input)) as any;
    expect(r).toMatchObject({ ok: false, blocked: "rule", rule: "protect.adsets" });
    expect(r.error).toMatch(/ad 999999999 was not found/);
    const asked: ConfirmRequest[] = [];
    const advisory = f.kit({
      rules: { mode: "advisory", protect: { adsets: [f.adsetId] } },
      confirm: (request) => {
        asked.push(request);
        return { approved: false, reason: "not now" };
      },
    });
    const a = (await advisory.call("multiply-winner", input)) as any;
    expect(a).toMatchObject({ ok: false, rule: "protect.adsets" });
    expect(asked[0]?.rule).toMatchObject({ name: "protect.adsets", override: true });
    expect(sentTo("multiply-winner")).toBe(0);
  });
});

describe("accounts: a call that names no account is judged against the account it runs on", () => {
  it('accounts ["act_other"]: a read without account_id on the active account is refused, nothing sent', async () => {
    const accounts = f.sim.control.world().callers.pro.accounts;
    const other = accounts[1]!.id;
    const kit = f.kit({ rules: { accounts: [other] } });
    const r = (await kit.call("results", { level: "campaign" })) as any;
    expect(r).toMatchObject({ ok: false, blocked: "rule", rule: "accounts" });
    expect(r.error).toContain(f.accountId);
    expect(sentTo("results")).toBe(0);
    // Made the active account, it is allowed.
    f.sim.control.setActiveAccount("pro", other);
    expect((await kit.call("results", { level: "campaign" })).ok).toBe(true);
  });
});

describe("bannedPhrases: look-alikes and invisible characters do not slip through", () => {
  it.each([
    ["a Cyrillic e", "guaranteed r\u0435sults"],
    ["U+034F", "guaran\u034Fteed results"],
    ["U+2061", "guaranteed\u2061 results"],
    ["U+2064", "guar\u2064anteed results"],
    ["U+180E", "guaranteed re\u180Esults"],
    ["a Cyrillic a and full-width letters", "gu\u0430ranteed \uFF32\uFF25\uFF33\uFF35\uFF2C\uFF34\uFF33"],
  ])("%s: refused naming the rule, nothing sent", async (_label, headline) => {
    const kit = f.kit({ rules: { bannedPhrases: ["guaranteed results"] } });
    const r = (await kit.call("push-creative", f.push({ headline }))) as any;
    expect(r).toMatchObject({ ok: false, blocked: "rule", rule: "bannedPhrases" });
    expect(sentTo("push-creative")).toBe(0);
  });

  it("text that only looks nothing like the phrase still runs", async () => {
    const kit = f.kit({ rules: { bannedPhrases: ["guaranteed results"] } });
    expect((await kit.call("push-creative", f.push({ headline: "Results you can see" }))).ok).toBe(true);
  });
});

describe("custom rules get a frozen copy of the payload", () => {
  it("a rule that keeps the input cannot change what is sent after the person saw it", async () => {
    let kept: Record<string, unknown> | undefined;
    const seen: ConfirmRequest[] = [];
    const rules: MoneyRules = {
      custom: [
        ({ input }) => {
          kept = input as Record<string, unknown>;
          try {
            (input as Record<string, unknown>).headline = "Changed by a rule";
          } catch {
            // Frozen: a change throws in strict mode.
          }
          return { decision: "allow" };
        },
      ],
    };
    const kit = f.kit({
      rules,
      confirm: (request) => {
        seen.push(request);
        if (kept) {
          try {
            kept.website_url = "https://evil.example.net/";
          } catch {
            // Frozen.
          }
        }
        return { approved: true, text: "I approve this ad going live today." };
      },
    });
    const r = await kit.call("push-creative", f.push({ status: "ACTIVE", headline: "Spring sale" }));
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(Object.isFrozen(kept)).toBe(true);
    expect(f.bodies("push-creative")[0]).toMatchObject({
      headline: "Spring sale",
      website_url: "https://shop.example.com/spring",
    });
    expect(seen).toHaveLength(1);
  });
});

describe("a lost launch counts, and its repeat is asked and replayed", () => {
  it("perDay 1: after a lost launch another is refused; the repeat through the framework path is asked and replays", async () => {
    const kit = f.kit({
      rules: { launches: { perDay: 1 } },
      confirm: () => ({ approved: true, text: "I approve this ad going live today." }),
    });
    const first = f.push({ status: "ACTIVE", headline: "First" });
    f.sim.control.fault({ kind: "timeout-after-write", tool: "push-creative" });
    expect(await kit.call("push-creative", first)).toMatchObject({ ok: false, status: null });
    const other = (await kit.call("push-creative", f.push({ status: "ACTIVE", headline: "Other" }))) as any;
    expect(other).toMatchObject({ ok: false, blocked: "rule", rule: "launches.perDay" });
    const tool = kit.get("push-creative")!;
    const asked = await tool.ask(first, { toolCallId: "repeat" });
    expect(asked).not.toBeNull();
    const answer = await tool.respond(
      asked!,
      { approved: true, text: "I approve this ad going live today." },
      "test",
    );
    const repeat = await kit.call("push-creative", first, { toolCallId: "repeat", answer });
    expect(repeat.ok, JSON.stringify(repeat)).toBe(true);
    expect(f.sim.control.ads().filter((ad) => ad.status === "ACTIVE")).toHaveLength(1);
  });
});
