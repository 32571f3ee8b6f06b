import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, cleanEnv, ROOT } from "../cli/helpers.js";
import { node22 } from "../support/node22.js";

// Node writes its compile cache only at a normal exit; a host may end its server with SIGKILL.
// `adrails mcp` writes the cache once its first answer after the load is out, so the next session
// starts warm either way. Node 22.10+ (the suite's own Node 22, test/support/node22.ts).

beforeAll(() => buildOnce(), 120_000);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
    item.isDirectory() ? files(join(dir, item.name)) : [join(dir, item.name)],
  );

describe("adrails mcp and Node's compile cache", () => {
  it("writes the cache after the first call's answer, before any exit (a host may SIGKILL it)", {
    timeout: 300_000,
  }, async () => {
    const cache = mkdtempSync(join(tmpdir(), "adrails-compile-cache-"));
    const child = spawn(await node22(), [BIN, "--sim", "mcp"], {
      cwd: ROOT,
      env: cleanEnv({ NODE_COMPILE_CACHE: cache }),
      stdio: ["pipe", "pipe", "pipe"],
    });
    try {
      const send = (message: object) =>
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
      const answered = new Map<number, Record<string, any>>();
      let buffer = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
          const message = JSON.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 1);
          answered.set(Number(message.id), message);
        }
      });
      const until = async (what: string, done: () => boolean) => {
        const deadline = Date.now() + 60_000;
        while (!done()) {
          if (Date.now() > deadline) throw new Error(`${what} did not happen`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      send({
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "cache", version: "1" },
        },
      });
      await until("the initialize answer", () => answered.has(1));
      send({ method: "notifications/initialized" });
      send({ id: 2, method: "tools/list" });
      await until("the tools/list answer", () => answered.has(2));
      // Nothing is compiled into the cache before the server loads, and nothing written before exit.
      expect(files(cache)).toEqual([]);
      send({ id: 3, method: "tools/call", params: { name: "list-accounts", arguments: {} } });
      await until("the tools/call answer", () => answered.has(3));
      expect(answered.get(3)!.result.isError).toBe(false);
      await until("a written compile cache", () => files(cache).length > 0);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill("SIGKILL");
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
