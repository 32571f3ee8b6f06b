// Import time of each adapter entry next to its framework's own import: `import("adrails/<entry>")`
// and `import("<framework>")`, each in a fresh Node process (spawn to exit, so Node's own start is
// in both), run in alternation so both see the same load; prints medians and the ratio.
// Needs a build (npm run build).   npx tsx bench/import-time.ts [pairs, default 9] [entry filter]
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const pairs = Number(process.argv[2] ?? 9);
// Only the entries whose adrails import contains this text (e.g. "claude"), when given.
const only = process.argv[3];
const root = join(import.meta.dirname, "..");
// Each adapter next to the import its users' agent code starts with: `langchain` for LangChain.js 1
// (`createAgent`, which the adapter's approval middleware builds on), and `@langchain/core/tools`,
// the lightest LangChain import, for scale.
const ENTRIES: [string, string][] = [
  ["adrails/ai-sdk", "ai"],
  ["adrails/langchain", "langchain"],
  ["adrails/langchain", "@langchain/core/tools"],
  ["adrails/openai-agents", "@openai/agents"],
  // The Claude Agent SDK bundles its own zod: here adrails' zod (112 ESM files, 80 of them locales)
  // is not shared with the framework, unlike the entries above.
  ["adrails/claude-agent-sdk", "@anthropic-ai/claude-agent-sdk"],
  // What any program that gives the SDK a tool() loads: the SDK's tool() takes only zod schemas.
  ["adrails/claude-agent-sdk", "@anthropic-ai/claude-agent-sdk + zod"],
  // The README's program next to that.
  [
    "@anthropic-ai/claude-agent-sdk + adrails + adrails/claude-agent-sdk",
    "@anthropic-ai/claude-agent-sdk + zod",
  ],
];

/** Spawn to exit of a process importing `specifiers` ("a + b": a, then b). */
function timed(specifiers: string): number {
  const code = specifiers
    .split(" + ")
    .map((specifier) => `await import(${JSON.stringify(specifier)});`)
    .join(" ");
  const started = performance.now();
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: root,
    stdio: "ignore",
  });
  if (run.status !== 0) throw new Error(`import of ${specifiers} failed`);
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`load average ${loadavg()[0]!.toFixed(1)}, ${pairs} pairs`);
for (const [ours, theirs] of ENTRIES.filter(([entry]) => only === undefined || entry.includes(only))) {
  const a: number[] = [];
  const b: number[] = [];
  timed(ours);
  timed(theirs);
  for (let i = 0; i < pairs; i++) {
    a.push(timed(ours));
    b.push(timed(theirs));
  }
  const ratio = median(a.map((x, i) => x / b[i]!));
  console.log(
    `${ours.padEnd(22)} ${median(a).toFixed(0)} ms  vs ${theirs.padEnd(22)} ${median(b).toFixed(0)} ms  ratio ${ratio.toFixed(2)} (median of pairs)`,
  );
}
