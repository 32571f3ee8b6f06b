import {
  createMcpServer
} from "./chunk-7C3ZZXET.js";
import {
  resolveToolkit
} from "./chunk-NHHJSMJV.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/mcp/stdio.js
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
function serveMcpStdio(toolkitOrOptions, options = {}) {
  const toolkit = resolveToolkit(toolkitOrOptions);
  const { stdin, stdout, onerror, ...serverOptions } = options;
  const transport = new StdioServerTransport(stdin, stdout);
  let resolveClosed = /* @__PURE__ */ __name(() => {
  }, "resolveClosed");
  const closed = new Promise((resolve) => {
    resolveClosed = resolve;
  });
  const input = stdin ?? process.stdin;
  input.once("end", () => resolveClosed());
  input.once("close", () => resolveClosed());
  const handle = serveStdio(() => createMcpServer(toolkit, serverOptions), {
    transport,
    ...onerror ? { onerror } : {}
  });
  return {
    closed,
    close: /* @__PURE__ */ __name(async () => {
      await handle.close();
      resolveClosed();
    }, "close")
  };
}
__name(serveMcpStdio, "serveMcpStdio");

export {
  serveMcpStdio
};
