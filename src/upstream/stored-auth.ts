import { type AuthProvider, OAuthError, refreshAuthorization } from "@modelcontextprotocol/client";
import { loginNeeded, UpstreamError } from "./errors.js";
import { serverText } from "./server-text.js";
import type { ConnectionRecord, CredentialStore, SavedTokens } from "./store.js";

// Refresh a little before expiry, so a token does not lapse between reading it and using it.
const EARLY_MS = 30_000;

/** Options of {@link storedAuth}. */
export interface StoredAuthOptions {
  store: CredentialStore;
  mcpUrl: string;
  fetch?: typeof fetch;
}

/** The bearer token of a stored sign-in, refreshed when it expires or the door answers 401. */
export interface StoredAuth extends AuthProvider {
  /** The stored connection, or a login-needed error. */
  record(): ConnectionRecord;
}

/**
 * Bearer tokens from the credential store for one MCP door. An expired token is refreshed under
 * the connection's cross-process lock: whoever holds it first refreshes and stores the rotated
 * tokens, and every other process then reads those instead of spending the old refresh token, so
 * concurrent refreshes never sign each other out. A refresh refused with invalid_grant forgets the
 * tokens and asks for `adrails login`; an outage (5xx, network) keeps them.
 */
export function storedAuth(options: StoredAuthOptions): StoredAuth {
  const { store, mcpUrl } = options;
  let current: ConnectionRecord | undefined;

  function record(): ConnectionRecord {
    const found = store.find(mcpUrl);
    if (!found?.tokens) throw loginNeeded(`Not signed in to ${mcpUrl}.`);
    current = found;
    return found;
  }

  async function refresh(stale: string | undefined): Promise<string> {
    const known = current ?? record();
    return store.locked(known, async () => {
      const fresh = store.read(known.issuer, known.resource);
      const tokens = fresh?.tokens;
      if (!fresh || !tokens) throw loginNeeded(`Not signed in to ${mcpUrl} any more (signed out elsewhere).`);
      current = fresh;
      // Another process refreshed while this one waited: use its tokens, keep the rotation intact.
      if (tokens.access_token !== stale && !expiring(tokens)) return tokens.access_token;
      if (!tokens.refresh_token) {
        throw loginNeeded(
          `The sign-in to ${mcpUrl} has expired, and the service gave no refresh token to renew it.`,
        );
      }
      const discovery = fresh.discovery;
      if (!discovery || !fresh.client) throw loginNeeded(`The stored sign-in to ${mcpUrl} is incomplete.`);
      let renewed: SavedTokens;
      try {
        const answer = await refreshAuthorization(discovery.authorizationServerUrl, {
          metadata: discovery.authorizationServerMetadata,
          clientInformation: fresh.client,
          refreshToken: tokens.refresh_token,
          resource: fresh.resource,
          ...(options.fetch ? { fetchFn: options.fetch } : {}),
        });
        renewed = {
          ...answer,
          ...(answer.expires_in === undefined ? {} : { expires_at: Date.now() + answer.expires_in * 1000 }),
        };
      } catch (error) {
        // Only a refused grant ends the sign-in; an outage (5xx, network, another error) keeps it.
        if (error instanceof OAuthError && error.code === "invalid_grant") {
          const { tokens: _dropped, ...rest } = fresh;
          store.write(rest);
          current = rest;
          throw loginNeeded(
            `The service refused to renew the sign-in to ${mcpUrl} (invalid_grant): it was revoked or has expired.`,
          );
        }
        throw new UpstreamError(
          "credentials",
          `Renewing the sign-in to ${mcpUrl} failed (${serverText((error as Error).message, [tokens.refresh_token, tokens.access_token])}); the stored sign-in was kept.`,
          "This looks like a passing failure of the service: try again shortly; run `adrails login` only if it keeps failing.",
        );
      }
      const next = { ...fresh, tokens: renewed };
      store.write(next);
      current = next;
      return renewed.access_token;
    });
  }

  return {
    record,
    async token() {
      const tokens = record().tokens!;
      if (!expiring(tokens)) return tokens.access_token;
      return refresh(tokens.access_token);
    },
    async onUnauthorized() {
      await refresh(current?.tokens?.access_token);
    },
  };
}

function expiring(tokens: SavedTokens): boolean {
  return tokens.expires_at !== undefined && tokens.expires_at - EARLY_MS <= Date.now();
}
