import type { CredentialStore } from "./store.js";

/** What `adrails logout` did. */
export interface LogoutResult {
  /** False when there was no stored sign-in for this door. */
  found: boolean;
  /** Whether the server confirmed revoking the tokens, or why not. */
  revoked: true | string;
  /** True when the server did not answer in time: it was not told, the tokens were forgotten anyway. */
  timedOut?: boolean;
}

/** How long logout waits for the revocation endpoint before it forgets the tokens anyway. */
export const REVOCATION_TIMEOUT_MS = 10_000;

/**
 * Forgets the stored tokens of one MCP door, after asking its authorization server to revoke them
 * (RFC 7009) where it offers revocation. A server that does not answer within `timeoutMs`
 * (default 10 s) is given up on: the tokens are forgotten all the same and the result says the
 * server was not told. The client registration is kept, so the next login replaces the same
 * connection.
 */
export async function logout(options: {
  store: CredentialStore;
  mcpUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): Promise<LogoutResult> {
  const { store, mcpUrl } = options;
  const record = store.find(mcpUrl);
  if (!record?.tokens) return { found: false, revoked: "there was nothing to revoke" };
  const timeoutMs = options.timeoutMs ?? REVOCATION_TIMEOUT_MS;
  return store.locked(record, async () => {
    const fresh = store.read(record.issuer, record.resource) ?? record;
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The race holds even against a fetch that ignores its signal.
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => {
        stop.abort();
        resolve("late");
      }, timeoutMs);
    });
    const revoked = await Promise.race([revoke(fresh, options.fetch ?? fetch, stop.signal), late]).finally(
      () => clearTimeout(timer),
    );
    const { tokens: _forgotten, wantedScope: _scope, ...rest } = fresh;
    store.write(rest);
    if (revoked === "late") {
      const seconds = Math.max(1, Math.round(timeoutMs / 1000));
      return {
        found: true,
        revoked: `the server did not answer the revocation within ${seconds} s, so it was not told`,
        timedOut: true,
      };
    }
    return { found: true, revoked };
  });
}

async function revoke(
  record: NonNullable<ReturnType<CredentialStore["find"]>>,
  fetchFn: typeof fetch,
  signal: AbortSignal,
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
      const response = await fetchFn(endpoint, { method: "POST", headers, body, redirect: "manual", signal });
      await response.text().catch(() => "");
      if ((response.status >= 300 && response.status < 400) || response.type === "opaqueredirect") {
        failures.push(
          `the server answered a redirect (${response.status || "opaque"}) for the ${hint.replace("_", " ")}; adrails does not send tokens on to another address`,
        );
      } else if (!response.ok)
        failures.push(`the server answered ${response.status} for the ${hint.replace("_", " ")}`);
    } catch (error) {
      if (signal.aborted) break;
      failures.push(`the server could not be reached (${(error as Error).message})`);
    }
  }
  return failures.length === 0 ? true : failures.join("; ");
}
