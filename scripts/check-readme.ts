// Checks the blocks of README.md and docs/*.md as a package user copies them. Run after
// `npm run build`: npm run check:readme (part of .ci/run).
//
// ```ts blocks: each is written to a module of its own and typechecked twice, with every
// package.json export ("adrails", "adrails/ai-sdk", ...) mapped: against the sources under the
// project's settings, and against the published types in dist/ under the settings a new user gets
// from `tsc --init` (TypeScript 7's defaults), in a folder whose package.json says
// "type": "module", as the README asks. Nothing is declared for a block: it compiles as written. A
// block whose first line starts with `// ai@7` is compiled with `ai` being ai@7 (the `ai7` alias).
//
// Blocks marked `run` after the language (```sh run, ```ts run: visible in the Markdown source)
// are also run: sh with `bash -euo pipefail`, ts with tsx, each in an empty folder of a user's
// project where adrails is installed (node_modules/adrails is this checkout, `npx adrails` its
// CLI) and the frameworks resolve as in this project. Write them as a user types them: `npx adrails ...`, keyless (`--sim`), or reading ADRAILS_API_KEY,
// ADRAILS_BASE_URL and ACCOUNT_ID from the environment, which the checker points at a simulator
// it starts (so they are only runnable as the docs state when the reader sets those). A block
// must finish within 5 minutes, and a serving command (`adrails mcp`, `sim`, `inbox`, `login`)
// never belongs in one. A ```sh block whose every command is a keyless `npx adrails --sim ...`
// must be marked `run`. FIXTURES are the files such a block reads as its user's own input.
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
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
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
/** The user's own input files that `sh run` blocks read. */
const FIXTURES: Record<string, string> = {
  "matrix.json": `${JSON.stringify({ angles: ["price", "speed"], hooks: ["question"] }, null, 2)}\n`,
};

interface Block {
  file: string;
  /** 1-based line of the block's first code line in its file. */
  line: number;
  code: string;
  ai7: boolean;
}
const tsBlocks: Block[] = [];
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
    if (ts) tsBlocks.push(block);
    if (info.trim() === "run" && (ts || lang === "sh")) runBlocks.push({ ...block, lang: ts ? "ts" : "sh" });
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
// What `tsc --init` of TypeScript 7 (7.0.2) writes, with its "for nodejs" lib and types, so a
// snippet like `apiKey: process.env.ADRAILS_API_KEY` must compile under exactOptionalPropertyTypes
// too. The repo keeps TypeScript 5.9 as its compiler; only the flags are mirrored.
const TSC_INIT = {
  module: "nodenext",
  target: "esnext",
  lib: ["esnext"],
  types: ["node"],
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  strict: true,
  jsx: "react-jsx",
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUncheckedSideEffectImports: true,
  moduleDetection: "force",
  skipLibCheck: true,
};
const settings = [
  { name: "strict, NodeNext, against the sources", base: "../../tsconfig.json", extra: { paths: sources } },
  { name: "`tsc --init` defaults, published types", extra: { ...TSC_INIT, paths: published } },
];
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
// ai@7 blocks: `ai` is the ai7 alias, against the published types (the sources build on ai@6).
const AI7 = { ai: ["../ai7/dist/index.d.ts"], "ai/test": ["../ai7/dist/test/index.d.ts"] };
const skipTs = process.argv.includes("--no-ts");
const skipRun = process.argv.includes("--no-run");
for (const { name, base, extra } of skipTs ? [] : settings) {
  for (const major of ["ai6", "ai7"] as const) {
    const count = tsBlocks.filter((s) => s.ai7 === (major === "ai7")).length;
    if (count === 0) continue;
    const compilerOptions =
      major === "ai6"
        ? extra
        : { ...extra, paths: { ...published, ...AI7 }, ...(base ? { strict: true } : {}) };
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({
        ...(base ? { extends: base } : {}),
        compilerOptions: { noEmit: true, noUnusedLocals: false, ...compilerOptions },
        include: [`${major}/*.ts`],
      }),
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
      if (run.status === 0) console.log(`${where}: ${block.lang} block ran (${Date.now() - started} ms)`);
      else {
        const tail = `${run.stdout}${run.stderr}`.trim().split("\n").slice(-15).join("\n  ");
        problems.push(`${where}: ${block.lang} block exited ${run.status ?? run.signal}\n  ${tail}`);
      }
    }
  } finally {
    await sim.close();
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

/** Runs a command to its end (at most 5 minutes), collecting its output. */
function runCommand(
  [file, ...args]: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(file!, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], timeout: 300_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}
