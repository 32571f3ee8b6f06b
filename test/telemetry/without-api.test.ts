import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// @opentelemetry/api is an optional peer dependency: with it absent (hidden by resolve hooks in a
// child process), the toolkit, its confirm channel and the MCP server work as before.

const ROOT = join(import.meta.dirname, "../..");
const CHILD = join(import.meta.dirname, "child");

describe("without @opentelemetry/api", () => {
  it("tool calls answer as usual and nothing tries to trace", () => {
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "--import", join(CHILD, "hide-otel.mjs"), join(CHILD, "no-otel.child.ts")],
      { cwd: ROOT, encoding: "utf8", timeout: 60_000 },
    );
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({
      hidden: true,
      listed: true,
      refused: false,
      server: "function",
    });
  });
});

describe("with @opentelemetry/api installed and nothing registered", () => {
  it("calls do not load the API; an SDK registered later is traced from the next call", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", join(CHILD, "late-sdk.child.ts")], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({
      before: false,
      afterUntraced: false,
      answered: [true, true],
      spans: ["POST /api/mcp/list-accounts", "execute_tool list-accounts"],
    });
  });
});
