/** The MCP endpoint from options and environment: `mcpUrl`, `ADRAILS_MCP_URL`, else `{baseUrl}/api/mcp`. */
export function mcpUrlOf(
  options: { mcpUrl?: string | undefined; baseUrl?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): string {
  const explicit = options.mcpUrl ?? env.ADRAILS_MCP_URL;
  if (explicit && explicit.trim() !== "") return explicit;
  const base = options.baseUrl ?? env.ADRAILS_BASE_URL ?? "";
  if (base.trim() === "") {
    throw new TypeError(
      "adrails: no MCP door given: set mcpUrl (env ADRAILS_MCP_URL) or baseUrl (env ADRAILS_BASE_URL)",
    );
  }
  return `${base.replace(/\/+$/, "")}/api/mcp`;
}
