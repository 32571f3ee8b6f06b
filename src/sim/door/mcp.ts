import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type AuthInfo,
  type CallToolResult,
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import type { DoorCall, DoorCallRecord, DoorReply } from "./catalog.js";
import type { ToolRegistry } from "./registry.js";
import { parseJson, readRaw, sendJson, sendWeb, toWebRequest } from "./web.js";

/** The verdict on a request's bearer token. */
export type Verdict =
  | { ok: true; auth: AuthInfo; userId: string }
  | { ok: false; status: 401 | 403; error: string; challenge: string };

/** What the MCP endpoint needs from the rest of the door. */
export interface DoorMcpDeps {
  registry: ToolRegistry;
  verify(header: string | undefined): Promise<Verdict>;
  callAs(userId: string): DoorCall;
  /** Notes one tools/call as it was answered. */
  record(call: DoorCallRecord): void;
  onerror(error: unknown): void;
}

/** A running MCP endpoint: Node handler, list_changed fan-out, shutdown. */
export interface DoorMcp {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  userId: string;
}

const MAX_SESSIONS = 200;

/**
 * The service's MCP endpoint over Streamable HTTP: 2026-07-28 requests on the SDK's per-request
 * handler (list changes reach `subscriptions/listen` streams), 2025-era clients in sessions (list
 * changes reach their GET streams). Every request, in or out of a session, carries a token the
 * authorization server issued for this endpoint; a session belongs to the person who opened it.
 */
export function createDoorMcp(deps: DoorMcpDeps): DoorMcp {
  const sessions = new Map<string, Session>();
  const modern = createMcpHandler(() => serverFor(deps), { legacy: "reject", onerror: deps.onerror });
  const unsubscribe = deps.registry.onChange(() => {
    modern.notify.toolsChanged();
    for (const session of sessions.values()) void session.server.sendToolListChanged().catch(() => {});
  });

  async function legacy(request: Request, body: unknown, auth: AuthInfo, userId: string): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return rpcError(404, -32001, "Session not found: initialize again.");
      if (session.userId !== userId) return rpcError(403, -32000, "This session belongs to another person.");
      return session.transport.handleRequest(request, { parsedBody: body, authInfo: auth });
    }
    const opens = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
    if (request.method !== "POST" || !opens) {
      return rpcError(400, -32000, "No session: the first request of a session is initialize.");
    }
    const server = serverFor(deps);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, userId });
        if (sessions.size > MAX_SESSIONS) {
          const [oldest, open] = sessions.entries().next().value!;
          sessions.delete(oldest);
          void open.transport.close().catch(deps.onerror);
        }
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body, authInfo: auth });
  }

  return {
    async handle(req, res) {
      const verdict = await deps.verify(req.headers.authorization);
      if (!verdict.ok) {
        return sendJson(
          res,
          verdict.status,
          { error: verdict.error },
          { "www-authenticate": verdict.challenge },
        );
      }
      const raw = await readRaw(req);
      if (raw === null) return sendWeb(res, rpcError(413, -32000, "Request body too large."));
      const aborter = new AbortController();
      res.once("close", () => aborter.abort());
      const request = toWebRequest(req, raw, aborter.signal);
      const body = parseJson(raw);
      const response = (await isLegacyRequest(request, body))
        ? await legacy(request, body, verdict.auth, verdict.userId)
        : await modern.fetch(request, {
            authInfo: verdict.auth,
            ...(body === undefined ? {} : { parsedBody: body }),
          });
      await sendWeb(res, response);
    },
    async close() {
      unsubscribe();
      await modern.close().catch(deps.onerror);
      await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(deps.onerror)));
      sessions.clear();
    },
  };
}

/** One server instance: paginated tools/list over the live catalog, tools/call as the token's person. */
function serverFor(deps: DoorMcpDeps): Server {
  const server = new Server(
    {
      name: "ad-analysis-and-creative-service",
      title: "Ad Analysis and Creative Service (simulator)",
      version: "1.0.0",
    },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: "Tools of the Ad Analysis and Creative Service. Start with list-accounts.",
    },
  );
  server.setRequestHandler("tools/list", (request) => {
    let page: ReturnType<ToolRegistry["page"]>;
    try {
      page = deps.registry.page(request.params?.cursor);
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, (error as Error).message);
    }
    return {
      tools: page.tools.map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: t.inputSchema as { type: "object" },
        annotations: t.annotations,
      })),
      ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
    };
  });
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const userId = (ctx.http?.authInfo?.extra as { userId?: string } | undefined)?.userId;
    if (!userId) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "Not signed in.");
    const tool = deps.registry.get(request.params.name);
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const note = (status: number | null) =>
      deps.record({
        at: new Date().toISOString(),
        tool: request.params.name,
        userId,
        clientId: ctx.http?.authInfo?.clientId ?? "",
        arguments: structuredClone(args),
        status,
      });
    if (!tool) {
      note(null);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
    let reply: DoorReply;
    try {
      reply = await tool.run(deps.callAs(userId), args);
    } catch (error) {
      deps.onerror(error);
      reply = { status: 500, data: { error: `Internal simulator error in ${tool.name}` } };
    }
    note(reply.status);
    return toResult(reply);
  });
  return server;
}

/**
 * A door reply as an MCP result: the payload as JSON text, and `structuredContent` `{ status,
 * data }` on success (200, 207) or `{ status, error, ...extra }` otherwise, with `isError`.
 */
export function toResult(reply: DoorReply): CallToolResult {
  const ok = reply.status === 200 || reply.status === 207;
  const data = (reply.data ?? {}) as Record<string, unknown>;
  if (ok) {
    return {
      content: [{ type: "text", text: JSON.stringify(reply.data) }],
      structuredContent: { status: reply.status, data: reply.data },
      isError: false,
    };
  }
  const error = typeof data.error === "string" ? data.error : `HTTP ${reply.status}`;
  return {
    content: [{ type: "text", text: `${error} (HTTP ${reply.status})` }],
    structuredContent: { status: reply.status, ...data, error },
    isError: true,
  };
}

function rpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
