import { spawn } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, ROOT } from "./helpers.js";

// `redis` is an optional peer dependency. Every path given a Redis URL without it installed (hidden
// here by resolve hooks in the child, as in a plain `npm install adrails`) stops at start with
// exit 2 and a message naming `npm install redis`: never a page that says only "unavailable" or a
// "Cannot find package" crash with exit 1.

const HIDE = join(import.meta.dirname, "child/hide.mjs");
const URL = "redis://127.0.0.1:1";

beforeAll(() => buildOnce(), 120_000);

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", HIDE, BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ADRAILS_REDIS_URL: "", HIDDEN_PACKAGES: "redis", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // A server that started anyway must not hang the test: it is stopped after a while.
  const timer = setTimeout(() => child.kill("SIGTERM"), 20_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe("a Redis URL without the redis package", () => {
  it.each([
    ["inbox (ADRAILS_REDIS_URL)", ["inbox"], { ADRAILS_REDIS_URL: URL }],
    ["call --redis", ["--sim", "call", "list-accounts", "--redis", URL], {}],
    [
      "call --wait-approval",
      ["--sim", "call", "list-accounts", "--wait-approval"],
      { ADRAILS_REDIS_URL: URL },
    ],
    ["mcp (ADRAILS_REDIS_URL)", ["--sim", "mcp"], { ADRAILS_REDIS_URL: URL }],
    ["mcp --redis", ["--sim", "mcp", "--redis", URL], {}],
    ["audit --redis", ["audit", "--redis", URL], {}],
  ])("%s: exit 2 at start, naming npm install redis", async (_name, args, env) => {
    const { code, stderr } = await run(args, env);
    expect(stderr).toContain("npm install redis");
    expect(stderr).not.toMatch(/unavailable|Cannot find package/);
    expect(code).toBe(2);
  });

  it("evals --options with a module importing adrails/redis: exit 2 naming npm install redis", async () => {
    const { code, stderr } = await run(["evals", "--options", "test/cli/child/redis-options.mjs"]);
    expect(stderr).toContain("npm install redis");
    expect(code).toBe(2);
  });
});
