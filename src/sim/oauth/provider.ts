import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Configuration, KoaContextWithOIDC, default as Provider } from "oidc-provider";
import { type MemoryStore, memoryAdapter } from "./adapter.js";
import { loopbackClientDocument } from "./cimd.js";
import { errorPage } from "./pages.js";
import type { DoorUser } from "./users.js";

/** The scope every door call needs; `offline_access` is accepted and changes nothing. */
export const DOOR_SCOPE = "ads";

/** What the authorization server needs to know about the door it guards. */
export interface AuthServerSettings {
  /** e.g. http://127.0.0.1:4000/oauth2/k3v9qa */
  issuer: string;
  /** The MCP endpoint's canonical URI: the only resource tokens are issued for. */
  resource: string;
  users: ReadonlyMap<string, DoorUser>;
  store: MemoryStore;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** Fetch Client ID Metadata Documents from http loopback URLs (tests only). */
  allowLoopbackClientIds: boolean;
}

/** The endpoint paths under the issuer: not the defaults a client could guess. */
export const ROUTES = {
  authorization: "/authorize",
  token: "/token",
  registration: "/register",
  revocation: "/revoke",
  jwks: "/jwks",
  userinfo: "/me",
  end_session: "/logout",
  introspection: "/introspect",
} as const;

/**
 * The door's OAuth 2.1 authorization server, on node-oidc-provider: authorization code with PKCE
 * (S256 only, always required), dynamic client registration (RFC 7591), Client ID Metadata
 * Documents, resource indicators (RFC 8707) for exactly the MCP endpoint, `iss` in every
 * authorization response (RFC 9207), opaque access tokens of `accessTokenTtlS`, refresh tokens
 * rotated on every use (a used one, presented again, revokes the whole grant), revocation (RFC 7009).
 */
export async function createAuthServer(settings: AuthServerSettings): Promise<Provider> {
  const { default: ProviderClass, errors } = await loadLibrary();
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = { ...privateKey.export({ format: "jwk" }), alg: "ES256", use: "sig", kid: "sim-door" };
  const findClient = settings.allowLoopbackClientIds ? loopbackClientDocument : undefined;

  const configuration: Configuration = {
    adapter: memoryAdapter(settings.store, findClient),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    scopes: ["openid", "offline_access", DOOR_SCOPE],
    responseTypes: ["code"],
    clientDefaults: {
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "ES256",
    },
    enabledJWA: { idTokenSigningAlgValues: ["ES256"] },
    claims: { openid: ["sub"], email: ["email", "name"] },
    findAccount: (_ctx, sub) => {
      const user = settings.users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: user.email, name: user.name }),
      };
    },
    routes: ROUTES,
    interactions: { url: (_ctx, interaction) => `${pathOf(settings.issuer)}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens (RFC 7009 section 2.1).
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      introspection: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The MCP authorization spec has clients send `resource` on every request; one that does not
        // is told so rather than handed a token the door would refuse.
        defaultResource: () => {
          throw new errors.InvalidTarget(
            `resource is required: send resource=${settings.resource} (RFC 8707), the MCP endpoint's canonical URI`,
          );
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (!sameResource(indicator, settings.resource)) {
            throw new errors.InvalidTarget(
              `unknown resource ${indicator}: this server issues tokens for ${settings.resource} only`,
            );
          }
          return {
            scope: DOOR_SCOPE,
            audience: settings.resource,
            accessTokenTTL: settings.accessTokenTtlS,
            accessTokenFormat: "opaque",
          };
        },
      },
      clientIdMetadataDocument: { enabled: true, ack: "draft-02" },
    } as Configuration["features"],
    pkce: { required: () => true },
    ttl: {
      AccessToken: () => settings.accessTokenTtlS,
      AuthorizationCode: 60,
      RefreshToken: () => settings.refreshTokenTtlS,
      Grant: () => settings.refreshTokenTtlS,
      Session: 24 * 3600,
      Interaction: 30 * 60,
      IdToken: 3600,
    },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    expiresWithSession: async () => false,
    // Only the grant this very authorization's consent made: an earlier one in the browser session is
    // not reused, so every authorization asks (or auto-consents) and replaces the client's connection.
    loadExistingGrant: async (ctx) => {
      const grantId = (ctx.oidc.result as { consent?: { grantId?: string } } | undefined)?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = "html";
      ctx.body = errorPage(out.error ?? "error", out.error_description ?? "The request was refused.");
    },
  } as Configuration;
  const provider = new ProviderClass(settings.issuer, configuration);
  // The simulator is served over plain http on loopback; the library trusts no proxy headers.
  provider.proxy = false;
  return provider;
}

/** RFC 8707 resources compare as URIs: scheme and host case-insensitive, no trailing slash. */
export function sameResource(given: string, canonical: string): boolean {
  if (!URL.canParse(given)) return false;
  const a = new URL(given);
  const b = new URL(canonical);
  const trim = (path: string) => (path.endsWith("/") ? path.slice(0, -1) : path);
  return a.origin === b.origin && trim(a.pathname) === trim(b.pathname) && a.search === "" && a.hash === "";
}

/**
 * node-oidc-provider 9 names Node 22 LTS as its floor and warns once on import under Node 20,
 * where the door's tests pass; the warning would reach every `adrails sim` user, so it is held
 * back for the import alone.
 */
async function loadLibrary(): Promise<typeof import("oidc-provider")> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("Unsupported runtime")) return;
    warn(...args);
  };
  try {
    return await import("oidc-provider");
  } catch (error) {
    if (isMissing(error)) throw new Error(OIDC_MISSING);
    throw error;
  } finally {
    console.warn = warn;
  }
}

/** What to tell a person who starts the simulator's OAuth door without its library. */
export const OIDC_MISSING =
  "The simulator's MCP door (OAuth 2.1) needs the oidc-provider package, which is not installed: run `npm install oidc-provider` (Node 22 or later).";

// oidc-provider and its koa/jose tree are an optional peer dependency: most users never serve the
// simulator's door, and it was more than half of what `npm install adrails` brought.
function isMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "ERR_MODULE_NOT_FOUND" && typeof message === "string" && message.includes("'oidc-provider'")
  );
}

/** Whether oidc-provider can be loaded (so the simulator can serve its door). */
export async function oauthLibraryInstalled(): Promise<boolean> {
  try {
    await loadLibrary();
    return true;
  } catch (error) {
    if (error instanceof Error && error.message === OIDC_MISSING) return false;
    throw error;
  }
}

function pathOf(url: string): string {
  return new URL(url).pathname.replace(/\/$/, "");
}
