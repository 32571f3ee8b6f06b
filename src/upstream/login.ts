import {
  Client,
  IssuerMismatchError,
  OAuthError,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { listAllTools } from "./catalog.js";
import { UpstreamError } from "./errors.js";
import { type ClientIdentity, LoginProvider } from "./login-provider.js";
import { startLoopback } from "./loopback.js";
import { withConsoleCleaned } from "./sdk-log.js";
import { cleanText, serverText } from "./server-text.js";
import { type ConnectionRecord, type CredentialStore, canonical } from "./store.js";
import { subjectOf } from "./subject.js";

/** Options of {@link login}. */
export interface LoginOptions extends ClientIdentity {
  /** The MCP endpoint, e.g. `https://example.com/api/mcp`. */
  mcpUrl: string;
  store: CredentialStore;
  /**
   * Shows the authorization URL to the person (prints it); `start` is a one-time local address
   * redirecting to it, for a browser. Neither may go on a command line, which every local user can
   * read: whoever opens `start` first signs in. The CLI hands it over in a private file.
   */
  present(url: URL, start: URL): void | Promise<void>;
  /** How long to wait for the person (default 5 minutes). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A completed sign-in. */
export interface LoginResult {
  record: ConnectionRecord;
  /** Tools the door lists to this connection. */
  toolCount: number;
  /** True when the server gave no refresh token: the sign-in ends with the access token. */
  noRefreshToken: boolean;
}

// A server that keeps asking for a wider scope after each grant would loop forever.
const MAX_AUTHORIZATIONS = 3;

/**
 * Signs in to an MCP door as the MCP authorization spec says: discovery from the 401, a Client
 * ID Metadata Document or dynamic registration (reused for the next login), PKCE S256, `state`,
 * `resource`, a loopback redirect, `state` and `iss` checked. Stores the connection only once it
 * works; throws {@link UpstreamError} otherwise.
 */
export async function login(options: LoginOptions): Promise<LoginResult> {
  const { mcpUrl, store } = options;
  const existing = store.find(mcpUrl);
  const loopback = await startLoopback();
  const provider = new LoginProvider({
    mcpUrl,
    redirectUrl: loopback.redirectUrl,
    identity: options,
    existing,
    wantedScope: existing?.wantedScope,
  });
  // Nothing printed while signing in shows a secret, the SDK's own warnings included.
  const codes: string[] = [];
  const secrets = () => [
    ...codes,
    verifierOf(provider),
    provider.expectedState,
    provider.tokens()?.access_token,
    provider.tokens()?.refresh_token,
    options.preRegistered?.clientSecret,
  ];
  let presenting = false;
  let authorizations = 0;
  let toolCount = 0;
  let serverName: string | undefined;
  const signIn = async () => {
    for (;;) {
      const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
        authProvider: provider,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      const client = new Client({ name: "adrails", version: "1" });
      try {
        await client.connect(transport);
        toolCount = (await listAllTools(client)).length;
        serverName = client.getServerVersion()?.name;
        await client.close();
        break;
      } catch (error) {
        await client.close().catch(() => {});
        const url = provider.takeAuthorizationUrl();
        if (!url) throw explain(error, mcpUrl);
        authorizations += 1;
        if (authorizations > MAX_AUTHORIZATIONS) {
          throw new UpstreamError(
            "refused",
            `The service asked for sign-in ${MAX_AUTHORIZATIONS} times in a row without accepting the grant.`,
            "Nothing was stored. The account may lack a permission the service requires; ask its operator.",
          );
        }
        // What the caller prints of the authorization URL is its own: shown whole.
        presenting = true;
        try {
          await options.present(url, new URL(loopback.startUrl(url)));
        } finally {
          presenting = false;
        }
        // Only the answer to this very request counts: junk sent to the port is ignored.
        const ours = (params: URLSearchParams) => params.get("state") === provider.expectedState;
        const params = await loopback.next(options.timeoutMs ?? 300_000, ours).catch((cause: Error) => {
          throw new UpstreamError(
            "refused",
            `Sign-in was not completed: ${cause.message}.`,
            "Nothing was stored. Run `adrails login` again and finish in the browser.",
          );
        });
        const code = params.get("code");
        if (code) codes.push(code);
        checkRedirect(params, provider);
        await transport.finishAuth(params).catch((cause) => {
          throw explain(cause, mcpUrl, secrets());
        });
      }
    }
  };
  try {
    await withConsoleCleaned((line) => (presenting ? line : cleanText(line, secrets(), 4000)), signIn);
  } finally {
    await loopback.close();
  }
  const connection = provider.connection();
  if (!connection) {
    throw new UpstreamError(
      "invalid",
      `${mcpUrl} answered without asking for sign-in, so there is nothing to sign in to.`,
      "Check the MCP URL (--mcp-url). A door that needs no sign-in needs no `adrails login`.",
    );
  }
  const record: ConnectionRecord = {
    ...connection,
    subject: subjectOf(connection.tokens),
    ...(serverName ? { serverName } : {}),
  };
  await store.locked(record, async () => {
    if (existing && (existing.issuer !== record.issuer || existing.resource !== record.resource)) {
      store.remove(existing);
    }
    store.write(record);
  });
  return { record, toolCount, noRefreshToken: !record.tokens?.refresh_token };
}

/** The redirect must answer our own request: our `state`, the expected `iss`, a code or a refusal. */
function checkRedirect(params: URLSearchParams, provider: LoginProvider): void {
  const invalid = (message: string) =>
    new UpstreamError(
      "invalid",
      message,
      "Nothing was stored. Run `adrails login` again; if it happens again, someone may be interfering with the sign-in.",
    );
  if (params.get("state") !== provider.expectedState) {
    throw invalid("The sign-in redirect carried a `state` that adrails did not send; it was not accepted.");
  }
  const issuer = provider.discoveryState()?.authorizationServerMetadata?.issuer;
  const iss = params.get("iss");
  if (iss !== null && issuer !== undefined && canonical(iss) !== canonical(issuer)) {
    throw invalid(
      `The sign-in redirect names issuer ${iss}, not ${issuer} that adrails asked (a mix-up); it was not accepted.`,
    );
  }
  const error = params.get("error");
  if (error !== null) {
    const description = params.get("error_description");
    const said = description ? ` (${serverText(description, [verifierOf(provider)])})` : "";
    throw new UpstreamError(
      "refused",
      `The sign-in was refused: ${serverText(error)}${said}.`,
      "Nothing was stored. Run `adrails login` again and approve the access if you want adrails to connect.",
    );
  }
}

/** Any failure of the flow, as an UpstreamError in the person's words. */
function explain(
  error: unknown,
  mcpUrl: string,
  secrets: readonly (string | undefined)[] = [],
): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (error instanceof IssuerMismatchError) {
    return new UpstreamError(
      "invalid",
      `The authorization server's issuer does not match the one adrails expected (a mix-up): ${serverText(error.message, secrets)}`,
      "Nothing was stored. Check the MCP URL (--mcp-url); if it is right, tell the service's operator.",
    );
  }
  if (error instanceof OAuthError) {
    return new UpstreamError(
      "refused",
      `The authorization server refused: ${serverText(error.code)}${error.message ? ` (${serverText(error.message, secrets)})` : ""}.`,
      "Nothing was stored. Run `adrails login` again.",
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError(
    "invalid",
    `Signing in to ${mcpUrl} failed: ${serverText(message, secrets)}`,
    "Nothing was stored. Check the MCP URL (--mcp-url) and that the service is reachable, then run `adrails login` again.",
  );
}

function verifierOf(provider: LoginProvider): string | undefined {
  try {
    return provider.codeVerifier();
  } catch {
    return undefined;
  }
}
