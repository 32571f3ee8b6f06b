import type { Readable, Writable } from "node:stream";
import { type StdioServerHandle, StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import { resolveToolkit } from "../adapters/shared.js";
import type { AdToolkit, AdToolsOptions } from "../types.js";
import { type AdrailsMcpServerOptions, createMcpServer } from "./server.js";

/** Options of {@link serveMcpStdio}. */
export interface McpStdioOptions extends AdrailsMcpServerOptions {
  /** Default process.stdin. */
  stdin?: Readable;
  /** Default process.stdout. Only protocol messages are written to it. */
  stdout?: Writable;
  /** Out-of-band errors (never written to stdout). */
  onerror?: (error: Error) => void;
}

/** A served stdio connection: `closed` settles when the client closes its end. */
export interface McpStdioServer {
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves the toolkit over stdio, every protocol revision the SDK speaks (2025-era `initialize`
 * and 2026-07-28 `server/discover`), one server instance per connection.
 */
export function serveMcpStdio(
  toolkitOrOptions?: AdToolkit | AdToolsOptions,
  options: McpStdioOptions = {},
): McpStdioServer {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const { stdin, stdout, onerror, ...serverOptions } = options;
  const transport = new StdioServerTransport(stdin, stdout);
  let resolveClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const input = stdin ?? process.stdin;
  input.once("end", () => resolveClosed());
  input.once("close", () => resolveClosed());
  const handle: StdioServerHandle = serveStdio(() => createMcpServer(toolkit, serverOptions), {
    transport,
    ...(onerror ? { onerror } : {}),
  });
  return {
    closed,
    close: async () => {
      await handle.close();
      resolveClosed();
    },
  };
}
