// Evals from the installed package, as a team runs them: the packed tarball is installed in an
// empty folder with the AI SDK and LangChain (not the OpenAI Agents SDK, which must be skipped with
// a line), then `npx adrails evals` replays the shipped example folder with its options module
// (exit 0, the pass lines), without the options (exit 1, the failure lines show what the model
// read), and `adrails/evals`' runEvals replays it from a plain Node script. A second folder has
// only ai@7: the AI SDK replays on it, LangChain and the Agents SDK are skipped with their lines.
// Run after `npm run build`: npx tsx scripts/check-evals-pack.ts (`npm run check:evals-pack`).
// Needs the npm registry or a warm npm cache (installs with --prefer-offline).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "adrails-evals-pack-"));
let app = join(work, "app");
const problems: string[] = [];

/** The version the repository tests with, so the install is served from the local cache. */
const version = (name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string })
    .version;

function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith("ADRAILS_") || name.startsWith("npm_") || name === "OPENAI_API_KEY") continue;
    env[name] = value;
  }
  return env;
}

function run(label: string, command: string, args: string[]): { code: number; out: string } {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: app, env: cleanEnv(), encoding: "utf8", timeout: 300_000 });
  const out = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  console.log(`${label}: exit ${result.status} (${Date.now() - started} ms)`);
  return { code: result.status ?? -1, out };
}

function expectThat(label: string, ok: boolean, out: string) {
  if (ok) console.log(`ok: ${label}`);
  else problems.push(`${label}\n--- output ---\n${out}`);
}

try {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8" }),
  ) as { filename: string }[];
  const tarball = join(work, packed[0]!.filename);
  /** An empty app folder with the tarball and these packages installed; the folder `run` uses. */
  const appWith = (name: string, packages: string[]) => {
    app = join(work, name);
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
    const install = run(`npm install (${name})`, "npm", [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      tarball,
      ...packages,
    ]);
    if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
  };
  appWith(
    "evals-app",
    ["ai", "langchain", "@langchain/core", "@langchain/langgraph"].map((name) => `${name}@${version(name)}`),
  );

  const example = "node_modules/adrails/examples/evals";
  const dir = ["--dir", `${example}/conversations`, "--out", "evals-out"];
  const passing = run("npx adrails evals --dir --options", "npx", [
    "adrails",
    "evals",
    ...dir,
    "--options",
    `${example}/options.mjs`,
  ]);
  expectThat("the example folder passes: exit 0", passing.code === 0, passing.out);
  expectThat(
    "the pass lines: 2 passed on ai-sdk and on langchain, 4 in all",
    /^ai-sdk: 2 passed, 0 failed$/m.test(passing.out) &&
      /^langchain: 2 passed, 0 failed$/m.test(passing.out) &&
      /^4 passed, 0 failed$/m.test(passing.out),
    passing.out,
  );
  expectThat(
    "the OpenAI Agents SDK, not installed, is skipped with a line",
    /^openai-agents: skipped, the @openai\/agents package is not installed/m.test(passing.out),
    passing.out,
  );

  const failing = run("npx adrails evals --dir (without the options)", "npx", ["adrails", "evals", ...dir]);
  expectThat("without the team's options a conversation fails: exit 1", failing.code === 1, failing.out);
  expectThat(
    "the failure line shows what the model read",
    /x ai-sdk: call_push read ok true: ok was false; the model read \{"ok":false,"status":null,"blocked":"hard-confirmation"/.test(
      failing.out,
    ) && /^2 passed, 2 failed$/m.test(failing.out),
    failing.out,
  );

  writeFileSync(
    join(app, "replay.mjs"),
    [
      'import { runEvals } from "adrails/evals";',
      `import options from "./${example}/options.mjs";`,
      `const result = await runEvals({ dir: "${example}/conversations", toolkit: options });`,
      "console.log(JSON.stringify({ summary: result.summary, adapters: result.adapters, skipped: result.skipped }));",
      "process.exitCode = result.ok ? 0 : 1;",
    ].join("\n"),
  );
  const api = run("node replay.mjs (adrails/evals runEvals)", process.execPath, ["replay.mjs"]);
  expectThat(
    "runEvals from the installed package: 4 passed on ai-sdk and langchain",
    api.code === 0 && api.out.includes('"summary":"4 passed, 0 failed","adapters":["ai-sdk","langchain"]'),
    api.out,
  );

  appWith("evals-app-ai7", [`ai@${version("ai7")}`]);
  const ai7 = run("npx adrails evals --dir --options (ai@7 only)", "npx", [
    "adrails",
    "evals",
    ...dir,
    "--options",
    `${example}/options.mjs`,
  ]);
  expectThat(
    "ai@7 alone: the AI SDK replays the folder, the others are skipped with a line",
    ai7.code === 0 &&
      /^ai-sdk: 2 passed, 0 failed$/m.test(ai7.out) &&
      /^langchain: skipped, the @langchain\/core package is not installed/m.test(ai7.out) &&
      /^openai-agents: skipped, the @openai\/agents package is not installed/m.test(ai7.out),
    ai7.out,
  );
} catch (error) {
  problems.push((error as Error).message);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`check-evals-pack: ${problems.length} problem(s):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("check-evals-pack: evals run from the installed package on the example folder.");
