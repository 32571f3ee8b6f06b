import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fixture answers for one request. */
export interface FixtureReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Close the connection without answering. */
  drop?: boolean;
  delayMs?: number;
}

export interface FixtureRequest {
  tool: string;
  body: any;
  authorized: boolean;
}

export interface Fixture {
  url: string;
  apiKey: string;
  requests: FixtureRequest[];
  /** Sets how a tool answers; the default is 200 with the body echoed under data.echo. */
  on(tool: string, reply: (body: any, n: number) => FixtureReply): void;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for answers the simulator does not give on demand (odd 207 shapes, error
 * texts, a key echoed back). Real HTTP on 127.0.0.1, port 0.
 */
export async function startFixture(apiKey = "adk_fixture_secret_123456"): Promise<Fixture> {
  const requests: FixtureRequest[] = [];
  const replies = new Map<string, (body: any, n: number) => FixtureReply>();
  const counts = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const tool = decodeURIComponent((req.url ?? "").replace(/^\/api\/mcp\//, ""));
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = undefined;
      }
      const authorized = req.headers.authorization === `Bearer ${apiKey}`;
      requests.push({ tool, body, authorized });
      const n = (counts.get(tool) ?? 0) + 1;
      counts.set(tool, n);
      const reply: FixtureReply = !authorized
        ? { status: 401, body: { error: "Invalid API key" } }
        : (replies.get(tool)?.(body, n) ?? {
            status: 200,
            body: { source: "fixture", data: { echo: body } },
          });
      const send = () => {
        if (reply.drop) {
          res.socket?.destroy();
          return;
        }
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        res.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    on: (tool, reply) => replies.set(tool, reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A wrapped answer. */
export const wrapped = (status: number, data: unknown, headers?: Record<string, string>): FixtureReply => ({
  status,
  body: { source: "fixture", data },
  headers,
});
