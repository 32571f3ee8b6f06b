import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prelist } from "../../src/mcp/prelist.js";
import { BIN, buildOnce, cleanEnv, ROOT } from "../cli/helpers.js";

// `adrails mcp` answers initialize and tools/list from what the build recorded while the server
// loads. The recorded answers must be the live server's, and the server must still see the whole
// exchange (one answer per request, calls work right after).

beforeAll(() => buildOnce(), 120_000);

/** A raw stdio session with the built `adrails --sim mcp`; `log` keeps stdout and stderr in order. */
function session(args = ["--sim", "mcp"]) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: cleanEnv(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  const log: string[] = [];
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (let end = stdout.indexOf("\n"); end >= 0; end = stdout.indexOf("\n")) {
      log.push(`out ${stdout.slice(0, end)}`);
      stdout = stdout.slice(end + 1);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => log.push(`err ${chunk}`));
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  const answers = () =>
    log
      .filter((line) => line.startsWith("out "))
      .map((line) => JSON.parse(line.slice(4)) as Record<string, any>);
  return {
    log,
    answers,
    send: (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`),
    answer: async (id: number) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const found = answers().find((message) => message.id === id);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no answer to ${id}:\n${log.join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      child.stdin.end();
      const code = await exited;
      if (child.exitCode === null) child.kill("SIGKILL");
      return code;
    },
  };
}

const initialize = (id: number, protocolVersion = "2025-11-25") => ({
  id,
  method: "initialize",
  params: { protocolVersion, capabilities: { elicitation: {} }, clientInfo: { name: "early", version: "1" } },
});

// Answers may come in any order (a call takes longer than a ping).
const ids = (answers: Record<string, any>[]) => answers.map((message) => Number(message.id)).sort();

describe("adrails mcp, the opening exchange", () => {
  it("the build recorded what the live server answers (every tool's schema, every version)", {
    timeout: 60_000,
  }, async () => {
    const recorded = JSON.parse(readFileSync(join(ROOT, "dist/mcp/prelisted.json"), "utf8"));
    expect(recorded).toEqual(await prelist());
    expect(Object.keys(recorded.versions)).toContain("2025-11-25");
    expect(recorded.lists[0].tools).toHaveLength(52);
  });

  it("answers initialize and tools/list before the server has loaded; the server takes over after", {
    timeout: 60_000,
  }, async () => {
    const mcp = session();
    mcp.send(initialize(1));
    await mcp.answer(1);
    mcp.send({ method: "notifications/initialized" });
    mcp.send({ id: 2, method: "tools/list" });
    const listed = await mcp.answer(2);
    mcp.send({ id: 3, method: "tools/call", params: { name: "list-accounts", arguments: {} } });
    mcp.send({ id: 4, method: "ping" });
    const called = await mcp.answer(3);
    await mcp.answer(4);
    expect(await mcp.close()).toBe(0);

    expect(listed.result.tools).toHaveLength(52);
    expect(called.result.isError).toBe(false);
    // The server's start line on stderr comes after the list: it was answered while loading.
    const started = mcp.log.findIndex((line) => line.includes("adrails MCP server on stdio"));
    const listAnswer = mcp.log.findIndex((line) => line.startsWith("out ") && line.includes('"id":2'));
    expect(listAnswer).toBeGreaterThanOrEqual(0);
    expect(started).toBeGreaterThan(listAnswer);
    // One answer per request: the server's own answer to the replayed initialize never shows.
    expect(ids(mcp.answers())).toEqual([1, 2, 3, 4]);
  });

  it("a host that lists only after the server has loaded gets the recorded list, once, and its calls", {
    timeout: 60_000,
  }, async () => {
    const mcp = session();
    mcp.send(initialize(1));
    await mcp.answer(1);
    // A host that does not ask for the list: the server loads after a moment all the same.
    const deadline = Date.now() + 30_000;
    while (!mcp.log.some((line) => line.includes("adrails MCP server on stdio"))) {
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${mcp.log.join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    mcp.send({ method: "notifications/initialized" });
    mcp.send({ id: 2, method: "tools/list" });
    mcp.send({ id: 3, method: "tools/call", params: { name: "list-accounts", arguments: {} } });
    const listed = await mcp.answer(2);
    const called = await mcp.answer(3);
    expect(await mcp.close()).toBe(0);

    const recorded = JSON.parse(readFileSync(join(ROOT, "dist/mcp/prelisted.json"), "utf8"));
    expect(listed.result).toEqual(recorded.lists[recorded.versions["2025-11-25"].list]);
    expect(called.result.isError).toBe(false);
    expect(ids(mcp.answers())).toEqual([1, 2, 3]);
  });

  it("a host that calls before listing, or asks for an unknown version, gets the server's answers", {
    timeout: 60_000,
  }, async () => {
    const mcp = session(["mcp"]);
    mcp.send(initialize(7, "2099-01-01"));
    const opened = await mcp.answer(7);
    mcp.send({ method: "notifications/initialized" });
    mcp.send({ id: 8, method: "tools/call", params: { name: "list-accounts", arguments: {} } });
    mcp.send({ id: 9, method: "tools/list", params: { cursor: "x" } });
    const called = await mcp.answer(8);
    await mcp.answer(9);
    expect(await mcp.close()).toBe(0);

    expect(opened.result.protocolVersion).toBe("2025-11-25");
    // No key: the server starts and every tool says what to set.
    expect(called.result.structuredContent.error).toContain("not set up");
    expect(ids(mcp.answers())).toEqual([7, 8, 9]);
  });
});
