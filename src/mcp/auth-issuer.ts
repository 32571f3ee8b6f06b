/** How `startMcpHttpServer` checks the access tokens of the team's own authorization server. */
export interface AuthSettings {
  /** The authorization server's issuer URL, e.g. https://login.example.com/realms/ads (its metadata is discovered). */
  issuer: string;
  /**
   * Client credentials this server uses at the issuer's introspection endpoint (RFC 7662): opaque
   * tokens are checked there, and JWTs too, so that a revoked token is refused before it expires.
   */
  introspection?: { clientId: string; clientSecret: string };
  /** The claim listing the caller's groups, for tenants matched by group. Default "groups". */
  groupsClaim?: string;
  /**
   * The scopes a 401 challenge names (what a client asks for at sign-in). Default all three: the
   * issuer grants each person what its policy allows, and a call needing more is answered 403
   * insufficient_scope.
   */
  challengeScopes?: string[];
  /** `resource_name` of the Protected Resource Metadata. Default "adrails". */
  resourceName?: string;
  /** `resource_documentation` of the Protected Resource Metadata. */
  documentationUrl?: string;
}

/** What this server reads of the issuer's metadata. */
export interface IssuerMetadata {
  issuer: string;
  jwksUri?: string;
  introspectionEndpoint?: string;
  /** The whole document, passed on at /.well-known/oauth-authorization-server. */
  document: Record<string, unknown>;
}

const DISCOVERY_TIMEOUT_MS = 10_000;

/**
 * The issuer's metadata: RFC 8414 (`/.well-known/oauth-authorization-server` inserted before the
 * issuer's path), then OpenID Connect discovery (`/.well-known/openid-configuration` appended, and
 * inserted). The document must name the same issuer (RFC 8414 section 3.3).
 */
export async function discoverIssuer(settings: AuthSettings): Promise<IssuerMetadata> {
  if (!URL.canParse(settings.issuer) || !/^https?:$/.test(new URL(settings.issuer).protocol)) {
    throw new Error(`The issuer must be an http(s) URL, not ${JSON.stringify(settings.issuer)}.`);
  }
  const issuerUrl = new URL(settings.issuer);
  const path = issuerUrl.pathname.replace(/\/$/, "");
  const candidates = [
    `${issuerUrl.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuerUrl.origin}${path}/.well-known/openid-configuration`,
    `${issuerUrl.origin}/.well-known/openid-configuration${path}`,
  ];
  const tried: string[] = [];
  for (const url of candidates) {
    let document: Record<string, unknown>;
    try {
      const response = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        tried.push(`${url} (HTTP ${response.status})`);
        continue;
      }
      document = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      tried.push(`${url} (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const named = typeof document.issuer === "string" ? document.issuer : "";
    if (named.replace(/\/$/, "") !== settings.issuer.replace(/\/$/, "")) {
      throw new Error(
        `The metadata at ${url} names the issuer ${JSON.stringify(named)}, not ${settings.issuer}: give --auth-issuer exactly as the issuer names itself.`,
      );
    }
    const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
    const jwksUri = text(document.jwks_uri);
    const introspectionEndpoint = text(document.introspection_endpoint);
    if (settings.introspection && !introspectionEndpoint) {
      throw new Error(
        `Introspection credentials were given, but the issuer ${named} publishes no introspection_endpoint.`,
      );
    }
    if (!jwksUri && !settings.introspection) {
      throw new Error(
        `The issuer ${named} publishes no jwks_uri: give introspection credentials to check its tokens.`,
      );
    }
    return {
      issuer: named,
      ...(jwksUri ? { jwksUri } : {}),
      ...(introspectionEndpoint ? { introspectionEndpoint } : {}),
      document,
    };
  }
  throw new Error(`Could not read the metadata of the issuer ${settings.issuer}: tried ${tried.join(", ")}.`);
}

/** RFC 7662: what the issuer says of `token` now (its `active` member, and the claims when active). */
export async function introspect(
  settings: AuthSettings,
  issuer: IssuerMetadata,
  token: string,
): Promise<Record<string, unknown>> {
  const { clientId, clientSecret } = settings.introspection!;
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
    "base64",
  );
  const response = await fetch(issuer.introspectionEndpoint!, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams({ token, token_type_hint: "access_token" }),
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  });
  if (!response.ok) {
    const said = (await response.text().catch(() => "")).slice(0, 200);
    throw Object.assign(
      new Error(`HTTP ${response.status} from the introspection endpoint${said ? `: ${said}` : ""}`),
      { unsupported: said.includes("unsupported_token_type") },
    );
  }
  const body = (await response.json()) as unknown;
  if (body === null || typeof body !== "object") throw new Error("the introspection answer is not an object");
  return body as Record<string, unknown>;
}
