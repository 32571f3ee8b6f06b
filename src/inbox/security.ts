import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { redact } from "../client/redact.js";
import { isPrivateHost } from "../tools/fields.js";

/**
 * The start of the cookie names holding session ids (HttpOnly, SameSite=Strict). Each tab's
 * session has its own cookie, named by a random part its key stands for: a cookie another port of
 * this host sets under another name (cookies are not isolated by port) signs nobody out. Over
 * https the name starts with `__Host-` and the cookie is Secure, so no plain-http port of the host
 * can set or even read it.
 */
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
  /** The secret in this session's cookie. */
  id: string;
  /** The cookie's name: {@link COOKIE} and a random part (`__Host-` first over https). */
  cookie: string;
  /** Over https: the cookie is Secure. */
  secure: boolean;
  name: string;
  /** The origin-bound secret of this tab, sent by the page's script in {@link KEY_HEADER}. */
  key: string;
  expiresAt: number;
}

/** True when the request came over TLS to this server. */
export function overTls(req: IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true;
}

/** Sessions of this process, by key: each tab signs in on its own, with its own cookie. */
export function createSessions(ttlMs: number) {
  const sessions = new Map<string, Session>();
  const live = (s: Session | undefined) => (s && s.expiresAt >= Date.now() ? s : undefined);
  return {
    /** A new tab session and its own cookie. */
    open(name: string, req: IncomingMessage): Session {
      for (const [key, s] of sessions) if (s.expiresAt < Date.now()) sessions.delete(key);
      const secure = overTls(req);
      const session = {
        id: token(),
        cookie: `${secure ? "__Host-" : ""}${COOKIE}_${token(9)}`,
        secure,
        name,
        key: token(),
        expiresAt: Date.now() + ttlMs,
      };
      sessions.set(session.key, session);
      return session;
    },
    /** The session of the request's key, only when the request also carries that session's cookie. */
    of(req: IncomingMessage): Session | undefined {
      const key = req.headers[KEY_HEADER];
      if (typeof key !== "string" || key === "") return undefined;
      const session = live(sessions.get(key));
      if (!session) return undefined;
      const browser = cookie(req, session.cookie);
      if (browser === undefined || !sameSecret(browser, session.id)) return undefined;
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

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** The Set-Cookie value of a session, or of its removal (`ended`). */
export function sessionCookie(session: Session, ended = false): string {
  const flags = `HttpOnly; SameSite=Strict; Path=/${session.secure ? "; Secure" : ""}`;
  return ended
    ? `${session.cookie}=; ${flags}; Max-Age=0`
    : `${session.cookie}=${session.id}; ${flags}; Max-Age=${Math.floor((session.expiresAt - Date.now()) / 1000)}`;
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
