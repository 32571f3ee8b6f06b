import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One answer the fixture gives. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (wins over `json`). */
  body?: string;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Closes the connection without answering. */
  drop?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The tool named by `/api/mcp/{tool}`. */
  tool: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Epoch ms the request arrived. */
  at: number;
}

export type Handler = Reply | ((request: RecordedRequest, index: number) => Reply);

export interface FixtureServer {
  url: string;
  requests: RecordedRequest[];
  /** Queues replies, used one per request in order; when the queue is empty `fallback` answers. */
  script(...handlers: Handler[]): void;
  fallback: Handler;
  /** Clears requests and the script, and restores the default fallback. */
  reset(): void;
  close(): Promise<void>;
}

/** A wrapped envelope as the service sends it. */
export const wrapped = (data: unknown) => ({ source: "fixture service", data });

const defaultFallback: Handler = (request) => ({ json: wrapped({ ok: true, tool: request.tool }) });

/** A real HTTP server on 127.0.0.1 with a random port whose answers a test scripts. */
export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  let queue: Handler[] = [];
  const fixture: FixtureServer = {
    url: "",
    requests,
    fallback: defaultFallback,
    script: (...handlers) => queue.push(...handlers),
    reset() {
      requests.length = 0;
      queue = [];
      fixture.fallback = defaultFallback;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path,
        tool: decodeURIComponent(path.replace(/^\/api\/mcp\//, "")),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      const index = requests.push(recorded) - 1;
      const handler = queue.shift() ?? fixture.fallback;
      const reply = typeof handler === "function" ? handler(recorded, index) : handler;
      const send = () => {
        if (res.destroyed) return;
        if (reply.drop) {
          req.socket.destroy();
          return;
        }
        const text = reply.body ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
        const type = reply.body === undefined ? "application/json" : "text/html";
        res.writeHead(reply.status ?? 200, { "content-type": type, ...reply.headers });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fixture.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fixture;
}
