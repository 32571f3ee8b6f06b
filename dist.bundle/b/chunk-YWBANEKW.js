import {
  serverText
} from "./chunk-T3FNSHKV.js";
import {
  UpstreamError,
  loginNeeded
} from "./chunk-KG4KSYSB.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/stored-auth.js
import { OAuthError, refreshAuthorization } from "@modelcontextprotocol/client";
var EARLY_MS = 3e4;
function storedAuth(options) {
  const { store, mcpUrl } = options;
  let current;
  function record() {
    const found = store.find(mcpUrl);
    if (!found?.tokens)
      throw loginNeeded(`Not signed in to ${mcpUrl}.`);
    current = found;
    return found;
  }
  __name(record, "record");
  async function refresh(stale) {
    const known = current ?? record();
    return store.locked(known, async () => {
      const fresh = store.read(known.issuer, known.resource);
      const tokens = fresh?.tokens;
      if (!fresh || !tokens)
        throw loginNeeded(`Not signed in to ${mcpUrl} any more (signed out elsewhere).`);
      current = fresh;
      if (tokens.access_token !== stale && !expiring(tokens))
        return tokens.access_token;
      if (!tokens.refresh_token) {
        throw loginNeeded(`The sign-in to ${mcpUrl} has expired, and the service gave no refresh token to renew it.`);
      }
      const discovery = fresh.discovery;
      if (!discovery || !fresh.client)
        throw loginNeeded(`The stored sign-in to ${mcpUrl} is incomplete.`);
      let renewed;
      try {
        const answer = await refreshAuthorization(discovery.authorizationServerUrl, {
          metadata: discovery.authorizationServerMetadata,
          clientInformation: fresh.client,
          refreshToken: tokens.refresh_token,
          resource: fresh.resource,
          ...options.fetch ? { fetchFn: options.fetch } : {}
        });
        renewed = {
          ...answer,
          ...answer.expires_in === void 0 ? {} : { expires_at: Date.now() + answer.expires_in * 1e3 }
        };
      } catch (error) {
        if (error instanceof OAuthError && error.code === "invalid_grant") {
          const { tokens: _dropped, ...rest } = fresh;
          store.write(rest);
          current = rest;
          throw loginNeeded(`The service refused to renew the sign-in to ${mcpUrl} (invalid_grant): it was revoked or has expired.`);
        }
        throw new UpstreamError("credentials", `Renewing the sign-in to ${mcpUrl} failed (${serverText(error.message, [tokens.refresh_token, tokens.access_token])}); the stored sign-in was kept.`, "This looks like a passing failure of the service: try again shortly; run `adrails login` only if it keeps failing.");
      }
      const next = { ...fresh, tokens: renewed };
      store.write(next);
      current = next;
      return renewed.access_token;
    });
  }
  __name(refresh, "refresh");
  return {
    record,
    async token() {
      const tokens = record().tokens;
      if (!expiring(tokens))
        return tokens.access_token;
      return refresh(tokens.access_token);
    },
    async onUnauthorized() {
      await refresh(current?.tokens?.access_token);
    }
  };
}
__name(storedAuth, "storedAuth");
function expiring(tokens) {
  return tokens.expires_at !== void 0 && tokens.expires_at - EARLY_MS <= Date.now();
}
__name(expiring, "expiring");

export {
  storedAuth
};
