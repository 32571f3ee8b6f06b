import type { CredentialStore } from "./store.js";

/** What `adrails logout` did. */
export interface LogoutResult {
  /** False when there was no stored sign-in for this door. */
  found: boolean;
  /** Whether the server confirmed revoking the tokens, or why not. */
  revoked: true | string;
}

/**
 * Forgets the stored tokens of one MCP door, after asking its authorization server to revoke them
 * (RFC 7009) where it offers revocation. The client registration is kept, so the next login
 * replaces the same connection.
 */
export async function logout(options: {
  store: CredentialStore;
  mcpUrl: string;
  fetch?: typeof fetch;
}): Promise<LogoutResult> {
  const { store, mcpUrl } = options;
  const record = store.find(mcpUrl);
  if (!record?.tokens) return { found: false, revoked: "there was nothing to revoke" };
  return store.locked(record, async () => {
    const fresh = store.read(record.issuer, record.resource) ?? record;
    const revoked = await revoke(fresh, options.fetch ?? fetch);
    const { tokens: _forgotten, wantedScope: _scope, ...rest } = fresh;
    store.write(rest);
    return { found: true, revoked };
  });
}

async function revoke(
  record: NonNullable<ReturnType<CredentialStore["find"]>>,
  fetchFn: typeof fetch,
): Promise<true | string> {
  const endpoint = (
    record.discovery?.authorizationServerMetadata as { revocation_endpoint?: string } | undefined
  )?.revocation_endpoint;
  if (!endpoint) return "the server offers no revocation endpoint";
  const client = record.client;
  const tokens = record.tokens;
  if (!client || !tokens) return "the stored sign-in is incomplete";
  const failures: string[] = [];
  for (const [token, hint] of [
    [tokens.refresh_token, "refresh_token"],
    [tokens.access_token, "access_token"],
  ] as const) {
    if (!token) continue;
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (client.client_secret) {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString("base64")}`;
    } else {
      body.set("client_id", client.client_id);
    }
    try {
      // Never follow a redirect: it would post the tokens to wherever the server points.
      const response = await fetchFn(endpoint, { method: "POST", headers, body, redirect: "manual" });
      await response.text().catch(() => "");
      if ((response.status >= 300 && response.status < 400) || response.type === "opaqueredirect") {
        failures.push(
          `the server answered a redirect (${response.status || "opaque"}) for the ${hint.replace("_", " ")}; adrails does not send tokens on to another address`,
        );
      } else if (!response.ok)
        failures.push(`the server answered ${response.status} for the ${hint.replace("_", " ")}`);
    } catch (error) {
      failures.push(`the server could not be reached (${(error as Error).message})`);
    }
  }
  return failures.length === 0 ? true : failures.join("; ");
}
