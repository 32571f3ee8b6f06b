import { describe, expect, it } from "vitest";
import { outOfScope, scopeRefusal, selectTools } from "../../src/guards/scope.js";
import { catalog, getTool, offeredTools } from "../../src/tools/index.js";

const names = (defs: { name: string }[]) => defs.map((d) => d.name);

describe("selectTools", () => {
  it("offers every offered tool by default and never emergency-recovery", () => {
    const all = selectTools(catalog, {});
    expect(all).toHaveLength(offeredTools.length);
    expect(names(all)).not.toContain("emergency-recovery");
    expect(names(selectTools(catalog, { include: ["emergency-recovery", "C"] }))).not.toContain(
      "emergency-recovery",
    );
  });

  it("includes and excludes by name or group", () => {
    expect(names(selectTools(catalog, { include: ["A"] }))).toEqual([
      "list-accounts",
      "results",
      "health",
      "winner-insights",
      "fatigue-alerts",
    ]);
    expect(names(selectTools(catalog, { include: ["A", "push-creative"], exclude: ["results"] }))).toEqual([
      "list-accounts",
      "health",
      "winner-insights",
      "fatigue-alerts",
      "push-creative",
    ]);
    const noC = selectTools(catalog, { exclude: ["C"] });
    expect(noC.some((d) => d.group === "C")).toBe(false);
  });

  it("readOnly keeps only reads and calculators", () => {
    const readOnly = selectTools(catalog, { readOnly: true });
    expect(readOnly.length).toBeGreaterThan(0);
    for (const def of readOnly) expect(["read", "calculator"]).toContain(def.effect);
    expect(names(readOnly)).not.toContain("push-creative");
    expect(names(readOnly)).toContain("list-accounts");
  });

  it("throws on a name no tool or group has, to catch typos", () => {
    expect(() => selectTools(catalog, { include: ["push_creative"] })).toThrow(/push_creative/);
    expect(() => selectTools(catalog, { exclude: ["G"] })).toThrow(/"G"/);
  });
});

describe("scope refusals", () => {
  it("explains why a tool is not offered", () => {
    const push = getTool("push-creative")!;
    expect(outOfScope(push, { readOnly: true })).toContain("read-only");
    expect(scopeRefusal("push-creative", push, { readOnly: true })).toMatchObject({ blocked: "scope" });
    expect(scopeRefusal("nope", undefined, {})).toMatchObject({ blocked: "scope" });
    expect(scopeRefusal("emergency-recovery", getTool("emergency-recovery"), {})).toMatchObject({
      blocked: "disabled",
    });
  });
});
