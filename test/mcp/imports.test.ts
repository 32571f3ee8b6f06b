import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The MCP SDK is an optional peer dependency: only `adrails/mcp` (and `adrails mcp`, through a
// dynamic import) loads it. This follows the static runtime imports through the source tree.

const src = resolve(import.meta.dirname, "../../src");
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;

function packagesLoadedBy(entry: string): string[] {
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
  return [...packages];
}

const isMcp = (p: string) => p.startsWith("@modelcontextprotocol/");

describe("MCP imports", () => {
  it("adrails/mcp loads the v2 server package and no agent framework", () => {
    const loaded = packagesLoadedBy("mcp/index.ts");
    expect(loaded.filter(isMcp).sort()).toEqual([
      "@modelcontextprotocol/server",
      "@modelcontextprotocol/server/stdio",
    ]);
    expect(loaded.filter((p) => /^(ai|@ai-sdk\/|@langchain\/|langchain)/.test(p))).toEqual([]);
  });

  it("the core, the framework adapters and the CLI's entry load no MCP package", () => {
    for (const entry of [
      "index.ts",
      "adapters/ai-sdk.ts",
      "adapters/langchain.ts",
      "cli/main.ts",
      "cli/bin.ts",
    ]) {
      expect(packagesLoadedBy(entry).filter(isMcp), entry).toEqual([]);
    }
  });
});
