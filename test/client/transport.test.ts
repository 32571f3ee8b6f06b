import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Attempt, post, type Target } from "../../src/client/http.js";
import { testCertificate } from "../tls.js";

// The wire under every call: Node's own http client by default, undici when the caller hands in a
// dispatcher. Both must read the same things from a real loopback server: answers, a cut body, no
// answer in time, a caller's abort, a refused connection, and kept-alive sockets the server closed.

type Respond = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let origin: string;
let respond: Respond;
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      (req as IncomingMessage & { body?: string }).body = body;
      respond(req, res);
    });
  });
  server.on("connection", (socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const target = (path = "/api/mcp/results"): Target => ({ origin, path });
const dispatcher = new Agent();
afterAll(() => dispatcher.close());

const transports = [
  ["node:http (default)", {}],
  ["undici (a dispatcher)", { dispatcher }],
] as const;

describe.each(transports)("%s", (_name, extra) => {
  const send = (options: { timeoutMs?: number; signal?: AbortSignal } = {}, body = '{"a":1}') =>
    post(target(), body, { authorization: "Bearer adk_test_key", timeoutMs: 2000, ...extra, ...options });

  it("sends the JSON body with its headers and reads the whole answer", async () => {
    let seen: { method?: string; auth?: string; type?: string; body?: string; path?: string } = {};
    respond = (req, res) => {
      seen = {
        method: req.method,
        path: req.url,
        auth: req.headers.authorization,
        type: req.headers["content-type"],
        body: (req as IncomingMessage & { body?: string }).body,
      };
      res.setHeader("x-ratelimit-remaining", "41");
      res.setHeader("content-type", "application/json");
      // Multi-byte characters split across chunks still read whole.
      const text = JSON.stringify({ data: "é🙂".repeat(3000) });
      const bytes = Buffer.from(text);
      res.write(bytes.subarray(0, 5001));
      setTimeout(() => res.end(bytes.subarray(5001)), 5);
    };
    const body = JSON.stringify({ headline: "Crème brûlée ✓" });
    const answer = await send({}, body);
    expect(answer).toMatchObject({ kind: "answer", status: 200 });
    const { headers, text } = answer as Extract<Attempt, { kind: "answer" }>;
    expect(headers["x-ratelimit-remaining"]).toBe("41");
    expect(JSON.parse(text)).toEqual({ data: "é🙂".repeat(3000) });
    expect(seen).toEqual({
      method: "POST",
      path: "/api/mcp/results",
      auth: "Bearer adk_test_key",
      type: "application/json",
      body,
    });
  });

  it("reads an error status as an answer, not a failure", async () => {
    respond = (_req, res) => {
      res.statusCode = 503;
      res.end('{"error":"busy"}');
    };
    expect(await send()).toMatchObject({ kind: "answer", status: 503, text: '{"error":"busy"}' });
  });

  it("no answer within the timeout is a timeout, and the request is ended", async () => {
    let closed: Promise<void> = Promise.resolve();
    respond = (req) => {
      closed = new Promise((resolve) => req.socket.once("close", () => resolve()));
    };
    // The server never answers: only the timeout ends the attempt.
    const attempt = await send({ timeoutMs: 150 });
    expect(attempt).toEqual({ kind: "failure", cause: "timeout", message: "no answer within 150 ms" });
    await closed;
  });

  it("a body cut off mid-way is a connection failure, never an answer", async () => {
    respond = (_req, res) => {
      res.setHeader("content-length", "1000");
      res.write('{"data":"only the begin');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    expect(await send()).toMatchObject({ kind: "failure", cause: "connection" });
  });

  it("the caller's abort ends the request where it is", async () => {
    respond = () => {};
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await send({ signal: controller.signal })).toEqual({
      kind: "failure",
      cause: "aborted",
      message: "aborted by the caller",
    });
    expect(await send({ signal: AbortSignal.abort() })).toMatchObject({ kind: "failure", cause: "aborted" });
  });

  it("a refused connection is a connection failure naming its cause", async () => {
    const closed = await new Promise<string>((resolve) => {
      const spare = createServer();
      spare.listen(0, "127.0.0.1", () => {
        const url = `http://127.0.0.1:${(spare.address() as AddressInfo).port}`;
        spare.close(() => resolve(url));
      });
    });
    const attempt = await post({ origin: closed, path: "/api/mcp/results" }, "{}", {
      authorization: "Bearer adk_test_key",
      timeoutMs: 2000,
      ...extra,
    });
    expect(attempt).toMatchObject({ kind: "failure", cause: "connection" });
    expect((attempt as { message: string }).message).toMatch(/ECONNREFUSED/);
  });

  it("a server's close of an idle kept-alive connection does not fail the next call", async () => {
    respond = (_req, res) => res.end("{}");
    expect(await send()).toMatchObject({ kind: "answer", status: 200 });
    for (const socket of sockets) socket.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await send()).toMatchObject({ kind: "answer", status: 200 });
  });
});

describe("node:http (default)", () => {
  it("keeps one connection alive across calls, and opens another once the server closed it", async () => {
    respond = (_req, res) => res.end("{}");
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = connections;
    for (let i = 0; i < 5; i++)
      expect(
        await post(target(), "{}", { authorization: "Bearer adk_test_key", timeoutMs: 2000 }),
      ).toMatchObject({ kind: "answer", status: 200 });
    expect(connections - before).toBe(1);
    // The server closes its idle connections (as at its keep-alive timeout): a new one is opened.
    for (const socket of sockets) socket.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      await post(target(), "{}", { authorization: "Bearer adk_test_key", timeoutMs: 2000 }),
    ).toMatchObject({ kind: "answer", status: 200 });
    expect(connections - before).toBe(2);
  });
  it("reaches an IPv6 loopback address written as a URL literal", async (context) => {
    const v6 = createServer((_req, res) => res.end('{"v6":true}'));
    const listening = await new Promise<boolean>((resolve) => {
      v6.once("error", () => resolve(false));
      v6.listen(0, "::1", () => resolve(true));
    });
    // A machine without IPv6 on loopback has nothing to reach: reported as skipped, not passed.
    if (!listening) return context.skip("this machine has no IPv6 loopback");
    try {
      const port = (v6.address() as AddressInfo).port;
      const attempt = await post({ origin: `http://[::1]:${port}`, path: "/x" }, "{}", {
        authorization: "Bearer adk_test_key",
        timeoutMs: 2000,
      });
      expect(attempt).toMatchObject({ kind: "answer", status: 200, text: '{"v6":true}' });
    } finally {
      v6.closeAllConnections();
      await new Promise((resolve) => v6.close(resolve));
    }
  });

  it("a header value Node refuses to send is a connection failure, not a throw", async () => {
    const attempt = await post(target(), "{}", { authorization: "Bearer a\nb", timeoutMs: 2000 });
    expect(attempt).toMatchObject({ kind: "failure", cause: "connection" });
  });
});

describe("node:http (default), an https:// service", () => {
  it("is reached over TLS with its certificate checked: a self-signed one fails the connection", async () => {
    let asked = 0;
    const tls = createHttpsServer(testCertificate(), (_req, res) => {
      asked++;
      res.end("{}");
    });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    try {
      const port = (tls.address() as AddressInfo).port;
      const attempt = await post({ origin: `https://127.0.0.1:${port}`, path: "/api/mcp/results" }, "{}", {
        authorization: "Bearer adk_test_key",
        timeoutMs: 2000,
      });
      expect(attempt).toMatchObject({ kind: "failure", cause: "connection" });
      expect((attempt as { message: string }).message).toMatch(/self[- ]signed certificate/i);
      expect(asked).toBe(0);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});
