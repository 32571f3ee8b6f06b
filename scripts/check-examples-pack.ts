// A shipped example runs as the README says, from the packed tarball in an empty project:
// `npm install <tarball> ai tsx`, then `npx tsx node_modules/adrails/examples/ai-sdk-generate-text.ts`
// must exit 0 offline (simulator + scripted model) and print the ACTIVE ad it launched after the
// approval. One example keeps CI short; the others import the package the same way and the test
// suite runs them all from the checkout (test/examples).
// Run after `npm run build`: npx tsx scripts/check-examples-pack.ts (part of .ci/run). Needs the
// npm registry (or a warm npm cache) for `ai` and `tsx`.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const EXAMPLE = "ai-sdk-generate-text.ts";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "adrails-examples-"));
const devVersions = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies as Record<
  string,
  string
>;

// Offline and scripted: no key of the machine running the check may select a real model or service.
const env: Record<string, string> = {};
for (const [name, value] of Object.entries(process.env)) {
  if (value === undefined || name.startsWith("ADRAILS_") || name.startsWith("npm_")) continue;
  if (name === "OPENAI_API_KEY") continue;
  env[name] = value;
}

let failure: string | undefined;
try {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8" }),
  ) as { filename: string }[];
  const project = join(work, "app");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "app", private: true, type: "module" }),
  );
  const started = Date.now();
  execFileSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      join(work, packed[0]!.filename),
      `ai@${devVersions.ai}`,
      `tsx@${devVersions.tsx}`,
    ],
    { cwd: project, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  console.log(`installed the tarball, ai and tsx in an empty project (${Date.now() - started} ms)`);
  const run = spawnSync("npx", ["tsx", `node_modules/adrails/examples/${EXAMPLE}`], {
    cwd: project,
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) failure = `exit ${run.status ?? run.signal}\n${output}`;
  else if (!/"status": "ACTIVE"/.test(run.stdout)) failure = `no ACTIVE ad in its result\n${output}`;
} catch (error) {
  failure = (error as Error).message;
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failure) {
  console.error(`check-examples-pack: npx tsx node_modules/adrails/examples/${EXAMPLE} failed: ${failure}`);
  process.exit(1);
}
console.log(
  `check-examples-pack: npx tsx node_modules/adrails/examples/${EXAMPLE} runs from an empty project.`,
);
