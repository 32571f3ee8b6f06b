import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Mastra needs Node 22.13+. The suite fetches that Node itself, as .ci/run does: the npm registry's
// `node` package, installed once under the same cache folder .ci/run uses, so a fresh machine needs
// nothing but `npm test` (ADRAILS_NODE22, when set, names a binary to use instead).

/** Where the suite keeps the Node 22 it installed (shared with .ci/run). */
export const NODE22_CACHE = join(process.env.TMPDIR || tmpdir(), "adrails-ci-node", "22");
const BIN = ["node_modules", "node", "bin", "node"];

let pending: Promise<string> | undefined;

/** A Node 22 binary: ADRAILS_NODE22, else the cached one, else `npm i node@22` into the cache first. */
export function node22(): Promise<string> {
  const named = process.env.ADRAILS_NODE22;
  if (named) return Promise.resolve(named);
  const cached = join(NODE22_CACHE, ...BIN);
  if (existsSync(cached)) return Promise.resolve(cached);
  pending ??= install(cached).finally(() => {
    pending = undefined;
  });
  return pending;
}

async function install(cached: string): Promise<string> {
  // Into a folder of its own, then renamed into place: two test workers may install at once, and
  // neither may see a half-written binary.
  mkdirSync(join(NODE22_CACHE, ".."), { recursive: true });
  const staging = mkdtempSync(`${NODE22_CACHE}.installing-`);
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.platform === "win32" ? "npm.cmd" : "npm",
        ["i", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", staging, "node@22"],
        { env: { ...process.env, npm_config_update_notifier: "false" }, timeout: 240_000 },
        (error, _stdout, stderr) =>
          error
            ? reject(
                new Error(
                  `Mastra needs Node 22.13+, and \`npm i node@22\` failed: ${stderr || error.message}`,
                ),
              )
            : resolve(),
      );
    });
    try {
      renameSync(staging, NODE22_CACHE);
    } catch (error) {
      // Another worker's install got there first: use it.
      if (!existsSync(cached)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return cached;
}
