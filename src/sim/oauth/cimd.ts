import type { AdapterPayload } from "oidc-provider";

/** Client metadata a document must not carry (draft-ietf-oauth-client-id-metadata-document). */
const FORBIDDEN = ["client_secret", "client_secret_expires_at"];
const SHARED_SECRET_METHODS = new Set(["client_secret_basic", "client_secret_post", "client_secret_jwt"]);

/**
 * Test mode only: a Client ID Metadata Document at an http loopback URL. The library fetches
 * https documents itself and refuses loopback addresses (SSRF); tests run on loopback, so the
 * simulator fetches these with the same checks: the document's client_id is its URL, no shared
 * secret, JSON object. Any other id: not found.
 */
export async function loopbackClientDocument(id: string): Promise<AdapterPayload | undefined> {
  if (!isLoopbackHttpUrl(id)) return undefined;
  let response: Response;
  try {
    response = await fetch(id, {
      headers: { accept: "application/json" },
      redirect: "manual",
      signal: AbortSignal.timeout(2500),
    });
  } catch {
    return undefined;
  }
  if (response.status !== 200) return undefined;
  let doc: unknown;
  try {
    doc = await response.json();
  } catch {
    return undefined;
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return undefined;
  const metadata = doc as Record<string, unknown>;
  if (metadata.client_id !== id) return undefined;
  if (FORBIDDEN.some((key) => key in metadata)) return undefined;
  const method = metadata.token_endpoint_auth_method;
  if (typeof method === "string" && SHARED_SECRET_METHODS.has(method)) return undefined;
  return { token_endpoint_auth_method: "none", ...metadata } as AdapterPayload;
}

/** http://127.x.x.x, http://[::1] or http://localhost with a path. */
export function isLoopbackHttpUrl(id: string): boolean {
  if (!URL.canParse(id)) return false;
  const url = new URL(id);
  if (url.protocol !== "http:" || url.hash !== "" || url.username !== "" || url.pathname === "/")
    return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
