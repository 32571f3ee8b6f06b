import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { MemoryStore } from "../oauth/adapter.js";
import { type Connection, Connections } from "../oauth/connections.js";
import { handleInteraction } from "../oauth/interaction.js";
import { createAuthServer, DOOR_SCOPE, sameResource } from "../oauth/provider.js";
import { type DoorUser, type DoorUserId, doorUsers } from "../oauth/users.js";
import type { SimRuntime } from "../pipeline.js";
import { chars, sha256 } from "../random.js";
import type { KeyLabel } from "../world.js";
import { type DoorCall, type DoorCallRecord, type DoorReply, type DoorTool, doorCatalog } from "./catalog.js";
import { createDoorMcp, type Verdict } from "./mcp.js";
import { ToolRegistry } from "./registry.js";
import { variantCatalog } from "./variant.js";
import { readRaw, sendJson } from "./web.js";

/** Options of the MCP door (`startSimulator({ door })`). Every one has a default. */
export interface DoorOptions {
  /** Sign in as this test user and allow every authorization at once, without a page. Default false. */
  autoConsent?: DoorUserId | false;
  /** Access token lifetime. Default 60 s. */
  accessTokenTtlS?: number;
  /** Refresh token (and connection) lifetime. Default 14 days. */
  refreshTokenTtlS?: number;
  /** Tools per tools/list page. Default 10. */
  pageSize?: number;
  /**
   * Test mode: accept Client ID Metadata Documents at http loopback URLs (the library itself
   * fetches only https ones, never from loopback). Default false.
   */
  allowLoopbackClientIds?: boolean;
  /**
   * Test mode: a catalog that differs from REST the way the spec allows: snake_case names
   * (`list_accounts`, `push_creative`), `push_creative` with `oneOf` (one image or one video) and
   * `$ref`/`$defs`, `get_results` with `dependentSchemas` (since and until together). Default false.
   */
  variant?: boolean;
}

/** A tool added at runtime (tests of `notifications/tools/list_changed`). */
export interface ExtraDoorTool {
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: DoorTool["annotations"];
  /** The payload the call answers; default `{ tool, arguments }`. */
  run?: (args: Record<string, unknown>, userId: string) => unknown;
  /** Forward calls to this REST tool as the signed-in person instead (same world and rules). */
  rest?: string;
}

/** Steers and inspects the MCP door of a running simulator. */
export interface DoorControl {
  /** `${url}/api/mcp`: the MCP endpoint and the resource tokens are issued for. */
  mcpUrl: string;
  /** The authorization server's issuer (its endpoints sit under it, at paths not shown). */
  issuer: string;
  /** RFC 9728 metadata of the MCP endpoint, named in every 401. */
  resourceMetadataUrl: string;
  /** The people who can sign in (test users; password `simulator`). */
  users(): DoorUser[];
  /** Switches auto-consent on (as that user) or off. */
  setAutoConsent(user: DoorUserId | false): void;
  /** Connected apps: one person's, or everyone's. */
  connections(userId?: string): Connection[];
  /** Removes a connected app; its tokens answer 401 from then on. False when there was none. */
  removeConnection(userId: string, clientId: string): boolean;
  /** Adds (or replaces) a tool; clients are sent `notifications/tools/list_changed`. */
  addTool(tool: ExtraDoorTool): void;
  /** Removes a tool; clients are sent `notifications/tools/list_changed`. False when there was none. */
  removeTool(name: string): boolean;
  /** The names of the tools listed now, in list order. */
  toolNames(): string[];
  /** Every tools/call the door received, oldest first (MCP-only tools never reach `control.requests()`). */
  calls(): DoorCallRecord[];
}

/** The door as the simulator's HTTP server uses it. */
export interface Door {
  control: DoorControl;
  /** Answers the request when it is the door's; false when it belongs to the REST pipeline. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

const PRM_PATH = "/.well-known/oauth-protected-resource";
const MCP_PATH = "/api/mcp";

/** Builds the MCP door for a simulator listening at `baseUrl`. */
export async function createDoor(rt: SimRuntime, baseUrl: string, options: DoorOptions = {}): Promise<Door> {
  const issuerPath = `/oauth2/${chars(6, rt.world.seed, "door-issuer").toLowerCase()}`;
  const issuer = `${baseUrl}${issuerPath}`;
  const mcpUrl = `${baseUrl}${MCP_PATH}`;
  const resourceMetadataUrl = `${baseUrl}${PRM_PATH}${MCP_PATH}`;
  const users = doorUsers();
  const store = new MemoryStore();
  const connections = new Connections(store);
  let autoConsent: string | undefined = options.autoConsent || undefined;
  const report = (error: unknown) => rt.log?.(`door: ${(error as Error)?.message ?? String(error)}`);

  const provider = await createAuthServer({
    issuer,
    resource: mcpUrl,
    users,
    store,
    accessTokenTtlS: options.accessTokenTtlS ?? 60,
    refreshTokenTtlS: options.refreshTokenTtlS ?? 14 * 24 * 3600,
    allowLoopbackClientIds: options.allowLoopbackClientIds ?? false,
  });
  provider.on("server_error", (_ctx: unknown, error: unknown) => report(error));
  const callback = provider.callback();
  const doorKeys = doorKeysFor(rt);
  const registry = new ToolRegistry(
    options.variant ? variantCatalog(doorCatalog()) : doorCatalog(),
    options.pageSize ?? 10,
  );

  const callAs = (userId: string): DoorCall => ({
    userId,
    identity: rt.world.identities[userId as KeyLabel],
    rt,
    rest: (tool, body) => restCall(baseUrl, doorKeys.get(userId)!, tool, body),
  });
  const challenge = (error?: string, description?: string) =>
    [
      `Bearer resource_metadata="${resourceMetadataUrl}"`,
      `scope="${DOOR_SCOPE}"`,
      ...(error ? [`error="${error}"`, `error_description="${description}"`] : []),
    ].join(", ");
  const verify = (header: string | undefined) =>
    verifyToken(provider, connections, header, mcpUrl, challenge, (userId) => {
      const identity = rt.world.identities[userId as KeyLabel];
      return identity !== undefined && !identity.deactivated;
    });
  const calls: DoorCallRecord[] = [];
  const mcp = createDoorMcp({ registry, verify, callAs, record: (c) => calls.push(c), onerror: report });

  const prm = {
    resource: mcpUrl,
    authorization_servers: [issuer],
    scopes_supported: [DOOR_SCOPE],
    bearer_methods_supported: ["header"],
    resource_name: "Ad Analysis and Creative Service (simulator)",
  };
  const toProvider = (req: IncomingMessage, res: ServerResponse, url: string) => {
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(issuerPath.length) || "/";
    return callback(req, res);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = req.url ?? "/";
    const path = url.split("?")[0]!;
    if (path === MCP_PATH) {
      await mcp.handle(req, res);
      return true;
    }
    if (path === `${PRM_PATH}${MCP_PATH}` || path === PRM_PATH) {
      sendJson(res, 200, prm, { "access-control-allow-origin": "*" });
      return true;
    }
    // RFC 8414 and OIDC discovery with the issuer's path inserted; the library serves the
    // path-appended OIDC form itself.
    if (
      path === `/.well-known/oauth-authorization-server${issuerPath}` ||
      path === `/.well-known/openid-configuration${issuerPath}`
    ) {
      await toProvider(req, res, `${issuerPath}/.well-known/openid-configuration`);
      return true;
    }
    if (path.startsWith(`${issuerPath}/interaction/`)) {
      const body = req.method === "POST" ? ((await readRaw(req)) ?? Buffer.alloc(0)).toString("utf8") : "";
      await handleInteraction(
        {
          provider,
          users,
          connections,
          autoConsent: () => autoConsent,
          prefix: `${issuerPath}/interaction/`,
        },
        req,
        res,
        body,
      );
      return true;
    }
    if (path === issuerPath || path.startsWith(`${issuerPath}/`)) {
      await toProvider(req, res, url);
      return true;
    }
    return false;
  }

  const control: DoorControl = {
    mcpUrl,
    issuer,
    resourceMetadataUrl,
    users: () => [...users.values()].map((u) => ({ ...u })),
    setAutoConsent: (user) => {
      if (user !== false && !users.has(user)) throw new Error(`No door test user ${user}`);
      autoConsent = user || undefined;
    },
    connections: (userId) => (userId === undefined ? connections.all() : connections.list(userId)),
    removeConnection: (userId, clientId) => connections.remove(userId, clientId),
    addTool: (tool) => registry.add(extraTool(tool)),
    removeTool: (name) => registry.remove(name),
    toolNames: () => registry.names(),
    calls: () => structuredClone(calls),
  };
  return { control, handle, close: () => mcp.close() };
}

async function verifyToken(
  provider: Provider,
  connections: Connections,
  header: string | undefined,
  resource: string,
  challenge: (error?: string, description?: string) => string,
  active: (userId: string) => boolean,
): Promise<Verdict> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) {
    return {
      ok: false,
      status: 401,
      error: "Sign in with OAuth: this endpoint needs a bearer token",
      challenge: challenge(),
    };
  }
  const refuse = (description: string): Verdict => ({
    ok: false,
    status: 401,
    error: description,
    challenge: challenge("invalid_token", description),
  });
  const token = await provider.AccessToken.find(match[1]!).catch(() => undefined);
  if (!token) return refuse("The access token is unknown, revoked or expired");
  const audience = [token.aud].flat().filter((a): a is string => typeof a === "string");
  if (!audience.some((a) => sameResource(a, resource))) {
    return refuse("The access token was issued for another resource");
  }
  const connection = token.grantId ? connections.byGrant(token.grantId) : undefined;
  if (!connection) return refuse("This connection was removed; sign in again");
  if (!active(connection.userId)) return refuse("The account behind this connection is deactivated");
  const scopes = [...(token.scopes ?? [])];
  if (!scopes.includes(DOOR_SCOPE)) {
    return {
      ok: false,
      status: 403,
      error: `The token lacks the ${DOOR_SCOPE} scope`,
      challenge: `${challenge("insufficient_scope", `The ${DOOR_SCOPE} scope is required`)}`,
    };
  }
  return {
    ok: true,
    userId: connection.userId,
    auth: {
      token: match[1]!,
      clientId: token.clientId!,
      scopes,
      expiresAt: token.exp!,
      resource: new URL(resource),
      extra: { userId: connection.userId },
    },
  };
}

/** A REST key per identity, for the door's own calls (never shown): the same world and rules. */
function doorKeysFor(rt: SimRuntime): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [label, identity] of Object.entries(rt.world.identities)) {
    if (label === "revoked" || label === "expired") continue;
    const key = `adk_door${randomBytes(24).toString("hex")}`;
    const hash = sha256(key);
    rt.world.keysByHash.set(hash, {
      label: label as KeyLabel,
      hash,
      identity,
      revoked: false,
      expiresAt: null,
    });
    keys.set(label, key);
  }
  return keys;
}

async function restCall(
  baseUrl: string,
  key: string,
  tool: string,
  body: Record<string, unknown>,
): Promise<DoorReply> {
  const response = await fetch(`${baseUrl}/api/mcp/${encodeURIComponent(tool)}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = (await response
    .json()
    .catch(() => ({ error: "The service answered with non-JSON" }))) as Record<string, unknown>;
  const data = "data" in parsed && "source" in parsed ? parsed.data : parsed;
  return { status: response.status, data };
}

function extraTool(spec: ExtraDoorTool): DoorTool {
  return {
    name: spec.name,
    title: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema ?? { type: "object", properties: {}, additionalProperties: true },
    annotations: spec.annotations ?? {},
    ...(spec.rest === undefined ? {} : { rest: spec.rest }),
    run: async (call, args) =>
      spec.rest !== undefined
        ? call.rest(spec.rest, args)
        : {
            status: 200,
            data: spec.run ? spec.run(args, call.userId) : { tool: spec.name, arguments: args },
          },
  };
}
