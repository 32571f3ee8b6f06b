import { describe, expect, it } from "vitest";
import type { Outcome } from "../../src/client/outcome.js";
import { checkGivenId, createRequestIds, isDefinitiveRefusal } from "../../src/guards/request-ids.js";
import { getTool } from "../../src/tools/index.js";

const base = { tool: "push-creative", attempts: 1, durationMs: 1 };
const httpError = (status: number, error = "x"): Outcome => ({
  ...base,
  kind: "http-error",
  status,
  error,
  shape: "wrapped",
  body: {},
});

describe("checkGivenId", () => {
  const push = getTool("push-creative")!;
  it("keeps a valid request_id and replaces invalid ones with a note", () => {
    expect(checkGivenId(push, "req-12345678")).toEqual({ id: "req-12345678" });
    for (const bad of ["short", "x".repeat(129), 12345678, "        ", null]) {
      const checked = checkGivenId(push, bad);
      expect(checked.id).toBeUndefined();
      expect(checked.note).toContain("8 to 128");
    }
  });

  it("needs a non-blank string for idempotency keys", () => {
    const dismiss = getTool("dismiss-competitor-change-alert")!;
    expect(checkGivenId(dismiss, "k")).toEqual({ id: "k" });
    expect(checkGivenId(dismiss, "").note).toContain("non-empty");
  });
});

describe("createRequestIds", () => {
  it("derives the same id for the same scope, tool and change, and different ids otherwise", () => {
    const ids = createRequestIds();
    const a = ids.derive("s1", "push-creative", "fp_1");
    expect(a.id).toMatch(/^adr_[0-9a-f]{32}$/);
    expect(a.id.length).toBeGreaterThanOrEqual(8);
    expect(ids.derive("s1", "push-creative", "fp_1").id).toBe(a.id);
    expect(ids.derive("s2", "push-creative", "fp_1").id).not.toBe(a.id);
    expect(ids.derive("s1", "push-creative", "fp_2").id).not.toBe(a.id);
    expect(ids.derive("s1", "creative-loop", "fp_1").id).not.toBe(a.id);
  });

  it("moves a change to a fresh id after a definitive refusal, once per refusal", () => {
    const ids = createRequestIds();
    const first = ids.derive("s", "push-creative", "fp");
    const twin = ids.derive("s", "push-creative", "fp");
    expect(ids.settle(first, httpError(409, "write budget spent"))).toBe(true);
    // The parallel twin shared the same refusal: no second bump.
    expect(ids.settle(twin, httpError(409, "write budget spent"))).toBe(false);
    const second = ids.derive("s", "push-creative", "fp");
    expect(second.id).not.toBe(first.id);
    expect(second.generation).toBe(1);
  });

  it("keeps the id after ambiguous failures and after answers that wrote", () => {
    const ids = createRequestIds();
    const first = ids.derive("s", "push-creative", "fp");
    const kept: Outcome[] = [
      httpError(503),
      httpError(500),
      httpError(502),
      httpError(429),
      { ...base, kind: "network-error", status: null, error: "timeout", cause: "timeout" },
      { ...base, kind: "network-error", status: null, error: "drop", cause: "connection" },
      { ...base, kind: "success", status: 200, data: {} },
      { ...base, kind: "partial", status: 207, data: {}, partial: [] },
    ];
    for (const outcome of kept) expect(ids.settle(first, outcome)).toBe(false);
    expect(ids.derive("s", "push-creative", "fp").id).toBe(first.id);
  });

  it("counts 400, 401, 403, 404, 410, 422 and a 409 for budget or confirmation as definitive", () => {
    for (const status of [400, 401, 403, 404, 410, 422])
      expect(isDefinitiveRefusal(httpError(status))).toBe(true);
    for (const status of [429, 500, 502, 503]) expect(isDefinitiveRefusal(httpError(status))).toBe(false);
    expect(isDefinitiveRefusal(httpError(409, "Write budget spent: 200 writes per window"))).toBe(true);
    expect(isDefinitiveRefusal(httpError(409, "hard_confirm_text is required for ACTIVE"))).toBe(true);
  });

  it("keeps the id after a 409 about the id itself: the same change is running or done", () => {
    expect(
      isDefinitiveRefusal(
        httpError(409, "Duplicate request_id x: the first request with it is still running"),
      ),
    ).toBe(false);
    expect(isDefinitiveRefusal(httpError(409, "conflict"))).toBe(false);
  });
});
