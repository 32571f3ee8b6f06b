import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StoreError } from "../store/types.js";
import type { Inbox } from "./inbox.js";
import { renderItem, renderPage, renderSignIn } from "./render.js";
import {
  createSessions,
  createSignInLimit,
  foreignOrigin,
  type Session,
  sameSecret,
  send,
  sessionCookie,
} from "./security.js";

/** Options of {@link createInboxHandler}. */
export interface InboxHandlerOptions {
  /** The secret people sign in with (ADRAILS_INBOX_TOKEN). At least 16 characters. */
  token: string;
  /** Host names (no port) accepted in Host and Origin besides loopback, e.g. your server's name. */
  allowedHosts?: readonly string[];
  /** The page title. Default "adrails approval inbox". */
  title?: string;
  /** Failed sign-ins allowed per address in `windowMs` (15 min). Default 5. */
  signInAttempts?: number;
  /** How long a session lasts. Default 12 h. */
  sessionTtlMs?: number;
}

/** A Node request handler, mountable in `http.createServer`, Express (`app.use("/inbox", h)`), etc. */
export type InboxHandler = (req: IncomingMessage, res: ServerResponse) => void;

const HTML = "text/html; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";
const MAX_BODY = 16 * 1024;

const asset = (name: string) => readFileSync(new URL(`./static/${name}`, import.meta.url), "utf8");

/**
 * The approval inbox page over an inbox: sign-in with the token, the list of requests with their
 * exact payload, approve with a typed sentence, decline with a reason, history, live updates.
 */
export function createInboxHandler(inbox: Inbox, options: InboxHandlerOptions): InboxHandler {
  if (typeof options.token !== "string" || options.token.length < 16) {
    throw new Error(
      "The inbox token must be at least 16 characters: set ADRAILS_INBOX_TOKEN to a long random secret.",
    );
  }
  const title = options.title ?? "adrails approval inbox";
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const sessions = createSessions(options.sessionTtlMs ?? 12 * 3600_000);
  const limit = createSignInLimit(options.signInAttempts ?? 5, 15 * 60_000);
  const script = asset("inbox.js");
  const style = asset("inbox.css");

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://inbox").pathname.replace(/^.*\//, "/");
    const foreign = foreignOrigin(req, allowed);
    if (foreign)
      return send(res, 403, "text/plain; charset=utf-8", `Refused: ${foreign}. Nothing was changed.`);
    const session = sessions.of(req);

    if (req.method === "GET" || req.method === "HEAD") {
      if (path === "/inbox.js") return send(res, 200, "text/javascript; charset=utf-8", script);
      if (path === "/inbox.css") return send(res, 200, "text/css; charset=utf-8", style);
      if (path === "/favicon.ico") return send(res, 204, "image/x-icon", "");
      if (path === "/items.json") {
        if (!session) return send(res, 401, JSON_TYPE, JSON.stringify({ error: "Sign in first." }));
        return sendItems(res, session);
      }
      if (path !== "/") return send(res, 404, "text/plain; charset=utf-8", "Not found.");
      const original = (req as { originalUrl?: string }).originalUrl;
      if (original && !new URL(original, "http://x").pathname.endsWith("/")) {
        return send(res, 308, "text/plain; charset=utf-8", "", {
          location: `${new URL(original, "http://x").pathname}/`,
        });
      }
      if (!session) return send(res, 200, HTML, renderSignIn(title));
      return sendPage(res, session);
    }
    if (req.method !== "POST")
      return send(res, 405, "text/plain; charset=utf-8", "Method not allowed.", { allow: "GET, POST" });

    let form: Record<string, string>;
    try {
      form = await readForm(req);
    } catch (error) {
      return send(
        res,
        400,
        "text/plain; charset=utf-8",
        error instanceof Error ? error.message : "Bad request.",
      );
    }
    if (path === "/signin") return signIn(req, res, form);
    if (!session) return reply(req, res, 401, "Sign in first: no valid session. Nothing was changed.");
    if (typeof form.csrf !== "string" || !sameSecret(form.csrf, session.csrf)) {
      return reply(
        req,
        res,
        403,
        "CSRF token missing or invalid: reload the page and try again. Nothing was changed.",
      );
    }
    if (path === "/signout") {
      sessions.end(session);
      return send(res, 303, "text/plain; charset=utf-8", "", {
        location: "./",
        "set-cookie": sessionCookie(undefined),
      });
    }
    if (path === "/decide") return decide(req, res, session, form);
    return send(res, 404, "text/plain; charset=utf-8", "Not found.");
  }

  function signIn(req: IncomingMessage, res: ServerResponse, form: Record<string, string>) {
    const address = req.socket.remoteAddress ?? "unknown";
    const wait = limit.waitS(address);
    if (wait > 0) {
      return send(res, 429, HTML, renderSignIn(title, `Too many failed sign-ins. Try again in ${wait} s.`), {
        "retry-after": String(wait),
      });
    }
    const name = (form.name ?? "").trim().slice(0, 80);
    if (!sameSecret(form.token ?? "", options.token) || name === "") {
      limit.fail(address);
      return send(
        res,
        401,
        HTML,
        renderSignIn(title, name === "" ? "Give your name." : "That token is not right."),
      );
    }
    const session = sessions.open(name);
    send(res, 303, "text/plain; charset=utf-8", "", { location: "./", "set-cookie": sessionCookie(session) });
  }

  async function decide(
    req: IncomingMessage,
    res: ServerResponse,
    session: Session,
    form: Record<string, string>,
  ): Promise<void> {
    const id = form.id ?? "";
    const text = (form.text ?? "").trim();
    const reason = (form.reason ?? "").trim();
    if (form.action === "approve" && sentenceProblem(text))
      return reply(req, res, 400, sentenceProblem(text)!);
    if (form.action === "decline" && reason === "") {
      return reply(req, res, 400, "Give a reason for declining: the agent reads it.");
    }
    if (form.action !== "approve" && form.action !== "decline")
      return reply(req, res, 400, "Unknown action.");
    try {
      const result = await inbox.decide(
        id,
        form.action === "approve" ? { approved: true, text } : { approved: false, reason },
        session.name,
      );
      if (result.ok) {
        return reply(
          req,
          res,
          200,
          form.action === "approve"
            ? "Approved: the agent is launching this ad."
            : "Declined: the agent reads your reason.",
        );
      }
      const why = {
        "not-found": [404, "That request is not in the inbox."],
        "already-decided": [409, "Someone already decided this request; your decision was not recorded."],
        expired: [410, "This request expired; nothing was recorded and nothing will be sent."],
        abandoned: [
          410,
          "The agent that asked stopped waiting (abandoned); nothing was recorded and nothing will be sent.",
        ],
      } as const;
      const [status, text2] = why[result.code];
      return reply(req, res, status, text2);
    } catch (error) {
      const store = error instanceof StoreError ? error.store : "the inbox store";
      return reply(
        req,
        res,
        503,
        `Not recorded: ${store} is unavailable. The agent keeps waiting; try again.`,
      );
    }
  }

  async function sendItems(res: ServerResponse, session: Session): Promise<void> {
    try {
      const items = await inbox.list();
      const body = items.map((item) => ({
        id: item.id,
        state: item.state,
        version: versionOf(item),
        html: renderItem(item, session.csrf),
      }));
      send(res, 200, JSON_TYPE, JSON.stringify({ items: body }));
    } catch (error) {
      const store = error instanceof StoreError ? error.store : "the inbox store";
      send(
        res,
        503,
        JSON_TYPE,
        JSON.stringify({ error: `${store} is unavailable: the list may be out of date.` }),
      );
    }
  }

  async function sendPage(res: ServerResponse, session: Session): Promise<void> {
    const flash = session.flash;
    session.flash = undefined;
    try {
      send(res, 200, HTML, renderPage(title, await inbox.list(), session, flash));
    } catch {
      send(
        res,
        200,
        HTML,
        renderPage(title, [], session, "The inbox store is unavailable: the list cannot be shown. Retrying."),
      );
    }
  }

  /** JSON for the page's script; for a plain form post, back to the page with the message. */
  function reply(req: IncomingMessage, res: ServerResponse, status: number, message: string) {
    if ((req.headers.accept ?? "").includes("application/json")) {
      return send(res, status, JSON_TYPE, JSON.stringify({ ok: status === 200, message }));
    }
    const session = sessions.of(req);
    if (session && status !== 401 && status !== 403) {
      session.flash = message;
      return send(res, 303, "text/plain; charset=utf-8", "", { location: "./" });
    }
    send(res, status, "text/plain; charset=utf-8", message);
  }

  return (req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent)
        send(res, 500, "text/plain; charset=utf-8", "The inbox failed on this request; nothing was changed.");
      else res.end();
    });
  };
}

/** Why an approval sentence does not count, or null when it does. */
export function sentenceProblem(text: string): string | null {
  if (text.split(/\s+/).filter(Boolean).length < 3 || text.length < 10) {
    return "Type a whole sentence confirming this ad may go live (at least three words).";
  }
  if (/^(n|no|nope|cancel|abort|stop|deny|refuse|don'?t|do not)\b/i.test(text)) {
    return "That reads as a no: to refuse, use Decline with a reason.";
  }
  return null;
}

function versionOf(item: {
  state: string;
  decision?: unknown;
  outcome?: unknown;
  redeemedAt?: number;
}): string {
  return JSON.stringify([item.state, item.decision ?? null, item.outcome ?? null, item.redeemedAt ?? null]);
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error("The request body is too large.");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    const parsed = JSON.parse(text || "{}") as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}
