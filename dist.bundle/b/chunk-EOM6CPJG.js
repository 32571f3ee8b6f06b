import {
  sendWeb
} from "./chunk-WA4DTIO7.js";
import {
  createMcpServer
} from "./chunk-7C3ZZXET.js";
import {
  resolveToolkit
} from "./chunk-NHHJSMJV.js";
import {
  nodeHttp
} from "./chunk-FESAOV4W.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/mcp/http.js
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createMcpHandler, isInitializeRequest, isLegacyRequest, localhostAllowedHostnames, validateHostHeader, validateOriginHeader, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
var MAX_BODY_BYTES = 4 * 1024 * 1024;
var WRONG_TOKEN = "Missing or wrong bearer token. This adrails MCP server takes no OAuth sign-in: set the header Authorization: Bearer <token>, with the token it printed at start or the value of ADRAILS_MCP_TOKEN.";
var PATH = "/mcp";
function isLoopbackHost(host) {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
__name(isLoopbackHost, "isLoopbackHost");
async function startMcpHttpServer(toolkitOrOptions, options) {
  const { token, host = "127.0.0.1", port = 0, allowRemote, allowedHosts = [], maxSessions = 100 } = options;
  const { onerror, ...rest } = options;
  if (typeof token !== "string" || token.length < 16) {
    throw new TypeError("startMcpHttpServer needs a bearer token of at least 16 characters");
  }
  if (!isLoopbackHost(host) && allowRemote !== true) {
    throw new Error(`refusing to serve MCP on ${host}, which is not loopback, without allowRemote`);
  }
  const toolkit = resolveToolkit(toolkitOrOptions);
  const serverOptions = {
    ...rest.name === void 0 ? {} : { name: rest.name },
    ...rest.version === void 0 ? {} : { version: rest.version },
    ...rest.stateKey === void 0 ? {} : { stateKey: rest.stateKey },
    ...rest.confirmationTimeoutMs === void 0 ? {} : { confirmationTimeoutMs: rest.confirmationTimeoutMs },
    ...rest.sessionId === void 0 ? {} : { sessionId: rest.sessionId },
    ...rest.dynamic === void 0 ? {} : { dynamic: rest.dynamic },
    ...rest.progressEveryMs === void 0 ? {} : { progressEveryMs: rest.progressEveryMs }
  };
  const hostNames = [
    ...localhostAllowedHostnames(),
    ...[host, ...allowedHosts].map((name) => name.includes(":") && !name.startsWith("[") ? `[${name}]` : name)
  ];
  const expected = digest(token);
  const report = /* @__PURE__ */ __name((error) => {
    try {
      onerror?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
    }
  }, "report");
  const { dynamic: _perSession, ...modernOptions } = serverOptions;
  const modern = createMcpHandler(() => createMcpServer(toolkit, modernOptions), {
    legacy: "reject",
    onerror: report
  });
  const sessions = /* @__PURE__ */ new Map();
  async function legacy(request, body) {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const transport2 = sessions.get(sessionId);
      if (!transport2)
        return rpcError(404, -32001, "Session not found: initialize again.");
      return transport2.handleRequest(request, { parsedBody: body });
    }
    const opens = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
    if (request.method !== "POST" || !opens) {
      return rpcError(400, -32e3, "No session: the first request of a session is initialize.");
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: /* @__PURE__ */ __name(() => randomUUID(), "sessionIdGenerator"),
      onsessioninitialized: /* @__PURE__ */ __name((id) => {
        sessions.set(id, transport);
        if (sessions.size > maxSessions) {
          const [oldest, open] = sessions.entries().next().value;
          sessions.delete(oldest);
          void open.close().catch(report);
        }
      }, "onsessioninitialized"),
      onsessionclosed: /* @__PURE__ */ __name((id) => {
        sessions.delete(id);
      }, "onsessionclosed")
    });
    transport.onclose = () => {
      if (transport.sessionId)
        sessions.delete(transport.sessionId);
    };
    await createMcpServer(toolkit, serverOptions).connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }
  __name(legacy, "legacy");
  async function handle(req, res) {
    const hostCheck = validateHostHeader(req.headers.host, hostNames);
    if (!hostCheck.ok)
      return sendWeb(res, rpcError(403, -32e3, `Host refused: ${hostCheck.message}`));
    const originCheck = validateOriginHeader(req.headers.origin, hostNames);
    if (!originCheck.ok)
      return sendWeb(res, rpcError(403, -32e3, `Origin refused: ${originCheck.message}`));
    if (!authorized(req.headers.authorization, expected)) {
      return sendWeb(res, rpcError(403, -32001, WRONG_TOKEN));
    }
    if (new URL(req.url ?? "/", "http://localhost").pathname !== PATH) {
      return sendWeb(res, rpcError(404, -32e3, `Not found: the MCP endpoint is ${PATH}.`));
    }
    const aborter = new AbortController();
    res.once("close", () => aborter.abort());
    const read = await readBody(req);
    if (read === "too-large")
      return sendWeb(res, rpcError(413, -32e3, "Request body too large."));
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: flatHeaders(req),
      ...read.length > 0 ? { body: new Uint8Array(read) } : {},
      signal: aborter.signal
    });
    const body = parseJson(read);
    const response = await isLegacyRequest(request, body) ? await legacy(request, body) : await modern.fetch(request, body === void 0 ? {} : { parsedBody: body });
    await sendWeb(res, response);
  }
  __name(handle, "handle");
  const server = nodeHttp().createServer((req, res) => {
    handle(req, res).catch((error) => {
      report(error);
      if (!res.headersSent)
        void sendWeb(res, rpcError(500, -32603, "Internal error."));
      else
        res.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}${PATH}`,
    close: /* @__PURE__ */ __name(async () => {
      await modern.close().catch(report);
      await Promise.all([...sessions.values()].map((transport) => transport.close().catch(report)));
      sessions.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    }, "close")
  };
}
__name(startMcpHttpServer, "startMcpHttpServer");
function digest(value) {
  return createHash("sha256").update(value).digest();
}
__name(digest, "digest");
function authorized(header, expected) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]), expected);
}
__name(authorized, "authorized");
function rpcError(status, code, message) {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
__name(rpcError, "rpcError");
async function readBody(req) {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES)
    return "too-large";
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      return "too-large";
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
__name(readBody, "readBody");
function parseJson(body) {
  if (body.length === 0)
    return void 0;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return void 0;
  }
}
__name(parseJson, "parseJson");
function flatHeaders(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === void 0)
      continue;
    for (const item of Array.isArray(value) ? value : [value])
      headers.append(name, item);
  }
  return headers;
}
__name(flatHeaders, "flatHeaders");

export {
  isLoopbackHost,
  startMcpHttpServer
};
