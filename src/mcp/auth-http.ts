import { type AuthInfo, CLIENT_INFO_META_KEY } from "@modelcontextprotocol/server";
import { isToolkit } from "../adapters/shared.js";
import type { AdToolkit, AdToolsOptions } from "../types.js";
import { type AuthSettings, callerOf, createResourceServer, type ResourceServer } from "./auth.js";
import {
  type CallerPlace,
  callerSessionId,
  type McpTenant,
  optionsToolkits,
  tenantOf,
} from "./auth-callers.js";

/** `startMcpHttpServer`'s `auth`: the team's authorization server in place of a static token. */
export interface McpHttpAuth extends AuthSettings {
  /**
   * This endpoint's public URL as clients reach it (the tokens' audience), e.g.
   * https://ads-mcp.example.com/mcp. Default: the URL it listens on.
   */
  resource?: string;
  /** Teams sharing the server (see `parseTenants`); a caller in none is refused. Default: one team. */
  tenants?: McpTenant[];
  /**
   * Makes the toolkit of one caller. Default (when the server is given toolkit options):
   * `createAdTools` with the caller's key, accounts, request scope, desk requester and audit.
   */
  toolkitFor?: (place: CallerPlace) => AdToolkit;
}

/** A caller admitted by the gate: who, and the toolkit and session id (request scope) they get. */
export interface Admitted {
  place: CallerPlace;
  authInfo: AuthInfo;
  toolkit: AdToolkit;
  sessionId: string;
}

/** The authorization gate of one endpoint. */
export interface AuthGate {
  resource: ResourceServer;
  /** The caller of a request, or the answer to send (401 challenge, 403). */
  admit(header: string | undefined, body: unknown, knownClient?: string): Promise<Admitted | Response>;
}

/** Refuses a toolkit instance without `toolkitFor`: a caller's key and scope need the options. */
export function checkAuthInput(
  toolkitOrOptions: AdToolkit | AdToolsOptions | undefined,
  auth: McpHttpAuth,
): void {
  if (isToolkit(toolkitOrOptions) && !auth.toolkitFor) {
    throw new TypeError(
      "startMcpHttpServer with auth needs toolkit options (not a toolkit) or auth.toolkitFor: each caller gets a toolkit of their own",
    );
  }
}

/** Discovers the issuer and builds the gate for `resource`. */
export async function createAuthGate(
  toolkitOrOptions: AdToolkit | AdToolsOptions | undefined,
  auth: McpHttpAuth,
  resource: URL,
  serverSessionId: string | undefined,
): Promise<AuthGate> {
  const server = await createResourceServer(auth, resource);
  const toolkitFor =
    auth.toolkitFor ?? optionsToolkits(isToolkit(toolkitOrOptions) ? {} : (toolkitOrOptions ?? {}));
  const tenants = auth.tenants ?? [];
  return {
    resource: server,
    async admit(header, body, knownClient) {
      const verified = await server.authenticate(header ?? null);
      if (verified instanceof Response) return verified;
      const caller = callerOf(verified)!;
      const tenant = tenants.length > 0 ? tenantOf(tenants, caller) : undefined;
      if (tenants.length > 0 && !tenant) {
        return Response.json(
          {
            error: "access_denied",
            error_description: `${caller.name} (${caller.subject}) is in no team this server serves: ask its operator to add them to the tenants file.`,
          },
          { status: 403 },
        );
      }
      const client = knownClient ?? clientNameOf(body) ?? caller.clientId;
      const place: CallerPlace = { caller, ...(tenant ? { tenant } : {}), ...(client ? { client } : {}) };
      return {
        place,
        authInfo: verified,
        toolkit: toolkitFor(place),
        sessionId: callerSessionId(serverSessionId, caller),
      };
    },
  };
}

/** The MCP client's name: from initialize's clientInfo, or a 2026-07-28 request's `_meta`. */
export function clientNameOf(body: unknown): string | undefined {
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    const params = (message as { params?: Record<string, unknown> } | null)?.params;
    const info =
      (params?.clientInfo as { name?: unknown } | undefined) ??
      ((params?._meta as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY] as
        | { name?: unknown }
        | undefined);
    if (typeof info?.name === "string" && info.name !== "") return info.name.slice(0, 80);
  }
  return undefined;
}
