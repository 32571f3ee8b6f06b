import { spawn } from "node:child_process";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, cleanEnv, ROOT } from "../cli/helpers.js";
import {
  checkScenarios,
  checkToolList,
  connectClient,
  type Env,
  ERAS,
  type Era,
  push,
  startEnv,
} from "./helpers.js";

// The built `adrails mcp` binary, spawned by the SDK's stdio client transport, with credentials
// from the same environment variables as the rest of the CLI.

let env: Env;
beforeAll(async () => {
  await buildOnce();
  env = await startEnv();
}, 120_000);
afterAll(() => env?.close());

describe.each(ERAS)("adrails mcp over stdio, protocol %s", (era: Era) => {
  it("lists 52 annotated tools and runs every scenario; the key never reaches the host", {
    timeout: 60_000,
  }, async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp"],
      cwd: ROOT,
      env: cleanEnv({ ADRAILS_API_KEY: env.sim.apiKey, ADRAILS_BASE_URL: env.sim.url }) as Record<
        string,
        string
      >,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const connected = await connectClient(transport, era);
    try {
      expect(connected.client.getNegotiatedProtocolVersion()).toBe(era);
      await checkToolList(connected.client);
      await checkScenarios(env, connected);
    } finally {
      await connected.close();
    }
    // One audit line per call on stderr, never the key.
    expect(stderr).toContain('"audit"');
    expect(stderr).not.toContain(env.sim.apiKey);
  });
});

describe("adrails --sim mcp, raw stdio", () => {
  it("writes nothing but JSON-RPC to stdout, logs to stderr, and exits when stdin closes", {
    timeout: 60_000,
  }, async () => {
    const child = spawn(process.execPath, [BIN, "--sim", "mcp"], {
      cwd: ROOT,
      env: cleanEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const answered = async (id: number) => {
      const deadline = Date.now() + 30_000;
      while (!stdout.split("\n").some((line) => line.includes(`"id":${id}`))) {
        if (Date.now() > deadline) throw new Error(`no answer to ${id}:\n${stdout}\n${stderr}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      });
      await answered(1);
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
      send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "list-accounts", arguments: {} } });
      send({
        jsonrpc: "2.0",
        id: 4,
        method: "tools/call",
        params: { name: "push-creative", arguments: push(env, { status: "ACTIVE" }) },
      });
      for (const id of [2, 3, 4]) await answered(id);
      // The SDK drops requests still in flight when stdin ends, so close only after every answer.
      child.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    const lines = stdout.split("\n").filter((line) => line !== "");
    expect(lines.length).toBe(4);
    const messages = lines
      .map((line) => JSON.parse(line) as Record<string, any>)
      .sort((a, b) => Number(a.id) - Number(b.id));
    for (const message of messages) expect(message.jsonrpc).toBe("2.0");
    expect(messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(messages[0]!.result.protocolVersion).toBe("2025-11-25");
    expect(messages[1]!.result.tools).toHaveLength(52);
    expect(messages[2]!.result.isError).toBe(false);
    expect(messages[3]!.result.isError).toBe(true);
    expect(messages[3]!.result.structuredContent.blocked).toBe("hard-confirmation");
    expect(stderr).toContain("adrails MCP server on stdio");
    expect(stderr).toContain('"audit"');
  });
});

describe("adrails --sim mcp --dynamic", () => {
  it("lists find-tools only, then what a search found, announced with tools/list_changed", {
    timeout: 60_000,
  }, async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "--sim", "mcp", "--dynamic"],
      cwd: ROOT,
      env: cleanEnv() as Record<string, string>,
      stderr: "pipe",
    });
    const connected = await connectClient(transport, "2025-11-25");
    let changes = 0;
    connected.client.setNotificationHandler("notifications/tools/list_changed", () => {
      changes += 1;
    });
    try {
      expect((await connected.client.listTools()).tools.map((t) => t.name)).toEqual(["find-tools"]);
      const found = await connected.client.callTool({
        name: "find-tools",
        arguments: { query: "list ad accounts" },
      });
      const names = (found.structuredContent as { data: { tools: string[] } }).data.tools;
      expect(names).toContain("list-accounts");
      await expect.poll(() => changes).toBe(1);
      const listed = (await connected.client.listTools()).tools.map((t) => t.name);
      expect(listed.sort()).toEqual(["find-tools", ...names].sort());
      const accounts = await connected.client.callTool({ name: "list-accounts", arguments: {} });
      expect(accounts.isError).toBe(false);
    } finally {
      await connected.close();
    }
  });
});
