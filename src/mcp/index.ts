export type { AuthSettings, McpCaller } from "./auth.js";
export { type CallerPlace, type McpTenant, parseTenants } from "./auth-callers.js";
export type { McpHttpAuth } from "./auth-http.js";
export { ADS_SCOPES } from "./auth-scopes.js";
export { ELICITATION_VIA } from "./elicitation.js";
export { isLoopbackHost, type McpHttpOptions, type McpHttpServer, startMcpHttpServer } from "./http.js";
export { type AdrailsMcpServerOptions, createMcpServer, mcpAnnotations, mcpTitle } from "./server.js";
export { type McpStdioOptions, type McpStdioServer, serveMcpStdio } from "./stdio.js";
