import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  validateHostHeader,
  validateOriginHeader,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { resolveToolkit } from "../adapters/shared.js";
import { nodeHttp } from "../node-http.js";
import { sendWeb } from "../node-web.js";
import type { AdToolkit, AdToolsOptions } from "../types.js";
import type { AuthGate, McpHttpAuth } from "./auth-http.js";
import { type AdrailsMcpServerOptions, createMcpServer } from "./server.js";

/** Options of {@link startMcpHttpServer}. */
export interface McpHttpOptions extends AdrailsMcpServerOptions {
  /**
   * The bearer token every request must carry (one person's use). Required unless `auth` is given;
   * the two are never combined.
   */
  token?: string;
  /**
   * Sign-in through the team's own authorization server (OAuth 2.1, the MCP authorization spec):
   * Protected Resource Metadata, 401 challenges, access tokens checked for this server's audience,
   * scopes `ads:read` / `ads:write` / `ads:launch`, and a toolkit per caller. Give toolkit options
   * (not a toolkit) as the first argument, or `auth.toolkitFor`.
   */
  auth?: McpHttpAuth;
  /** Default "127.0.0.1". A host that is not loopback is refused unless `allowRemote` is set. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Allow binding a host that is not loopback (the caller vouches for the token). */
  allowRemote?: boolean;
  /** Host names (no port) accepted in the Host and Origin headers besides loopback and `host`. */
  allowedHosts?: string[];
  /** Open 2025-era sessions kept at once; the oldest is closed beyond this. Default 100. */
  maxSessions?: number;
  /** Out-of-band errors (reporting only). */
  onerror?: (error: Error) => void;
}

/** A running Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** e.g. http://127.0.0.1:49152/mcp */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;
const WRONG_TOKEN =
  "Missing or wrong bearer token. This adrails MCP server takes no OAuth sign-in: set the header Authorization: Bearer <token>, with the token it printed at start or the value of ADRAILS_MCP_TOKEN.";
const PATH = "/mcp";

/** True for a host name or address that stays on this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Serves the toolkit over Streamable HTTP at `/mcp`: the 2026-07-28 revision per request, 2025-era
 * clients in sessions (so a server can send them `elicitation/create`). Every request must carry
 * `Authorization: Bearer <token>` (else 403, so that no client starts an OAuth sign-in), or with
 * `auth` an access token of the team's authorization server (else 401 with the challenge), and a
 * Host and Origin naming this machine or an allowed host (else 403), against DNS rebinding.
 */
export async function startMcpHttpServer(
  toolkitOrOptions: AdToolkit | AdToolsOptions | undefined,
  options: McpHttpOptions,
): Promise<McpHttpServer> {
  const { token, host = "127.0.0.1", port = 0, allowRemote, allowedHosts = [], maxSessions = 100 } = options;
  const { onerror, auth, ...rest } = options;
  if (auth !== undefined && token !== undefined) {
    throw new TypeError(
      "startMcpHttpServer takes a static token or auth (the team's authorization server), not both: a shared token would let anyone past the sign-in",
    );
  }
  if (auth === undefined && (typeof token !== "string" || token.length < 16)) {
    throw new TypeError("startMcpHttpServer needs a bearer token of at least 16 characters, or auth");
  }
  const authModule = auth ? await import("./auth-http.js") : undefined;
  if (auth) authModule!.checkAuthInput(toolkitOrOptions, auth);
  if (!isLoopbackHost(host) && allowRemote !== true) {
    throw new Error(`refusing to serve MCP on ${host}, which is not loopback, without allowRemote`);
  }
  // With auth, each caller gets a toolkit of their own (made by the gate).
  const toolkit = auth ? undefined : resolveToolkit(toolkitOrOptions);
  const serverOptions: AdrailsMcpServerOptions = {
    ...(rest.name === undefined ? {} : { name: rest.name }),
    ...(rest.version === undefined ? {} : { version: rest.version }),
    ...(rest.stateKey === undefined ? {} : { stateKey: rest.stateKey }),
    ...(rest.confirmationTimeoutMs === undefined
      ? {}
      : { confirmationTimeoutMs: rest.confirmationTimeoutMs }),
    ...(rest.sessionId === undefined ? {} : { sessionId: rest.sessionId }),
    ...(rest.dynamic === undefined ? {} : { dynamic: rest.dynamic }),
    ...(rest.progressEveryMs === undefined ? {} : { progressEveryMs: rest.progressEveryMs }),
  };
  const hostNames = [
    ...localhostAllowedHostnames(),
    ...[host, ...allowedHosts].map((name) =>
      name.includes(":") && !name.startsWith("[") ? `[${name}]` : name,
    ),
  ];
  const expected = token === undefined ? undefined : digest(token);
  let gate: Promise<AuthGate> | undefined;
  const report = (error: unknown) => {
    try {
      onerror?.(error instanceof Error ? error : new Error(String(error)));
    } catch {}
  };

  // A 2026-07-28 request gets a server of its own, which would forget every search: dynamic mode
  // needs the session of a 2025-era connection, so modern requests are served the full list.
  const { dynamic: _perSession, ...modernOptions } = serverOptions;
  const modern = createMcpHandler(
    (ctx) => {
      const admitted = admittedOf(ctx.authInfo);
      return admitted
        ? createMcpServer(admitted.toolkit, {
            ...modernOptions,
            sessionId: admitted.sessionId,
            caller: admitted.place,
          })
        : createMcpServer(unsigned(), modernOptions);
    },
    { legacy: "reject", onerror: report },
  );
  const sessions = new Map<string, Session>();
  // Only the static-token server serves without a caller; with auth, every request was admitted.
  const unsigned = (): AdToolkit => {
    if (!toolkit) throw new Error("adrails MCP: a request reached the server without a signed-in caller");
    return toolkit;
  };

  async function legacy(request: Request, body: unknown, admitted?: Admitted): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    const authInfo = admitted ? { authInfo: admitted.authInfo } : {};
    if (sessionId) {
      const session = sessions.get(sessionId);
      // Another person's session is not found, as if it did not exist.
      if (!session || session.subject !== admitted?.place.caller.subject) {
        return rpcError(404, -32001, "Session not found: initialize again.");
      }
      return session.transport.handleRequest(request, { parsedBody: body, ...authInfo });
    }
    const opens = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
    if (request.method !== "POST" || !opens) {
      return rpcError(400, -32000, "No session: the first request of a session is initialize.");
    }
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, {
          transport,
          subject: admitted?.place.caller.subject,
          client: admitted?.place.client,
        });
        if (sessions.size > maxSessions) {
          const [oldest, open] = sessions.entries().next().value!;
          sessions.delete(oldest);
          void open.transport.close().catch(report);
        }
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = admitted
      ? createMcpServer(admitted.toolkit, {
          ...serverOptions,
          sessionId: admitted.sessionId,
          caller: admitted.place,
        })
      : createMcpServer(unsigned(), serverOptions);
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body, ...authInfo });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostCheck = validateHostHeader(req.headers.host, hostNames);
    if (!hostCheck.ok) return sendWeb(res, rpcError(403, -32000, `Host refused: ${hostCheck.message}`));
    const originCheck = validateOriginHeader(req.headers.origin, hostNames);
    if (!originCheck.ok) return sendWeb(res, rpcError(403, -32000, `Origin refused: ${originCheck.message}`));
    const gated = gate ? await gate : undefined;
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (gated) {
      const known = gated.resource.wellKnown(
        new Request(`http://${req.headers.host}${req.url}`, { method: req.method }),
      );
      if (known) return sendWeb(res, known);
    } else if (!authorized(req.headers.authorization, expected!)) {
      // 403 with no WWW-Authenticate, not 401: MCP clients read any 401 as an OAuth challenge and
      // start a sign-in this server does not offer; the token is a shared secret set by hand.
      return sendWeb(res, rpcError(403, -32001, WRONG_TOKEN));
    }
    if (pathname !== PATH) {
      return sendWeb(res, rpcError(404, -32000, `Not found: the MCP endpoint is ${PATH}.`));
    }
    const aborter = new AbortController();
    res.once("close", () => aborter.abort());
    const read = await readBody(req);
    if (read === "too-large") return sendWeb(res, rpcError(413, -32000, "Request body too large."));
    let admitted: Admitted | undefined;
    if (gated) {
      const sessionId = req.headers["mcp-session-id"];
      const known = typeof sessionId === "string" ? sessions.get(sessionId)?.client : undefined;
      const answer = await gated.admit(req.headers.authorization, parseJson(read), known);
      if (answer instanceof Response) return sendWeb(res, answer);
      admitted = answer;
    }
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: flatHeaders(req),
      ...(read.length > 0 ? { body: new Uint8Array(read) } : {}),
      signal: aborter.signal,
    });
    const body = parseJson(read);
    const response = (await isLegacyRequest(request, body))
      ? await legacy(request, body, admitted)
      : await modern.fetch(request, {
          ...(body === undefined ? {} : { parsedBody: body }),
          ...(admitted ? { authInfo: withAdmitted(admitted) } : {}),
        });
    await sendWeb(res, response);
  }

  const server = nodeHttp().createServer((req, res) => {
    handle(req, res).catch((error) => {
      report(error);
      if (!res.headersSent) void sendWeb(res, rpcError(500, -32603, "Internal error."));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}${PATH}`;
  if (auth) {
    gate = authModule!.createAuthGate(toolkitOrOptions, auth, new URL(auth.resource ?? url), rest.sessionId);
    // A misconfigured issuer fails the start, saying why, rather than every request.
    await gate.catch(async (error) => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw error;
    });
  }
  return {
    url,
    close: async () => {
      await modern.close().catch(report);
      await Promise.all([...sessions.values()].map((open) => open.transport.close().catch(report)));
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  /** The signed-in caller who opened it (with auth): only they may use it. */
  subject: string | undefined;
  client: string | undefined;
}

type Admitted = import("./auth-http.js").Admitted;
const ADMITTED = Symbol("adrails.admitted");

// The SDK hands the server factory only the AuthInfo: the admitted caller rides along in it.
function withAdmitted(admitted: Admitted): AuthInfo {
  return Object.assign({ ...admitted.authInfo }, { [ADMITTED]: admitted });
}

function admittedOf(authInfo: AuthInfo | undefined): Admitted | undefined {
  return (authInfo as { [ADMITTED]?: Admitted } | undefined)?.[ADMITTED];
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function authorized(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

function rpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}

async function readBody(req: IncomingMessage): Promise<Buffer | "too-large"> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return "too-large";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return "too-large";
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function flatHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}
