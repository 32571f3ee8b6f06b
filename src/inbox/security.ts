import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** The cookie holding the session id: HttpOnly, SameSite=Strict. */
export const COOKIE = "adrails_inbox";

/** Headers on every answer: no inline script, images only from http(s) and data, no framing. */
export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy":
    "default-src 'self'; img-src http: https: data:; script-src 'self'; style-src 'self'; " +
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on its own form posts.
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};

/** A signed-in person. */
export interface Session {
  id: string;
  name: string;
  csrf: string;
  expiresAt: number;
  flash?: string;
}

/** Sessions of this process, by random id. */
export function createSessions(ttlMs: number) {
  const sessions = new Map<string, Session>();
  return {
    open(name: string): Session {
      const session = { id: token(), name, csrf: token(), expiresAt: Date.now() + ttlMs };
      sessions.set(session.id, session);
      for (const [id, s] of sessions) if (s.expiresAt < Date.now()) sessions.delete(id);
      return session;
    },
    of(req: IncomingMessage): Session | undefined {
      const id = cookie(req, COOKIE);
      const session = id ? sessions.get(id) : undefined;
      if (!session || session.expiresAt < Date.now()) return undefined;
      return session;
    },
    end(session: Session): void {
      sessions.delete(session.id);
    },
  };
}

/** A random secret, URL-safe. */
export function token(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Failed sign-ins per address, and in all: past the limit, sign-in waits. */
export function createSignInLimit(perAddress: number, windowMs: number) {
  const failures = new Map<string, number[]>();
  const all: number[] = [];
  const recent = (list: number[]) => {
    const since = Date.now() - windowMs;
    while (list.length > 0 && list[0]! < since) list.shift();
    return list;
  };
  return {
    /** Seconds to wait before trying again, or 0 when a try is allowed. */
    waitS(address: string): number {
      const mine = recent(failures.get(address) ?? []);
      const total = recent(all);
      const blocker =
        mine.length >= perAddress ? mine[0] : total.length >= perAddress * 4 ? total[0] : undefined;
      return blocker === undefined ? 0 : Math.max(1, Math.ceil((blocker + windowMs - Date.now()) / 1000));
    },
    fail(address: string): void {
      const list = failures.get(address) ?? [];
      list.push(Date.now());
      failures.set(address, list);
      all.push(Date.now());
    },
  };
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** The Set-Cookie value of a session (or of its removal). */
export function sessionCookie(session: Session | undefined): string {
  return session
    ? `${COOKIE}=${session.id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.floor((session.expiresAt - Date.now()) / 1000)}`
    : `${COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * Why the request's Host or Origin is foreign, or null when both are ours: Host must be loopback
 * or an allowed name (no DNS rebinding), and an Origin or Referer sent must be this very host.
 */
export function foreignOrigin(req: IncomingMessage, allowedHosts: ReadonlySet<string>): string | null {
  const host = req.headers.host ?? "";
  const name = host.replace(/:\d+$/, "").toLowerCase();
  if (!LOOPBACK.has(name) && !allowedHosts.has(name))
    return `the Host ${JSON.stringify(host)} is not this inbox`;
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (origin === undefined) return null;
  if (
    origin === "null" ||
    !URL.canParse(origin) ||
    new URL(origin).host.toLowerCase() !== host.toLowerCase()
  ) {
    return `the request came from another origin (${origin})`;
  }
  return null;
}

function refererOrigin(referer: string | undefined): string | undefined {
  return referer && URL.canParse(referer) ? new URL(referer).origin : undefined;
}

/** Sends a complete answer with the security headers. */
export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...SECURITY_HEADERS, "content-type": type, ...headers });
  res.end(body);
}
