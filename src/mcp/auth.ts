import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  type OAuthProtectedResourceMetadata,
  type OAuthTokenVerifier,
  oauthMetadataResponse,
  verifyBearerToken,
} from "@modelcontextprotocol/server";
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { type AuthSettings, discoverIssuer, type IssuerMetadata, introspect } from "./auth-issuer.js";
import { ADS_SCOPES } from "./auth-scopes.js";

const ALL_SCOPES = [ADS_SCOPES.read, ADS_SCOPES.write, ADS_SCOPES.launch];

/** Who is calling, from a verified access token. */
export interface McpCaller {
  /** The token's `sub`. */
  subject: string;
  /** `name`, `preferred_username` or `email` when the token carries one, else the subject. */
  name: string;
  /** The group claim's values (default claim `groups`). */
  groups: string[];
  /** The OAuth client the token was issued to (`client_id` or `azp`), when it says. */
  clientId?: string;
  scopes: string[];
}

export type { AuthSettings } from "./auth-issuer.js";

/** The resource-server half of the MCP authorization spec, for one endpoint. */
export interface ResourceServer {
  /** The Protected Resource Metadata document's URL (RFC 9728), named in every challenge. */
  readonly metadataUrl: string;
  readonly metadata: OAuthProtectedResourceMetadata;
  /** The two discovery documents (RFC 9728 at the root and path-suffixed, RFC 8414 passed on), else undefined. */
  wellKnown(request: Request): Response | undefined;
  /** The verified token, or the answer to send: 401 with the challenge, 403 insufficient_scope. */
  authenticate(header: string | null): Promise<AuthInfo | Response>;
}

/** The caller a verified token names (set by {@link createResourceServer}). */
export function callerOf(authInfo: AuthInfo | undefined): McpCaller | undefined {
  const caller = authInfo?.extra?.caller;
  return caller && typeof caller === "object" ? (caller as McpCaller) : undefined;
}

/**
 * Discovers the issuer (RFC 8414, then OpenID Connect discovery) and returns the resource server of
 * `resource` (this endpoint's public URL): access tokens are JWTs checked against the issuer's JWKS
 * (fetched once, refetched when a token names an unknown key), for this audience and issuer,
 * unexpired, with a subject; opaque tokens, and revocation of JWTs, go through the issuer's
 * introspection endpoint (RFC 7662) when `introspection` credentials are given. Rejects when the
 * issuer cannot be discovered, saying why.
 */
export async function createResourceServer(settings: AuthSettings, resource: URL): Promise<ResourceServer> {
  const issuer = await discoverIssuer(settings);
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  const loopbackIssuer = isLoopbackUrl(new URL(issuer.issuer));
  const metadataOptions = {
    oauthMetadata: issuer.document as OAuthMetadata,
    resourceServerUrl: resource,
    scopesSupported: ALL_SCOPES,
    resourceName: settings.resourceName ?? "adrails",
    ...(settings.documentationUrl ? { serviceDocumentationUrl: new URL(settings.documentationUrl) } : {}),
    // Plain http is accepted for an issuer on this machine only (tests, a local Keycloak).
    dangerouslyAllowInsecureIssuerUrl: loopbackIssuer,
  };
  const metadata = buildOAuthProtectedResourceMetadata(metadataOptions);
  const verifier = tokenVerifier(settings, issuer, resource);
  const rootPath = "/.well-known/oauth-protected-resource";
  return {
    metadataUrl,
    metadata,
    wellKnown(request) {
      const { pathname } = new URL(request.url);
      if (pathname === rootPath && request.method === "GET") {
        return Response.json(metadata, { headers: { "access-control-allow-origin": "*" } });
      }
      return oauthMetadataResponse(request, metadataOptions);
    },
    async authenticate(header) {
      try {
        return await verifyBearerToken(header, {
          verifier,
          expectedResource: resource,
          resourceMetadataUrl: metadataUrl,
        });
      } catch (error) {
        const answer = bearerAuthChallengeResponse(error, {
          resourceMetadataUrl: metadataUrl,
          requiredScopes: settings.challengeScopes ?? ALL_SCOPES,
        });
        return answer;
      }
    },
  };
}

function tokenVerifier(settings: AuthSettings, issuer: IssuerMetadata, resource: URL): OAuthTokenVerifier {
  const jwks = issuer.jwksUri ? createRemoteJWKSet(new URL(issuer.jwksUri)) : undefined;
  const audiences = audiencesOf(resource);
  const groupsClaim = settings.groupsClaim ?? "groups";
  const invalid = (message: string) => new OAuthError(OAuthErrorCode.InvalidToken, message);

  async function fromJwt(token: string): Promise<JWTPayload> {
    if (!jwks) throw invalid("This server takes JWT access tokens, but the issuer publishes no JWKS.");
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: issuer.issuer,
        audience: audiences,
        requiredClaims: ["exp", "sub"],
        clockTolerance: 5,
      });
      return payload;
    } catch (error) {
      throw invalid(jwtRefusal(error, resource));
    }
  }

  return {
    async verifyAccessToken(token) {
      let claims: Record<string, unknown>;
      if (looksLikeJwt(token) && jwks) {
        claims = await fromJwt(token);
        // A JWT stays valid until it expires; only the issuer knows whether it was revoked since
        // (an issuer that introspects no JWTs, such as node-oidc-provider, says so: then the
        // signature and claims checked here decide).
        if (settings.introspection && issuer.introspectionEndpoint) {
          await introspected(settings, issuer, token, audiences, invalid, true);
        }
      } else if (settings.introspection && issuer.introspectionEndpoint) {
        claims = await introspected(settings, issuer, token, audiences, invalid);
      } else {
        throw invalid(
          "The access token is not a JWT, and this server has no introspection credentials to check it.",
        );
      }
      const caller = callerFrom(claims, groupsClaim);
      if (!caller) throw invalid("The access token names no subject (sub).");
      return {
        token,
        clientId: caller.clientId ?? "",
        scopes: caller.scopes,
        expiresAt: typeof claims.exp === "number" ? claims.exp : undefined,
        // The audience was checked above (it may be a list); the SDK compares this one again.
        resource,
        extra: { caller },
      } satisfies AuthInfo;
    },
  };
}

async function introspected(
  settings: AuthSettings,
  issuer: IssuerMetadata,
  token: string,
  audiences: string[],
  invalid: (message: string) => OAuthError,
  jwt = false,
): Promise<Record<string, unknown>> {
  let claims: Record<string, unknown>;
  try {
    claims = await introspect(settings, issuer, token);
  } catch (error) {
    if (jwt && (error as { unsupported?: boolean }).unsupported) return {};
    throw new OAuthError(
      OAuthErrorCode.ServerError,
      `The issuer's introspection failed: ${(error as Error).message}`,
    );
  }
  if (claims.active !== true) throw invalid("The access token is not active: revoked, expired or unknown.");
  if (claims.iss !== undefined && claims.iss !== issuer.issuer) {
    throw invalid("The access token was issued by another issuer.");
  }
  const aud = [claims.aud].flat().filter((a): a is string => typeof a === "string");
  if (!aud.some((a) => audiences.includes(a))) {
    throw invalid(`The access token is not for this server: its audience must be ${audiences[0]}.`);
  }
  if (typeof claims.exp !== "number") throw invalid("The access token has no expiry.");
  return claims;
}

function callerFrom(claims: Record<string, unknown>, groupsClaim: string): McpCaller | undefined {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const subject = text(claims.sub);
  if (!subject) return undefined;
  const scope = claims.scope ?? claims.scp;
  const scopes = (Array.isArray(scope) ? scope : String(scope ?? "").split(" ")).filter(
    (s): s is string => typeof s === "string" && s !== "",
  );
  const groups = [claims[groupsClaim]].flat().filter((g): g is string => typeof g === "string");
  const clientId = text(claims.client_id) ?? text(claims.azp);
  return {
    subject,
    name: text(claims.name) ?? text(claims.preferred_username) ?? text(claims.email) ?? subject,
    groups,
    ...(clientId ? { clientId } : {}),
    scopes,
  };
}

function jwtRefusal(error: unknown, resource: URL): string {
  if (error instanceof joseErrors.JWTExpired) return "The access token expired: get a new one.";
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === "aud")
      return `The access token is not for this server: its audience must be ${resource.href}.`;
    if (error.claim === "iss") return "The access token was issued by another issuer.";
    return `The access token's ${error.claim} claim is not acceptable.`;
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey)
    return "The access token is signed by a key the issuer does not publish.";
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return "The access token's signature is not valid.";
  return "The access token is not a valid JWT from the issuer.";
}

function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

/** The resource URL as tokens may name it: with and without one trailing slash. */
function audiencesOf(resource: URL): string[] {
  const href = resource.href;
  return href.endsWith("/") ? [href, href.slice(0, -1)] : [href, `${href}/`];
}

function isLoopbackUrl(url: URL): boolean {
  const h = url.hostname.replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127\./.test(h);
}
