import { describe, expect, it } from "vitest";
import { splitPartial } from "../../src/guards/partial.js";

describe("splitPartial", () => {
  it("reads a list of items by ok, status, success or error", () => {
    const items = [
      { step: "upload", ok: true },
      { step: "creative", status: 201 },
      { step: "ad", ok: false, error: "ad set not found" },
      { step: "thumb", status: 500 },
      { step: "label", error: "no payer" },
      { step: "x", success: true },
      { step: "staged", status: "PAUSED" },
      { step: "failed", status: "failed" },
    ];
    const split = splitPartial(items);
    expect(split.applied.map((i: any) => i.step)).toEqual(["upload", "creative", "x", "staged"]);
    expect(split.failed.map((i: any) => i.step)).toEqual(["ad", "thumb", "label", "failed"]);
    expect(split.unclassified).toEqual([]);
  });

  it("reads an object with applied and failed lists, or synonyms, or single items", () => {
    expect(splitPartial({ applied: [{ id: 1 }], failed: [{ id: 2, error: "x" }] })).toEqual({
      applied: [{ id: 1 }],
      failed: [{ id: 2, error: "x" }],
      unclassified: [],
    });
    expect(splitPartial({ succeeded: [1, 2], errors: [3] })).toEqual({
      applied: [1, 2],
      failed: [3],
      unclassified: [],
    });
    expect(splitPartial({ applied: { id: 1 }, failed: [] }).applied).toEqual([{ id: 1 }]);
  });

  it("reads a wrapped list and a map of step outcomes", () => {
    expect(splitPartial({ results: [{ ok: true }, { ok: false }] })).toMatchObject({
      applied: [{ ok: true }],
      failed: [{ ok: false }],
    });
    const map = splitPartial({ upload: { ok: true }, create_ad: { ok: false, error: "no" } });
    expect(map.applied).toEqual([{ step: "upload", ok: true }]);
    expect(map.failed).toEqual([{ step: "create_ad", ok: false, error: "no" }]);
  });

  it("keeps what it cannot classify instead of hiding it", () => {
    expect(splitPartial("half done")).toEqual({ applied: [], failed: [], unclassified: ["half done"] });
    expect(splitPartial({ weird: 1 }).unclassified).toEqual([{ weird: 1 }]);
    expect(splitPartial([{ name: "?" }]).unclassified).toEqual([{ name: "?" }]);
    expect(splitPartial(undefined)).toEqual({ applied: [], failed: [], unclassified: [] });
  });
});
