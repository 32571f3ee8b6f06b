import {
  doorCatalog
} from "./chunk-ZRLQZSLX.js";
import {
  DOOR_SCOPE,
  MemoryStore,
  consentPage,
  createAuthServer,
  errorPage,
  sameResource
} from "./chunk-JYNWPADY.js";
import {
  chars,
  sha256
} from "./chunk-DFWYDSP3.js";
import {
  sendWeb
} from "./chunk-WA4DTIO7.js";
import "./chunk-FQEE225I.js";
import "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/sim/door/index.js
import { randomBytes } from "node:crypto";

// dist/sim/oauth/connections.js
var MAX_CONNECTIONS = 10;
var Connections = class {
  static {
    __name(this, "Connections");
  }
  store;
  byUser = /* @__PURE__ */ new Map();
  constructor(store) {
    this.store = store;
  }
  /** The live connections of one person, oldest first. */
  list(userId) {
    const mine = this.byUser.get(userId);
    if (!mine)
      return [];
    for (const [clientId, c] of mine)
      if (!this.store.hasGrant(c.grantId))
        mine.delete(clientId);
    return [...mine.values()].map((c) => ({ ...c }));
  }
  /** Every live connection, by person. */
  all() {
    return [...this.byUser.keys()].flatMap((userId) => this.list(userId));
  }
  /**
   * Whether one more authorization of `clientId` fits: reauthorizing a connected client replaces
   * its connection, so only a new client can hit the limit.
   */
  canConnect(userId, clientId) {
    const live = this.list(userId);
    return live.some((c) => c.clientId === clientId) || live.length < MAX_CONNECTIONS;
  }
  /** Records a new grant, ending the client's previous connection and every token it had. */
  connect(connection) {
    let mine = this.byUser.get(connection.userId);
    if (!mine) {
      mine = /* @__PURE__ */ new Map();
      this.byUser.set(connection.userId, mine);
    }
    const previous = mine.get(connection.clientId);
    if (previous && previous.grantId !== connection.grantId)
      this.store.revokeGrant(previous.grantId);
    mine.set(connection.clientId, { ...connection });
  }
  /** Removes a connected app (its row in the app): its tokens answer 401 from now on. */
  remove(userId, clientId) {
    const mine = this.byUser.get(userId);
    const found = mine?.get(clientId);
    if (!found)
      return false;
    mine?.delete(clientId);
    const live = this.store.hasGrant(found.grantId);
    this.store.revokeGrant(found.grantId);
    return live;
  }
  /** The connection a grant belongs to, if it is still live. */
  byGrant(grantId) {
    if (!this.store.hasGrant(grantId))
      return void 0;
    for (const mine of this.byUser.values()) {
      for (const c of mine.values())
        if (c.grantId === grantId)
          return { ...c };
    }
    return void 0;
  }
};

// dist/sim/oauth/users.js
var DOOR_USER_IDS = [
  "pro",
  "agency",
  "free",
  "viewer",
  "unconnected",
  "deactivated"
];
var TEST_PASSWORD = "simulator";
var NAMES = {
  pro: "Pat Pro (owner, Pro plan)",
  agency: "Ada Agency (owner, Agency plan)",
  free: "Fay Free (owner, Free plan)",
  viewer: "Vic Viewer (Client Viewer, agency workspace)",
  unconnected: "Uma Unconnected (Pro plan, no ad account)",
  deactivated: "Dee Deactivated (deactivated account)"
};
function doorUsers() {
  return new Map(DOOR_USER_IDS.map((id) => [
    id,
    { id, email: `${id}@sim.adrails.test`, name: NAMES[id], password: TEST_PASSWORD }
  ]));
}
__name(doorUsers, "doorUsers");
function findUser(users, login) {
  const wanted = login.trim().toLowerCase();
  return users.get(wanted) ?? [...users.values()].find((u) => u.email === wanted);
}
__name(findUser, "findUser");

// dist/sim/oauth/interaction.js
var GRANTABLE_SCOPES = /* @__PURE__ */ new Set(["openid", "offline_access", DOOR_SCOPE]);
async function handleInteraction(deps, req, res, body) {
  let details;
  try {
    details = await deps.provider.interactionDetails(req, res);
  } catch {
    return html(res, 400, errorPage("invalid_request", "This sign-in expired or was opened in another browser."));
  }
  const params = details.params;
  const clientId = String(params.client_id);
  const client = await deps.provider.Client.find(clientId);
  const clientName = client?.clientName ?? clientId;
  const resource = [params.resource].flat().map(String).join(" ");
  const scopes = String(params.scope ?? "").split(" ").filter((s) => GRANTABLE_SCOPES.has(s));
  const sessionUser = details.session?.accountId ? deps.users.get(details.session.accountId) : void 0;
  const finish = /* @__PURE__ */ __name((result) => deps.provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false }), "finish");
  const deny = /* @__PURE__ */ __name((description) => finish({ error: "access_denied", error_description: description }), "deny");
  const allow = /* @__PURE__ */ __name(async (user2) => {
    if (!deps.connections.canConnect(user2.id, clientId)) {
      return deny(`${user2.email} already has ${MAX_CONNECTIONS} connected apps, the most allowed; remove one under Connected apps, then sign in again`);
    }
    const grant = new deps.provider.Grant({ accountId: user2.id, clientId });
    if (scopes.length > 0)
      grant.addOIDCScope(scopes.join(" "));
    if (scopes.includes(DOOR_SCOPE)) {
      for (const r of [params.resource].flat())
        if (typeof r === "string")
          grant.addResourceScope(r, DOOR_SCOPE);
    }
    const grantId = await grant.save();
    deps.connections.connect({
      userId: user2.id,
      clientId,
      clientName,
      grantId,
      connectedAt: (/* @__PURE__ */ new Date()).toISOString()
    });
    return finish({ login: { accountId: user2.id }, consent: { grantId } });
  }, "allow");
  const auto = deps.autoConsent();
  if (auto !== void 0) {
    const user2 = deps.users.get(auto);
    if (!user2)
      return deny(`auto-consent names an unknown test user: ${auto}`);
    return allow(user2);
  }
  const view = /* @__PURE__ */ __name((problem) => consentPage({
    action: `${deps.prefix}${details.uid}`,
    clientName,
    clientId,
    redirectUri: String(params.redirect_uri ?? ""),
    resource,
    scopes,
    ...sessionUser ? { signedInAs: sessionUser.email } : {},
    ...problem ? { problem } : {},
    testUsers: [...deps.users.values()].map((u) => u.email)
  }), "view");
  if (req.method === "GET")
    return html(res, 200, view());
  if (req.method !== "POST")
    return html(res, 405, errorPage("invalid_request", "Use the form on this page."));
  const form = new URLSearchParams(body);
  if (form.get("decision") !== "allow")
    return deny("The person denied access.");
  let user = sessionUser;
  if (!user) {
    const found = findUser(deps.users, form.get("email") ?? "");
    if (!found || form.get("password") !== found.password) {
      return html(res, 200, view("That email and password do not match a test user. Try again."));
    }
    user = found;
  }
  if (user.id === "deactivated") {
    return html(res, 200, view("This account is deactivated, so it cannot connect apps."));
  }
  return allow(user);
}
__name(handleInteraction, "handleInteraction");
function html(res, status, body) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline';"
  });
  res.end(body);
}
__name(html, "html");

// dist/sim/door/mcp.js
import { randomUUID } from "node:crypto";
import { createMcpHandler, isInitializeRequest, isLegacyRequest, ProtocolError, ProtocolErrorCode, Server, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";

// dist/sim/door/web.js
var MAX_BODY_BYTES = 4 * 1024 * 1024;
async function readRaw(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
__name(readRaw, "readRaw");
function toWebRequest(req, body, signal) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === void 0)
      continue;
    for (const item of Array.isArray(value) ? value : [value])
      headers.append(name, item);
  }
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method: req.method ?? "GET",
    headers,
    ...body.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? { body: new Uint8Array(body) } : {},
    signal
  });
}
__name(toWebRequest, "toWebRequest");
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
function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}
__name(sendJson, "sendJson");

// dist/sim/door/mcp.js
var MAX_SESSIONS = 200;
function createDoorMcp(deps) {
  const sessions = /* @__PURE__ */ new Map();
  const modern = createMcpHandler(() => serverFor(deps), { legacy: "reject", onerror: deps.onerror });
  const unsubscribe = deps.registry.onChange(() => {
    modern.notify.toolsChanged();
    for (const session of sessions.values())
      void session.server.sendToolListChanged().catch(() => {
      });
  });
  async function legacy(request, body, auth, userId) {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session)
        return rpcError(404, -32001, "Session not found: initialize again.");
      if (session.userId !== userId)
        return rpcError(403, -32e3, "This session belongs to another person.");
      return session.transport.handleRequest(request, { parsedBody: body, authInfo: auth });
    }
    const opens = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
    if (request.method !== "POST" || !opens) {
      return rpcError(400, -32e3, "No session: the first request of a session is initialize.");
    }
    const server = serverFor(deps);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: /* @__PURE__ */ __name(() => randomUUID(), "sessionIdGenerator"),
      onsessioninitialized: /* @__PURE__ */ __name((id) => {
        sessions.set(id, { transport, server, userId });
        if (sessions.size > MAX_SESSIONS) {
          const [oldest, open] = sessions.entries().next().value;
          sessions.delete(oldest);
          void open.transport.close().catch(deps.onerror);
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
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body, authInfo: auth });
  }
  __name(legacy, "legacy");
  return {
    async handle(req, res) {
      const verdict = await deps.verify(req.headers.authorization);
      if (!verdict.ok) {
        return sendJson(res, verdict.status, { error: verdict.error }, { "www-authenticate": verdict.challenge });
      }
      const raw = await readRaw(req);
      if (raw === null)
        return sendWeb(res, rpcError(413, -32e3, "Request body too large."));
      const aborter = new AbortController();
      res.once("close", () => aborter.abort());
      const request = toWebRequest(req, raw, aborter.signal);
      const body = parseJson(raw);
      const response = await isLegacyRequest(request, body) ? await legacy(request, body, verdict.auth, verdict.userId) : await modern.fetch(request, {
        authInfo: verdict.auth,
        ...body === void 0 ? {} : { parsedBody: body }
      });
      await sendWeb(res, response);
    },
    async close() {
      unsubscribe();
      await modern.close().catch(deps.onerror);
      await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(deps.onerror)));
      sessions.clear();
    }
  };
}
__name(createDoorMcp, "createDoorMcp");
function serverFor(deps) {
  const server = new Server({
    name: "ad-analysis-and-creative-service",
    title: "Ad Analysis and Creative Service (simulator)",
    version: "1.0.0"
  }, {
    capabilities: { tools: { listChanged: true } },
    instructions: "Tools of the Ad Analysis and Creative Service. Start with list-accounts."
  });
  server.setRequestHandler("tools/list", (request) => {
    let page;
    try {
      page = deps.registry.page(request.params?.cursor);
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
    }
    return {
      tools: page.tools.map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: t.inputSchema,
        annotations: t.annotations
      })),
      ...page.nextCursor === void 0 ? {} : { nextCursor: page.nextCursor }
    };
  });
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const userId = ctx.http?.authInfo?.extra?.userId;
    if (!userId)
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "Not signed in.");
    const tool = deps.registry.get(request.params.name);
    const args = request.params.arguments ?? {};
    const note = /* @__PURE__ */ __name((status) => deps.record({
      at: (/* @__PURE__ */ new Date()).toISOString(),
      tool: request.params.name,
      userId,
      clientId: ctx.http?.authInfo?.clientId ?? "",
      arguments: structuredClone(args),
      status
    }), "note");
    if (!tool) {
      note(null);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
    let reply;
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
__name(serverFor, "serverFor");
function toResult(reply) {
  const ok = reply.status === 200 || reply.status === 207;
  const data = reply.data ?? {};
  if (ok) {
    return {
      content: [{ type: "text", text: JSON.stringify(reply.data) }],
      structuredContent: { status: reply.status, data: reply.data },
      isError: false
    };
  }
  const error = typeof data.error === "string" ? data.error : `HTTP ${reply.status}`;
  return {
    content: [{ type: "text", text: `${error} (HTTP ${reply.status})` }],
    structuredContent: { status: reply.status, ...data, error },
    isError: true
  };
}
__name(toResult, "toResult");
function rpcError(status, code, message) {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
__name(rpcError, "rpcError");

// dist/sim/door/registry.js
var ToolRegistry = class {
  static {
    __name(this, "ToolRegistry");
  }
  pageSize;
  tools;
  version = 1;
  listeners = /* @__PURE__ */ new Set();
  constructor(initial, pageSize) {
    this.pageSize = pageSize;
    this.tools = [...initial];
  }
  get(name) {
    return this.tools.find((t) => t.name === name);
  }
  names() {
    return this.tools.map((t) => t.name);
  }
  /** One page; throws RangeError for a cursor this list did not give out. */
  page(cursor) {
    let offset = 0;
    if (cursor !== void 0) {
      const parsed = decodeCursor(cursor);
      if (!parsed || parsed.v !== this.version || parsed.o > this.tools.length) {
        throw new RangeError("Invalid or stale cursor: the tool list changed; list again without a cursor");
      }
      offset = parsed.o;
    }
    const end = offset + this.pageSize;
    const tools = this.tools.slice(offset, end);
    return end < this.tools.length ? { tools, nextCursor: encodeCursor(this.version, end) } : { tools };
  }
  /** Adds a tool, or replaces the one with its name. */
  add(tool) {
    this.tools = [...this.tools.filter((t) => t.name !== tool.name), tool];
    this.changed();
  }
  /** Removes a tool; false when there was none by that name. */
  remove(name) {
    const before = this.tools.length;
    this.tools = this.tools.filter((t) => t.name !== name);
    if (this.tools.length === before)
      return false;
    this.changed();
    return true;
  }
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  changed() {
    this.version++;
    for (const listener of this.listeners)
      listener();
  }
};
function encodeCursor(v, o) {
  return Buffer.from(JSON.stringify({ v, o })).toString("base64url");
}
__name(encodeCursor, "encodeCursor");
function decodeCursor(cursor) {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Number.isInteger(value?.v) && Number.isInteger(value?.o) && value.o >= 0 ? value : void 0;
  } catch {
    return void 0;
  }
}
__name(decodeCursor, "decodeCursor");

// dist/sim/door/variant.js
var snake = /* @__PURE__ */ __name((name) => name.replaceAll("-", "_"), "snake");
function variantCatalog(standard) {
  return standard.map((tool) => {
    const renamed = { ...tool, name: snake(tool.name), title: tool.title };
    if (tool.rest === "push-creative")
      return { ...renamed, inputSchema: pushSchema(tool.inputSchema) };
    if (tool.rest === "results")
      return { ...renamed, inputSchema: resultsSchema(tool.inputSchema) };
    return renamed;
  });
}
__name(variantCatalog, "variantCatalog");
function pushSchema(schema) {
  const properties = { ...schema.properties };
  for (const field of ["image_url", "video_url", "thumbnail_url", "website_url"]) {
    const { type: _t, format: _f, ...rest } = properties[field] ?? {};
    properties[field] = { ...rest, $ref: "#/$defs/https_url" };
  }
  return {
    ...schema,
    properties,
    $defs: { https_url: { type: "string", format: "uri", pattern: "^https://" } },
    oneOf: [{ required: ["image_url"] }, { required: ["video_url"] }]
  };
}
__name(pushSchema, "pushSchema");
function resultsSchema(schema) {
  return {
    ...schema,
    dependentSchemas: { since: { required: ["until"] }, until: { required: ["since"] } }
  };
}
__name(resultsSchema, "resultsSchema");

// dist/sim/door/index.js
var PRM_PATH = "/.well-known/oauth-protected-resource";
var MCP_PATH = "/api/mcp";
async function createDoor(rt, baseUrl, options = {}) {
  const issuerPath = `/oauth2/${chars(6, rt.world.seed, "door-issuer").toLowerCase()}`;
  const issuer = `${baseUrl}${issuerPath}`;
  const mcpUrl = `${baseUrl}${MCP_PATH}`;
  const resourceMetadataUrl = `${baseUrl}${PRM_PATH}${MCP_PATH}`;
  const users = doorUsers();
  const store = new MemoryStore();
  const connections = new Connections(store);
  let autoConsent = options.autoConsent || void 0;
  const report = /* @__PURE__ */ __name((error) => rt.log?.(`door: ${error?.message ?? String(error)}`), "report");
  const provider = await createAuthServer({
    issuer,
    resource: mcpUrl,
    users,
    store,
    accessTokenTtlS: options.accessTokenTtlS ?? 60,
    refreshTokenTtlS: options.refreshTokenTtlS ?? 14 * 24 * 3600,
    allowLoopbackClientIds: options.allowLoopbackClientIds ?? false
  });
  provider.on("server_error", (_ctx, error) => report(error));
  const callback = provider.callback();
  const doorKeys = doorKeysFor(rt);
  const registry = new ToolRegistry(options.variant ? variantCatalog(doorCatalog()) : doorCatalog(), options.pageSize ?? 10);
  const callAs = /* @__PURE__ */ __name((userId) => ({
    userId,
    identity: rt.world.identities[userId],
    rt,
    rest: /* @__PURE__ */ __name((tool, body) => restCall(baseUrl, doorKeys.get(userId), tool, body), "rest")
  }), "callAs");
  const challenge = /* @__PURE__ */ __name((error, description) => [
    `Bearer resource_metadata="${resourceMetadataUrl}"`,
    `scope="${DOOR_SCOPE}"`,
    ...error ? [`error="${error}"`, `error_description="${description}"`] : []
  ].join(", "), "challenge");
  const verify = /* @__PURE__ */ __name((header) => verifyToken(provider, connections, header, mcpUrl, challenge, (userId) => {
    const identity = rt.world.identities[userId];
    return identity !== void 0 && !identity.deactivated;
  }), "verify");
  const calls = [];
  const mcp = createDoorMcp({ registry, verify, callAs, record: /* @__PURE__ */ __name((c) => calls.push(c), "record"), onerror: report });
  const prm = {
    resource: mcpUrl,
    authorization_servers: [issuer],
    scopes_supported: [DOOR_SCOPE],
    bearer_methods_supported: ["header"],
    resource_name: "Ad Analysis and Creative Service (simulator)"
  };
  const toProvider = /* @__PURE__ */ __name((req, res, url) => {
    req.originalUrl = url;
    req.url = url.slice(issuerPath.length) || "/";
    return callback(req, res);
  }, "toProvider");
  async function handle(req, res) {
    const url = req.url ?? "/";
    const path = url.split("?")[0];
    if (path === MCP_PATH) {
      await mcp.handle(req, res);
      return true;
    }
    if (path === `${PRM_PATH}${MCP_PATH}` || path === PRM_PATH) {
      sendJson(res, 200, prm, { "access-control-allow-origin": "*" });
      return true;
    }
    if (path === `/.well-known/oauth-authorization-server${issuerPath}` || path === `/.well-known/openid-configuration${issuerPath}`) {
      await toProvider(req, res, `${issuerPath}/.well-known/openid-configuration`);
      return true;
    }
    if (path.startsWith(`${issuerPath}/interaction/`)) {
      const body = req.method === "POST" ? (await readRaw(req) ?? Buffer.alloc(0)).toString("utf8") : "";
      await handleInteraction({
        provider,
        users,
        connections,
        autoConsent: /* @__PURE__ */ __name(() => autoConsent, "autoConsent"),
        prefix: `${issuerPath}/interaction/`
      }, req, res, body);
      return true;
    }
    if (path === issuerPath || path.startsWith(`${issuerPath}/`)) {
      await toProvider(req, res, url);
      return true;
    }
    return false;
  }
  __name(handle, "handle");
  const control = {
    mcpUrl,
    issuer,
    resourceMetadataUrl,
    users: /* @__PURE__ */ __name(() => [...users.values()].map((u) => ({ ...u })), "users"),
    setAutoConsent: /* @__PURE__ */ __name((user) => {
      if (user !== false && !users.has(user))
        throw new Error(`No door test user ${user}`);
      autoConsent = user || void 0;
    }, "setAutoConsent"),
    connections: /* @__PURE__ */ __name((userId) => userId === void 0 ? connections.all() : connections.list(userId), "connections"),
    removeConnection: /* @__PURE__ */ __name((userId, clientId) => connections.remove(userId, clientId), "removeConnection"),
    addTool: /* @__PURE__ */ __name((tool) => registry.add(extraTool(tool)), "addTool"),
    removeTool: /* @__PURE__ */ __name((name) => registry.remove(name), "removeTool"),
    toolNames: /* @__PURE__ */ __name(() => registry.names(), "toolNames"),
    calls: /* @__PURE__ */ __name(() => structuredClone(calls), "calls")
  };
  return { control, handle, close: /* @__PURE__ */ __name(() => mcp.close(), "close") };
}
__name(createDoor, "createDoor");
async function verifyToken(provider, connections, header, resource, challenge, active) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) {
    return {
      ok: false,
      status: 401,
      error: "Sign in with OAuth: this endpoint needs a bearer token",
      challenge: challenge()
    };
  }
  const refuse = /* @__PURE__ */ __name((description) => ({
    ok: false,
    status: 401,
    error: description,
    challenge: challenge("invalid_token", description)
  }), "refuse");
  const token = await provider.AccessToken.find(match[1]).catch(() => void 0);
  if (!token)
    return refuse("The access token is unknown, revoked or expired");
  const audience = [token.aud].flat().filter((a) => typeof a === "string");
  if (!audience.some((a) => sameResource(a, resource))) {
    return refuse("The access token was issued for another resource");
  }
  const connection = token.grantId ? connections.byGrant(token.grantId) : void 0;
  if (!connection)
    return refuse("This connection was removed; sign in again");
  if (!active(connection.userId))
    return refuse("The account behind this connection is deactivated");
  const scopes = [...token.scopes ?? []];
  if (!scopes.includes(DOOR_SCOPE)) {
    return {
      ok: false,
      status: 403,
      error: `The token lacks the ${DOOR_SCOPE} scope`,
      challenge: `${challenge("insufficient_scope", `The ${DOOR_SCOPE} scope is required`)}`
    };
  }
  return {
    ok: true,
    userId: connection.userId,
    auth: {
      token: match[1],
      clientId: token.clientId,
      scopes,
      expiresAt: token.exp,
      resource: new URL(resource),
      extra: { userId: connection.userId }
    }
  };
}
__name(verifyToken, "verifyToken");
function doorKeysFor(rt) {
  const keys = /* @__PURE__ */ new Map();
  for (const [label, identity] of Object.entries(rt.world.identities)) {
    if (label === "revoked" || label === "expired")
      continue;
    const key = `adk_door${randomBytes(24).toString("hex")}`;
    const hash = sha256(key);
    rt.world.keysByHash.set(hash, {
      label,
      hash,
      identity,
      revoked: false,
      expiresAt: null
    });
    keys.set(label, key);
  }
  return keys;
}
__name(doorKeysFor, "doorKeysFor");
async function restCall(baseUrl, key, tool, body) {
  const response = await fetch(`${baseUrl}/api/mcp/${encodeURIComponent(tool)}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  });
  const parsed = await response.json().catch(() => ({ error: "The service answered with non-JSON" }));
  const data = "data" in parsed && "source" in parsed ? parsed.data : parsed;
  return { status: response.status, data };
}
__name(restCall, "restCall");
function extraTool(spec) {
  return {
    name: spec.name,
    title: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema ?? { type: "object", properties: {}, additionalProperties: true },
    annotations: spec.annotations ?? {},
    ...spec.rest === void 0 ? {} : { rest: spec.rest },
    run: /* @__PURE__ */ __name(async (call, args) => spec.rest !== void 0 ? call.rest(spec.rest, args) : {
      status: 200,
      data: spec.run ? spec.run(args, call.userId) : { tool: spec.name, arguments: args }
    }, "run")
  };
}
__name(extraTool, "extraTool");
export {
  createDoor
};
