// Checks the tarball `npm pack` makes, as a user installs it: no source map or map comment points
// at a file that is not shipped, every entry point in package.json is shipped, every relative
// import of a shipped file resolves inside the tarball, every bare import is a dependency, a peer
// or a Node builtin, every export loads when imported by name from an installed copy, and every
// relative link of a shipped Markdown file (README.md, examples/, docs/) resolves inside the tarball,
// the public types compile under `strict` without `skipLibCheck` in a project that installed only
// adrails (and @types/node), and server.json (the MCP registry's entry) and package.json's `mcpName`
// are valid against the registry's published schema.
// Run after `npm run build`: npx tsx scripts/check-pack.ts (part of `npm run check:package`).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { checkRegistryEntry } from "./registry/check.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  name: string;
  version: string;
  mcpName?: string;
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

// Installed under the project's node_modules, so the peers the project has resolve as for a user.
const work = join(root, "node_modules", ".adrails-pack-check");
rmSync(work, { recursive: true, force: true });
const installed = join(work, "node_modules", manifest.name);
mkdirSync(installed, { recursive: true });
const packed = JSON.parse(
  execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8" }),
) as { filename: string }[];
execFileSync("tar", ["-xzf", join(work, packed[0]!.filename), "-C", installed, "--strip-components=1"]);

const files = listFiles(installed);
const shipped = new Set(files);
const problems: string[] = [];

// 1. Source maps: none shipped that point at missing sources, and no comment naming a missing map.
for (const file of files) {
  const text = readFileSync(join(installed, file), "utf8");
  if (file.endsWith(".map")) {
    const map = JSON.parse(text) as { sources?: string[] };
    for (const source of map.sources ?? []) {
      const target = posix.normalize(posix.join(posix.dirname(file), source));
      if (!shipped.has(target)) problems.push(`${file}: maps to ${source}, which is not shipped`);
    }
  }
  const comment = /\/\/# sourceMappingURL=(\S+)/.exec(text);
  if (comment && !comment[1]!.startsWith("data:")) {
    const target = posix.normalize(posix.join(posix.dirname(file), comment[1]!));
    if (!shipped.has(target)) problems.push(`${file}: sourceMappingURL ${comment[1]} is not shipped`);
  }
}

// 2. Entry points named in package.json.
const entries = new Set<string>();
for (const value of Object.values(manifest.exports)) {
  for (const target of typeof value === "string" ? [value] : Object.values(value)) entries.add(target);
}
for (const target of [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {})])
  if (target) entries.add(target);
for (const target of entries) {
  if (!shipped.has(posix.normalize(target)))
    problems.push(`package.json names ${target}, which is not shipped`);
}

// 3. Imports inside the shipped code.
const allowed = new Set([
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {}),
  manifest.name,
]);
const builtins = new Set(builtinModules);
// Import and export statements (from a line's start, so a string that says `"from" (...)` is not
// one), side-effect imports, and dynamic or type-position `import("...")`.
const SPECIFIERS = [
  /^(?:import|export)\s[^'"]*?\bfrom\s*["']([^"']+)["']/gm,
  /^import\s*["']([^"']+)["']/gm,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
];
for (const file of files.filter((f) => f.endsWith(".js") || f.endsWith(".d.ts"))) {
  const text = readFileSync(join(installed, file), "utf8");
  for (const [, specifier] of SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)])) {
    if (!specifier) continue;
    if (specifier.startsWith(".")) {
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      const candidates = file.endsWith(".d.ts") ? [target.replace(/\.js$/, ".d.ts"), target] : [target];
      if (!candidates.some((c) => shipped.has(c))) problems.push(`${file}: ${specifier} is not shipped`);
    } else if (!specifier.startsWith("node:") && !builtins.has(specifier)) {
      const name = specifier.startsWith("@")
        ? specifier.split("/").slice(0, 2).join("/")
        : specifier.split("/")[0]!;
      if (!allowed.has(name))
        problems.push(`${file}: imports ${name}, which is neither a dependency nor a peer`);
    }
  }
}

// 4. Every export loads by its public name from the installed copy.
const subpaths = Object.keys(manifest.exports).filter((key) => key !== "./package.json");
const probe = join(work, "probe.mjs");
writeFileSync(
  probe,
  subpaths
    .map(
      (key) =>
        `await import(${JSON.stringify(key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`)});`,
    )
    .join("\n"),
);
try {
  execFileSync(process.execPath, [probe], { cwd: work, encoding: "utf8", stdio: "pipe" });
} catch (error) {
  problems.push(`importing the exports failed: ${(error as { stderr?: string }).stderr ?? String(error)}`);
}

// 5. The README says CommonJS can require() the package from Node 20.19 (require(esm)).
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const requireEsm = major > 22 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19);
if (requireEsm) {
  const cjsProbe = join(work, "probe.cjs");
  writeFileSync(
    cjsProbe,
    subpaths
      .map(
        (key) =>
          `require(${JSON.stringify(key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`)});`,
      )
      .join("\n"),
  );
  try {
    execFileSync(process.execPath, [cjsProbe], { cwd: work, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    problems.push(
      `require() of the exports failed: ${(error as { stderr?: string }).stderr ?? String(error)}`,
    );
  }
}

// 6. Links: what the README (and the docs it ships) links to is in the tarball, or an absolute URL.
const LINK =
  /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)|\b(?:src|href)="([^"]+)"/gm;
let links = 0;
for (const file of files.filter((f) => f.endsWith(".md"))) {
  const text = readFileSync(join(installed, file), "utf8").replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, "");
  for (const match of text.matchAll(LINK)) {
    const target = match[1] ?? match[2] ?? match[3] ?? "";
    if (target === "" || target.startsWith("#") || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    links++;
    const path = posix.normalize(posix.join(posix.dirname(file), decodeURI(target.replace(/[#?].*$/, ""))));
    const inside = shipped.has(path) || files.some((f) => f.startsWith(`${path.replace(/\/$/, "")}/`));
    if (!inside)
      problems.push(
        `${file}: links ${target}, which is not in the tarball (ship it or link an absolute URL)`,
      );
  }
}

// 7. The public types compile as a TypeScript user without skipLibCheck gets them: strict, in a
// project outside this checkout (so none of its devDependencies, undici among them, resolve) with
// adrails installed from the tarball, its dependencies and @types/node. The entry points that
// need no optional peer; an adapter's entry needs its framework, as the framework's user has it.
const TYPED_ENTRIES = [".", "./sim", "./mcp", "./inbox", "./redis"];
const consumer = mkdtempSync(join(tmpdir(), "adrails-types-"));
try {
  writeFileSync(join(consumer, "package.json"), '{"name":"consumer","private":true,"type":"module"}');
  const tarball = join(work, packed[0]!.filename);
  execFileSync(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball, "@types/node@20"],
    { cwd: consumer, stdio: "pipe" },
  );
  writeFileSync(
    join(consumer, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, module: "nodenext", target: "es2022", noEmit: true, types: ["node"] },
      files: ["index.ts"],
    }),
  );
  writeFileSync(
    join(consumer, "index.ts"),
    TYPED_ENTRIES.map(
      (key, i) =>
        `import * as entry${i} from ${JSON.stringify(key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`)};\nvoid entry${i};`,
    ).join("\n"),
  );
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", consumer], {
    cwd: consumer,
    encoding: "utf8",
    stdio: "pipe",
  });
} catch (error) {
  const out = error as { stdout?: string; stderr?: string };
  problems.push(
    `the public types do not compile without skipLibCheck with only adrails installed:\n${out.stdout ?? ""}${out.stderr ?? String(error)}`,
  );
} finally {
  rmSync(consumer, { recursive: true, force: true });
}

// 8. The MCP registry's entry: server.json and package.json's mcpName.
problems.push(...checkRegistryEntry(root, manifest));

rmSync(work, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(`npm pack check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(
  `npm pack check: ${files.length} files, no source maps pointing outside the tarball, ${subpaths.length} exports load${requireEsm ? " (import and require)" : ""}, ${links} relative Markdown links resolve inside it, the public types of ${TYPED_ENTRIES.length} entries compile without skipLibCheck, server.json is valid for the MCP registry`,
);

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"));
  }
  return out.sort();
}
