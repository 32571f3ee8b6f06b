import { readFileSync } from "node:fs";
import type { McpHttpAuth } from "../../mcp/auth-http.js";
import { EXIT } from "../exit-codes.js";
import type { CommandContext } from "../main.js";
import { CliError } from "../output.js";

/** The sign-in options of `adrails mcp`. */
export interface McpAuthFlags {
  http?: boolean;
  authIssuer?: string;
  publicUrl?: string;
  authIntrospectionClient?: string;
  authTenants?: string;
  authGroupsClaim?: string;
}

/**
 * `--auth-issuer` and its companions as `startMcpHttpServer`'s `auth`, checked; undefined without an
 * issuer. Refuses a static token alongside (ADRAILS_MCP_TOKEN), stdio, and the service's MCP door.
 */
export async function authOf(
  ctx: CommandContext,
  opts: McpAuthFlags,
  viaDoor: boolean,
): Promise<McpHttpAuth | undefined> {
  const env = ctx.io.env;
  const issuer = opts.authIssuer ?? env.ADRAILS_MCP_AUTH_ISSUER;
  const companions = [
    opts.publicUrl && "--public-url",
    opts.authIntrospectionClient && "--auth-introspection-client",
    opts.authTenants && "--auth-tenants",
    opts.authGroupsClaim && "--auth-groups-claim",
  ].filter(Boolean);
  if (!issuer) {
    if (companions.length > 0) {
      throw new CliError(`${companions.join(", ")} need --auth-issuer.`, EXIT.usage);
    }
    return undefined;
  }
  if (!opts.http) {
    throw new CliError("--auth-issuer signs people in over HTTP: add --http.", EXIT.usage);
  }
  if (env.ADRAILS_MCP_TOKEN) {
    throw new CliError(
      "ADRAILS_MCP_TOKEN and --auth-issuer cannot be combined: a shared token would let anyone past the sign-in.",
      EXIT.usage,
      "Unset ADRAILS_MCP_TOKEN to sign people in through the issuer, or drop --auth-issuer (and ADRAILS_MCP_AUTH_ISSUER) for one person's use with the token.",
    );
  }
  if (viaDoor) {
    throw new CliError(
      "--auth-issuer serves the service's REST API with the server's keys; it cannot be combined with --via mcp (one person's sign-in to the service's MCP door).",
      EXIT.usage,
    );
  }
  const url = (value: string, flag: string) => {
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      throw new CliError(`${flag} must be an http(s) URL, not ${JSON.stringify(value)}.`, EXIT.usage);
    }
    return value;
  };
  url(issuer, "--auth-issuer");
  let introspection: McpHttpAuth["introspection"];
  if (opts.authIntrospectionClient) {
    const secret = env.ADRAILS_MCP_INTROSPECTION_SECRET;
    if (!secret) {
      throw new CliError(
        "--auth-introspection-client needs the client's secret in ADRAILS_MCP_INTROSPECTION_SECRET.",
        EXIT.usage,
      );
    }
    introspection = { clientId: opts.authIntrospectionClient, clientSecret: secret };
  }
  const tenantsFile = opts.authTenants ?? env.ADRAILS_MCP_TENANTS;
  return {
    issuer,
    ...(opts.publicUrl ? { resource: url(opts.publicUrl, "--public-url") } : {}),
    ...(introspection ? { introspection } : {}),
    ...(opts.authGroupsClaim ? { groupsClaim: opts.authGroupsClaim } : {}),
    ...(tenantsFile ? { tenants: await tenantsOf(ctx, tenantsFile) } : {}),
  };
}

/** The tenants file's teams (keys from the environment, never printed). */
async function tenantsOf(ctx: CommandContext, tenantsFile: string) {
  const { parseTenants } = await import("../../mcp/auth-callers.js");
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(tenantsFile, "utf8"));
  } catch (error) {
    throw new CliError(
      `Cannot read the tenants file ${tenantsFile}: ${error instanceof Error ? error.message : String(error)}.`,
      EXIT.usage,
    );
  }
  try {
    return parseTenants(json, ctx.io.env);
  } catch (error) {
    throw new CliError(`${(error as Error).message} (${tenantsFile})`, EXIT.usage, "See docs/mcp-hosts.md.");
  }
}

/** One line for the log: who may sign in, never a key. */
export function describeAuth(auth: McpHttpAuth, resource: string): string {
  const teams = auth.tenants?.length
    ? `; teams: ${auth.tenants.map((t) => `${t.name}${t.apiKey ? " (own key)" : ""}`).join(", ")}`
    : "";
  const checks = auth.introspection ? "JWKS and introspection" : "JWKS";
  return `Sign-in: access tokens of ${auth.issuer} for ${resource} (checked with the issuer's ${checks}; scopes ads:read, ads:write, ads:launch)${teams}.\n`;
}
