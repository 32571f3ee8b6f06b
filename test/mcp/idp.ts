import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";
import { exportJWK, type JWK, SignJWT } from "jose";
import type { Configuration } from "oidc-provider";

// A team's own authorization server for the tests, on node-oidc-provider (as the simulator's door
// uses it), configured as an external issuer would be: discovery, JWKS, dynamic client
// registration, PKCE, resource indicators giving JWT access tokens for the adrails endpoint,
// introspection for the adrails server's own client, revocation. The person who signs in is
// whoever the test names (`idp.signIn`); consent is given at once for the scopes asked.

export const INTROSPECTOR = { clientId: "adrails-rs", clientSecret: "adrails-rs-secret-0123456789" };
export const ADS = ["ads:read", "ads:write", "ads:launch"];

export interface TestUser {
  name: string;
  groups?: string[];
  /** The ads scopes this person may be granted (default all three). */
  scopes?: string[];
}

export interface TestIdp {
  issuer: string;
  /** The person the next authorization signs in as. */
  signIn(subject: string): void;
  /** A JWT access token signed with the issuer's key (or `key`), with the claims overridden. */
  mint(claims: Record<string, unknown>, key?: "issuer" | "stranger"): Promise<string>;
  /** RFC 7009 revocation, as the client that holds the token. */
  revoke(token: string, clientId: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * `resource()` is the audience minted tokens name; tokens for `opaque()` (a second endpoint) are
 * opaque, since oidc-provider introspects only those, and every other resource gets JWTs.
 */
export async function startIdp(
  resource: () => string,
  users: Record<string, TestUser>,
  opaque: () => string | undefined = () => undefined,
): Promise<TestIdp> {
  const { default: Provider } = await import("oidc-provider");
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const stranger = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = { ...(await exportJWK(keys.privateKey)), alg: "ES256", use: "sig", kid: "idp-1" } as JWK;
  let current = Object.keys(users)[0]!;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    scopes: ["openid", "offline_access", ...ADS],
    clients: [
      {
        client_id: INTROSPECTOR.clientId,
        client_secret: INTROSPECTOR.clientSecret,
        grant_types: [],
        redirect_uris: [],
        response_types: [],
      },
    ],
    clientDefaults: { id_token_signed_response_alg: "ES256" },
    enabledJWA: { idTokenSigningAlgValues: ["ES256"] },
    findAccount: (_ctx, sub) =>
      users[sub] ? { accountId: sub, claims: () => ({ sub, name: users[sub]!.name }) } : undefined,
    extraTokenClaims: (_ctx, token) => {
      const user = users[(token as { accountId?: string }).accountId ?? ""];
      return user ? { name: user.name, groups: user.groups ?? [] } : {};
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      introspection: {
        enabled: true,
        // The adrails server introspects the tokens issued for it, whichever client holds them.
        allowedPolicy: (_ctx, client) => client.clientId === INTROSPECTOR.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource(),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => ({
          scope: ADS.join(" "),
          audience: indicator,
          accessTokenTTL: 600,
          ...(indicator === opaque()
            ? { accessTokenFormat: "opaque" }
            : { accessTokenFormat: "jwt", jwt: { sign: { alg: "ES256" } } }),
        }),
      },
    } as Configuration["features"],
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      RefreshToken: 600,
      Session: 600,
    },
  } as Configuration;
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on("request", async (req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? "");
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (process.env.IDP_DEBUG)
        console.error("interaction", JSON.stringify(details.prompt), JSON.stringify(details.params));
      const params = details.params as Record<string, string>;
      const user = users[current]!;
      const allowed = new Set(user.scopes ?? ADS);
      const grant = new provider.Grant({ accountId: current, clientId: params.client_id! });
      const wanted = (params.scope ?? "").split(" ").filter((s) => ADS.includes(s));
      const asked = wanted.filter((s) => allowed.has(s));
      const denied = wanted.filter((s) => !allowed.has(s));
      // oidc-provider lists the ads scopes among its own, so they are granted (or refused) there too.
      grant.addOIDCScope(["openid", "offline_access", ...asked].join(" "));
      if (denied.length) grant.rejectOIDCScope(denied.join(" "));
      if (params.resource) {
        grant.addResourceScope(params.resource, asked.join(" "));
        if (denied.length) grant.rejectResourceScope(params.resource, denied.join(" "));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: current }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    signIn: (subject) => {
      current = subject;
    },
    async mint(claims, key = "issuer") {
      const now = Math.floor(Date.now() / 1000);
      const signer = key === "issuer" ? keys.privateKey : stranger.privateKey;
      return new SignJWT({ scope: ADS.join(" "), client_id: "minted", ...claims })
        .setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: key === "issuer" ? "idp-1" : "stranger-1" })
        .setIssuer(String(claims.iss ?? issuer))
        .setSubject(String(claims.sub ?? "dana"))
        .setAudience(String(claims.aud ?? resource()))
        .setIssuedAt(now)
        .setExpirationTime(typeof claims.exp === "number" ? claims.exp : now + 300)
        .sign(signer);
    },
    async revoke(token, clientId) {
      const res = await fetch(`${issuer}/token/revocation`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, client_id: clientId, token_type_hint: "access_token" }),
      });
      await res.body?.cancel();
      return res.status;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const REDIRECT = "http://127.0.0.1:53682/callback";

/**
 * The MCP SDK's OAuth client provider, in memory, whose browser follows the authorization's
 * redirects (with cookies) to the redirect URI, as a person's browser would after signing in.
 */
export class BrowserOAuth implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  callback: URLSearchParams | undefined;
  discovery: OAuthDiscoveryState | undefined;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "remote test client",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  async redirectToAuthorization(url: URL) {
    const jar = new Map<string, string>();
    let at = url;
    for (let step = 0; step < 10; step++) {
      const res = await fetch(at, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
      }
      const location = res.headers.get("location");
      if (!location)
        throw new Error(`authorization stopped (HTTP ${res.status}): ${(await res.text()).slice(0, 600)}`);
      await res.body?.cancel();
      at = new URL(location, at);
      if (at.href.startsWith(REDIRECT)) {
        const error = at.searchParams.get("error");
        if (error)
          throw new Error(`authorization refused: ${error} ${at.searchParams.get("error_description")}`);
        this.callback = at.searchParams;
        return;
      }
    }
    throw new Error(`authorization did not come back within 10 redirects: ${at.href}`);
  }
}
