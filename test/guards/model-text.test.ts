import { describe, expect, it } from "vitest";
import { toModelText } from "../../src/guards/model-text.js";
import type { ToolResult } from "../../src/types.js";

describe("toModelText", () => {
  it("is compact JSON with ok and status first", () => {
    const text = toModelText({ data: { a: 1 }, status: 200, ok: true } as ToolResult);
    expect(text).toBe('{"ok":true,"status":200,"data":{"a":1}}');
  });

  it("caps long results with a visible marker and keeps the note ahead of the payload", () => {
    const result: ToolResult = {
      ok: "partial",
      status: 207,
      applied: Array.from({ length: 500 }, (_, i) => ({ id: i, text: "x".repeat(20) })),
      failed: [],
      note: "This write was only partly applied.",
    };
    const text = toModelText(result, 1000);
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(text).toContain("[truncated by adrails:");
    expect(text.indexOf('"note"')).toBeLessThan(text.indexOf('"applied"'));
    expect(text.startsWith('{"ok":"partial","status":207,"note":"This write was only partly applied."')).toBe(
      true,
    );
    // The full result is untouched for the host.
    expect(result.applied).toHaveLength(500);
  });

  it("never splits a surrogate pair at the cut", () => {
    const result: ToolResult = { ok: true, status: 200, data: "😀".repeat(3000) };
    for (const max of [300, 301, 302, 303]) {
      const text = toModelText(result, max);
      expect(text.length).toBeLessThanOrEqual(max);
      expect(() => encodeURIComponent(text)).not.toThrow();
    }
  });

  it("leaves short results whole", () => {
    const result: ToolResult = {
      ok: false,
      status: 429,
      error: "slow down",
      hint: "wait",
      retryable: true,
      retry_after_s: 3,
    };
    expect(JSON.parse(toModelText(result))).toEqual(result);
  });
});

describe("toModelText with a long error", () => {
  const hint =
    "Unexpected server error. Retry in a little while. Calling again with the same input reuses the same request_id, so it cannot duplicate the write.";
  const note = "Whether the ad was created is not known; if it was, it is PAUSED and not live.";

  for (const [label, error] of [
    ["plain", "x".repeat(4_000)],
    ["escaped", '"\\\n'.repeat(3_000)],
    ["emoji", "😀".repeat(5_000)],
    ["just over", "e".repeat(3_800)],
  ] as const) {
    it(`cuts inside error (${label}), never before hint or note`, () => {
      const result: ToolResult = { ok: false, status: 500, error, hint, retryable: true, note };
      for (const max of [600, 1000, 4000]) {
        const text = toModelText(result, max);
        expect(text.length).toBeLessThanOrEqual(max);
        expect(text).toContain(JSON.stringify(hint));
        expect(text).toContain(JSON.stringify(note));
        if (JSON.stringify(result).length > max) expect(text).toContain("error cut by adrails");
        else expect(JSON.parse(text)).toEqual(result);
        expect(() => encodeURIComponent(text)).not.toThrow();
      }
    });
  }

  it("with a payload too, the head stays whole and the tail is cut", () => {
    const result = {
      ok: false,
      status: 403,
      error: "y".repeat(5_000),
      hint,
      retryable: false,
      note,
      accounts: Array.from({ length: 200 }, (_, i) => ({ id: `act_${i}` })),
    } as ToolResult;
    const text = toModelText(result, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text).toContain(JSON.stringify(hint));
    expect(text).toContain(JSON.stringify(note));
  });
});
