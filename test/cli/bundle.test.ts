import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, ROOT } from "./helpers.js";

// dist/ is one code-split bundle of every entry point (scripts/bundle-dist.mjs): a cold start or an
// adapter import loads a few files, and each class exists once, shared by the CLI and the entries.

beforeAll(() => buildOnce(), 120_000);

const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
    item.isDirectory()
      ? jsFiles(join(dir, item.name))
      : item.name.endsWith(".js")
        ? [join(dir, item.name)]
        : [],
  );

describe("the bundled dist/", () => {
  it("keeps each entry point's path as a module that re-exports its bundle", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    for (const target of Object.values(manifest.exports) as (string | { default: string })[]) {
      const file = typeof target === "string" ? target : target.default;
      if (!file.endsWith(".js")) continue;
      expect(readFileSync(join(ROOT, file), "utf8"), file).toMatch(/^export \* from "\.\.?\/(\.\.\/)?b\//);
    }
    // Outside dist/b/ only the entries' one-line modules are left.
    const outside = jsFiles(join(ROOT, "dist")).filter((file) => !file.includes(`${join("dist", "b")}`));
    expect(outside.length).toBeLessThan(20);
  });

  it("evals --options: a StoreError from a module importing adrails is the CLI's own class (a store refusal)", () => {
    const out = mkdtempSync(join(tmpdir(), "adrails-bundle-"));
    const run = spawnSync(
      process.execPath,
      [
        BIN,
        "evals",
        "--dir",
        join(ROOT, "examples/evals/conversations"),
        "--adapter",
        "ai-sdk",
        "--quiet",
        "--out",
        out,
        "--options",
        join(ROOT, "test/cli/child/failing-store-options.mjs"),
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 60_000 },
    );
    rmSync(out, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(1);
    // Told apart by `instanceof StoreError`: the store's message, and what a store failure means.
    expect(run.stdout).toContain('"error":"push-creative: The bundle-check store is down."');
    expect(run.stdout).toContain("Nothing was sent: the shared store adrails keeps its limits");
  }, 90_000);
});
