import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/upstream/logout.js
async function logout(options) {
  const { store, mcpUrl } = options;
  const record = store.find(mcpUrl);
  if (!record?.tokens)
    return { found: false, revoked: "there was nothing to revoke" };
  return store.locked(record, async () => {
    const fresh = store.read(record.issuer, record.resource) ?? record;
    const revoked = await revoke(fresh, options.fetch ?? fetch);
    const { tokens: _forgotten, wantedScope: _scope, ...rest } = fresh;
    store.write(rest);
    return { found: true, revoked };
  });
}
__name(logout, "logout");
async function revoke(record, fetchFn) {
  const endpoint = record.discovery?.authorizationServerMetadata?.revocation_endpoint;
  if (!endpoint)
    return "the server offers no revocation endpoint";
  const client = record.client;
  const tokens = record.tokens;
  if (!client || !tokens)
    return "the stored sign-in is incomplete";
  const failures = [];
  for (const [token, hint] of [
    [tokens.refresh_token, "refresh_token"],
    [tokens.access_token, "access_token"]
  ]) {
    if (!token)
      continue;
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    if (client.client_secret) {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString("base64")}`;
    } else {
      body.set("client_id", client.client_id);
    }
    try {
      const response = await fetchFn(endpoint, { method: "POST", headers, body, redirect: "manual" });
      await response.text().catch(() => "");
      if (response.status >= 300 && response.status < 400 || response.type === "opaqueredirect") {
        failures.push(`the server answered a redirect (${response.status || "opaque"}) for the ${hint.replace("_", " ")}; adrails does not send tokens on to another address`);
      } else if (!response.ok)
        failures.push(`the server answered ${response.status} for the ${hint.replace("_", " ")}`);
    } catch (error) {
      failures.push(`the server could not be reached (${error.message})`);
    }
  }
  return failures.length === 0 ? true : failures.join("; ");
}
__name(revoke, "revoke");
export {
  logout
};
