// Checks the blocks of README.md and docs/*.md as a package user copies them. Run after
// `npm run build`: npm run check:readme (part of .ci/run).
//
// ```ts blocks: each is written to a module of its own and typechecked twice: against the sources
// under the project's settings (every package.json export mapped), and as a new user compiles it:
// in a minimal project whose package.json says "type": "module" (as the README asks), where
// node_modules/adrails is this checkout (its published types in dist/), with the tsconfig.json
// that `tsc --init` writes, run by the TypeScript users get (the version `npm view typescript
// version` names, installed once into node_modules/.cache/adrails-readme-ts/<version>; TS 5.9 and
// 7 both write "types": [], so a block names its Node imports). Nothing is declared for a block: it
// compiles as written. A block whose first line starts with `// ai@7` is compiled with `ai` being
// ai@7 (the `ai7` alias).
//
// Every ```ts block also runs, unless its fence says why it cannot: ```ts key (it needs a real key:
// a model provider's, the service's own, or a team's identity provider) or ```ts serve (it serves until stopped). Blocks
// marked ```sh run run too. sh runs with `bash -euo pipefail`, ts with tsx, each in an empty folder of a user's
// project where adrails is installed (node_modules/adrails is this checkout, `npx adrails` its
// CLI) and the frameworks resolve as in this project. Write them as a user types them: `npx adrails ...`, keyless (`--sim`), or reading ADRAILS_API_KEY,
// ADRAILS_BASE_URL and ACCOUNT_ID from the environment, which the checker points at a simulator
// it starts (so they are only runnable as the docs state when the reader sets those), and
// ADRAILS_REDIS_URL / REDIS_URL at a redis-server it starts. A block must finish within 2 minutes (a
// block that hangs, such as a simulator never closed, fails), and a serving command (`adrails mcp`,
// `sim`, `inbox`, `login`) never belongs in one. A ```sh block whose every command is a keyless `npx adrails --sim ...`
// must be marked `run`. A ```json <name>.json block is a file a run block reads as its user's own
// input, written into each block's folder (the docs show every file a block needs).
// A block that prints an API key of the simulator fails.
//
// README.md itself stays a front door: under 300 lines, with the checkout's two commands and the
// package user's two within its first 40 lines.
//
// Any failure is printed as `<file>:<line>: <what>` and the script exits 1. `--no-run` only
// typechecks, `--no-ts` only runs (for quick turns while writing docs; CI runs both).
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const FILES = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];
/** How long a block may run: one that hangs (a server never closed) fails. */
const BLOCK_MS = 120_000;
/** The user's own input files that run blocks read: the docs show each as ```json <file name>. */
const FIXTURES: Record<string, string> = {};

interface Block {
  file: string;
  /** 1-based line of the block's first code line in its file. */
  line: number;
  code: string;
  ai7: boolean;
}
const tsBlocks: Block[] = [];
/** Why a ts block is typechecked only (`key`, `serve`). */
const NOT_RUN = new Set(["key", "serve"]);
/** Blocks to run: `sh run` and `ts run`. */
const runBlocks: (Block & { lang: "sh" | "ts" })[] = [];
const problems: string[] = [];

for (const file of FILES) {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    // Blocks inside list items are indented; their code is taken without that indent.
    const fence = /^(\s*)```([\w-]*)(.*)$/.exec(lines[i]!);
    if (!fence) continue;
    const [, indent = "", lang = "", info = ""] = fence;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.trimStart().startsWith("```")) end++;
    const code = lines
      .slice(i + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    const block = { file, line: i + 2, code: code.join("\n"), ai7: (code[0] ?? "").startsWith("// ai@7") };
    const ts = lang === "ts" || lang === "typescript";
    if (lang === "json" && /^[\w.-]+\.json$/.test(info.trim())) FIXTURES[info.trim()] = `${block.code}\n`;
    if (ts) tsBlocks.push(block);
    const word = info.trim();
    if (ts && word !== "" && word !== "run" && !NOT_RUN.has(word))
      problems.push(`${file}:${block.line}: unknown fence word "${word}" (run, key or serve)`);
    if ((ts && !NOT_RUN.has(word)) || (lang === "sh" && word === "run"))
      runBlocks.push({ ...block, lang: ts ? "ts" : "sh" });
    else if (lang === "sh" && keylessOnly(code))
      problems.push(
        `${file}:${block.line}: every command is a keyless \`npx adrails --sim\`: mark it \`\`\`sh run\``,
      );
    i = end;
  }
}

/** A block whose every command is `npx adrails --sim <a command that ends by itself>`. */
function keylessOnly(code: string[]): boolean {
  const commands = code.map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
  return (
    commands.length > 0 &&
    commands.every(
      (line) => /^npx adrails --sim (?!(mcp|sim|inbox|login)\b)/.test(line) && !line.endsWith("\\"),
    )
  );
}

// --- README.md's shape ---------------------------------------------------------------------------
const readme = readFileSync(join(root, "README.md"), "utf8").split("\n");
if (readme.length >= 300)
  problems.push(`README.md:300: ${readme.length} lines; keep it under 300 (move topics to docs/)`);
const top = readme.slice(0, 40).join("\n");
for (const command of ["npm ci", "npm run demo", "npm test", "npm install adrails ai", "npx adrails demo"]) {
  if (!top.includes(command)) problems.push(`README.md:40: \`${command}\` is not within the first 40 lines`);
}

// --- TypeScript blocks ---------------------------------------------------------------------------
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  exports: Record<string, string | { default?: string }>;
};
const sources: Record<string, string[]> = {};
const published: Record<string, string[]> = {};
for (const [key, value] of Object.entries(manifest.exports)) {
  const target = typeof value === "string" ? value : value.default;
  if (!target?.endsWith(".js") || !target.startsWith("./dist/")) continue;
  const name = key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`;
  const module = target.slice("./dist/".length, -".js".length);
  sources[name] = [`../../src/${module}.ts`];
  published[name] = [`../../dist/${module}.d.ts`];
}

// Inside node_modules, so the blocks' framework imports resolve to the project's packages.
const work = join(root, "node_modules", ".adrails-readme-check");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(
  join(work, "package.json"),
  JSON.stringify({ name: "user-app", private: true, type: "module" }),
);
const fileName = (block: Block) => `${block.file.replaceAll("/", "__")}-line-${block.line}.ts`;
for (const block of tsBlocks) {
  // `export {}` makes each block a module of its own, as a user's file would be.
  const folder = join(work, block.ai7 ? "ai7" : "ai6");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, fileName(block)), `${block.code}\nexport {};\n`);
}
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
// ai@7 blocks: `ai` is the ai7 alias, against the published types (the sources build on ai@6).
const AI7 = { ai: ["../ai7/dist/index.d.ts"], "ai/test": ["../ai7/dist/test/index.d.ts"] };
const skipTs = process.argv.includes("--no-ts");
const skipRun = process.argv.includes("--no-run");
const users = skipTs ? undefined : usersTypeScript();
// The user's project: node_modules/adrails is this checkout, and tsconfig.json is what that
// TypeScript's `tsc --init` writes, with the two lines its comment gives "For nodejs" turned on
// (`"types": []` otherwise hides `process` and every node: module), as the README says to.
if (users) {
  mkdirSync(join(work, "node_modules"), { recursive: true });
  symlinkSync(root, join(work, "node_modules", manifest.name), "dir");
  const init = spawnSync(process.execPath, [users.tsc, "--init"], { cwd: work, encoding: "utf8" });
  if (init.status !== 0 || !existsSync(join(work, "tsconfig.json")))
    problems.push(`tsc --init of TypeScript ${users.version} failed: ${init.stdout}${init.stderr}`);
  else renameSync(join(work, "tsconfig.json"), join(work, "tsconfig.init.json"));
}
const settings = [
  {
    name: "strict, NodeNext, against the sources",
    tsc,
    config: (major: "ai6" | "ai7") => ({
      extends: "../../tsconfig.json",
      compilerOptions: {
        noEmit: true,
        noUnusedLocals: false,
        paths: major === "ai6" ? sources : { ...published, ...AI7 },
        ...(major === "ai7" ? { strict: true } : {}),
      },
    }),
  },
  ...(users
    ? [
        {
          name: `\`tsc --init\` of TypeScript ${users.version}, published types`,
          tsc: users.tsc,
          config: (major: "ai6" | "ai7") => ({
            extends: "./tsconfig.init.json",
            compilerOptions: {
              noEmit: true,
              lib: ["esnext"],
              types: ["node"],
              ...(major === "ai7" ? { paths: AI7 } : {}),
            },
          }),
        },
      ]
    : []),
];
for (const { name, tsc, config } of skipTs ? [] : settings) {
  for (const major of ["ai6", "ai7"] as const) {
    const count = tsBlocks.filter((s) => s.ai7 === (major === "ai7")).length;
    if (count === 0) continue;
    const { compilerOptions, ...rest } = config(major);
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({ ...rest, compilerOptions, include: [`${major}/*.ts`] }),
    );
    const result = spawnSync(
      process.execPath,
      [tsc, "-p", join(work, "tsconfig.json"), "--pretty", "false"],
      {
        encoding: "utf8",
      },
    );
    const label = `${name}${major === "ai7" ? ", ai@7" : ""}`;
    if (result.status === 0) {
      console.log(`ts blocks (${label}): ${count} typecheck`);
      continue;
    }
    // `ai6/docs__fleet.md-line-12.ts(3,5): error ...` -> `docs/fleet.md:14:5: error ...`
    for (const line of `${result.stdout}${result.stderr}`.split("\n")) {
      if (!line.trim() || line.startsWith(" ")) continue;
      const at = /^(?:.*\/)?ai[67]\/(.+)-line-(\d+)\.ts\((\d+),(\d+)\): (.*)$/.exec(line);
      if (!at) problems.push(`ts blocks (${label}): ${line}`);
      else {
        const [, file = "", first = "0", row = "0", column, message] = at;
        const where = `${file.replaceAll("__", "/")}:${Number(first) + Number(row) - 1}:${column}`;
        problems.push(`${where}: ${message} (${label})`);
      }
    }
  }
}
rmSync(work, { recursive: true, force: true });

// --- `run` blocks --------------------------------------------------------------------------------
if (runBlocks.length > 0 && !skipRun) {
  const SERVING = /\bnpx adrails\b[^\n#]*\s(mcp|sim|inbox|login)\b/;
  const { startSimulator } = (await import(
    pathToFileURL(join(root, "dist", "sim", "index.js")).href
  )) as typeof import("../src/sim/index.js");
  const { createAdTools } = (await import(
    pathToFileURL(join(root, "dist", "index.js")).href
  )) as typeof import("../src/index.js");
  const sim = await startSimulator();
  // Blocks that keep state in Redis (ADRAILS_REDIS_URL, REDIS_URL) get a real one, empty.
  const redis = runBlocks.some((block) => /REDIS_URL/.test(block.code))
    ? await (await import("../test/support/redis.js")).startRedis()
    : undefined;
  const accounts = await createAdTools({ baseUrl: sim.url, apiKey: sim.apiKey }).call("list-accounts", {});
  const accountId =
    accounts.ok === true ? (accounts.data as { accounts: { id: string }[] }).accounts[0]?.id : undefined;
  // A user's project with adrails installed: the package is this checkout, its CLI on npx's path.
  // Inside node_modules, so the frameworks a block imports resolve to the project's packages.
  const sandbox = join(root, "node_modules", ".adrails-docs-run");
  rmSync(sandbox, { recursive: true, force: true });
  const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
  try {
    mkdirSync(sandbox, { recursive: true });
    // A fresh project per block: package.json, node_modules/adrails (this checkout) and the
    // `adrails` command npm would link for it.
    const project = (): string => {
      const app = mkdtempSync(join(sandbox, "app-"));
      mkdirSync(join(app, "node_modules", ".bin"), { recursive: true });
      writeFileSync(
        join(app, "package.json"),
        JSON.stringify({ name: "user-app", private: true, type: "module" }),
      );
      symlinkSync(root, join(app, "node_modules", manifest.name), "dir");
      const bin = join(app, "node_modules", ".bin", "adrails");
      writeFileSync(
        bin,
        `#!/bin/sh\nexec "${process.execPath}" "${join(root, "dist", "cli", "bin.js")}" "$@"\n`,
      );
      chmodSync(bin, 0o755);
      return app;
    };
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value === undefined || name.startsWith("ADRAILS_") || name.startsWith("npm_")) continue;
      if (name === "OPENAI_API_KEY" || name === "INIT_CWD") continue;
      env[name] = value;
    }
    Object.assign(env, {
      ADRAILS_API_KEY: sim.apiKey,
      ADRAILS_BASE_URL: sim.url,
      ACCOUNT_ID: accountId ?? "",
      NO_COLOR: "1",
      ADRAILS_HOME: join(sandbox, "home"),
      ...(redis ? { ADRAILS_REDIS_URL: redis.url, REDIS_URL: redis.url } : {}),
    });
    for (const block of runBlocks) {
      const where = `${block.file}:${block.line}`;
      if (SERVING.test(block.code)) {
        problems.push(`${where}: a \`run\` block must not start a server (adrails mcp, sim, inbox, login)`);
        continue;
      }
      const cwd = project();
      for (const [name, text] of Object.entries(FIXTURES)) writeFileSync(join(cwd, name), text);
      const started = Date.now();
      if (block.lang === "ts") writeFileSync(join(cwd, "block.ts"), block.code);
      const command =
        block.lang === "sh"
          ? ["bash", "-euo", "pipefail", "-c", block.code]
          : [process.execPath, tsxCli, "block.ts"];
      // Not spawnSync: the simulator answers from this process's event loop.
      const run = await runCommand(command, cwd, env);
      const printed = `${run.stdout}${run.stderr}`;
      if (Object.values(sim.keys).some((key) => printed.includes(key)))
        problems.push(`${where}: a ${block.lang} block printed an API key`);
      // Stopped at the limit: killed (sh), or tsx passing the SIGTERM on and exiting 143.
      if (Date.now() - started >= BLOCK_MS)
        problems.push(
          `${where}: ${block.lang} block did not end within ${BLOCK_MS / 1000} s (a server or a handle left open?)`,
        );
      else if (run.status === 0)
        console.log(`${where}: ${block.lang} block ran (${Date.now() - started} ms)`);
      else {
        const tail = `${run.stdout}${run.stderr}`.trim().split("\n").slice(-15).join("\n  ");
        problems.push(`${where}: ${block.lang} block exited ${run.status ?? run.signal}\n  ${tail}`);
      }
    }
  } finally {
    await sim.close();
    await redis?.close();
    rmSync(sandbox, { recursive: true, force: true });
  }
}

if (problems.length > 0) {
  console.error(`\ncheck-readme: ${problems.length} problem(s) in README.md and docs/*.md:`);
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(
  `check-readme: ${skipTs ? "no" : tsBlocks.length} ts blocks typechecked and ${skipRun ? "no" : runBlocks.length} blocks run, in ${FILES.length} files`,
);

/** Runs a command to its end (at most {@link BLOCK_MS}), collecting its output. */
function runCommand(
  [file, ...args]: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(file!, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], timeout: BLOCK_MS });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

/** The TypeScript a user gets today (`npm view typescript version`), installed once into a cache. */
function usersTypeScript(): { version: string; tsc: string } | undefined {
  const view = spawnSync("npm", ["view", "typescript", "version"], { encoding: "utf8" });
  const version = view.stdout.trim();
  if (view.status !== 0 || !/^\d+\.\d+\.\d+$/.test(version)) {
    problems.push(`npm view typescript version failed: ${view.stderr.trim() || version}`);
    return undefined;
  }
  const cache = join(root, "node_modules", ".cache", "adrails-readme-ts");
  const folder = join(cache, version);
  const bin = join(folder, "node_modules", "typescript", "bin", "tsc");
  if (!existsSync(bin)) {
    mkdirSync(cache, { recursive: true });
    // Installed aside, then renamed into place: an interrupted install is never taken for one.
    const staging = mkdtempSync(join(cache, `.${version}-`));
    const install = spawnSync(
      "npm",
      [
        "i",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        "--prefix",
        staging,
        `typescript@${version}`,
      ],
      { encoding: "utf8" },
    );
    if (install.status !== 0 || !existsSync(join(staging, "node_modules", "typescript", "bin", "tsc"))) {
      rmSync(staging, { recursive: true, force: true });
      problems.push(`npm i typescript@${version} failed: ${install.stderr.trim()}`);
      return undefined;
    }
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
  }
  return { version, tsc: bin };
}
