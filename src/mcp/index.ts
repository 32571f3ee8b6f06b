export { ELICITATION_VIA } from "./elicitation.js";
export { isLoopbackHost, type McpHttpOptions, type McpHttpServer, startMcpHttpServer } from "./http.js";
export { type AdrailsMcpServerOptions, createMcpServer, mcpAnnotations, mcpTitle } from "./server.js";
export { type McpStdioOptions, type McpStdioServer, serveMcpStdio } from "./stdio.js";
