import { createHash } from "node:crypto";
import { redact } from "../client/redact.js";
import { type Delivery, deliveryQueue } from "./notify-send.js";
import type { InboxItem, InboxQueue } from "./types.js";

/** How a notification body is written: adrails' own JSON, or Slack incoming-webhook text. */
export type NotifyFormat = "json" | "slack";

/** What happened to a request. */
export type NotifyEventName =
  | "approval.requested"
  | "approval.expiring"
  | "approval.decided"
  | "approval.expired";

/**
 * The JSON body of a notification. It names the request and links to it; it never carries an API
 * key, the inbox token, the approval sentence or a decline reason.
 */
export interface NotifyEvent {
  event: NotifyEventName;
  /** The inbox item's id (the request id for a posted request). */
  id: string;
  tool: string;
  account: string | null;
  /** One line a person can read: what the call does. */
  summary: string;
  /** Opens this request in the inbox. */
  approve_url: string;
  expires_at: string;
  /** The item's state when the notification was made. */
  state: InboxItem["state"];
  /** On approval.decided: "approved" or "declined", who (the name signed in with) and when. */
  decision?: "approved" | "declined";
  decided_by?: string;
  decided_at?: string;
  sent_at: string;
}

/** Options of {@link createNotifier}. */
export interface NotifyOptions {
  /** Webhook URLs (http or https); each gets every event once per request. */
  urls: readonly string[];
  /** Default "json". */
  format?: NotifyFormat;
  /**
   * Signs each notification in the Standard Webhooks layout: `webhook-id`, `webhook-timestamp`,
   * `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. A `whsec_<base64>`
   * secret is used as its decoded bytes, any other as its UTF-8 bytes. Receivers check with `verifyWebhook`.
   */
  secret?: string;
  /** The inbox as people open it, e.g. https://inbox.example.com/ (approve_url starts with it). */
  publicUrl: string;
  /** Secrets that must never leave in a notification in any spelling (inbox token, API key). */
  secrets?: readonly string[];
  /** approval.expiring is sent this long before expiry. Default 60 000 ms. */
  expiringMs?: number;
  /** Tries per notification before it is given up. Default 8. */
  attempts?: number;
  /** The first retry's delay, doubled each time (at most 60 s). Default 1000 ms. */
  backoffMs?: number;
  /** One try's time limit. Default 10 000 ms. */
  timeoutMs?: number;
  /** Told when a notification is given up, in a sentence without the URL's path or any secret. */
  onGiveUp?(message: string): void;
}

/** Sends the notifications of the items it is shown; see {@link createNotifier}. */
export interface Notifier {
  /**
   * Looks at items (the inbox's sweep shows it every item it reads) and queues what is due.
   * Resolves once the notifications are claimed in the store, before any is sent.
   */
  watch(items: readonly InboxItem[]): Promise<void>;
  /** Notifications queued or being retried. */
  backlog(): number;
  /** Stops sending; what is queued is dropped. */
  close(): void;
}

/** Events older than this when first seen are history, not news (an inbox started on an old store). */
const RECENT_MS = 10 * 60_000;
const SUMMARY_MAX = 160;

/** The inbox page opened on one item, as the desk links to it (`?item=<id>`: shown first). */
export function itemUrl(publicUrl: string, id: string): string {
  const page = new URL(publicUrl);
  if (!page.pathname.endsWith("/")) page.pathname = `${page.pathname}/`;
  page.search = "";
  page.hash = "";
  page.searchParams.set("item", id);
  return page.href;
}

/** True for an http: or https: URL, the only webhooks and public URLs taken. */
export function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
}

/**
 * Webhook notifications for an inbox: approval.requested when a request starts waiting,
 * approval.expiring before it expires, approval.decided when a person decides, approval.expired
 * when it expired or its agent stopped waiting. Each is claimed in the store (`queue.mark`) before
 * it is sent, so inbox instances sharing a store send it once. Sending never blocks the inbox: a
 * failing webhook is retried with backoff in the background, then given up.
 */
export function createNotifier(queue: InboxQueue, options: NotifyOptions): Notifier {
  for (const url of options.urls) {
    if (!isHttpUrl(url)) throw new Error("A notify URL must be an http:// or https:// URL.");
  }
  if (!isHttpUrl(options.publicUrl)) throw new Error("The inbox's public URL must be http:// or https://.");
  const format = options.format ?? "json";
  const expiringMs = options.expiringMs ?? 60_000;
  const secrets = [...(options.secrets ?? []), ...(options.secret ? [options.secret] : [])].filter(
    (s) => s.length > 0,
  );
  const clean = (text: string) => {
    let out = redact(text, undefined);
    for (const secret of secrets) out = redact(out, secret).split(secret).join("***");
    return out;
  };
  const targets = options.urls.map((url) => ({
    url,
    // Claims name the webhook by a hash: the URL itself (a Slack webhook's path is its secret) stays out of the store.
    tag: createHash("sha256").update(url).digest("hex").slice(0, 16),
    queue: deliveryQueue(url, {
      attempts: options.attempts ?? 8,
      backoffMs: options.backoffMs ?? 1000,
      timeoutMs: options.timeoutMs ?? 10_000,
      ...(options.secret ? { secret: options.secret } : {}),
      onGiveUp: (message) => options.onGiveUp?.(message),
    }),
  }));
  // Claims this process already tried: the store is asked once per event and webhook.
  const tried = new Set<string>();
  const fallback = new Set<string>();
  const claim = async (id: string, tag: string): Promise<boolean> => {
    const key = `${id}|${tag}`;
    if (tried.has(key)) return false;
    if (tried.size > 50_000) tried.clear();
    tried.add(key);
    if (queue.mark) {
      try {
        return await queue.mark(id, tag);
      } catch (error) {
        // The store did not answer: the next sweep claims it again.
        tried.delete(key);
        throw error;
      }
    }
    if (fallback.has(key)) return false;
    fallback.add(key);
    return true;
  };

  function due(item: InboxItem, now: number): NotifyEventName[] {
    const recent = (at: number | undefined) => at !== undefined && at >= now - RECENT_MS;
    const out: NotifyEventName[] = [];
    const expiresAt = item.request.expiresAt;
    if (item.state === "pending" ? now < expiresAt : recent(item.createdAt)) out.push("approval.requested");
    if (
      item.state === "pending" &&
      now >= expiresAt - expiringMs &&
      now < expiresAt &&
      // A request that lived less than the warning gets none: "requested" already said when it ends.
      expiresAt - item.createdAt > expiringMs
    ) {
      out.push("approval.expiring");
    }
    if ((item.state === "approved" || item.state === "declined") && recent(item.decision?.at)) {
      out.push("approval.decided");
    }
    if ((item.state === "expired" || item.state === "abandoned") && recent(item.closedAt ?? expiresAt)) {
      out.push("approval.expired");
    }
    return out;
  }

  function eventOf(item: InboxItem, name: NotifyEventName): NotifyEvent {
    const d = item.decision;
    const decided = name === "approval.decided" && d;
    return {
      event: name,
      id: item.id,
      tool: clean(String(item.request.tool)).slice(0, 100),
      account: clean(String(item.request.account ?? accountOf(item) ?? "")).slice(0, 100) || null,
      summary: clean(summaryOf(item)).slice(0, SUMMARY_MAX),
      approve_url: itemUrl(options.publicUrl, item.id),
      expires_at: new Date(item.request.expiresAt).toISOString(),
      state: item.state,
      ...(decided
        ? {
            decision: d.approved ? "approved" : "declined",
            decided_by: clean(String(d.by)).slice(0, 80),
            decided_at: new Date(d.at).toISOString(),
          }
        : {}),
      sent_at: new Date().toISOString(),
    };
  }

  let closed = false;
  return {
    async watch(items) {
      if (closed) return;
      const now = Date.now();
      for (const item of items) {
        // One item that cannot be told about (whatever it holds) never stops the others.
        let names: NotifyEventName[];
        try {
          names = due(item, now);
        } catch {
          continue;
        }
        for (const name of names) {
          for (const target of targets) {
            // An item posted again under the same id (a request asked again after it expired) is new news.
            if (!(await claim(item.id, `${name}:${item.createdAt}:${target.tag}`))) continue;
            let body: string;
            try {
              const event = eventOf(item, name);
              body = JSON.stringify(format === "slack" ? { text: slackText(event) } : event);
            } catch {
              continue;
            }
            const delivery: Delivery = { event: name, id: item.id, body };
            target.queue.push(delivery);
          }
        }
      }
    },
    backlog: () => targets.reduce((n, t) => n + t.queue.size(), 0),
    close() {
      closed = true;
      for (const target of targets) target.queue.close();
    },
  };
}

function accountOf(item: InboxItem): string | null {
  const s = item.request.summary as { account_id?: unknown };
  return typeof s.account_id === "string" ? s.account_id.slice(0, 100) : null;
}

/** One line from the request's structured fields: the tool, the ad's headline and where it runs. */
function summaryOf(item: InboxItem): string {
  const s = item.request.summary as {
    media?: string;
    headline?: string;
    status?: string;
    adset_id?: string;
    account_id?: string;
    description?: string;
  };
  const line = (text: string) => text.replace(/\s+/g, " ").trim();
  const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
  if (typeof s.media === "string") {
    const headline = s.headline ? `"${cut(line(s.headline), 60)}"` : "without a headline";
    return line(
      `${item.request.tool}: ${s.status ?? ""} ad ${headline} in ad set ${s.adset_id ?? "?"} of ${s.account_id ?? "?"}`,
    );
  }
  return line(
    `${item.request.tool}: ${cut(line(String(s.description ?? "a call that needs a person")), 100)}`,
  );
}

/**
 * An agent's text for Slack: the three escapes (no `<url|label>` link, no @channel mention), in
 * inline code (no formatting, no auto-link; a backtick in it cannot close the code), with a
 * zero-width joiner after every URL scheme besides, so no client turns it into a link.
 */
const slackEscape = (text: string) =>
  `\`${text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("`", "\u02cb")
    .replace(/([a-z][a-z0-9+.-]*):(?=\/\/)/gi, "$1:\u200d")}\``;

/** The Slack incoming-webhook text of an event. */
export function slackText(event: NotifyEvent): string {
  const what = slackEscape(event.summary);
  const link = `<${event.approve_url}|Open in the inbox>`;
  const until = `expires ${event.expires_at.slice(0, 16).replace("T", " ")} UTC`;
  switch (event.event) {
    case "approval.requested":
      return `Approval needed: ${what}. ${link} (${until})`;
    case "approval.expiring":
      return `Expiring soon, still undecided: ${what}. ${link} (${until})`;
    case "approval.decided":
      return `${event.decision === "approved" ? "Approved" : "Declined"} by ${slackEscape(event.decided_by ?? "?")}: ${what}. ${link}`;
    case "approval.expired":
      return `${event.state === "abandoned" ? "Abandoned (the agent stopped waiting)" : "Expired without a decision"}: ${what}. The agent can ask again. ${link}`;
  }
}
