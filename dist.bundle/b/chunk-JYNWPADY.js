import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/sim/oauth/provider.js
import { generateKeyPairSync, randomBytes } from "node:crypto";

// dist/sim/oauth/adapter.js
var GRANTABLE = /* @__PURE__ */ new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode"]);
var MemoryStore = class {
  static {
    __name(this, "MemoryStore");
  }
  records = /* @__PURE__ */ new Map();
  byGrant = /* @__PURE__ */ new Map();
  byUid = /* @__PURE__ */ new Map();
  get(key) {
    const stored = this.records.get(key);
    if (!stored)
      return void 0;
    if (stored.expiresAt <= Date.now()) {
      this.records.delete(key);
      return void 0;
    }
    return stored.payload;
  }
  set(model, id, payload, expiresIn) {
    const key = `${model}:${id}`;
    const expiresAt = typeof expiresIn === "number" ? Date.now() + expiresIn * 1e3 : Number.POSITIVE_INFINITY;
    this.records.set(key, { payload, expiresAt });
    if (model === "Session" && typeof payload.uid === "string")
      this.byUid.set(payload.uid, id);
    if (GRANTABLE.has(model) && typeof payload.grantId === "string") {
      let keys = this.byGrant.get(payload.grantId);
      if (!keys) {
        keys = /* @__PURE__ */ new Set();
        this.byGrant.set(payload.grantId, keys);
      }
      keys.add(key);
    }
  }
  delete(key) {
    this.records.delete(key);
  }
  sessionIdByUid(uid) {
    return this.byUid.get(uid);
  }
  /** Forgets the tokens of one model issued under a grant. */
  revokeTokens(grantId, model) {
    const keys = this.byGrant.get(grantId);
    for (const key of keys ?? []) {
      if (!key.startsWith(`${model}:`))
        continue;
      this.records.delete(key);
      keys?.delete(key);
    }
  }
  /** Forgets the grant and every token issued under it. */
  revokeGrant(grantId) {
    for (const key of this.byGrant.get(grantId) ?? [])
      this.records.delete(key);
    this.byGrant.delete(grantId);
    this.records.delete(`Grant:${grantId}`);
  }
  hasGrant(grantId) {
    return this.get(`Grant:${grantId}`) !== void 0;
  }
};
function memoryAdapter(store, findClient) {
  return class SimAdapter {
    static {
      __name(this, "SimAdapter");
    }
    model;
    constructor(model) {
      this.model = model;
    }
    async upsert(id, payload, expiresIn) {
      store.set(this.model, id, payload, expiresIn);
    }
    async find(id) {
      const found = store.get(`${this.model}:${id}`);
      if (found || this.model !== "Client" || !findClient)
        return found;
      return findClient(id);
    }
    async findByUserCode() {
      return void 0;
    }
    async findByUid(uid) {
      const id = store.sessionIdByUid(uid);
      return id === void 0 ? void 0 : store.get(`Session:${id}`);
    }
    async consume(id) {
      const found = store.get(`${this.model}:${id}`);
      if (found)
        found.consumed = Math.floor(Date.now() / 1e3);
    }
    async destroy(id) {
      store.delete(`${this.model}:${id}`);
    }
    async revokeByGrantId(grantId) {
      store.revokeTokens(grantId, this.model);
    }
  };
}
__name(memoryAdapter, "memoryAdapter");

// dist/sim/oauth/cimd.js
var FORBIDDEN = ["client_secret", "client_secret_expires_at"];
var SHARED_SECRET_METHODS = /* @__PURE__ */ new Set(["client_secret_basic", "client_secret_post", "client_secret_jwt"]);
async function loopbackClientDocument(id) {
  if (!isLoopbackHttpUrl(id))
    return void 0;
  let response;
  try {
    response = await fetch(id, {
      headers: { accept: "application/json" },
      redirect: "manual",
      signal: AbortSignal.timeout(2500)
    });
  } catch {
    return void 0;
  }
  if (response.status !== 200)
    return void 0;
  let doc;
  try {
    doc = await response.json();
  } catch {
    return void 0;
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc))
    return void 0;
  const metadata = doc;
  if (metadata.client_id !== id)
    return void 0;
  if (FORBIDDEN.some((key) => key in metadata))
    return void 0;
  const method = metadata.token_endpoint_auth_method;
  if (typeof method === "string" && SHARED_SECRET_METHODS.has(method))
    return void 0;
  return { token_endpoint_auth_method: "none", ...metadata };
}
__name(loopbackClientDocument, "loopbackClientDocument");
function isLoopbackHttpUrl(id) {
  if (!URL.canParse(id))
    return false;
  const url = new URL(id);
  if (url.protocol !== "http:" || url.hash !== "" || url.username !== "" || url.pathname === "/")
    return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
__name(isLoopbackHttpUrl, "isLoopbackHttpUrl");

// dist/sim/oauth/pages.js
var STYLE = "body{font:16px/1.45 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}label{display:block;margin:.6rem 0 .2rem}input{width:100%;padding:.4rem}.problem{background:#fde8e8;padding:.6rem;border-radius:4px}.actions{margin-top:1rem;display:flex;gap:.6rem}button{padding:.5rem 1.2rem;font-size:1rem}small{color:#555}";
function esc(value) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
__name(esc, "esc");
function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}
__name(page, "page");
function consentPage(view) {
  const signIn = view.signedInAs ? `<p>Signed in as <strong>${esc(view.signedInAs)}</strong>.</p>` : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required><p><small>Simulator test users: ${view.testUsers.map(esc).join(", ")}; password <code>simulator</code>.</small></p>`;
  return page("Connect an app: Ad Analysis and Creative Service (simulator)", `<h1>Allow <span id="client-name">${esc(view.clientName)}</span> to use your ad accounts?</h1>` + (view.problem ? `<p class="problem" role="alert">${esc(view.problem)}</p>` : "") + `<p>It will act as you through the service's MCP endpoint: read results and create or change ads, which can spend money. It is listed under Connected apps, where you can remove it at any time.</p><dl><dt>App</dt><dd>${esc(view.clientName)}</dd><dt>Client id</dt><dd><code>${esc(view.clientId)}</code></dd><dt>Returns to</dt><dd><code>${esc(view.redirectUri)}</code></dd><dt>For</dt><dd><code>${esc(view.resource)}</code></dd><dt>Access</dt><dd>${esc(view.scopes.join(" "))}</dd></dl><form method="post" action="${esc(view.action)}" id="consent">${signIn}<div class="actions"><button type="submit" name="decision" value="allow" id="allow">Allow</button><button type="submit" name="decision" value="deny" id="deny" formnovalidate>Deny</button></div></form>`);
}
__name(consentPage, "consentPage");
function errorPage(error, description) {
  return page("Sign-in problem", `<h1>This sign-in cannot continue</h1><p class="problem" role="alert"><strong>${esc(error)}</strong>: ${esc(description)}</p><p>Go back to the app and start the sign-in again.</p>`);
}
__name(errorPage, "errorPage");

// dist/sim/oauth/provider.js
var DOOR_SCOPE = "ads";
var ROUTES = {
  authorization: "/authorize",
  token: "/token",
  registration: "/register",
  revocation: "/revoke",
  jwks: "/jwks",
  userinfo: "/me",
  end_session: "/logout",
  introspection: "/introspect"
};
async function createAuthServer(settings) {
  const { default: ProviderClass, errors } = await loadLibrary();
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = { ...privateKey.export({ format: "jwk" }), alg: "ES256", use: "sig", kid: "sim-door" };
  const findClient = settings.allowLoopbackClientIds ? loopbackClientDocument : void 0;
  const configuration = {
    adapter: memoryAdapter(settings.store, findClient),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    scopes: ["openid", "offline_access", DOOR_SCOPE],
    responseTypes: ["code"],
    clientDefaults: {
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "ES256"
    },
    enabledJWA: { idTokenSigningAlgValues: ["ES256"] },
    claims: { openid: ["sub"], email: ["email", "name"] },
    findAccount: /* @__PURE__ */ __name((_ctx, sub) => {
      const user = settings.users.get(sub);
      if (!user)
        return void 0;
      return {
        accountId: sub,
        claims: /* @__PURE__ */ __name(() => ({ sub, email: user.email, name: user.name }), "claims")
      };
    }, "findAccount"),
    routes: ROUTES,
    interactions: { url: /* @__PURE__ */ __name((_ctx, interaction) => `${pathOf(settings.issuer)}/interaction/${interaction.uid}`, "url") },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens (RFC 7009 section 2.1).
        allowedPolicy: /* @__PURE__ */ __name((_ctx, client, token) => token.clientId === client.clientId, "allowedPolicy")
      },
      introspection: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The MCP authorization spec has clients send `resource` on every request; one that does not
        // is told so rather than handed a token the door would refuse.
        defaultResource: /* @__PURE__ */ __name(() => {
          throw new errors.InvalidTarget(`resource is required: send resource=${settings.resource} (RFC 8707), the MCP endpoint's canonical URI`);
        }, "defaultResource"),
        useGrantedResource: /* @__PURE__ */ __name(() => true, "useGrantedResource"),
        getResourceServerInfo: /* @__PURE__ */ __name((_ctx, indicator) => {
          if (!sameResource(indicator, settings.resource)) {
            throw new errors.InvalidTarget(`unknown resource ${indicator}: this server issues tokens for ${settings.resource} only`);
          }
          return {
            scope: DOOR_SCOPE,
            audience: settings.resource,
            accessTokenTTL: settings.accessTokenTtlS,
            accessTokenFormat: "opaque"
          };
        }, "getResourceServerInfo")
      },
      clientIdMetadataDocument: { enabled: true, ack: "draft-02" }
    },
    pkce: { required: /* @__PURE__ */ __name(() => true, "required") },
    ttl: {
      AccessToken: /* @__PURE__ */ __name(() => settings.accessTokenTtlS, "AccessToken"),
      AuthorizationCode: 60,
      RefreshToken: /* @__PURE__ */ __name(() => settings.refreshTokenTtlS, "RefreshToken"),
      Grant: /* @__PURE__ */ __name(() => settings.refreshTokenTtlS, "Grant"),
      Session: 24 * 3600,
      Interaction: 30 * 60,
      IdToken: 3600
    },
    rotateRefreshToken: true,
    issueRefreshToken: /* @__PURE__ */ __name(async (_ctx, client) => client.grantTypeAllowed("refresh_token"), "issueRefreshToken"),
    expiresWithSession: /* @__PURE__ */ __name(async () => false, "expiresWithSession"),
    // Only the grant this very authorization's consent made: an earlier one in the browser session is
    // not reused, so every authorization asks (or auto-consents) and replaces the client's connection.
    loadExistingGrant: /* @__PURE__ */ __name(async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : void 0;
    }, "loadExistingGrant"),
    renderError: /* @__PURE__ */ __name(async (ctx, out) => {
      ctx.type = "html";
      ctx.body = errorPage(out.error ?? "error", out.error_description ?? "The request was refused.");
    }, "renderError")
  };
  const provider = new ProviderClass(settings.issuer, configuration);
  provider.proxy = false;
  return provider;
}
__name(createAuthServer, "createAuthServer");
function sameResource(given, canonical) {
  if (!URL.canParse(given))
    return false;
  const a = new URL(given);
  const b = new URL(canonical);
  const trim = /* @__PURE__ */ __name((path) => path.endsWith("/") ? path.slice(0, -1) : path, "trim");
  return a.origin === b.origin && trim(a.pathname) === trim(b.pathname) && a.search === "" && a.hash === "";
}
__name(sameResource, "sameResource");
async function loadLibrary() {
  const warn = console.warn;
  console.warn = (...args) => {
    if (typeof args[0] === "string" && args[0].includes("Unsupported runtime"))
      return;
    warn(...args);
  };
  try {
    return await import("oidc-provider");
  } catch (error) {
    if (isMissing(error))
      throw new Error(OIDC_MISSING);
    throw error;
  } finally {
    console.warn = warn;
  }
}
__name(loadLibrary, "loadLibrary");
var OIDC_MISSING = "The simulator's MCP door (OAuth 2.1) needs the oidc-provider package, which is not installed: run `npm install oidc-provider` (Node 22 or later).";
function isMissing(error) {
  const { code, message } = error ?? {};
  return code === "ERR_MODULE_NOT_FOUND" && typeof message === "string" && message.includes("'oidc-provider'");
}
__name(isMissing, "isMissing");
async function oauthLibraryInstalled() {
  try {
    await loadLibrary();
    return true;
  } catch (error) {
    if (error instanceof Error && error.message === OIDC_MISSING)
      return false;
    throw error;
  }
}
__name(oauthLibraryInstalled, "oauthLibraryInstalled");
function pathOf(url) {
  return new URL(url).pathname.replace(/\/$/, "");
}
__name(pathOf, "pathOf");

export {
  MemoryStore,
  consentPage,
  errorPage,
  DOOR_SCOPE,
  ROUTES,
  createAuthServer,
  sameResource,
  OIDC_MISSING,
  oauthLibraryInstalled
};
