import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** An answer the proxy gives instead of forwarding: the request never reaches the simulator. */
export interface Refusal {
  status: number;
  error: string;
}

export interface FaultProxy {
  url: string;
  /** The next `count` requests get this answer, unforwarded (a 401 while a key is replaced, a 500). */
  refuseNext(refusal: Refusal, count?: number): void;
  /** Forgets refusals not used yet. */
  clear(): void;
  /** How many answers the proxy gave itself. */
  refused(): number;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of the simulator for the answers it does not inject itself (500, 401,
 * 403 at a chosen moment). Everything else passes through unchanged, bytes and status.
 */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const queue: Refusal[] = [];
  let given = 0;
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const refusal = queue.shift();
    if (refusal) {
      given++;
      req.resume();
      req.on("end", () => {
        res.writeHead(refusal.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: refusal.error }));
      });
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on("error", () => res.destroy());
        answer.on("aborted", () => res.destroy());
      },
    );
    // The simulator dropping the connection must reach the client as a dropped connection.
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refuseNext(refusal, count = 1) {
      for (let i = 0; i < count; i++) queue.push(refusal);
    },
    clear: () => {
      queue.length = 0;
    },
    refused: () => given,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
