import { describe, expect, it } from "vitest";
import { PHRASINGS } from "../../bench/phrasings.js";
import { conversationCases, measure, selectionCases } from "../../bench/selection.js";
import { searchTools } from "../../src/index.js";
import { offeredTools } from "../../src/tools/index.js";

describe("searchTools", () => {
  it("ranks every needed tool in the top 5 for at least 95% of 100+ requests", () => {
    const cases = selectionCases();
    expect(cases.length).toBeGreaterThanOrEqual(100);
    const result = measure(cases);
    expect(result.complete5, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.95);
  });

  it("takes the first user turn of every eval conversation, and phrasings that never name a needed tool", () => {
    expect(conversationCases().length).toBeGreaterThanOrEqual(40);
    for (const { text, needs } of PHRASINGS) {
      for (const name of needs) {
        const said = text.toLowerCase();
        expect(said.includes(name) || said.includes(name.replace(/-/g, " ")), `${text} names ${name}`).toBe(
          false,
        );
      }
    }
    const covered = new Set(PHRASINGS.flatMap((p) => p.needs));
    expect(offeredTools.filter((t) => !covered.has(t.name)).map((t) => t.name)).toEqual([]);
  });

  it("finds each tool first by its own name", () => {
    for (const tool of offeredTools)
      expect(searchTools(tool.name, { limit: 1 }), tool.name).toEqual([tool.name]);
  });

  it("honours limit and tools, never offers a disabled tool, and is deterministic", () => {
    const query = "make new image ads from a landing page";
    expect(searchTools(query, { limit: 2 })).toHaveLength(2);
    expect(searchTools(query)).toHaveLength(5);
    expect(searchTools(query)).toEqual(searchTools(query));
    expect(
      searchTools(query, { tools: ["hooks", "results"] }).every((n) => ["hooks", "results"].includes(n)),
    ).toBe(true);
    expect(searchTools("emergency recovery pause expensive ads", { limit: 52 })).not.toContain(
      "emergency-recovery",
    );
    expect(searchTools("", { limit: 5 })).toEqual([]);
    expect(searchTools("zzzz qqqq")).toEqual([]);
    expect(searchTools("results", { limit: -3 })).toEqual([]);
  });
});
