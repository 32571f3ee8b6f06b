// Typechecks the README's TypeScript snippets as they stand: every ```ts block of README.md is
// written to a file of its own and compiled against the sources, with each package.json export
// ("adrails", "adrails/ai-sdk", ...) mapped to its source file. Placeholders a snippet leaves to
// the reader (a running simulator) are declared in PRELUDE. A snippet whose first line starts with
// `// ai@7` is compiled with `ai` being ai@7 (the `ai7` dev alias), the others with ai@6.
// Run: npx tsx scripts/check-readme.ts (part of .ci/run as `npm run check:readme`).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PRELUDE = `// Placeholders the README's snippets use. A helper of the user's own (askPerson, a
// conversation id) is declared in the snippet that uses it, so it compiles as copied.
declare const sim: import("adrails/sim").Simulator;
`;

const readme = readFileSync(join(root, "README.md"), "utf8").split("\n");
const snippets: { line: number; code: string; ai7: boolean }[] = [];
for (let i = 0; i < readme.length; i++) {
  // Blocks inside list items are indented; their code is taken without that indent.
  const fence = /^(\s*)```(ts|typescript)\s*$/.exec(readme[i]!);
  if (!fence) continue;
  const indent = fence[1]!;
  const start = i + 1;
  let end = start;
  while (end < readme.length && !readme[end]!.trimStart().startsWith("```")) end++;
  const lines = readme
    .slice(start, end)
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
  snippets.push({ line: start + 1, code: lines.join("\n"), ai7: lines[0]!.startsWith("// ai@7") });
  i = end;
}

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  exports: Record<string, string | { default?: string }>;
};
const paths: Record<string, string[]> = {};
const published: Record<string, string[]> = {};
for (const [key, value] of Object.entries(manifest.exports)) {
  const target = typeof value === "string" ? value : value.default;
  if (!target?.endsWith(".js") || !target.startsWith("./dist/")) continue;
  const name = key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`;
  const module = target.slice("./dist/".length, -".js".length);
  paths[name] = [`../../src/${module}.ts`];
  published[name] = [`../../dist/${module}.d.ts`];
}

// Inside node_modules, so the snippets' framework imports resolve to the project's packages.
const work = join(root, "node_modules", ".adrails-readme-check");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(join(work, "prelude.d.ts"), PRELUDE);
for (const { line, code, ai7 } of snippets) {
  // `export {}` makes each snippet a module of its own, as a user's file would be.
  mkdirSync(join(work, ai7 ? "ai7" : "ai6"), { recursive: true });
  writeFileSync(join(work, ai7 ? "ai7" : "ai6", `README.md-line-${line}.ts`), `${code}\nexport {};\n`);
}
// Twice: the project's settings (strict, NodeNext) against the sources, and the settings a new
// user gets, against the published types in dist/ (as a user compiles; needs a build): what
// `tsc --init` of TypeScript 7 (7.0.2) writes, with its "for nodejs" lib and types, so a snippet like
// `apiKey: process.env.ADRAILS_API_KEY` must compile under exactOptionalPropertyTypes too. The repo
// keeps TypeScript 5.9 as its compiler; only the flags are mirrored.
const TS7_INIT = {
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
  { name: "strict, NodeNext", base: "../../tsconfig.json", extra: { paths } },
  { name: "TypeScript 7 `tsc --init` defaults, published types", extra: { ...TS7_INIT, paths: published } },
];
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
// ai@7 snippets: `ai` is the ai7 alias, against the published types (the sources build on ai@6).
const AI7 = { ai: ["../ai7/dist/index.d.ts"], "ai/test": ["../ai7/dist/test/index.d.ts"] };
let failed = false;
for (const { name, base, extra } of settings) {
  for (const major of ["ai6", "ai7"] as const) {
    const count = snippets.filter((s) => s.ai7 === (major === "ai7")).length;
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
        include: ["*.ts", `${major}/*.ts`],
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
    if (result.status !== 0) {
      failed = true;
      process.stdout.write(result.stdout.replaceAll(`${work}/`, ""));
      process.stderr.write(result.stderr);
      console.error(
        `README snippets (${label}): type errors (file names give the README line of each snippet)`,
      );
    } else console.log(`README snippets (${label}): ${count} TypeScript blocks typecheck`);
  }
}
rmSync(work, { recursive: true, force: true });
if (failed) process.exit(1);
