import { randomBytes } from "node:crypto";
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { checkDiscovery } from "./discovery-checks.js";
import type { ConnectionRecord } from "./store.js";

/** How adrails identifies itself to an authorization server. */
export interface ClientIdentity {
  /** A Client ID Metadata Document URL (https), used where the server supports it. */
  clientMetadataUrl?: string;
  /** A client registered beforehand, for servers without dynamic registration. */
  preRegistered?: { clientId: string; clientSecret?: string };
}

/**
 * The SDK's OAuth client provider for one `adrails login`: everything in memory until the sign-in
 * is complete, so a failed sign-in leaves nothing half-stored. A client registered earlier for the
 * same server is reused, so the server replaces that connection instead of adding one.
 */
export class LoginProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  #client?: StoredOAuthClientInformation;
  #tokens?: StoredOAuthTokens;
  #discovery?: OAuthDiscoveryState;
  #verifier?: string;
  #state?: string;
  #pendingUrl?: URL;
  #resource?: string;

  constructor(
    private readonly options: {
      mcpUrl: string;
      redirectUrl: string;
      identity: ClientIdentity;
      existing?: ConnectionRecord;
      /** Scopes a tool asked for since the last login, added to the request. */
      wantedScope?: string;
    },
  ) {
    this.clientMetadataUrl = options.identity.clientMetadataUrl;
    const pre = options.identity.preRegistered;
    if (pre) {
      this.#client = {
        client_id: pre.clientId,
        ...(pre.clientSecret ? { client_secret: pre.clientSecret } : {}),
      } as StoredOAuthClientInformation;
    } else if (options.existing?.client) {
      this.#client = options.existing.client;
    }
  }

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const pre = this.options.identity.preRegistered;
    return {
      client_name: "adrails",
      redirect_uris: [this.options.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: pre?.clientSecret ? "client_secret_basic" : "none",
    };
  }

  state(): string {
    this.#state = randomBytes(24).toString("base64url");
    return this.#state;
  }

  /** The `state` sent with the latest authorization request. */
  get expectedState(): string | undefined {
    return this.#state;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.#client;
  }

  saveClientInformation(info: StoredOAuthClientInformation): void {
    this.#client = info;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.#tokens = tokens;
  }

  redirectToAuthorization(url: URL): void {
    const wanted = this.options.wantedScope;
    if (wanted) {
      const scopes = new Set([...(url.searchParams.get("scope") ?? "").split(" "), ...wanted.split(" ")]);
      scopes.delete("");
      url.searchParams.set("scope", [...scopes].join(" "));
    }
    this.#pendingUrl = url;
  }

  /** The authorization URL the SDK asked to open, once. */
  takeAuthorizationUrl(): URL | undefined {
    const url = this.#pendingUrl;
    this.#pendingUrl = undefined;
    return url;
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.#verifier) throw new Error("no PKCE code verifier: the authorization was not started here");
    return this.#verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    checkDiscovery(state, this.options.mcpUrl);
    this.#discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  saveResourceUrl(resource: string): void {
    this.#resource = resource;
  }

  /** The signed-in connection, once tokens came back. */
  connection(): Omit<ConnectionRecord, "subject"> | undefined {
    const discovery = this.#discovery;
    const issuer = discovery?.authorizationServerMetadata?.issuer;
    if (!this.#tokens || !this.#client || !discovery || !issuer) return undefined;
    const tokens = this.#tokens;
    return {
      version: 1,
      mcpUrl: this.options.mcpUrl,
      resource: this.#resource ?? discovery.resourceMetadata?.resource ?? this.options.mcpUrl,
      issuer,
      client: this.#client,
      tokens: {
        ...tokens,
        ...(tokens.expires_in === undefined ? {} : { expires_at: Date.now() + tokens.expires_in * 1000 }),
      },
      discovery,
    };
  }
}
