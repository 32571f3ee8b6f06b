import { describe, expect, it } from "vitest";
import type { Outcome } from "../../src/client/outcome.js";
import {
  createRequestIds,
  isDefinitiveRefusal,
  mayHaveApplied,
  targetOf,
} from "../../src/guards/request-ids.js";

const base = { tool: "push-creative", attempts: 1, durationMs: 1 };
const httpError = (status: number, error = "x"): Outcome => ({
  ...base,
  kind: "http-error",
  status,
  error,
  shape: "wrapped",
  body: {},
});

describe("createRequestIds", () => {
  it("derives the same id for the same scope, tool and change, and different ids otherwise", async () => {
    const ids = createRequestIds();
    const a = await ids.derive("s1", "push-creative", "fp_1");
    expect(a.id).toMatch(/^adr_[0-9a-f]{32}$/);
    expect(a.id.length).toBeGreaterThanOrEqual(8);
    expect((await ids.derive("s1", "push-creative", "fp_1")).id).toBe(a.id);
    expect((await ids.derive("s2", "push-creative", "fp_1")).id).not.toBe(a.id);
    expect((await ids.derive("s1", "push-creative", "fp_2")).id).not.toBe(a.id);
    expect((await ids.derive("s1", "creative-loop", "fp_1")).id).not.toBe(a.id);
  });

  it("moves a change to a fresh id after a definitive refusal, once per refusal", async () => {
    const ids = createRequestIds();
    const first = await ids.derive("s", "push-creative", "fp");
    const twin = await ids.derive("s", "push-creative", "fp");
    expect(await ids.settle(first, httpError(409, "write budget spent"))).toBe(true);
    // The parallel twin shared the same refusal: no second bump.
    expect(await ids.settle(twin, httpError(409, "write budget spent"))).toBe(false);
    const second = await ids.derive("s", "push-creative", "fp");
    expect(second.id).not.toBe(first.id);
    expect(second.generation).toBe(1);
  });

  it("keeps the id after ambiguous failures and after answers that wrote", async () => {
    const ids = createRequestIds();
    const first = await ids.derive("s", "push-creative", "fp");
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
    for (const outcome of kept) expect(await ids.settle(first, outcome)).toBe(false);
    expect((await ids.derive("s", "push-creative", "fp")).id).toBe(first.id);
  });

  it("counts 400, 401, 403, 404, 410, 422 and a 409 for budget or confirmation as definitive", async () => {
    for (const status of [400, 401, 403, 404, 410, 422])
      expect(isDefinitiveRefusal(httpError(status))).toBe(true);
    for (const status of [429, 500, 502, 503]) expect(isDefinitiveRefusal(httpError(status))).toBe(false);
    expect(isDefinitiveRefusal(httpError(409, "Write budget spent: 200 writes per window"))).toBe(true);
    expect(isDefinitiveRefusal(httpError(409, "hard_confirm_text is required for ACTIVE"))).toBe(true);
  });

  it("keeps the id after a 409 about the id itself: the same change is running or done", async () => {
    expect(
      isDefinitiveRefusal(
        httpError(409, "Duplicate request_id x: the first request with it is still running"),
      ),
    ).toBe(false);
    expect(isDefinitiveRefusal(httpError(409, "conflict"))).toBe(false);
  });
});

describe("ids of a toggled entity", () => {
  const ok: Outcome = { ...base, kind: "success", status: 200, data: {} };
  const alert = targetOf("dismiss-competitor-change-alert", { alert_id: "al_1", action: "dismiss" });

  it("names the target of state-setting tools only", async () => {
    expect(alert).toBeDefined();
    expect(targetOf("dismiss-competitor-change-alert", { alert_id: "al_1", action: "restore" })).toBe(alert);
    expect(targetOf("dismiss-competitor-change-alert", { alert_id: "al_2" })).not.toBe(alert);
    expect(targetOf("dismiss-competitor-change-alert", { action: "dismiss" })).toBeUndefined();
    for (const creates of ["push-creative", "record-experiment-result", "generate-from-brief"]) {
      expect(targetOf(creates, { adset_id: "1", experiment_id: "e", version_id: "v" })).toBeUndefined();
    }
  });

  it("retires the other changes' ids once a different change to the target applied", async () => {
    const ids = createRequestIds();
    const d1 = await ids.derive("s", "dismiss", "fp_d", alert);
    await ids.settle(d1, ok);
    // A plain repeat keeps the id.
    expect((await ids.derive("s", "dismiss", "fp_d", alert)).id).toBe(d1.id);
    const r1 = await ids.derive("s", "dismiss", "fp_r", alert);
    await ids.settle(r1, ok);
    expect((await ids.derive("s", "dismiss", "fp_r", alert)).id).toBe(r1.id);
    const d2 = await ids.derive("s", "dismiss", "fp_d", alert);
    expect(d2.id).not.toBe(d1.id);
    await ids.settle(d2, ok);
    expect((await ids.derive("s", "dismiss", "fp_d", alert)).id).toBe(d2.id);
    const r2 = await ids.derive("s", "dismiss", "fp_r", alert);
    expect(new Set([d1.id, r1.id, d2.id, r2.id]).size).toBe(4);
  });

  it("retires after answers that may have applied, not after refusals", async () => {
    const lost: Outcome = { ...base, kind: "network-error", status: null, error: "t", cause: "timeout" };
    const ids = createRequestIds();
    const d1 = await ids.derive("s", "dismiss", "fp_d", alert);
    await ids.settle(d1, ok);
    for (const refused of [httpError(400), httpError(404), httpError(429)]) {
      await ids.settle(await ids.derive("s", "dismiss", "fp_r", alert), refused);
      expect((await ids.derive("s", "dismiss", "fp_d", alert)).id).toBe(d1.id);
    }
    const r = await ids.derive("s", "dismiss", "fp_r", alert);
    await ids.settle(r, lost);
    // The lost restore keeps its id for its own retry; the dismiss moves on.
    expect((await ids.derive("s", "dismiss", "fp_r", alert)).id).toBe(r.id);
    expect((await ids.derive("s", "dismiss", "fp_d", alert)).id).not.toBe(d1.id);
  });

  it("leaves ids without a target as they were", async () => {
    const ids = createRequestIds();
    const a = await ids.derive("s", "push-creative", "fp_a");
    await ids.settle(a, ok);
    await ids.settle(await ids.derive("s", "push-creative", "fp_b"), ok);
    expect((await ids.derive("s", "push-creative", "fp_a")).id).toBe(a.id);
    expect(a.id).toBe((await createRequestIds().derive("s", "push-creative", "fp_a")).id);
  });

  it("counts only answers that show nothing was applied as not applied", async () => {
    expect(mayHaveApplied(ok)).toBe(true);
    expect(mayHaveApplied({ ...base, kind: "partial", status: 207, data: {}, partial: [] })).toBe(true);
    expect(mayHaveApplied(httpError(503))).toBe(true);
    expect(mayHaveApplied(httpError(409, "Duplicate request_id: still running"))).toBe(true);
    expect(
      mayHaveApplied({ ...base, kind: "network-error", status: null, error: "c", cause: "config" }),
    ).toBe(false);
    for (const status of [400, 403, 404, 429]) expect(mayHaveApplied(httpError(status))).toBe(false);
    expect(mayHaveApplied(httpError(409, "write budget spent"))).toBe(false);
    expect(mayHaveApplied({ ...base, kind: "soft-error", status: 200, error: "x", data: {} })).toBe(false);
  });
});
