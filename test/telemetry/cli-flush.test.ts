import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, buildOnce, ROOT } from "../cli/helpers.js";

// A short `adrails` command under an application's batching OpenTelemetry SDK (loaded with
// NODE_OPTIONS="--import ./otel.mjs", as the tracing page shows) delivers its spans to a real
// OTLP/HTTP receiver on loopback before the process exits; `adrails mcp` does so on stdin's end
// and on SIGTERM. Without the CLI's flush the batch (5 s delay) dies with the process: 0 spans.

const OTEL = join(import.meta.dirname, "child/otel-otlp.mjs");

let collector: Server;
let endpoint: string;
const received: string[][] = [];

beforeAll(async () => {
  await buildOnce();
  collector = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push(spanNames(body));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
}, 120_000);

afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

function spanNames(body: string): string[] {
  const names: string[] = [];
  const parsed = JSON.parse(body) as {
    resourceSpans?: { scopeSpans?: { spans?: { name: string }[] }[] }[];
  };
  for (const resource of parsed.resourceSpans ?? []) {
    for (const scope of resource.scopeSpans ?? [])
      for (const span of scope.spans ?? []) names.push(span.name);
  }
  return names;
}

function cli(args: string[]): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: `--import ${OTEL}`,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
      ADRAILS_API_KEY: "",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Sends the opening exchange and one tools/call; resolves once the call is answered. */
function callOverStdio(child: ChildProcess): Promise<void> {
  const send = (message: object) => child.stdin!.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });
  let out = "";
  return new Promise((resolve, reject) => {
    child.once("exit", () => reject(new Error(`exited before answering: ${out}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"id":1') && !out.includes('"id":2')) {
        if (!out.includes("initialized-sent")) {
          out += "initialized-sent";
          send({ jsonrpc: "2.0", method: "notifications/initialized" });
          send({
            jsonrpc: "2.0",
            id: 2,
            method: "tools/call",
            params: { name: "list-accounts", arguments: {} },
          });
        }
      }
      if (out.includes('"id":2')) resolve();
    });
  });
}

const allSpans = () => received.flat();

describe("the documented setup (shutdown on beforeExit)", () => {
  it("a script that ends after one toolkit call delivers its spans", async () => {
    received.length = 0;
    const child = spawn(
      process.execPath,
      [
        "--import",
        join(import.meta.dirname, "child/otel-documented.mjs"),
        join(import.meta.dirname, "child/short-script.mjs"),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    expect(await exited(child)).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ ok: true });
    expect(allSpans()).toContain("execute_tool list-accounts");
  });
});

describe("the CLI flushes a registered OpenTelemetry SDK before exiting", () => {
  it("adrails --sim call list-accounts delivers its tool span", async () => {
    received.length = 0;
    const child = cli(["--sim", "call", "list-accounts"]);
    child.stdin!.end();
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await exited(child), stderr).toBe(0);
    expect(allSpans()).toContain("execute_tool list-accounts");
  });

  it("adrails --sim mcp delivers the last call's span when stdin ends", async () => {
    received.length = 0;
    const child = cli(["--sim", "mcp"]);
    await callOverStdio(child);
    const exit = exited(child);
    child.stdin!.end();
    expect(await exit).toBe(0);
    expect(allSpans()).toContain("execute_tool list-accounts");
  });

  it("adrails --sim mcp delivers the last call's span on SIGTERM", async () => {
    received.length = 0;
    const child = cli(["--sim", "mcp"]);
    await callOverStdio(child);
    const exit = exited(child);
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(allSpans()).toContain("execute_tool list-accounts");
  });
});
