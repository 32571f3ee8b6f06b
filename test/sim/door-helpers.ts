import { createHash, randomBytes } from "node:crypto";
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { type BrowseOptions, browseAuthorization, type Simulator } from "../../src/sim/index.js";

export const REDIRECT = "http://127.0.0.1:53682/callback";

/** What the 401 and the two metadata documents say. */
export interface Discovered {
  challenge: string;
  resourceMetadata: Record<string, any>;
  metadata: Record<string, any>;
}

/** Discovery as the MCP authorization spec has a client do it: from the 401 of the MCP endpoint. */
export async function discover(sim: Simulator): Promise<Discovered> {
  const res = await fetch(`${sim.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  const challenge = res.headers.get("www-authenticate") ?? "";
  await res.body?.cancel();
  const prmUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  if (!prmUrl) throw new Error(`no resource_metadata in ${challenge}`);
  const resourceMetadata = (await (await fetch(prmUrl)).json()) as Record<string, any>;
  const issuer = new URL(resourceMetadata.authorization_servers[0]);
  const metadata = (await (
    await fetch(`${issuer.origin}/.well-known/oauth-authorization-server${issuer.pathname}`)
  ).json()) as Record<string, any>;
  return { challenge, resourceMetadata, metadata };
}

/** RFC 7591 registration of a native public client. */
export async function register(metadata: Record<string, any>, extra: Record<string, unknown> = {}) {
  const res = await fetch(metadata.registration_endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "door test client",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "native",
      ...extra,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Builds an authorization URL; `params` override or (with undefined) drop defaults. */
export function authorizationUrl(
  metadata: Record<string, any>,
  clientId: string,
  challenge: string,
  resource: string,
  params: Record<string, string | undefined> = {},
): URL {
  const url = new URL(metadata.authorization_endpoint);
  const all: Record<string, string | undefined> = {
    client_id: clientId,
    response_type: "code",
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-123",
    scope: "ads offline_access",
    resource,
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/** POSTs a form to the token endpoint. */
export async function tokenRequest(metadata: Record<string, any>, form: Record<string, string>) {
  const res = await fetch(metadata.token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A full login by hand: register, authorize (scripted person), exchange. */
export async function login(sim: Simulator, options: BrowseOptions & { clientId?: string } = {}) {
  const { metadata } = await discover(sim);
  const clientId = options.clientId ?? (await register(metadata)).body.client_id;
  const { verifier, challenge } = pkce();
  const resource = sim.door!.mcpUrl;
  const { redirect } = await browseAuthorization(authorizationUrl(metadata, clientId, challenge, resource), {
    ...options,
    deliver: false,
  });
  const code = redirect.searchParams.get("code");
  if (!code) throw new Error(`no code: ${redirect.href}`);
  const tokens = await tokenRequest(metadata, {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: clientId,
    resource,
  });
  return { metadata, clientId, redirect, tokens: tokens.body, resource };
}

/** One JSON-RPC request to the MCP endpoint with a bearer token (2025-11-25 initialize). */
export async function initializeWith(sim: Simulator, token: string) {
  return fetch(sim.door!.mcpUrl, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });
}

/** An in-memory OAuth client of the MCP SDK whose browser step is the scripted person. */
export class ScriptedOAuth implements OAuthClientProvider {
  info: any;
  saved: any;
  verifier = "";
  discovery: any;
  callback: URLSearchParams | undefined;
  constructor(private readonly browse: BrowseOptions = {}) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: "sdk door client",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "native",
    } as any;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: any) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: any) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    const { redirect } = await browseAuthorization(url, { ...this.browse, deliver: false });
    this.callback = redirect.searchParams;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: any) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/** Connects the SDK's Client through the whole OAuth dance: 401, login, reconnect. */
export async function sdkConnect(
  sim: Simulator,
  oauth = new ScriptedOAuth(),
  options: ConstructorParameters<typeof Client>[1] = {},
) {
  const url = new URL(sim.door!.mcpUrl);
  const first = new Client({ name: "door-test", version: "1.0.0" }, options);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: oauth });
  try {
    await first.connect(transport);
    return { client: first, oauth };
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || !oauth.callback) throw error;
  }
  await transport.finishAuth(oauth.callback);
  const client = new Client({ name: "door-test", version: "1.0.0" }, options);
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: oauth }));
  return { client, oauth };
}
