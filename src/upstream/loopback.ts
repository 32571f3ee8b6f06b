import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A one-path HTTP listener on 127.0.0.1 that receives the authorization redirect (RFC 8252). */
export interface Loopback {
  /** The redirect URI, `http://127.0.0.1:<port>/callback`. */
  readonly redirectUrl: string;
  /**
   * A one-time local address that redirects to `authorization`: what a browser is sent to, so the
   * authorization URL (state, PKCE challenge) is never on a command line. It must not be on one
   * either (whoever opens it first signs in): hand it over through a private file. Opened a second
   * time, it refuses and the sign-in waiting in {@link Loopback.next} fails: someone else used it.
   */
  startUrl(authorization: URL): string;
  /**
   * The next redirect that `accept` takes (ours: it carries the expected `state`); anything else
   * sent to the callback is answered and ignored, and the wait goes on. Rejects after `timeoutMs`.
   */
  next(timeoutMs: number, accept?: (params: URLSearchParams) => boolean): Promise<URLSearchParams>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;max-width:36em;margin:3em auto"><h1>${title}</h1><p>${text}</p></body>`;

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
};

/** Starts the loopback listener on a free port. */
export async function startLoopback(): Promise<Loopback> {
  let accept: ((params: URLSearchParams) => boolean) | undefined;
  let deliver: ((params: URLSearchParams) => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  const arrived: URLSearchParams[] = [];
  const starts = new Map<string, { url: string; used: boolean }>();
  let spoiled: Error | undefined;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const start = /^\/start\/([A-Za-z0-9_-]+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && start && starts.has(start)) {
      const entry = starts.get(start)!;
      if (entry.used) {
        res
          .writeHead(410, HEADERS)
          .end(
            PAGE(
              "Sign-in link already used",
              "This sign-in link was opened before. adrails stopped this sign-in; run <code>adrails login</code> again.",
            ),
          );
        spoiled = new Error(
          "the sign-in link was opened twice (someone else may have used it), so adrails stopped",
        );
        fail?.(spoiled);
        return;
      }
      entry.used = true;
      res.writeHead(302, { ...HEADERS, location: entry.url }).end();
      return;
    }
    if (req.method !== "GET" || url.pathname !== "/callback") {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    const params = url.searchParams;
    if (accept && !accept(params)) {
      // Not the answer to our request (no or another `state`): ignored, the wait goes on.
      res
        .writeHead(400, HEADERS)
        .end(
          PAGE(
            "Not this sign-in",
            "This answer does not belong to the sign-in adrails is waiting for; it was ignored.",
          ),
        );
      return;
    }
    const failed = params.has("error") || !params.has("code");
    res
      .writeHead(200, HEADERS)
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
    if (deliver) deliver(params);
    else arrived.push(params);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    startUrl(authorization) {
      const id = randomBytes(18).toString("base64url");
      starts.set(id, { url: authorization.href, used: false });
      return `http://127.0.0.1:${port}/start/${id}`;
    },
    next(timeoutMs, check) {
      accept = check;
      if (spoiled) return Promise.reject(spoiled);
      const index = arrived.findIndex((params) => !check || check(params));
      if (index >= 0) return Promise.resolve(arrived.splice(index, 1)[0]!);
      arrived.length = 0;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no redirect came back within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          deliver = undefined;
          fail = undefined;
        };
        deliver = (params) => {
          finish();
          resolve(params);
        };
        fail = (error) => {
          finish();
          reject(error);
        };
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
