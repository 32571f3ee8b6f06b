import {
  canonical
} from "./chunk-H3CA6QPV.js";
import {
  serverText
} from "./chunk-T3FNSHKV.js";
import {
  listAllTools
} from "./chunk-BBLTUFYI.js";
import "./chunk-TB6DQN33.js";
import {
  UpstreamError
} from "./chunk-KG4KSYSB.js";
import "./chunk-5PS4MVI4.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/login.js
import { Client, IssuerMismatchError, OAuthError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

// dist/upstream/login-provider.js
import { randomBytes } from "node:crypto";

// dist/upstream/discovery-checks.js
var ENDPOINTS = [
  "authorization_endpoint",
  "token_endpoint",
  "registration_endpoint",
  "revocation_endpoint"
];
function checkDiscovery(state, mcpUrl) {
  const invalid = /* @__PURE__ */ __name((message) => new UpstreamError("invalid", message, "Nothing was registered or stored. Check the MCP URL (--mcp-url); if it is right, the service's sign-in is misconfigured: tell its operator."), "invalid");
  if (!state.resourceMetadata) {
    throw invalid(`${mcpUrl} asked for sign-in (401) but publishes no protected resource metadata (RFC 9728), so adrails cannot tell where to sign in.`);
  }
  const declared = state.resourceMetadata.authorization_servers ?? [];
  if (declared.length === 0) {
    throw invalid(`The protected resource metadata of ${mcpUrl} names no authorization server.`);
  }
  const metadata = state.authorizationServerMetadata;
  if (!metadata) {
    throw invalid(`The authorization server ${state.authorizationServerUrl} publishes no metadata (RFC 8414 or OpenID discovery).`);
  }
  const origin = new URL(state.authorizationServerUrl).origin;
  if (new URL(metadata.issuer).origin !== origin) {
    throw invalid(`The authorization server metadata names issuer ${metadata.issuer}, on another origin than the server ${state.authorizationServerUrl} the resource declared (a mix-up).`);
  }
  for (const name of ENDPOINTS) {
    const value = metadata[name];
    if (typeof value === "string" && new URL(value).origin !== origin) {
      throw invalid(`The authorization server metadata puts its ${name} on ${new URL(value).origin}, another origin than the declared server ${origin} (a mix-up).`);
    }
  }
  if (!metadata.code_challenge_methods_supported?.includes("S256")) {
    throw invalid(`The authorization server ${metadata.issuer} does not list S256 in code_challenge_methods_supported, so PKCE cannot protect the sign-in; adrails will not continue.`);
  }
}
__name(checkDiscovery, "checkDiscovery");

// dist/upstream/login-provider.js
var LoginProvider = class {
  static {
    __name(this, "LoginProvider");
  }
  options;
  clientMetadataUrl;
  #client;
  #tokens;
  #discovery;
  #verifier;
  #state;
  #pendingUrl;
  #resource;
  constructor(options) {
    this.options = options;
    this.clientMetadataUrl = options.identity.clientMetadataUrl;
    const pre = options.identity.preRegistered;
    if (pre) {
      this.#client = {
        client_id: pre.clientId,
        ...pre.clientSecret ? { client_secret: pre.clientSecret } : {}
      };
    } else if (options.existing?.client) {
      this.#client = options.existing.client;
    }
  }
  get redirectUrl() {
    return this.options.redirectUrl;
  }
  get clientMetadata() {
    const pre = this.options.identity.preRegistered;
    return {
      client_name: "adrails",
      redirect_uris: [this.options.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: pre?.clientSecret ? "client_secret_basic" : "none"
    };
  }
  state() {
    this.#state = randomBytes(24).toString("base64url");
    return this.#state;
  }
  /** The `state` sent with the latest authorization request. */
  get expectedState() {
    return this.#state;
  }
  clientInformation() {
    return this.#client;
  }
  saveClientInformation(info) {
    this.#client = info;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens) {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url) {
    const wanted = this.options.wantedScope;
    if (wanted) {
      const scopes = /* @__PURE__ */ new Set([...(url.searchParams.get("scope") ?? "").split(" "), ...wanted.split(" ")]);
      scopes.delete("");
      url.searchParams.set("scope", [...scopes].join(" "));
    }
    this.#pendingUrl = url;
  }
  /** The authorization URL the SDK asked to open, once. */
  takeAuthorizationUrl() {
    const url = this.#pendingUrl;
    this.#pendingUrl = void 0;
    return url;
  }
  saveCodeVerifier(verifier) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    if (!this.#verifier)
      throw new Error("no PKCE code verifier: the authorization was not started here");
    return this.#verifier;
  }
  saveDiscoveryState(state) {
    checkDiscovery(state, this.options.mcpUrl);
    this.#discovery = state;
  }
  discoveryState() {
    return this.#discovery;
  }
  saveResourceUrl(resource) {
    this.#resource = resource;
  }
  /** The signed-in connection, once tokens came back. */
  connection() {
    const discovery = this.#discovery;
    const issuer = discovery?.authorizationServerMetadata?.issuer;
    if (!this.#tokens || !this.#client || !discovery || !issuer)
      return void 0;
    const tokens = this.#tokens;
    return {
      version: 1,
      mcpUrl: this.options.mcpUrl,
      resource: this.#resource ?? discovery.resourceMetadata?.resource ?? this.options.mcpUrl,
      issuer,
      client: this.#client,
      tokens: {
        ...tokens,
        ...tokens.expires_in === void 0 ? {} : { expires_at: Date.now() + tokens.expires_in * 1e3 }
      },
      discovery
    };
  }
};

// dist/upstream/loopback.js
import { randomBytes as randomBytes2 } from "node:crypto";
import { createServer } from "node:http";
var PAGE = /* @__PURE__ */ __name((title, text) => `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;max-width:36em;margin:3em auto"><h1>${title}</h1><p>${text}</p></body>`, "PAGE");
var HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer"
};
async function startLoopback() {
  let accept;
  let deliver;
  let fail;
  const arrived = [];
  const starts = /* @__PURE__ */ new Map();
  let spoiled;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const start = /^\/start\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && start && starts.has(start)) {
      const entry = starts.get(start);
      if (entry.used) {
        res.writeHead(410, HEADERS).end(PAGE("Sign-in link already used", "This sign-in link was opened before. adrails stopped this sign-in; run <code>adrails login</code> again."));
        spoiled = new Error("the sign-in link was opened twice (someone else may have used it), so adrails stopped");
        fail?.(spoiled);
        return;
      }
      entry.used = true;
      res.writeHead(302, { ...HEADERS, location: entry.url }).end();
      return;
    }
    if (req.method !== "GET" || url.pathname !== "/callback") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    const params = url.searchParams;
    if (accept && !accept(params)) {
      res.writeHead(400, HEADERS).end(PAGE("Not this sign-in", "This answer does not belong to the sign-in adrails is waiting for; it was ignored."));
      return;
    }
    const failed = params.has("error") || !params.has("code");
    res.writeHead(200, HEADERS).end(failed ? PAGE("Sign-in not completed", "adrails did not get an authorization. Return to the terminal for details.") : PAGE("Signed in", "adrails received the authorization. You can close this window and return to the terminal."));
    if (deliver)
      deliver(params);
    else
      arrived.push(params);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address();
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    startUrl(authorization) {
      const id = randomBytes2(18).toString("base64url");
      starts.set(id, { url: authorization.href, used: false });
      return `http://127.0.0.1:${port}/start/${id}`;
    },
    next(timeoutMs, check) {
      accept = check;
      if (spoiled)
        return Promise.reject(spoiled);
      const index = arrived.findIndex((params) => !check || check(params));
      if (index >= 0)
        return Promise.resolve(arrived.splice(index, 1)[0]);
      arrived.length = 0;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no redirect came back within ${Math.round(timeoutMs / 1e3)} s`));
        }, timeoutMs);
        const finish = /* @__PURE__ */ __name(() => {
          clearTimeout(timer);
          deliver = void 0;
          fail = void 0;
        }, "finish");
        deliver = /* @__PURE__ */ __name((params) => {
          finish();
          resolve(params);
        }, "deliver");
        fail = /* @__PURE__ */ __name((error) => {
          finish();
          reject(error);
        }, "fail");
      });
    },
    close: /* @__PURE__ */ __name(() => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }), "close")
  };
}
__name(startLoopback, "startLoopback");

// dist/upstream/subject.js
function subjectOf(tokens) {
  const extra = tokens ?? {};
  for (const key of ["email", "user", "username", "sub"]) {
    if (typeof extra[key] === "string" && extra[key] !== "")
      return extra[key];
  }
  if (typeof extra.id_token === "string") {
    try {
      const payload = JSON.parse(Buffer.from(extra.id_token.split(".")[1] ?? "", "base64url").toString("utf8"));
      for (const key of ["email", "preferred_username", "name", "sub"]) {
        if (typeof payload?.[key] === "string")
          return payload[key];
      }
    } catch {
    }
  }
  return void 0;
}
__name(subjectOf, "subjectOf");

// dist/upstream/login.js
var MAX_AUTHORIZATIONS = 3;
async function login(options) {
  const { mcpUrl, store } = options;
  const existing = store.find(mcpUrl);
  const loopback = await startLoopback();
  const provider = new LoginProvider({
    mcpUrl,
    redirectUrl: loopback.redirectUrl,
    identity: options,
    existing,
    wantedScope: existing?.wantedScope
  });
  let authorizations = 0;
  let toolCount = 0;
  let serverName;
  try {
    for (; ; ) {
      const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
        authProvider: provider,
        ...options.fetch ? { fetch: options.fetch } : {}
      });
      const client = new Client({ name: "adrails", version: "1" });
      try {
        await client.connect(transport);
        toolCount = (await listAllTools(client)).length;
        serverName = client.getServerVersion()?.name;
        await client.close();
        break;
      } catch (error) {
        await client.close().catch(() => {
        });
        const url = provider.takeAuthorizationUrl();
        if (!url)
          throw explain(error, mcpUrl);
        authorizations += 1;
        if (authorizations > MAX_AUTHORIZATIONS) {
          throw new UpstreamError("refused", `The service asked for sign-in ${MAX_AUTHORIZATIONS} times in a row without accepting the grant.`, "Nothing was stored. The account may lack a permission the service requires; ask its operator.");
        }
        await options.present(url, new URL(loopback.startUrl(url)));
        const ours = /* @__PURE__ */ __name((params2) => params2.get("state") === provider.expectedState, "ours");
        const params = await loopback.next(options.timeoutMs ?? 3e5, ours).catch((cause) => {
          throw new UpstreamError("refused", `Sign-in was not completed: ${cause.message}.`, "Nothing was stored. Run `adrails login` again and finish in the browser.");
        });
        checkRedirect(params, provider);
        await transport.finishAuth(params).catch((cause) => {
          throw explain(cause, mcpUrl, [params.get("code") ?? void 0, verifierOf(provider)]);
        });
      }
    }
  } finally {
    await loopback.close();
  }
  const connection = provider.connection();
  if (!connection) {
    throw new UpstreamError("invalid", `${mcpUrl} answered without asking for sign-in, so there is nothing to sign in to.`, "Check the MCP URL (--mcp-url). A door that needs no sign-in needs no `adrails login`.");
  }
  const record = {
    ...connection,
    subject: subjectOf(connection.tokens),
    ...serverName ? { serverName } : {}
  };
  await store.locked(record, async () => {
    if (existing && (existing.issuer !== record.issuer || existing.resource !== record.resource)) {
      store.remove(existing);
    }
    store.write(record);
  });
  return { record, toolCount, noRefreshToken: !record.tokens?.refresh_token };
}
__name(login, "login");
function checkRedirect(params, provider) {
  const invalid = /* @__PURE__ */ __name((message) => new UpstreamError("invalid", message, "Nothing was stored. Run `adrails login` again; if it happens again, someone may be interfering with the sign-in."), "invalid");
  if (params.get("state") !== provider.expectedState) {
    throw invalid("The sign-in redirect carried a `state` that adrails did not send; it was not accepted.");
  }
  const issuer = provider.discoveryState()?.authorizationServerMetadata?.issuer;
  const iss = params.get("iss");
  if (iss !== null && issuer !== void 0 && canonical(iss) !== canonical(issuer)) {
    throw invalid(`The sign-in redirect names issuer ${iss}, not ${issuer} that adrails asked (a mix-up); it was not accepted.`);
  }
  const error = params.get("error");
  if (error !== null) {
    const description = params.get("error_description");
    const said = description ? ` (${serverText(description, [verifierOf(provider)])})` : "";
    throw new UpstreamError("refused", `The sign-in was refused: ${serverText(error)}${said}.`, "Nothing was stored. Run `adrails login` again and approve the access if you want adrails to connect.");
  }
}
__name(checkRedirect, "checkRedirect");
function explain(error, mcpUrl, secrets = []) {
  if (error instanceof UpstreamError)
    return error;
  if (error instanceof IssuerMismatchError) {
    return new UpstreamError("invalid", `The authorization server's issuer does not match the one adrails expected (a mix-up): ${serverText(error.message, secrets)}`, "Nothing was stored. Check the MCP URL (--mcp-url); if it is right, tell the service's operator.");
  }
  if (error instanceof OAuthError) {
    return new UpstreamError("refused", `The authorization server refused: ${serverText(error.code)}${error.message ? ` (${serverText(error.message, secrets)})` : ""}.`, "Nothing was stored. Run `adrails login` again.");
  }
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError("invalid", `Signing in to ${mcpUrl} failed: ${serverText(message, secrets)}`, "Nothing was stored. Check the MCP URL (--mcp-url) and that the service is reachable, then run `adrails login` again.");
}
__name(explain, "explain");
function verifierOf(provider) {
  try {
    return provider.codeVerifier();
  } catch {
    return void 0;
  }
}
__name(verifierOf, "verifierOf");
export {
  login
};
