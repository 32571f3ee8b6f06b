import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpHttpServer, startMcpHttpServer } from "../../src/mcp/http.js";
import { BIN, buildOnce, cleanEnv, ROOT, waitFor } from "../cli/helpers.js";
import {
  call,
  checkScenarios,
  checkToolList,
  connectClient,
  type Env,
  ERAS,
  type Era,
  IMAGE,
  SITE,
  startEnv,
} from "./helpers.js";

// Streamable HTTP on a real loopback port: the SDK's client on each protocol revision, then what a
// request without the token, with a wrong one, or with a foreign Host or Origin gets.

const TOKEN = "test-token-0123456789abcdef";
let env: Env;
let server: McpHttpServer;
beforeAll(async () => {
  // The built binary is spawned below; building can take a minute on a busy machine.
  await buildOnce();
  env = await startEnv();
  server = await startMcpHttpServer(env.toolkit(), { token: TOKEN });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await env?.close();
});

const transport = (url: string, token = TOKEN) =>
  new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });

describe.each(ERAS)("Streamable HTTP, protocol %s", (era: Era) => {
  it("lists 52 annotated tools and runs every scenario, confirmation included", {
    timeout: 30_000,
  }, async () => {
    const connected = await connectClient(transport(server.url), era);
    try {
      expect(connected.client.getNegotiatedProtocolVersion()).toBe(era);
      await checkToolList(connected.client);
      await checkScenarios(env, connected);
    } finally {
      await connected.close();
    }
  });
});

describe("a host that reconnects", () => {
  it("retries a write on a new session after losing the answer: the service replays it, one ad", async () => {
    env.sim.control.reset();
    const body = { account_id: env.account, adset_id: env.adset, image_url: IMAGE, website_url: SITE };
    for (const era of ["2025-11-25", "2025-11-25", "2026-07-28"] as const) {
      const connected = await connectClient(transport(server.url), era);
      try {
        const made = await call(connected.client, "push-creative", body);
        expect(made.result.isError).toBe(false);
      } finally {
        await connected.close();
      }
    }
    expect(env.sim.control.ads()).toHaveLength(1);
    expect(env.pushes().filter((r) => (r as { replayed?: boolean }).replayed)).toHaveLength(2);
  });
});

/** A raw POST, so that the Host header can be anything. */
function post(url: string, headers: Record<string, string>, body: object) {
  const target = new URL(url);
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...headers,
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (d: string) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        },
      );
      req.once("error", reject);
      req.end(JSON.stringify(body));
    },
  );
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

describe("HTTP guards", () => {
  it("403 without a token or with a wrong one (no OAuth challenge), 403 for a foreign Host or Origin", async () => {
    const port = new URL(server.url).port;
    const missing = await post(server.url, {}, initialize);
    expect(missing.status).toBe(403);
    // A 401 or a WWW-Authenticate header makes MCP clients (the Inspector) start an OAuth sign-in.
    expect(missing.headers["www-authenticate"]).toBeUndefined();
    expect(
      (await post(server.url, { authorization: "Bearer wrong-token-0123456789" }, initialize)).status,
    ).toBe(403);
    expect((await post(server.url, { authorization: `Basic ${TOKEN}` }, initialize)).status).toBe(403);
    const rebound = await post(
      server.url,
      { authorization: `Bearer ${TOKEN}`, host: `evil.example:${port}` },
      initialize,
    );
    expect(rebound.status).toBe(403);
    const origin = await post(
      server.url,
      { authorization: `Bearer ${TOKEN}`, origin: "https://evil.example" },
      initialize,
    );
    expect(origin.status).toBe(403);
    const ok = await post(
      server.url,
      { authorization: `Bearer ${TOKEN}`, origin: `http://localhost:${port}` },
      initialize,
    );
    expect(ok.status).toBe(200);
    await expect(
      connectClient(transport(server.url, "wrong-token-0123456789"), "2025-11-25"),
    ).rejects.toThrow(/wrong bearer token/);
  });
});

describe("adrails --sim mcp --http", () => {
  it("serves on loopback with a generated token printed once to stderr; refuses a public host without ADRAILS_MCP_TOKEN", {
    timeout: 60_000,
  }, async () => {
    const child = spawn(process.execPath, [BIN, "--sim", "mcp", "--http"], {
      cwd: ROOT,
      env: cleanEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    try {
      const [, url] = await waitFor(() => stderr, /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 30_000);
      const [, token] = await waitFor(() => stderr, /Bearer token \(shown once.*\): (\S+)/);
      expect((await post(url!, {}, initialize)).status).toBe(403);
      const connected = await connectClient(transport(url!, token!), "2026-07-28");
      const { tools } = await connected.client.listTools();
      expect(tools).toHaveLength(52);
      await connected.close();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    expect(stdout).toBe("");
    expect(stderr.match(/Bearer token/g)).toHaveLength(1);

    const refused = spawn(process.execPath, [BIN, "--sim", "mcp", "--http", "--host", "0.0.0.0"], {
      cwd: ROOT,
      env: cleanEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let refusal = "";
    refused.stderr.setEncoding("utf8").on("data", (d: string) => (refusal += d));
    const code = await new Promise<number | null>((resolve) => refused.once("close", (c) => resolve(c)));
    expect(code).toBe(2);
    expect(refusal).toMatch(/not loopback, without a token/);
  });
});

describe("Streamable HTTP, dynamic mode", () => {
  it("a 2025-era session lists what its searches found; a 2026-07-28 client, one server per request, gets the full list", async () => {
    const dynamic = await startMcpHttpServer(env.toolkit(), { token: TOKEN, dynamic: true });
    try {
      const changes: string[][] = [];
      const session = await connectClient(transport(dynamic.url), "2025-11-25", {
        onToolsChanged: (names) => changes.push(names),
      });
      try {
        expect((await session.client.listTools()).tools.map((t) => t.name)).toEqual(["find-tools"]);
        const found = await call(session.client, "find-tools", { query: "list ad accounts" });
        const names = (found.tool as { data: { tools: string[] } }).data.tools;
        await expect.poll(() => changes.length).toBe(1);
        const listed = (await session.client.listTools()).tools.map((t) => t.name);
        expect(listed.sort()).toEqual(["find-tools", ...names].sort());
        expect((await call(session.client, "list-accounts", {})).result.isError).toBe(false);
      } finally {
        await session.close();
      }
      const modern = await connectClient(transport(dynamic.url), "2026-07-28");
      try {
        expect((await modern.client.listTools()).tools).toHaveLength(52);
      } finally {
        await modern.close();
      }
    } finally {
      await dynamic.close();
    }
  });
});
