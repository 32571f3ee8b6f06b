import type { AdapterName, RunRecord } from "./record.js";
import type { Stage } from "./scenario.js";
import type { Fixture } from "./schema.js";
import { segmentsOf } from "./script.js";

/** One framework's loop: plays a fixture against a staged simulator. */
export type Driver = (
  fixture: Fixture,
  stage: Stage,
  options: { sessionId: string; system?: string; live?: unknown },
) => Promise<RunRecord>;

/** The packages each framework's driver imports: all optional peers of adrails. */
export const FRAMEWORK_PACKAGES: Record<AdapterName, readonly string[]> = {
  "ai-sdk": ["ai"],
  langchain: ["langchain", "@langchain/core", "@langchain/langgraph"],
  "openai-agents": ["@openai/agents"],
  mastra: ["@mastra/core", "ai"],
  "claude-agent-sdk": ["@anthropic-ai/claude-agent-sdk"],
};

// Loaded on first use, so an installation without a framework can still replay the others.
const LOADERS: Record<AdapterName, () => Promise<Driver>> = {
  "ai-sdk": async () => (await import("./drivers/ai-sdk.js")).runAiSdk as Driver,
  langchain: async () => (await import("./drivers/langchain.js")).runLangChain as Driver,
  "openai-agents": async () => (await import("./drivers/openai-agents.js")).runOpenAIAgents as Driver,
  mastra: async () => (await import("./drivers/mastra.js")).runMastra as Driver,
  "claude-agent-sdk": async () => (await import("./drivers/claude-agent-sdk.js")).runClaudeAgentSdk as Driver,
};

/** A framework whose packages are not installed. */
export class FrameworkMissingError extends Error {
  override name = "FrameworkMissingError";
  constructor(
    readonly adapter: AdapterName,
    readonly missing: string,
  ) {
    const all = FRAMEWORK_PACKAGES[adapter].join(" ");
    super(`${adapter}: skipped, the ${missing} package is not installed (to replay on it: npm i ${all})`);
  }
}

/** A framework that cannot run on this Node. */
export class FrameworkNodeError extends FrameworkMissingError {
  constructor(adapter: AdapterName, needs: string) {
    super(adapter, FRAMEWORK_PACKAGES[adapter][0]!);
    this.message = `${adapter}: skipped, it needs Node ${needs} (this is Node ${process.versions.node})`;
  }
}

// Mastra declares Node 22.13+.
const NODE_NEEDS: Partial<Record<AdapterName, [number, number]>> = { mastra: [22, 13] };

function nodeTooOld(adapter: AdapterName): string | undefined {
  const needs = NODE_NEEDS[adapter];
  if (!needs) return undefined;
  const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
  return major > needs[0] || (major === needs[0] && minor >= needs[1])
    ? undefined
    : `${needs[0]}.${needs[1]}+`;
}

/** Why `adapter` does not replay `fixture`, when it does not: a mode its adapter does not offer. */
export function notReplayedOn(adapter: AdapterName, fixture: Fixture): string | undefined {
  if (adapter === "claude-agent-sdk") {
    // query() plays one prompt; Claude Code's own ToolSearch stands in for find-tools.
    if (fixture.toolkit.dynamic)
      return "the Claude Agent SDK adapter has no find-tools mode (Claude Code's tool search instead)";
    if (segmentsOf(fixture).segments.length !== 1)
      return "the Claude Agent SDK driver plays one user turn per query()";
  }
  return undefined;
}

const drivers = new Map<AdapterName, Promise<Driver>>();

/** The driver of a framework; rejects with FrameworkMissingError when its packages are missing. */
export function loadDriver(adapter: AdapterName): Promise<Driver> {
  const needs = nodeTooOld(adapter);
  if (needs) return Promise.reject(new FrameworkNodeError(adapter, needs));
  let driver = drivers.get(adapter);
  if (!driver) {
    driver = LOADERS[adapter]().catch((error: unknown) => {
      drivers.delete(adapter);
      const missing = missingPackage(error, FRAMEWORK_PACKAGES[adapter]);
      throw missing ? new FrameworkMissingError(adapter, missing) : error;
    });
    drivers.set(adapter, driver);
  }
  return driver;
}

/** Splits adapters into those whose framework loads and a line for each one that is skipped. */
export async function installedFrameworks(
  adapters: readonly AdapterName[],
): Promise<{ adapters: AdapterName[]; skipped: string[] }> {
  const ready: AdapterName[] = [];
  const skipped: string[] = [];
  for (const adapter of adapters) {
    try {
      await loadDriver(adapter);
      ready.push(adapter);
    } catch (error) {
      if (!(error instanceof FrameworkMissingError)) throw error;
      skipped.push(error.message);
    }
  }
  return { adapters: ready, skipped };
}

/** The framework package a failed import names as missing, if it is one of `packages`. */
function missingPackage(error: unknown, packages: readonly string[]): string | undefined {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code !== "ERR_MODULE_NOT_FOUND" && e?.code !== "MODULE_NOT_FOUND") return undefined;
  const message = String(e.message);
  const named = /Cannot find (?:package|module) '([^']+)'/.exec(message)?.[1] ?? "";
  return packages.find((name) => named === name || named.startsWith(`${name}/`));
}
