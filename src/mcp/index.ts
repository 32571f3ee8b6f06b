export { type AdrailsMcpServerOptions, createMcpServer, mcpAnnotations, mcpTitle } from "../adapters/mcp.js";
export { ELICITATION_VIA } from "./elicitation.js";
export { isLoopbackHost, type McpHttpOptions, type McpHttpServer, startMcpHttpServer } from "./http.js";
export { type McpStdioOptions, type McpStdioServer, serveMcpStdio } from "./stdio.js";
