// Build step: the passkey page script's browser library. @simplewebauthn/browser is a development
// dependency only: the inbox serves it from dist/inbox/static/webauthn.js, one file bundled here
// (the page allows scripts from its own origin only), exposing the global SimpleWebAuthnBrowser.
//   node scripts/bundle-webauthn.mjs   (part of `npm run build`)
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
await build({
  stdin: { contents: 'export * from "@simplewebauthn/browser";', resolveDir: root, loader: "js" },
  outfile: join(root, "dist/inbox/static/webauthn.js"),
  bundle: true,
  format: "iife",
  globalName: "SimpleWebAuthnBrowser",
  platform: "browser",
  target: "es2020",
  minify: true,
  legalComments: "inline",
  logLevel: "warning",
});
