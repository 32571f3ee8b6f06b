import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PACKS_DOC, renderPacksDoc } from "../../bench/pack-docs.js";
import { createAdTools, PACK_NAMES, PACKS } from "../../src/index.js";
import { offeredTools } from "../../src/tools/index.js";

const kit = (options: Parameters<typeof createAdTools>[0] = {}) =>
  createAdTools({ apiKey: "adk_unused_placeholder", baseUrl: "http://127.0.0.1:9", ...options });
const names = (options: Parameters<typeof createAdTools>[0]) => kit(options).tools.map((t) => t.name);

describe("packs", () => {
  it("name only offered tools, and every offered tool is in some pack", () => {
    const offered = new Set(offeredTools.map((t) => t.name));
    for (const pack of PACK_NAMES)
      for (const tool of PACKS[pack].tools) expect(offered.has(tool), tool).toBe(true);
    const packed = new Set(PACK_NAMES.flatMap((pack) => PACKS[pack].tools));
    expect([...offered].filter((name) => !packed.has(name))).toEqual([]);
    expect(
      PACKS.analyst.tools.every((name) =>
        ["A", "B"].includes(offeredTools.find((t) => t.name === name)!.group),
      ),
    ).toBe(true);
    expect([...PACKS.experiments.tools, ...PACKS.briefs.tools].sort()).toEqual(
      offeredTools
        .filter((t) => t.group === "E")
        .map((t) => t.name)
        .sort(),
    );
  });

  it("pack selects exactly the pack's tools, several packs their union, in catalog order", () => {
    expect(names({ pack: "publisher" }).sort()).toEqual([...PACKS.publisher.tools].sort());
    expect(names({ pack: ["sources", "monitoring"] })).toEqual(
      offeredTools.filter((t) => t.group === "D" || t.group === "F").map((t) => t.name),
    );
  });

  it("combines with include, exclude and readOnly, and refuses a tool outside it by name", async () => {
    expect(names({ pack: "publisher", readOnly: true })).toEqual(["list-accounts", "results", "ad-copy"]);
    expect(names({ pack: "publisher", exclude: ["ad-copy"] })).not.toContain("ad-copy");
    expect(names({ pack: "publisher", include: ["C"] }).sort()).toEqual([
      "ad-copy",
      "push-creative",
      "save-creative",
    ]);
    const result = await kit({ pack: "sources" }).call("results", {});
    expect(result).toMatchObject({ ok: false, status: null, blocked: "scope" });
    expect((result as { error: string }).error).toContain("sources pack");
  });

  it("refuses a pack name that does not exist", () => {
    expect(() => kit({ pack: "everything" as never })).toThrow(/no pack named "everything"/);
  });

  it("docs/packs.md is what bench/pack-docs.ts generates (run it after changing a pack or a tool)", async () => {
    expect(readFileSync(PACKS_DOC, "utf8")).toBe(await renderPacksDoc());
  });
});
