import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, cleanEnv, ROOT } from "./helpers.js";

// dist/ is one code-split bundle of every entry point (scripts/bundle-dist.mjs): a cold start or an
// adapter import loads a few files, and each class exists once, shared by the CLI and the entries.

beforeAll(() => buildOnce(), 120_000);

const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
    item.isDirectory()
      ? jsFiles(join(dir, item.name))
      : item.name.endsWith(".js")
        ? [join(dir, item.name)]
        : [],
  );

describe("the bundled dist/", () => {
  it("keeps each entry point's path as a module that re-exports its bundle", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    for (const target of Object.values(manifest.exports) as (string | { default: string })[]) {
      const file = typeof target === "string" ? target : target.default;
      if (!file.endsWith(".js")) continue;
      expect(readFileSync(join(ROOT, file), "utf8"), file).toMatch(/^export \* from "\.\.?\/(\.\.\/)?b\//);
    }
    // Outside dist/b/ (and dist/m/, `adrails mcp`'s own) only the entries' one-line modules are
    // left; the inbox page's own browser scripts (dist/inbox/static/) are served, never imported.
    const outside = jsFiles(join(ROOT, "dist")).filter(
      (file) =>
        !file.includes(join("dist", "b") + sep) &&
        !file.includes(join("dist", "m") + sep) &&
        !file.includes(join("dist", "inbox", "static") + sep),
    );
    expect(outside.length).toBeLessThan(20);
  });

  it("evals --options: a StoreError from a module importing adrails is the CLI's own class (a store refusal)", () => {
    const out = mkdtempSync(join(tmpdir(), "adrails-bundle-"));
    const run = spawnSync(
      process.execPath,
      [
        BIN,
        "evals",
        "--dir",
        join(ROOT, "examples/evals/conversations"),
        "--adapter",
        "ai-sdk",
        "--quiet",
        "--out",
        out,
        "--options",
        join(ROOT, "test/cli/child/failing-store-options.mjs"),
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 60_000 },
    );
    rmSync(out, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(1);
    // Told apart by `instanceof StoreError`: the store's message, and what a store failure means.
    expect(run.stdout).toContain('"error":"push-creative: The bundle-check store is down."');
    expect(run.stdout).toContain("Nothing was sent: the shared store adrails keeps its limits");
  }, 90_000);
});

// `adrails mcp` runs from dist/m/ (scripts/bundle-mcp.mjs), with zod, the MCP SDK and commander
// inside it: a host's first call waits for fewer files. With those packages made unresolvable, it
// still serves; any other command, from dist/b/, cannot start. jose (token verification, signed
// decisions) stays a package loaded on use: a stdio server's first call never needs it.
describe("adrails mcp's own bundle", () => {
  const HIDE = join(ROOT, "test/cli/child/hide.mjs");
  const hidden = cleanEnv({
    HIDDEN_PACKAGES: "zod,@modelcontextprotocol/server,@modelcontextprotocol/core,commander,jose",
  });

  it("answers a first call with zod, the MCP SDK, commander and jose unresolvable", async () => {
    const child = spawn(process.execPath, ["--import", HIDE, BIN, "--sim", "mcp"], {
      cwd: ROOT,
      env: hidden,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const answer = new Promise<{ result?: { isError?: boolean; structuredContent?: unknown } }>(
      (resolve, reject) => {
        let buffer = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          buffer += chunk;
          for (const line of buffer.split("\n").slice(0, -1)) {
            const message = JSON.parse(line);
            if (message.id === 3) resolve(message);
          }
          buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      },
    );
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/list" });
    send({ id: 3, method: "tools/call", params: { name: "list-accounts", arguments: {} } });
    try {
      const message = await answer;
      expect(message.result?.isError, stderr).not.toBe(true);
      expect(JSON.stringify(message.result?.structuredContent)).toContain("act_");
    } finally {
      child.kill();
    }
  }, 60_000);

  it("is not what other commands run: with the same packages unresolvable, adrails call cannot start", () => {
    const run = spawnSync(process.execPath, ["--import", HIDE, BIN, "--sim", "call", "list-accounts"], {
      cwd: ROOT,
      env: hidden,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("hidden by the test");
  }, 90_000);
});
