import type { OAuthDiscoveryState } from "@modelcontextprotocol/client";
import { UpstreamError } from "./errors.js";

const ENDPOINTS = [
  "authorization_endpoint",
  "token_endpoint",
  "registration_endpoint",
  "revocation_endpoint",
] as const;

/**
 * Refuses discovery results adrails must not act on, before anything is registered or asked: no
 * protected resource metadata (a 401 that names no way in), no authorization server metadata, an
 * issuer or endpoints on another origin than the server the resource declared (mix-up), no S256.
 */
export function checkDiscovery(state: OAuthDiscoveryState, mcpUrl: string): void {
  const invalid = (message: string) =>
    new UpstreamError(
      "invalid",
      message,
      "Nothing was registered or stored. Check the MCP URL (--mcp-url); if it is right, the service's sign-in is misconfigured: tell its operator.",
    );
  if (!state.resourceMetadata) {
    throw invalid(
      `${mcpUrl} asked for sign-in (401) but publishes no protected resource metadata (RFC 9728), so adrails cannot tell where to sign in.`,
    );
  }
  const declared = state.resourceMetadata.authorization_servers ?? [];
  if (declared.length === 0) {
    throw invalid(`The protected resource metadata of ${mcpUrl} names no authorization server.`);
  }
  const metadata = state.authorizationServerMetadata;
  if (!metadata) {
    throw invalid(
      `The authorization server ${state.authorizationServerUrl} publishes no metadata (RFC 8414 or OpenID discovery).`,
    );
  }
  const origin = new URL(state.authorizationServerUrl).origin;
  if (new URL(metadata.issuer).origin !== origin) {
    throw invalid(
      `The authorization server metadata names issuer ${metadata.issuer}, on another origin than the server ${state.authorizationServerUrl} the resource declared (a mix-up).`,
    );
  }
  for (const name of ENDPOINTS) {
    const value = (metadata as Record<string, unknown>)[name];
    if (typeof value === "string" && new URL(value).origin !== origin) {
      throw invalid(
        `The authorization server metadata puts its ${name} on ${new URL(value).origin}, another origin than the declared server ${origin} (a mix-up).`,
      );
    }
  }
  if (!metadata.code_challenge_methods_supported?.includes("S256")) {
    throw invalid(
      `The authorization server ${metadata.issuer} does not list S256 in code_challenge_methods_supported, so PKCE cannot protect the sign-in; adrails will not continue.`,
    );
  }
}
