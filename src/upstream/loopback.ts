import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A one-path HTTP listener on 127.0.0.1 that receives the authorization redirect (RFC 8252). */
export interface Loopback {
  /** The redirect URI, `http://127.0.0.1:<port>/callback`. */
  readonly redirectUrl: string;
  /** The next redirect's query parameters; rejects after `timeoutMs`. */
  next(timeoutMs: number): Promise<URLSearchParams>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;max-width:36em;margin:3em auto"><h1>${title}</h1><p>${text}</p></body>`;

/** Starts the loopback listener on a free port. */
export async function startLoopback(): Promise<Loopback> {
  const waiting: ((params: URLSearchParams) => void)[] = [];
  const arrived: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== "/callback") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    const failed = url.searchParams.has("error") || !url.searchParams.has("code");
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(
        failed
          ? PAGE(
              "Sign-in not completed",
              "adrails did not get an authorization. Return to the terminal for details.",
            )
          : PAGE(
              "Signed in",
              "adrails received the authorization. You can close this window and return to the terminal.",
            ),
      );
    const next = waiting.shift();
    if (next) next(url.searchParams);
    else arrived.push(url.searchParams);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    next(timeoutMs) {
      const ready = arrived.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`no redirect came back within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        const done = (params: URLSearchParams) => {
          clearTimeout(timer);
          resolve(params);
        };
        waiting.push(done);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
