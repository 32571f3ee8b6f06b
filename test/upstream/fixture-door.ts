import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What a misbehaving door does; each field breaks one rule. */
export interface FixtureFaults {
  /** No protected resource metadata and no authorization server metadata. */
  noMetadata?: boolean;
  /** The authorization server metadata names this issuer instead of its own. */
  issuer?: (own: string) => string;
  /** code_challenge_methods_supported; undefined leaves it out. Default ["S256"]. */
  challengeMethods?: string[] | null;
  /** The redirect carries this state instead of the client's. */
  state?: string;
  /** The redirect carries this iss instead of the issuer. */
  iss?: (own: string) => string;
  /** The token response has no refresh token. */
  noRefreshToken?: boolean;
  /** The authorization code the redirect carries (default "the-code"). */
  code?: string;
  /** The token endpoint refuses with this OAuth error body, given the request's form. */
  tokenError?: (form: URLSearchParams) => { error: string; error_description?: string };
}

/** A small OAuth-protected MCP endpoint over real HTTP whose answers can be made wrong on purpose. */
export async function startFixtureDoor(faults: FixtureFaults = {}) {
  const seen = { registrations: 0, authorizations: 0, tokens: 0 };
  let base = "";
  const issuer = () => `${base}/as`;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const body = await read(req);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));
    if (url.pathname === "/mcp") return mcp(req, res, body, json);
    if (faults.noMetadata) return json(404, { error: "not found" });
    if (url.pathname === "/.well-known/oauth-protected-resource/mcp") {
      return json(200, { resource: `${base}/mcp`, authorization_servers: [issuer()] });
    }
    if (url.pathname === "/.well-known/oauth-authorization-server/as") {
      const methods = faults.challengeMethods === undefined ? ["S256"] : faults.challengeMethods;
      return json(200, {
        issuer: faults.issuer ? faults.issuer(issuer()) : issuer(),
        authorization_endpoint: `${issuer()}/authorize`,
        token_endpoint: `${issuer()}/token`,
        registration_endpoint: `${issuer()}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        token_endpoint_auth_methods_supported: ["none"],
        authorization_response_iss_parameter_supported: true,
        ...(methods === null ? {} : { code_challenge_methods_supported: methods }),
      });
    }
    if (url.pathname === "/as/register") {
      seen.registrations += 1;
      return json(201, { client_id: `client-${seen.registrations}`, ...JSON.parse(body || "{}") });
    }
    if (url.pathname === "/as/authorize") {
      seen.authorizations += 1;
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", faults.code ?? "the-code");
      back.searchParams.set("state", faults.state ?? url.searchParams.get("state") ?? "");
      back.searchParams.set("iss", faults.iss ? faults.iss(issuer()) : issuer());
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === "/as/token") {
      seen.tokens += 1;
      if (faults.tokenError) return json(400, faults.tokenError(new URLSearchParams(body)));
      return json(200, {
        access_token: "fixture-access-token",
        token_type: "Bearer",
        expires_in: 3600,
        ...(faults.noRefreshToken ? {} : { refresh_token: "fixture-refresh-token" }),
      });
    }
    return json(404, { error: "not found" });
  });

  function mcp(
    req: IncomingMessage,
    res: ServerResponse,
    body: string,
    json: (s: number, v: unknown, h?: Record<string, string>) => void,
  ) {
    if (req.headers.authorization !== "Bearer fixture-access-token") {
      const challenge = faults.noMetadata
        ? "Bearer"
        : `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`;
      return json(401, { error: "sign in" }, { "www-authenticate": challenge });
    }
    if (req.method !== "POST") return res.writeHead(405).end();
    const message = JSON.parse(body) as { id?: number; method: string };
    if (message.id === undefined) return res.writeHead(202).end();
    if (message.method === "initialize") {
      return json(200, {
        jsonrpc: "2.0",
        id: message.id,
        result: {
          protocolVersion: "2025-11-25",
          capabilities: { tools: {} },
          serverInfo: { name: "fixture", version: "1" },
        },
      });
    }
    if (message.method === "tools/list") {
      return json(200, {
        jsonrpc: "2.0",
        id: message.id,
        result: { tools: [{ name: "ping", inputSchema: { type: "object" } }] },
      });
    }
    return json(200, { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "no" } });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    mcpUrl: `${base}/mcp`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString()));
    req.on("end", () => resolve(data));
  });
}
