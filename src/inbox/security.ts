import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { redact } from "../client/redact.js";
import { isPrivateHost } from "../tools/fields.js";

/** The cookie holding the session id: HttpOnly, SameSite=Strict. */
export const COOKIE = "adrails_inbox";

/**
 * The header carrying the session's key. Cookies are not isolated by port, so a cookie alone must
 * not be enough: the key is handed to the page's script once, at sign-in, and kept in the tab's
 * `sessionStorage`, which belongs to this origin (scheme, host and port) only.
 */
export const KEY_HEADER = "x-adrails-inbox-key";

/**
 * Headers on every answer: no inline script; images and media from https only (the page shows
 * loopback, private and own-host URLs as text, never loads them); no framing.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy":
    "default-src 'self'; img-src https:; media-src https:; connect-src 'self'; script-src 'self'; " +
    "style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
  "cross-origin-resource-policy": "same-origin",
};

/** A signed-in person, in one browser tab. */
export interface Session {
  /** The browser's id, in the cookie; tabs of one browser share it. */
  id: string;
  name: string;
  /** The origin-bound secret of this tab, sent by the page's script in {@link KEY_HEADER}. */
  key: string;
  expiresAt: number;
}

/** Sessions of this process, by key: each tab signs in on its own, its browser's cookie shared. */
export function createSessions(ttlMs: number) {
  const sessions = new Map<string, Session>();
  const browserOf = (req: IncomingMessage) => cookie(req, COOKIE);
  const live = (s: Session | undefined) => (s && s.expiresAt >= Date.now() ? s : undefined);
  return {
    /** A new tab session; the browser's cookie is kept when it names a live session. */
    open(name: string, req: IncomingMessage): Session {
      for (const [key, s] of sessions) if (s.expiresAt < Date.now()) sessions.delete(key);
      const known = browserOf(req);
      const id = known && [...sessions.values()].some((s) => s.id === known) ? known : token();
      const session = { id, name, key: token(), expiresAt: Date.now() + ttlMs };
      sessions.set(session.key, session);
      return session;
    },
    /** The session of the request's key, only when the request also carries its browser's cookie. */
    of(req: IncomingMessage): Session | undefined {
      const key = req.headers[KEY_HEADER];
      if (typeof key !== "string" || key === "") return undefined;
      const session = live(sessions.get(key));
      const browser = browserOf(req);
      if (!session || browser === undefined || !sameSecret(browser, session.id)) return undefined;
      return session;
    },
    end(session: Session): void {
      sessions.delete(session.key);
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

/**
 * Failed sign-ins per address, and in all. Only failures count, and only wrong tokens are held
 * back: the right token always signs in, so nobody can lock the person out by guessing.
 */
export function createSignInLimit(perAddress: number, windowMs: number) {
  const failures = new Map<string, number[]>();
  const all: number[] = [];
  const recent = (list: number[]) => {
    const since = Date.now() - windowMs;
    while (list.length > 0 && list[0]! < since) list.shift();
    return list;
  };
  return {
    /** Seconds a wrong try waits before the next is even compared, or 0. */
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
      if (failures.size > 10_000) failures.delete(failures.keys().next().value as string);
      all.push(Date.now());
      if (all.length > perAddress * 40) all.shift();
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

/** The host name of a Host header value, lower case, without the port. */
export function hostName(host: string): string {
  return host.replace(/:\d+$/, "").toLowerCase();
}

/**
 * Why the request's Host or Origin is foreign, or null when both are ours: Host must be loopback
 * or an allowed name (no DNS rebinding); an Origin or Referer sent must be this very host; and a
 * state change (`change`) must show it came from this inbox's own page: an Origin naming it, or
 * `Sec-Fetch-Site: same-origin`.
 */
export function foreignOrigin(
  req: IncomingMessage,
  allowedHosts: ReadonlySet<string>,
  change = false,
): string | null {
  const host = req.headers.host ?? "";
  const name = hostName(host);
  if (!LOOPBACK.has(name) && !allowedHosts.has(name))
    return `the Host ${JSON.stringify(host)} is not this inbox`;
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (origin === undefined) {
    if (change && req.headers["sec-fetch-site"] !== "same-origin") {
      return "the request does not say it came from this inbox's page (no Origin)";
    }
    return null;
  }
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

/**
 * The URL when the page may make the person's browser contact it: https (or http too for a link
 * the person opens), and not loopback, private, link-local or one of the inbox's own host names,
 * where the session cookie would go with it. Null otherwise: the page then shows the text only.
 */
export function contactableUrl(
  value: string | undefined,
  ownHosts: ReadonlySet<string>,
  allowHttp: boolean,
): string | null {
  if (!value || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (isPrivateHost(host) || LOOPBACK.has(host) || ownHosts.has(host)) return null;
  return url.href;
}

/** Text with the inbox token(s) (any spelling) and anything shaped like an API key removed. */
export function scrubber(tokens: string | readonly string[]): (text: string) => string {
  const list = (typeof tokens === "string" ? [tokens] : tokens).filter((t) => t !== "");
  return (text) => list.reduce((out, token) => redact(out, token).split(token).join("***"), redact(text));
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
