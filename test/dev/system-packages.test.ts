import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const CHECK = join(root, "test/support/system-packages.mjs");
const { SYSTEM_PACKAGES } = (await import(CHECK)) as { SYSTEM_PACKAGES: string };

function check(path: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CHECK], { env: { PATH: path } }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe("npm test's pretest check of the system packages", () => {
  it("is the pretest of the README's test command, and the README states its sentence", () => {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.pretest).toBe("node test/support/system-packages.mjs");
    const readme = readFileSync(join(root, "README.md"), "utf8").replaceAll("`", "").replace(/\s+/g, " ");
    expect(readme).toContain(SYSTEM_PACKAGES);
  });

  it("passes where redis-server and chromium are installed", async () => {
    expect(await check(process.env.PATH ?? "")).toEqual({ code: 0, stderr: "" });
  });

  it("stops with the sentence and what is missing when redis-server is not on the PATH", async () => {
    // A PATH with a shell and nothing else.
    const bin = mkdtempSync(join(tmpdir(), "adrails-path-"));
    try {
      symlinkSync("/bin/sh", join(bin, "sh"));
      const { code, stderr } = await check(bin);
      expect(code).toBe(1);
      expect(stderr).toContain(SYSTEM_PACKAGES);
      expect(stderr).toMatch(/Missing: redis-server\b/);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
