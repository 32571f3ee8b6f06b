import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// `redis` is an optional peer: only `adrails/redis` may load it at runtime.
const src = resolve(import.meta.dirname, "../../src");
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;

function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith(".")) visit(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else if (!specifier.startsWith("node:")) packages.add(specifier);
    }
  };
  visit(join(src, entry));
  return packages;
}

describe("the redis package", () => {
  it.each(["index.ts", "adapters/ai-sdk.ts", "adapters/langchain.ts", "sim/index.ts", "cli/bin.ts"])(
    "is not loaded by %s",
    (entry) => {
      expect([...packagesLoadedBy(entry)]).not.toContain("redis");
    },
  );

  it("is loaded by adrails/redis", () => {
    expect([...packagesLoadedBy("redis.ts")]).toContain("redis");
  });
});
