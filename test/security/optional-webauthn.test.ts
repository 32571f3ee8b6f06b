import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// @simplewebauthn/server is an optional peer: a process whose people file has no passkeys never
// loads it, and one that meets an approval needing a passkey without it installed refuses, saying
// what to install (fail closed). Run in a child process where the package cannot be found.

const run = promisify(execFile);
const dir = join(import.meta.dirname, "child");

describe("the WebAuthn library is loaded on first use, and its absence fails closed", {
  timeout: 60_000,
}, () => {
  it("no passkey: never loaded, approved; a passkey needed: refused with the install command", async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "--import", join(dir, "no-webauthn-hook.mjs"), join(dir, "no-webauthn.ts")],
      { cwd: join(import.meta.dirname, "../.."), timeout: 50_000 },
    );
    const [plain, passkey, check] = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(plain).toMatchObject({ step: "no passkey", verdict: { ok: true, who: ["Cat"] } });
    const lines = stderr.split("\n");
    const firstLoad = lines.findIndex((l) => l.startsWith("LOADING "));
    expect(passkey.verdict.ok).toBe(false);
    expect(passkey.verdict.reason).toContain("npm install @simplewebauthn/server@13");
    expect(check.result).toMatchObject({ ok: false });
    expect(check.result.problem).toContain("needs the package @simplewebauthn/server");
    // Tried only once a passkey was met: after the statement without one was judged.
    expect(firstLoad).toBeGreaterThan(lines.indexOf("DONE no passkey"));
    expect(lines.indexOf("DONE no passkey")).toBeGreaterThanOrEqual(0);
  });
});
