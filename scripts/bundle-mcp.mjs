// Bundles the CLI for the plain `adrails mcp` forms into dist/mcp-fast (see src/cli/bin.ts): one
// module graph of ~90 chunks instead of hundreds of files, split at the CLI's dynamic imports so a
// command loads only what it runs. Packages stay external (one zod, one MCP SDK). The folder sits two
// levels under the package root, like dist/mcp, so paths taken from import.meta.url still resolve.
import { build } from "esbuild";

await build({
  entryPoints: { main: "dist/cli/main.js" },
  outdir: "dist/mcp-fast",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
