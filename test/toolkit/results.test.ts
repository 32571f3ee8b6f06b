import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdTools } from "../../src/toolkit.js";
import type { AdToolsOptions, AuditEvent, ToolResult } from "../../src/types.js";
import { type Fixture, startFixture, wrapped } from "./fixture-server.js";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

const kit = (extra: Partial<AdToolsOptions> = {}) =>
  createAdTools({
    apiKey: fx.apiKey,
    baseUrl: fx.url,
    rateLimit: false,
    retry: { maxRetries: 0 },
    ...extra,
  });

const loop = { account_id: "act_1" };

describe("results the model reads", () => {
  it("a 207 is never a success, whatever the shape of data.partial", async () => {
    const shapes: unknown[] = [
      { applied: [{ step: "a" }], failed: [{ step: "b", error: "x" }] },
      [
        { step: "a", ok: true },
        { step: "b", ok: false, error: "x" },
      ],
      [
        { id: 1, status: 200 },
        { id: 2, status: 500 },
      ],
      { results: [{ ok: true }, { ok: false }] },
      "something odd",
      null,
    ];
    const toolkit = kit();
    for (const [i, partial] of shapes.entries()) {
      fx.on("creative-loop", () => wrapped(207, { run: i, partial }));
      const result = await toolkit.call("creative-loop", { ...loop, auto_launch: i % 2 === 0 });
      expect(result.ok).toBe("partial");
      expect(result.ok).not.toBe(true);
      if (result.ok !== "partial") continue;
      expect(result.status).toBe(207);
      expect(result.note).toMatch(/partly applied/);
      expect(result.note).toMatch(/Repeating the whole call would duplicate the applied part/);
      expect(result.note).toMatch(/launched/);
      if (i < 4) {
        expect(result.applied.length).toBeGreaterThan(0);
        expect(result.failed.length).toBeGreaterThan(0);
      } else {
        expect(JSON.stringify(result.data)).toContain("run");
      }
    }
  });

  it("a soft 200 is never a success", async () => {
    fx.on("benchmarks", () => wrapped(200, { error: "Unknown niche; available: saas, ecommerce" }));
    const result = await kit().call("benchmarks", { niche: "plumbing" });
    expect(result).toMatchObject({ ok: false, status: 200, error: expect.stringContaining("available") });
    expect((result as any).hint).toBeTruthy();
  });

  it("each error status has its hint and fields", async () => {
    const toolkit = kit();
    const cases: [number, unknown, Record<string, string>?][] = [
      [400, { source: "s", data: { error: "matrix too big" } }],
      [401, { error: "Invalid API key" }],
      [
        403,
        { source: "s", data: { error: "Paid plan required", upgrade_url: "https://app.example/pricing" } },
      ],
      [403, { source: "s", data: { error: "Not reachable", accounts: [{ id: "act_7", name: "Shop" }] } }],
      [403, { source: "s", data: { error: "Client Viewer is read-only" } }],
      [404, { source: "s", data: { error: "No such account", accounts: [{ id: "act_8", name: "B" }] } }],
      [409, { source: "s", data: { error: "Write budget spent for act_1" } }],
      [409, { source: "s", data: { error: "Missing hard confirmation" } }],
      [409, { source: "s", data: { error: "Duplicate request_id: still running" } }],
      [410, { source: "s", data: { error: "gone" } }],
      [422, { source: "s", data: { error: "could not scrape" } }],
      [429, { error: "Too many requests" }, { "retry-after": "9" }],
      [502, { source: "s", data: { error: "upstream" } }],
      [503, { error: "degraded" }],
      [500, "<html>oops</html>"],
    ];
    const hints: Record<string, RegExp> = {
      "400": /Fix what the error names/,
      "401": /person must replace the key.*Do not retry/,
      "403:upgrade": /person must upgrade the plan at https:\/\/app\.example\/pricing/,
      "403:accounts": /act_7 \(Shop\)/,
      "403": /A new key does not fix this/,
      "404:accounts": /act_8 \(B\)/,
      "409:budget": /write budget/,
      "409:confirm": /PAUSED/,
      "409:dup": /same input/,
      "410": /disabled/,
      "422": /description/,
      "429": /Wait 9 s/,
      "502": /retry once/i,
      "503": /Retry in a little while/,
      "500": /Unexpected server error/,
    };
    const keys = [
      "400",
      "401",
      "403:upgrade",
      "403:accounts",
      "403",
      "404:accounts",
      "409:budget",
      "409:confirm",
      "409:dup",
      "410",
      "422",
      "429",
      "502",
      "503",
      "500",
    ];
    for (const [i, [status, body, headers]] of cases.entries()) {
      fx.on("creative-dna", () => ({ status, body, headers }));
      const result = (await toolkit.call("creative-dna", {
        account_id: "act_1",
        brand_url: "example.com",
      })) as any;
      expect(result.ok, keys[i]).toBe(false);
      expect(result.status, keys[i]).toBe(status);
      expect(result.hint, keys[i]).toMatch(hints[keys[i]!]!);
      expect(typeof result.retryable, keys[i]).toBe("boolean");
      if (keys[i] === "403:upgrade") expect(result.upgrade_url).toBe("https://app.example/pricing");
      if (keys[i] === "403:accounts") expect(result.accounts).toEqual([{ id: "act_7", name: "Shop" }]);
      if (keys[i] === "429") expect(result).toMatchObject({ retry_after_s: 9, retryable: true });
      if ([502, 503, 500].includes(status)) expect(result.retryable, keys[i]).toBe(true);
      if ([400, 401, 403, 404, 410, 422].includes(status)) expect(result.retryable, keys[i]).toBe(false);
    }
  });

  it("a dropped connection and a timeout give a retryable failure with status null", async () => {
    const toolkit = kit({ timeouts: { readMs: 100, workflowMs: 100 } });
    fx.on("health", () => ({ status: 200, drop: true }));
    expect(await toolkit.call("health", { account_id: "act_1" })).toMatchObject({
      ok: false,
      status: null,
      retryable: true,
    });
    fx.on("creative-dna", () => ({ ...wrapped(200, {}), delayMs: 400 }));
    const timedOut = (await toolkit.call("creative-dna", { account_id: "act_1", brand_url: "x.com" })) as any;
    expect(timedOut).toMatchObject({ ok: false, status: null, retryable: true });
    expect(timedOut.hint).toContain("same request_id");
  });

  it("a cancelled call is a failure, not an exception", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await kit().call("health", { account_id: "act_1" }, { signal: controller.signal })).toMatchObject({
      ok: false,
      status: null,
      retryable: false,
    });
  });

  it("an unconfigured toolkit answers with a failure, sending nothing", async () => {
    const toolkit = createAdTools({ apiKey: "", baseUrl: "" });
    expect(await toolkit.call("list-accounts", {})).toMatchObject({
      ok: false,
      status: null,
      retryable: false,
    });
  });

  it("toModelText caps what the model reads, with a visible marker; the host keeps the full result", async () => {
    const big = "x".repeat(10_000);
    fx.on("winner-insights", () => wrapped(200, { big }));
    const toolkit = kit({ maxResultChars: 1500 });
    const result = await toolkit.call("winner-insights", { account_id: "act_1" });
    expect((result as any).data.big).toHaveLength(10_000);
    const text = toolkit.toModelText(result);
    expect(text.length).toBeLessThanOrEqual(1500);
    expect(text).toContain("truncated by adrails");
    expect(kit().toModelText(result).length).toBeLessThanOrEqual(4000);
  });
});

describe("secrets and audit", () => {
  it("the key never appears in a result or an audit event, even when the service echoes it", async () => {
    const events: AuditEvent[] = [];
    const toolkit = kit({ onEvent: (e) => events.push(e) });
    fx.on("health", () =>
      wrapped(200, { echoed: `key was ${fx.apiKey}`, nested: [{ [fx.apiKey]: fx.apiKey }] }),
    );
    fx.on("results", () => wrapped(400, { error: `bad key ${fx.apiKey} in body` }));
    fx.on("list-skills", () => ({ status: 500, body: `crash dump ${fx.apiKey}` }));
    const results: ToolResult[] = [
      await toolkit.call("health", { account_id: "act_1" }),
      await toolkit.call("results", { account_id: "act_1" }),
      await toolkit.call("list-skills", {}),
      await toolkit.call("push-creative", { status: "ACTIVE" } as Record<string, unknown>),
      await createAdTools({ apiKey: "adk_wrong_key_0000", baseUrl: fx.url, rateLimit: false }).call(
        "list-skills",
        {},
      ),
    ];
    const all = JSON.stringify({ results, events, texts: results.map((r) => toolkit.toModelText(r)) });
    expect(all).not.toContain(fx.apiKey);
    expect(all).not.toContain("adk_wrong_key_0000");
    expect(all).toContain("adk_***");
  });

  it("emits one event per call with tool, call id, fingerprint, request id, decisions, status and duration", async () => {
    const events: AuditEvent[] = [];
    const toolkit = kit({ onEvent: (e) => events.push(e), sessionId: "s-audit" });
    fx.on("creative-dna", () => wrapped(200, { ok: 1 }));
    await toolkit.call("creative-dna", { account_id: "act_1", brand_url: "x.com" }, { toolCallId: "call-1" });
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event).toMatchObject({
      tool: "creative-dna",
      toolCallId: "call-1",
      fingerprint: expect.stringMatching(/^fp_/),
      requestId: expect.stringMatching(/^adr_/),
      status: 200,
      ok: true,
    });
    expect(event.durationMs).toBeGreaterThanOrEqual(0);
    expect(event.decisions).toEqual(
      expect.arrayContaining([
        { guard: "validation", decision: "allow" },
        { guard: "request-id", decision: "modify", detail: "injected request_id" },
      ]),
    );
    expect(fx.requests.at(-1)!.body.request_id).toBe(event.requestId);
  });

  it("a throwing onEvent, onOutcome or confirm channel never breaks a call", async () => {
    const toolkit = kit({
      onEvent: () => {
        throw new Error("audit down");
      },
      onOutcome: () => {
        throw new Error("host down");
      },
      confirm: () => {
        throw new Error("pager down");
      },
    });
    fx.on("health", () => wrapped(200, { fine: true }));
    expect(await toolkit.call("health", { account_id: "act_1" })).toMatchObject({ ok: true });
    const rejecting = kit({ onEvent: () => Promise.reject(new Error("async audit down")) as any });
    expect(await rejecting.call("health", { account_id: "act_1" })).toMatchObject({ ok: true });
    const active = await toolkit.call("push-creative", {
      account_id: "act_1",
      adset_id: "1",
      image_url: "https://cdn.example.com/a.png",
      website_url: "https://example.com",
      status: "ACTIVE",
    });
    expect(active).toMatchObject({ ok: false, status: null, blocked: "hard-confirmation" });
  });

  it("hands the host the full outcome through onOutcome", async () => {
    const seen: unknown[] = [];
    const toolkit = kit({ onOutcome: (outcome, id) => seen.push([outcome.kind, outcome.status, id]) });
    fx.on("health", () => wrapped(200, { fine: true }));
    await toolkit.call("health", { account_id: "act_1" }, { toolCallId: "t9" });
    expect(seen).toEqual([["success", 200, "t9"]]);
  });
});
