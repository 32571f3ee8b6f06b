import type { IncomingMessage, ServerResponse } from "node:http";
import { sendWeb } from "../../node-web.js";

export { sendWeb };

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The request body, or null when it is larger than 4 MiB. */
export async function readRaw(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A web Request with the Node request's method, headers and the body already read. */
export function toWebRequest(req: IncomingMessage, body: Buffer, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
    method: req.method ?? "GET",
    headers,
    ...(body.length > 0 && req.method !== "GET" && req.method !== "HEAD"
      ? { body: new Uint8Array(body) }
      : {}),
    signal,
  });
}

/** Parsed JSON, or undefined for an empty or malformed body. */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** A JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}
