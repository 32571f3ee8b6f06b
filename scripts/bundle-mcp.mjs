// Build step after bundle-dist.mjs: a second bundle of the CLI for `adrails mcp` (dist/m/), with
// the package's own dependencies (zod, the MCP SDK, commander, ajv ...) bundled in and minified.
// An MCP host spawns its server at every session and waits for it before the first tool runs;
// Node's ESM loader pays per file (zod alone is 97 files), so one bundle loads ~40 files instead
// of ~150 and compiles less (bench/cold-start.ts). `adrails mcp` never loads a module of the
// user's, so its own copy of zod and the SDK meets no other; `adrails evals --options` and the
// demo do, and keep running from dist/b/ where "adrails" and the CLI share every class.
// Peers (the frameworks, redis, OpenTelemetry, oidc-provider, undici) and jose (loaded only for
// `--wait-approval`) stay packages: they are the user's, or loaded on use.
//   node scripts/bundle-mcp.mjs   (part of `npm run build`, after bundle-dist.mjs)
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
// A peer that is also a dependency (the MCP SDK's server) is bundled like the other dependencies.
const dependencies = new Set(Object.keys(manifest.dependencies));
const external = [
  ...Object.keys(manifest.peerDependencies).filter((name) => !dependencies.has(name)),
  "jose",
].flatMap((name) => [name, `${name}/*`]);

// zod's namespace carries every language of its error messages (`z.locales`, 260 of its 470 kB
// minified); it speaks English unless told otherwise, and nothing in `adrails mcp` tells it.
const englishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), "..", "locales", "en.js"), namespace: "zod-locales" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};

const out = join(dist, "m");
rmSync(out, { recursive: true, force: true });
await build({
  // dist/b/cli-bin.js is already a bundle of our code; its paths found by `import.meta.url` are
  // those of a file one level down in dist/, which dist/m/ is too.
  entryPoints: { "cli-bin": join(dist, "b", "cli-bin.js") },
  outdir: out,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  // The SDK's JSON Schema validator (Ajv) loads on first use, not at start (src/mcp/sdk-shims.ts).
  alias: { "@modelcontextprotocol/server/_shims": join(root, "src", "mcp", "sdk-shims.ts") },
  plugins: [englishOnly],
  // commander and proper-lockfile are CommonJS and require Node's own modules.
  banner: {
    js: 'import { createRequire as __adrailsRequire } from "node:module";\nconst require = __adrailsRequire(import.meta.url);',
  },
  minify: true,
  keepNames: true,
  logLevel: "warning",
});

// The `adrails` command: `mcp` from dist/m/, every other command from dist/b/.
const bin = join(dist, "cli", "bin.js");
const shebang = readFileSync(bin, "utf8").split("\n", 1)[0];
writeFileSync(
  bin,
  `${shebang}
// \`adrails mcp\` runs from its own bundle (scripts/bundle-mcp.mjs); evals and demo load modules
// that import "adrails", so they never do.
const argv = process.argv.slice(2);
const own = argv.includes("mcp") && !argv.includes("evals") && !argv.includes("demo");
await import(own ? "../m/cli-bin.js" : "../b/cli-bin.js");
`,
);
