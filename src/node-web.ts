import type { ServerResponse } from "node:http";

// Node's http server speaks IncomingMessage/ServerResponse; the MCP SDK's transports speak web
// Request/Response. One bridge for every server of this package that hosts such a transport.

/** Writes a web Response to Node's response, streaming the body (SSE) as it comes. */
export async function sendWeb(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream.
  }
  res.end();
}
