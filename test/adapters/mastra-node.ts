import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { node22 as findNode22 } from "../support/node22.js";

// Mastra needs Node 22.13+. On an older Node a Mastra test file runs itself in a Node 22 child
// (ADRAILS_NODE22 when set, else the registry's node@22, which the suite installs once into a cache
// folder) and fails when there is none; it never skips silently.

const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
export const MASTRA_NODE = major > 22 || (major === 22 && minor >= 13);

/** Runs `file` (from the repository's root) under Node 22 and expects at least `atLeast` tests to pass there. */
export async function passesOnNode22(file: string, atLeast: number): Promise<void> {
  const node22 = await findNode22();
  expect(
    existsSync(node22),
    `Mastra needs Node 22.13+: set ADRAILS_NODE22 to a Node 22 binary (${node22} is missing)`,
  ).toBe(true);
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const vitest = fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url));
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      node22,
      [vitest, "run", "--project", "suite", file],
      { cwd: root, env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  // Every Mastra test ran and passed there (none failed, none skipped but the Node 20 one).
  expect(Number(/Tests\s+(\d+) passed/.exec(output)?.[1] ?? 0), output).toBeGreaterThanOrEqual(atLeast);
  expect(output, output).not.toMatch(/[1-9]\d* failed/);
  expect(code, output).toBe(0);
}
