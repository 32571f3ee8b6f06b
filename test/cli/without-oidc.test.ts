import { spawn } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, ROOT } from "./helpers.js";

// oidc-provider (the simulator's OAuth door, with its koa/jose tree) and undici are optional peers,
// out of a plain `npm install adrails`. Hidden here by resolve hooks in the child: the simulator
// serves everything but its door and says what to install; a command through the door says it
// with exit 2; everything else, drift included, works as before.

const HIDE = join(import.meta.dirname, "child/hide.mjs");

beforeAll(() => buildOnce(), 120_000);

function run(
  args: string[],
  until?: RegExp,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", HIDE, BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, HIDDEN_PACKAGES: "oidc-provider,undici", ADRAILS_API_KEY: "", ADRAILS_VIA: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (until?.test(stdout)) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe("without oidc-provider and undici", () => {
  it("adrails sim serves the simulator without its door, naming npm install oidc-provider", async () => {
    const { code, stdout, stderr } = await run(["sim"], /Ctrl-C/);
    expect(stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).not.toContain("MCP door");
    expect(stderr).toContain("npm install oidc-provider");
    expect(code).toBe(0);
  });

  it("startSimulator({ door: true }) from adrails/sim rejects naming npm install oidc-provider", async () => {
    const script = `import("adrails/sim").then((sim) => sim.startSimulator({ door: true })).then(
      () => console.log("started"),
      (error) => { console.log(error.message); process.exit(3); });`;
    const child = spawn(process.execPath, ["--import", HIDE, "--input-type=module", "-e", script], {
      cwd: ROOT,
      env: { ...process.env, HIDDEN_PACKAGES: "oidc-provider" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(stdout).toContain("npm install oidc-provider");
    expect(code).toBe(3);
  });

  it("adrails --sim call and adrails --sim doctor --drift work as before", async () => {
    const call = await run(["--sim", "call", "list-accounts"]);
    expect(call.stderr).toBe("");
    expect(call.code).toBe(0);
    expect(JSON.parse(call.stdout)).toBeTruthy();
    const drift = await run(["--sim", "doctor", "--drift"]);
    expect(drift.stderr).not.toMatch(/Cannot find package|undici/);
    expect(drift.code).toBe(0);
  });
});
