import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of adrails' package.json, found by walking up from this file (src/cli or dist/cli). */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && isAdrails(manifest)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return join(from, "..", "..");
    dir = parent;
  }
}

function isAdrails(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "adrails";
  } catch {
    return false;
  }
}
