import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StoreError } from "../store/types.js";
import { decided, refusal } from "./decide-messages.js";
import { accountOf, type Inbox, type PersonDecision } from "./inbox.js";
import { createItemsApi } from "./items-api.js";
import { renderShell } from "./page.js";
import type { PasskeyAnswer } from "./passkey-enrol.js";
import { createPasskeyRoutes } from "./passkey-routes.js";
import { type People, personOfToken } from "./people.js";
import type { RenderContext } from "./render.js";
import {
  createSessions,
  foreignOrigin,
  hostName,
  type Session,
  sameSecret,
  scrubber,
  send,
  sessionCookie,
} from "./security.js";
import { createSignInLimit } from "./sign-in-limit.js";
import type { DecideRefusal, InboxItem } from "./types.js";

/** Options of {@link createInboxHandler}. */
export interface InboxHandlerOptions {
  /** The secret people sign in with (ADRAILS_INBOX_TOKEN). At least 16 characters. Not used with `people`. */
  token?: string;
  /**
   * Named approvers (`adrails inbox --people FILE`): each signs in with their own token, is
   * recorded by their name, and decides only for their accounts. The shared token then signs nobody in.
   */
  people?: People;
  /** Host names (no port) accepted in Host and Origin besides loopback, e.g. your server's name. */
  allowedHosts?: readonly string[];
  /** The page title. Default "adrails approval inbox". */
  title?: string;
  /**
   * Wrong tokens one address may try before each next try waits (1 s, doubling up to 60 s; every
   * address together: 20, then one a second). A try that must wait is answered 429 unchecked. Default 5.
   */
  signInAttempts?: number;
  /** How long a session lasts. Default 12 h. */
  sessionTtlMs?: number;
  /** How often abandoned and expired requests are ended in the audit, page open or not. Default 2000 ms; 0: never. */
  sweepMs?: number;
  /** How often an open page reads the list again (new requests, decisions from other tabs). Default 1500 ms. */
  refreshMs?: number;
}

/** A Node request handler, mountable in `http.createServer`, Express (`app.use("/inbox", h)`), etc. */
export type InboxHandler = (req: IncomingMessage, res: ServerResponse) => void;

const HTML = "text/html; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";
const MAX_BODY = 16 * 1024;
const LOOPBACK = ["127.0.0.1", "localhost", "[::1]", "::1"];

const STATIC = new URL("./static/", import.meta.url);
const STATIC_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** The page's own files (its script modules and style), read once: path -> type and text. */
function readAssets(): Map<string, { type: string; text: string }> {
  const assets = new Map<string, { type: string; text: string }>();
  for (const name of readdirSync(STATIC)) {
    const type = STATIC_TYPES[name.slice(name.lastIndexOf("."))];
    if (type) assets.set(`/${name}`, { type, text: readFileSync(new URL(name, STATIC), "utf8") });
  }
  return assets;
}

/**
 * The approval inbox page over an inbox: sign-in with the token, the list of requests with their
 * exact payload, approve with a typed sentence, decline with a reason, history, live updates.
 * Data and decisions need the session cookie and the session key the page's script keeps, and a
 * state change needs this inbox as its Origin.
 */
export function createInboxHandler(inbox: Inbox, options: InboxHandlerOptions): InboxHandler {
  const people = options.people;
  if (!people && (typeof options.token !== "string" || options.token.length < 16)) {
    throw new Error(
      "The inbox token must be at least 16 characters: set ADRAILS_INBOX_TOKEN to a long random secret.",
    );
  }
  const title = options.title ?? "adrails approval inbox";
  // Passkeys are bound to the people file's relying party name: the page is opened at it.
  const allowed = new Set(
    [...(options.allowedHosts ?? []), ...(people?.rp ? [people.rp.id] : [])].map((h) => h.toLowerCase()),
  );
  const sessions = createSessions(options.sessionTtlMs ?? 12 * 3600_000);
  const limit = createSignInLimit({ perAddress: options.signInAttempts ?? 5 });
  const clean = scrubber([
    ...(people ? [] : [options.token as string]),
    ...(people?.people.flatMap((p) => (p.token ? [p.token] : [])) ?? []),
  ]);
  if (options.refreshMs !== undefined && !(options.refreshMs >= 100)) {
    throw new Error("The inbox page's refreshMs must be at least 100 ms.");
  }
  const shell = renderShell(title, {
    people: people !== undefined,
    ...(options.refreshMs === undefined ? {} : { refreshMs: options.refreshMs }),
  });
  const assets = readAssets();
  if ((options.sweepMs ?? 2000) > 0) inbox.startSweeper(options.sweepMs ?? 2000);
  const api = createItemsApi(inbox);
  const passkeys = createPasskeyRoutes(inbox, people, title);

  // The forms say what the signed-in person may do, by the people file the inbox decides with.
  const contextOf = (req: IncomingMessage, session: Session): RenderContext => ({
    ownHosts: new Set([...LOOPBACK, ...allowed, hostName(req.headers.host ?? "")]),
    clean,
    viewer: { name: session.name, people: inbox.authority.people },
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://inbox");
    const path = url.pathname.replace(/^.*\//, "/");
    const change = req.method !== "GET" && req.method !== "HEAD";
    const foreign = foreignOrigin(req, allowed, change);
    if (foreign) return reply(req, res, 403, `Refused: ${foreign}. Nothing was changed.`);

    if (!change) {
      if (path === "/webauthn.js") {
        if (passkeys.library === null) return send(res, 404, TEXT, "Not found.");
        return send(res, 200, "text/javascript; charset=utf-8", passkeys.library);
      }
      const asset = assets.get(path);
      if (asset) return send(res, 200, asset.type, asset.text);
      if (path === "/passkeys.json") {
        const session = sessions.of(req);
        if (!session) return reply(req, res, 401, "Sign in first: no valid session in this tab.");
        return send(res, 200, JSON_TYPE, JSON.stringify(passkeys.about(req, session)));
      }
      if (path === "/favicon.ico") return send(res, 204, "image/x-icon", "");
      // The key agents check decisions with: public, so no session needed.
      if (url.pathname.endsWith("/.well-known/adrails-inbox-key")) {
        return send(res, 200, "application/jwk+json", JSON.stringify(await inbox.publicJwk()));
      }
      if (path === "/items.json") return sendItems(req, res, url);
      if (path === "/field") return sendField(req, res, url);
      if (path === "/item") return sendOne(req, res, url);
      if (path === "/payloads") return sendPayloads(req, res, url);
      if (path !== "/") return send(res, 404, TEXT, "Not found.");
      const original = (req as { originalUrl?: string }).originalUrl;
      if (original && !new URL(original, "http://x").pathname.endsWith("/")) {
        return send(res, 308, TEXT, "", { location: `${new URL(original, "http://x").pathname}/` });
      }
      return send(res, 200, HTML, shell);
    }
    if (req.method !== "POST") return send(res, 405, TEXT, "Method not allowed.", { allow: "GET, POST" });

    let form: Record<string, string>;
    try {
      form = await readForm(req);
    } catch (error) {
      return reply(req, res, 400, error instanceof Error ? error.message : "Bad request.");
    }
    if (path === "/signin") return signIn(req, res, form);
    const session = sessions.of(req);
    if (!session) {
      return reply(req, res, 401, "Sign in first: no valid session in this tab. Nothing was changed.");
    }
    if (path === "/signout") {
      sessions.end(session);
      return send(res, 200, JSON_TYPE, JSON.stringify({ ok: true, message: "Signed out." }), {
        "set-cookie": sessionCookie(session, true),
      });
    }
    if (path === "/decide" || path === "/challenge") return decide(req, res, session, form, path);
    if (form.label !== undefined) form.label = clean(form.label);
    const answer = await passkeys.post(path, req, session, form);
    if (answer) return answered(res, answer);
    return send(res, 404, TEXT, "Not found.");
  }

  function signIn(req: IncomingMessage, res: ServerResponse, form: Record<string, string>) {
    const address = req.socket.remoteAddress ?? "unknown";
    const typed = clean((form.name ?? "").trim().slice(0, 80));
    if (typed === "" && !people) return reply(req, res, 400, "Give your name.");
    // A try that must wait is not compared at all: a guess learns nothing until its turn.
    const wait = limit.waitMs(address);
    if (wait > 0) {
      const s = Math.ceil(wait / 1000);
      return reply(
        req,
        res,
        429,
        `Too many wrong tokens: sign-in from here is slowed down. Nothing was checked; try again in ${s} s.`,
        { "retry-after": String(s) },
      );
    }
    // With named approvers, the token says who you are, whatever name was typed.
    const person = people ? personOfToken(people, form.token ?? "") : undefined;
    const name = person ? person.name : typed;
    if (person || (!people && sameSecret(form.token ?? "", options.token as string))) {
      const session = sessions.open(name, req);
      return send(res, 200, JSON_TYPE, JSON.stringify({ ok: true, key: session.key, name }), {
        "set-cookie": sessionCookie(session),
      });
    }
    limit.fail(address);
    return reply(req, res, 401, "That token is not right.");
  }

  async function decide(
    req: IncomingMessage,
    res: ServerResponse,
    session: Session,
    form: Record<string, string>,
    path: string,
  ): Promise<void> {
    const id = form.id ?? "";
    const text = clean((form.text ?? "").trim());
    const reason = clean((form.reason ?? "").trim());
    const fingerprint = form.fingerprint ?? "";
    if (form.action !== "approve" && form.action !== "decline")
      return reply(req, res, 400, "Unknown action.");
    if (fingerprint === "")
      return reply(req, res, 400, "The decision names no payload fingerprint: reload the page.");
    if (form.action === "approve" && sentenceProblem(text))
      return reply(req, res, 400, sentenceProblem(text)!);
    if (form.action === "decline" && reason === "") {
      return reply(req, res, 400, "Give a reason for declining: the agent reads it.");
    }
    const decision: PersonDecision =
      form.action === "approve" ? { approved: true, text } : { approved: false, reason };
    try {
      if (path === "/challenge") {
        const asked = await passkeys.challenge(req, session, form, decision);
        if (asked.ok) return send(res, 200, JSON_TYPE, JSON.stringify(asked));
        if ("answer" in asked) return answered(res, asked.answer);
        return refused(req, res, session, asked.refused.code, asked.refused.item);
      }
      // With a passkey, the statement it signed says what is decided, and nothing else counts.
      const proof = await passkeys.proof(req, session, form);
      if (!proof.ok) {
        if ("answer" in proof) return answered(res, proof.answer);
        return refused(req, res, session, proof.refused.code, proof.refused.item);
      }
      const result = await inbox.decide(
        id,
        proof.decision ?? decision,
        session.name,
        proof.fingerprint ?? fingerprint,
        proof.signed,
      );
      if (!result.ok) return refused(req, res, session, result.code, result.item);
      return reply(req, res, 200, decided(result.item, proof.signed !== undefined));
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

  /** Why a decision was not recorded, said to the person. */
  function refused(
    req: IncomingMessage,
    res: ServerResponse,
    session: Session,
    code: DecideRefusal,
    item: InboxItem | undefined,
  ) {
    const [status, text] = refusal(code, session.name, accountOfItem(item));
    return reply(req, res, status, text);
  }

  function answered(res: ServerResponse, answer: PasskeyAnswer) {
    send(res, answer.status, JSON_TYPE, JSON.stringify(answer.body));
  }

  async function sendItems(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const session = sessions.of(req);
    if (!session) return reply(req, res, 401, "Sign in first: no valid session in this tab.");
    const q = url.searchParams;
    let body: string;
    try {
      body = await api.items(
        {
          pending: Number(q.get("pending") ?? 1),
          history: Number(q.get("history") ?? 1),
          ...(q.get("item") ? { item: q.get("item")!.slice(0, 200) } : {}),
          have: new Set((q.get("have") ?? "").split(",").slice(0, 200)),
        },
        contextOf(req, session),
        session.name,
      );
    } catch (error) {
      const store = error instanceof StoreError ? error.store : "the inbox store";
      return reply(req, res, 503, `${store} is unavailable: the list may be out of date.`);
    }
    // A poll that finds nothing new gets no body.
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    if (req.headers["if-none-match"] === etag) return send(res, 304, JSON_TYPE, "", { etag });
    send(res, 200, JSON_TYPE, body, { etag });
  }

  async function sendOne(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const session = sessions.of(req);
    if (!session) return reply(req, res, 401, "Sign in first: no valid session in this tab.");
    const id = url.searchParams.get("id") ?? "";
    const body = await api.item(id, contextOf(req, session));
    if (body === null) return reply(req, res, 404, "That request is not in the inbox (or cannot be read).");
    send(res, 200, JSON_TYPE, body);
  }

  async function sendPayloads(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const session = sessions.of(req);
    if (!session) return reply(req, res, 401, "Sign in first: no valid session in this tab.");
    const id = url.searchParams.get("id") ?? "";
    const body = await api.plan(id, Number(url.searchParams.get("from") ?? 1), contextOf(req, session));
    if (body === null) return reply(req, res, 404, "No such plan in the inbox.");
    send(res, 200, JSON_TYPE, body);
  }

  async function sendField(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!sessions.of(req)) return reply(req, res, 401, "Sign in first: no valid session in this tab.");
    const q = url.searchParams;
    const chunk = await api.field(q.get("id") ?? "", q.get("name") ?? "", Number(q.get("from") ?? 0), clean);
    if (chunk === null) return send(res, 404, TEXT, "No such request or field.");
    send(res, 200, TEXT, chunk.text, {
      "x-adrails-field-length": String(chunk.length),
      ...(chunk.next === null ? {} : { "x-adrails-field-next": String(chunk.next) }),
    });
  }

  /** Every answer to the page's script is JSON; other callers get the same message as text. */
  function reply(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    if ((req.headers.accept ?? "").includes("application/json")) {
      return send(res, status, JSON_TYPE, JSON.stringify({ ok: status === 200, message }), headers);
    }
    send(res, status, TEXT, message, headers);
  }

  return (req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, TEXT, "The inbox failed on this request; nothing was changed.");
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

function accountOfItem(item: InboxItem | undefined): string {
  return (item && accountOf(item.request)) ?? "(none)";
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
    let parsed: unknown;
    try {
      parsed = JSON.parse(text || "{}");
    } catch {
      throw new Error("The request body is not JSON.");
    }
    if (typeof parsed !== "object" || parsed === null) throw new Error("The request body is not an object.");
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}
