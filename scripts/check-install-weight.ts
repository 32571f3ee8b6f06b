// What `npm install adrails` brings to a project that installs nothing else: the packed tarball
// installed into an empty folder, counted (packages, MB of node_modules). Exit 1 over the ceiling.
// Run after `npm run build`: npx tsx scripts/check-install-weight.ts (needs the npm registry or a
// warm npm cache).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const CEILING = 30;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "adrails-weight-"));
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8" });

function bytes(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, entry) => total + bytes(join(path, entry)), 0);
}

try {
  const tarball = join(
    work,
    npm(["pack", "--silent", "--pack-destination", work], root).trim().split("\n").at(-1)!,
  );
  const project = join(work, "empty");
  execFileSync("mkdir", [project]);
  npm(["init", "-y"], project);
  npm(["install", "--no-audit", "--no-fund", "--silent", tarball], project);
  const listed = npm(["ls", "--all", "--parseable"], project).trim().split("\n").slice(1);
  const packages = new Set(listed).size;
  const mb = bytes(join(project, "node_modules")) / 1e6;
  console.log(
    `npm install adrails: ${packages} packages, ${mb.toFixed(1)} MB of node_modules (ceiling ${CEILING})`,
  );
  if (packages > CEILING) {
    console.error(`over the ceiling: ${packages} packages > ${CEILING}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
