// Build step after tsc: replaces dist/'s ~330 JavaScript modules with one code-split bundle of
// every entry point (the package exports, the CLI, the demo), so importing an adapter or starting
// `adrails mcp` loads a few files instead of hundreds (Node's ESM loader pays per file: resolve,
// read, compile). One build for all entries: each class (StoreError, CliError ...) exists once, in
// a chunk every entry shares, so `instanceof` holds between the CLI and a module it loads
// (`adrails evals --options`) that imports "adrails". Packages stay external: users share zod and
// the frameworks with us. The .d.ts files stay where tsc wrote them; each entry's .js becomes a
// one-line module that re-exports its bundle in dist/b/.
//   node scripts/bundle-dist.mjs   (part of `npm run build`)
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const OUT = "b";
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const entries = new Set([
  ...Object.values(manifest.exports)
    .map((target) => (typeof target === "string" ? target : target.default))
    .filter((target) => target?.endsWith(".js")),
  ...Object.values(manifest.bin),
  // Loaded by URL from `adrails demo` (its presence is optional), so esbuild cannot follow it.
  "./dist/demo/index.js",
  // Imported by path by the test suite's child processes.
  "./dist/toolkit.js",
  "./dist/door-toolkit.js",
]);
const entryPoints = {};
for (const entry of entries) {
  const path = entry.replace(/^\.\/dist\//, "");
  entryPoints[`${OUT}/${path.replace(/\.js$/, "").replaceAll("/", "-")}`] = join(dist, path);
}

// Every output file sits in dist/b/, one level down like dist/<folder>/<file>.js; a module that
// finds a file next to itself (`new URL("../mcp/prelisted.json", import.meta.url)`) gets the URL of
// its own place in dist/, so those paths mean what they meant before bundling.
const ownUrl = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const own = `../${relative(dist, args.path).replaceAll("\\", "/")}`;
      return {
        contents: source.replaceAll(
          "import.meta.url",
          `new URL(${JSON.stringify(own)}, import.meta.url).href`,
        ),
        loader: "js",
      };
    });
  },
};

const staging = join(root, "dist.bundle");
rmSync(staging, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: staging,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  chunkNames: `${OUT}/[name]-[hash]`,
  // Error and class names show in messages and results; a bundle must not rename them.
  keepNames: true,
  plugins: [ownUrl],
  logLevel: "warning",
});

// The modules tsc wrote go (each has its .d.ts beside it); their declarations stay for TypeScript
// users, and other files (the inbox page's own script) stay as they are.
const removeJs = (dir) => {
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    if (item.isDirectory()) removeJs(path);
    else if (item.name.endsWith(".js") && existsSync(path.replace(/\.js$/, ".d.ts"))) rmSync(path);
  }
};
removeJs(dist);
renameSync(join(staging, OUT), join(dist, OUT));
rmSync(staging, { recursive: true, force: true });

for (const [name, source] of Object.entries(entryPoints)) {
  const path = relative(dirname(source), join(dist, `${name}.js`)).replaceAll("\\", "/");
  const target = path.startsWith(".") ? path : `./${path}`;
  const bundled = readFileSync(join(dist, `${name}.js`), "utf8");
  const shebang = bundled.startsWith("#!") ? `${bundled.slice(0, bundled.indexOf("\n"))}\n` : "";
  // A side-effect import for the CLI (it runs on load); exports for the library entries.
  const body = /\bexport\s*[{*]|\bexport\s+(const|function|class|let|async)\b/.test(bundled)
    ? `export * from ${JSON.stringify(target)};\n`
    : `import ${JSON.stringify(target)};\n`;
  const defaultExport = /\bexport\s*{[^}]*\bas default\b/.test(bundled)
    ? `export { default } from ${JSON.stringify(target)};\n`
    : "";
  writeFileSync(source, `${shebang}${body}${defaultExport}`);
}
