import { beforeAll, describe, expect, it } from "vitest";
import { expectNoKey, firstAccount, hasScript, json, run, runOnTerminal, useCliAndSim } from "./helpers.js";

const ctx = useCliAndSim();
let account: { accountId: string; adsetId: string };

beforeAll(async () => {
  account = await firstAccount(ctx.sim);
});

/** A push-creative body; `headline` tells this test's requests and ads apart from the others'. */
const push = (headline: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    account_id: account.accountId,
    adset_id: account.adsetId,
    image_url: "https://cdn.example.com/ad.png",
    website_url: "https://shop.example.com/",
    status: "ACTIVE",
    headline,
    ...extra,
  });
const sentWith = (headline: string) =>
  ctx.sim.control
    .requests()
    .filter((q) => q.tool === "push-creative" && (q.body as any)?.headline === headline);
const adWith = (headline: string) => ctx.sim.control.ads().find((ad) => ad.headline === headline);

const PROMPT = /press Enter to refuse\.\r?\n[\s\S]*> /;

describe.concurrent("hard confirmation of an ACTIVE ad from the shell", { timeout: 60_000 }, () => {
  it("--confirm-text is the person's confirmation: the ad is created ACTIVE with that text", async () => {
    const r = await run(
      ["call", "push-creative", push("confirm-flag"), "--confirm-text", "I approve this ad going live"],
      {
        env: ctx.env(),
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(json(r)).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
    expect(r.stderr).toMatch(/Confirmed by --confirm-text: Create an ACTIVE ad/);
    expect(adWith("confirm-flag")?.status).toBe("ACTIVE");
    expect((sentWith("confirm-flag")[0]?.body as any)?.hard_confirm_text).toBe(
      "I approve this ad going live",
    );
    expectNoKey(r, ctx.sim.apiKey);
  });

  it("a hard_confirm_text inside the JSON body is dropped, not forwarded: refused, nothing sent (exit 6)", async () => {
    const r = await run(
      ["call", "push-creative", push("confirm-in-body", { hard_confirm_text: "I approve" })],
      {
        env: ctx.env(),
      },
    );
    expect(r.code).toBe(6);
    expect(json(r)).toMatchObject({ blocked: "hard-confirmation" });
    expect(sentWith("confirm-in-body")).toHaveLength(0);
  });

  it("an empty --confirm-text is a usage error; on a PAUSED push it is unused and says so", async () => {
    const [empty, paused, invalid] = await Promise.all([
      run(["call", "push-creative", push("confirm-empty"), "--confirm-text", "  "], { env: ctx.env() }),
      run(
        [
          "call",
          "push-creative",
          push("confirm-paused", { status: "PAUSED" }),
          "--confirm-text",
          "I approve this",
        ],
        {
          env: ctx.env(),
        },
      ),
      // ACTIVE but invalid (no destination): refused by validation, and the text was not "unused".
      run(
        [
          "call",
          "push-creative",
          push("confirm-invalid", { website_url: undefined }),
          "--confirm-text",
          "I approve this",
        ],
        { env: ctx.env() },
      ),
    ]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).not.toMatch(/is not used/);
    expect(sentWith("confirm-invalid")).toHaveLength(0);
    expect(empty.code).toBe(2);
    expect(sentWith("confirm-empty")).toHaveLength(0);
    expect(paused.code).toBe(0);
    expect(paused.stderr).toMatch(/warning: --confirm-text is not used/);
    expect(adWith("confirm-paused")?.status).toBe("PAUSED");
    expect((sentWith("confirm-paused")[0]?.body as any)?.hard_confirm_text).toBeUndefined();
  });

  it.runIf(hasScript)(
    "on a terminal the person reads the request and types a confirmation sentence",
    async () => {
      const r = await runOnTerminal(["call", "push-creative", push("confirm-typed")], {
        env: ctx.env(),
        respond: { when: PROMPT, keys: "Yes, launch this ad now\r" },
      });
      expect(r.code, r.output).toBe(0);
      expect(r.output).toMatch(/This ad would be created ACTIVE: it can start spending money at once\./);
      expect(r.output).toMatch(/ad set\s+\d+/);
      expect(adWith("confirm-typed")?.status).toBe("ACTIVE");
      expect((sentWith("confirm-typed")[0]?.body as any)?.hard_confirm_text).toBe("Yes, launch this ad now");
      expectNoKey(r, ctx.sim.apiKey);
    },
  );

  it.runIf(hasScript)(
    "on a terminal there is no default: Enter, or a bare yes, refuses (exit 6)",
    async () => {
      const [enter, yes] = await Promise.all([
        runOnTerminal(["call", "push-creative", push("confirm-enter")], {
          env: ctx.env(),
          respond: { when: PROMPT, keys: "\r" },
        }),
        runOnTerminal(["call", "push-creative", push("confirm-yes")], {
          env: ctx.env(),
          respond: { when: PROMPT, keys: "yes\r" },
        }),
      ]);
      expect(enter.code, enter.output).toBe(6);
      expect(enter.output).toMatch(/Not confirmed \(nothing was typed\)/);
      expect(yes.code, yes.output).toBe(6);
      expect(yes.output).toMatch(/a confirmation sentence is needed/);
      expect(sentWith("confirm-enter")).toHaveLength(0);
      expect(sentWith("confirm-yes")).toHaveLength(0);
    },
  );
});

describe.concurrent("terminal niceties: spinner and colour", { timeout: 60_000 }, () => {
  it.runIf(hasScript)(
    "a slow call shows a spinner with elapsed time on a terminal, nothing extra when piped",
    async () => {
      ctx.sim.control.fault({ kind: "latency", ms: 2500, tool: "winner-insights", count: 2 });
      const [tty, piped] = await Promise.all([
        runOnTerminal(["call", "winner-insights"], { env: ctx.env() }),
        run(["call", "winner-insights"], { env: ctx.env() }),
      ]);
      expect(tty.code).toBe(0);
      expect(tty.output).toMatch(/[|/\\-] winner-insights running \d+ s/);
      expect(piped.code).toBe(0);
      expect(piped.stderr).toBe("");
      expect(json(piped).ok).toBe(true);
    },
  );

  it.runIf(hasScript)("errors are coloured on a terminal unless NO_COLOR is set", async () => {
    const [coloured, plain] = await Promise.all([
      runOnTerminal(["call", "list-accounts"], { env: ctx.env(ctx.sim.keys.revoked) }),
      runOnTerminal(["call", "list-accounts"], { env: { ...ctx.env(ctx.sim.keys.revoked), NO_COLOR: "1" } }),
    ]);
    expect(coloured.code).toBe(3);
    expect(coloured.output).toContain("\x1b[31madrails: error:");
    expect(plain.code).toBe(3);
    expect(plain.output).toContain("adrails: error:");
    expect(plain.output).not.toContain("\x1b[31m");
    expect(plain.output).not.toContain("\x1b[2m");
  });

  it("piped output has no colour; FORCE_COLOR forces it, and NO_COLOR still wins", async () => {
    const env = ctx.env(ctx.sim.keys.revoked);
    const [piped, forced, both] = await Promise.all([
      run(["call", "list-accounts"], { env }),
      run(["call", "list-accounts"], { env: { ...env, FORCE_COLOR: "1" } }),
      run(["call", "list-accounts"], { env: { ...env, FORCE_COLOR: "1", NO_COLOR: "1" } }),
    ]);
    expect(piped.stderr).toMatch(/^adrails: error:/);
    expect(forced.stderr).toContain("\x1b[31madrails: error:");
    expect(both.stderr).not.toContain("\x1b[");
    // The result on stdout is plain JSON in every case.
    for (const r of [piped, forced, both]) expect(json(r).status).toBe(401);
  });
});
