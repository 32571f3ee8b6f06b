import { describe, expect, it } from "vitest";
import type { Outcome } from "../../src/client/outcome.js";
import { blocked, shapeOutcome } from "../../src/guards/results.js";

const base = { tool: "t", attempts: 1, durationMs: 1 };
const write = { writes: true, idField: "request_id", notes: [] };
const read = { writes: false, notes: [] };
const err = (status: number, error: string, extra: object = {}): Outcome => ({
  ...base,
  kind: "http-error",
  status,
  error,
  shape: "wrapped",
  body: {},
  ...extra,
});

describe("shapeOutcome", () => {
  it("200 is the only success", () => {
    expect(shapeOutcome({ ...base, kind: "success", status: 200, data: { a: 1 } }, read)).toEqual({
      ok: true,
      status: 200,
      data: { a: 1 },
    });
  });

  it("a 200 whose body is not JSON is an unknown outcome, not a refusal", () => {
    const garbled = err(200, "HTTP 200: the body is not JSON", { shape: "non-json", body: "<html>" });
    const onWrite = shapeOutcome(garbled, write) as any;
    expect(onWrite).toMatchObject({ ok: false, status: 200, retryable: true });
    expect(onWrite.hint).toMatch(/outcome is unknown/);
    expect(onWrite.hint).toMatch(/same request_id/);
    expect(onWrite.hint).not.toMatch(/refused/);
    const unkeyed = shapeOutcome(garbled, { writes: true, notes: [] }) as any;
    expect(unkeyed).toMatchObject({ retryable: false });
    expect(unkeyed.hint).toMatch(/Check before calling again/);
    expect(shapeOutcome(garbled, read)).toMatchObject({ retryable: true });
  });

  it("a soft 200 is a failure with a hint", () => {
    const result = shapeOutcome(
      { ...base, kind: "soft-error", status: 200, error: "unknown niche", data: {} },
      read,
    );
    expect(result).toMatchObject({ ok: false, status: 200, error: "unknown niche" });
    expect((result as any).hint).toMatch(/did not succeed/);
  });

  it("207 lists applied and failed parts and warns against repeating", () => {
    const result = shapeOutcome(
      {
        ...base,
        kind: "partial",
        status: 207,
        data: {
          partial: [
            { step: "upload", ok: true },
            { step: "ad", ok: false, error: "x" },
          ],
          run: "r1",
        },
        partial: [
          { step: "upload", ok: true },
          { step: "ad", ok: false, error: "x" },
        ],
      },
      write,
    );
    expect(result.ok).toBe("partial");
    if (result.ok !== "partial") return;
    expect(result.applied).toEqual([{ step: "upload", ok: true }]);
    expect(result.failed).toEqual([{ step: "ad", ok: false, error: "x" }]);
    expect(result.note).toMatch(/partly applied/);
    expect(result.note).toMatch(/not a success/);
    expect(result.note).toMatch(/would duplicate the applied part/);
    expect(result.data).toEqual({ run: "r1" });
  });

  it("403 with accounts lists the ids to choose from", () => {
    const result = shapeOutcome(
      err(403, "not reachable", { accounts: [{ id: "act_1", name: "Main" }, { id: "act_2" }] }),
      write,
    ) as any;
    expect(result).toMatchObject({ ok: false, status: 403, retryable: false });
    expect(result.accounts).toHaveLength(2);
    expect(result.hint).toContain("act_1 (Main), act_2");
  });

  it("403 plan gives upgrade_url and says a person must upgrade", () => {
    const result = shapeOutcome(
      err(403, "paid plan", { upgradeUrl: "https://x.example/pricing" }),
      write,
    ) as any;
    expect(result.upgrade_url).toBe("https://x.example/pricing");
    expect(result.hint).toMatch(/person must upgrade/);
    expect(result.hint).toContain("https://x.example/pricing");
  });

  it("401 says a person must replace the key, do not retry", () => {
    const result = shapeOutcome(err(401, "bad key"), read) as any;
    expect(result.retryable).toBe(false);
    expect(result.hint).toMatch(/person must replace the key/);
    expect(result.hint).toMatch(/Do not retry/);
  });

  it("409 tells duplicate, budget and confirmation apart", () => {
    expect((shapeOutcome(err(409, "Write budget exhausted for act_1"), write) as any).hint).toMatch(
      /write budget/,
    );
    expect((shapeOutcome(err(409, "hard_confirm_text is required"), write) as any).hint).toMatch(/PAUSED/);
    expect((shapeOutcome(err(409, "duplicate request_id"), write) as any).hint).toMatch(/already in use/);
    expect(
      (shapeOutcome(err(409, "duplicate request_id"), { ...write, idDerived: true }) as any).hint,
    ).toMatch(/same input: it returns the first outcome/);
    expect((shapeOutcome(err(409, "conflict"), write) as any).hint).toMatch(/duplicate request id, a spent/);
  });

  it("410, 422, 429, 502 and 503 have their own hints and retryability", () => {
    expect(shapeOutcome(err(410, "gone"), read)).toMatchObject({
      retryable: false,
      hint: expect.stringMatching(/disabled/),
    });
    expect(shapeOutcome(err(422, "scrape"), read)).toMatchObject({
      hint: expect.stringMatching(/description/),
    });
    expect(shapeOutcome(err(429, "slow", { retryAfterS: 7 }), read)).toMatchObject({
      retryable: true,
      retry_after_s: 7,
      hint: expect.stringContaining("7 s"),
    });
    expect(shapeOutcome(err(502, "upstream"), read)).toMatchObject({ retryable: true });
    expect(shapeOutcome(err(503, "degraded"), write)).toMatchObject({
      retryable: true,
      hint: expect.stringContaining("same request_id"),
    });
    expect(shapeOutcome(err(500, "oops"), read)).toMatchObject({ retryable: true });
    expect(shapeOutcome(err(404, "no such ad"), read)).toMatchObject({ retryable: false });
    expect(shapeOutcome(err(400, "matrix too big"), write)).toMatchObject({
      hint: expect.stringContaining("without request_id"),
    });
  });

  it("network failures say whether the write may have happened and whether to retry", () => {
    const timeout: Outcome = {
      ...base,
      kind: "network-error",
      status: null,
      error: "no answer",
      cause: "timeout",
    };
    expect(shapeOutcome(timeout, write)).toMatchObject({
      ok: false,
      status: null,
      retryable: true,
      hint: expect.stringContaining("cannot create a duplicate"),
    });
    expect(shapeOutcome({ ...timeout, cause: "aborted" }, write)).toMatchObject({ retryable: false });
    expect(shapeOutcome({ ...timeout, cause: "config" }, write)).toMatchObject({ retryable: false });
  });

  it("carries the guards' notes", () => {
    const notes = ["first.", "second."];
    expect(
      shapeOutcome({ ...base, kind: "success", status: 200, data: 1 }, { ...read, notes }),
    ).toMatchObject({
      note: "first. second.",
    });
  });
});

describe("blocked", () => {
  it("is a refusal with nothing sent", () => {
    expect(blocked("scope", "e", "h")).toEqual({
      ok: false,
      status: null,
      blocked: "scope",
      error: "e",
      hint: "h",
    });
    expect(blocked("validation", "e", "h", ["n"])).toMatchObject({ note: "n" });
  });
});
