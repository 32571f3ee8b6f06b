import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Each adapter loads only its own framework: an AI SDK user never loads LangChain and the reverse.
// This follows the runtime imports (not `import type`) of each adapter through the source tree.

const src = resolve(import.meta.dirname, "../../src");
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;

/** The packages an entry file loads at runtime, following relative imports. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith(".")) visit(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else if (!specifier.startsWith("node:")) packages.add(specifier);
    }
  };
  visit(join(src, entry));
  return packages;
}

const isLangChain = (p: string) => /^(@langchain\/|langchain($|\/))/.test(p);
const isAiSdk = (p: string) => /^(ai|ai7|@ai-sdk\/[^/]+)($|\/)/.test(p);
const isAgents = (p: string) => /^@openai\/agents/.test(p);
const isClaude = (p: string) => /^@anthropic-ai\/claude-agent-sdk/.test(p);
const isMastra = (p: string) => /^@mastra\//.test(p);

describe("framework imports", () => {
  it("the AI SDK adapter loads the AI SDK and no LangChain package", () => {
    const loaded = [...packagesLoadedBy("adapters/ai-sdk.ts")];
    expect(loaded).toContain("ai");
    expect(loaded.filter((p) => isLangChain(p) || isAgents(p))).toEqual([]);
  });

  it("the LangChain adapter loads LangChain and no AI SDK package", () => {
    const loaded = [...packagesLoadedBy("adapters/langchain.ts")];
    expect(loaded).toEqual(expect.arrayContaining(["@langchain/core/tools", "@langchain/langgraph"]));
    expect(loaded.filter((p) => isAiSdk(p) || isAgents(p))).toEqual([]);
  });

  it("the OpenAI Agents adapter loads the Agents SDK and no AI SDK or LangChain package", () => {
    const loaded = [...packagesLoadedBy("adapters/openai-agents.ts")];
    expect(loaded).toContain("@openai/agents");
    expect(loaded.filter((p) => isAiSdk(p) || isLangChain(p))).toEqual([]);
  });

  it("the Claude Agent SDK adapter loads that SDK and no other framework", () => {
    const loaded = [...packagesLoadedBy("adapters/claude-agent-sdk.ts")];
    expect(loaded).toContain("@anthropic-ai/claude-agent-sdk");
    expect(loaded.filter((p) => isAiSdk(p) || isLangChain(p) || isAgents(p) || isMastra(p))).toEqual([]);
  });

  it("the Mastra adapter loads Mastra and no other framework", () => {
    const loaded = [...packagesLoadedBy("adapters/mastra.ts")];
    expect(loaded.some(isMastra)).toBe(true);
    expect(loaded.filter((p) => isAiSdk(p) || isLangChain(p) || isAgents(p) || isClaude(p))).toEqual([]);
  });

  it("the core loads no framework", () => {
    const loaded = [...packagesLoadedBy("index.ts")];
    expect(
      loaded.filter((p) => isAiSdk(p) || isLangChain(p) || isAgents(p) || isClaude(p) || isMastra(p)),
    ).toEqual([]);
  });
});

describe("the approval model's seam", () => {
  it("no adapter imports guard internals: only the approval model's public index", () => {
    const ALL = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;
    for (const file of readdirSync(join(src, "adapters"))) {
      const text = readFileSync(join(src, "adapters", file), "utf8");
      const guards = [...text.matchAll(ALL)].map(([, s]) => s!).filter((s) => s.includes("/guards/"));
      expect(
        guards.filter((s) => s !== "../guards/approval/index.js"),
        file,
      ).toEqual([]);
    }
  });
});
