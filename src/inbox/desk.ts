import { hostname } from "node:os";
import type { ApprovalDesk, ConfirmRequest, DeskDecision, DeskRequester } from "../types.js";
import type { Inbox } from "./inbox.js";
import type { InboxItem } from "./types.js";

/** Options of {@link inboxDesk}. */
export interface InboxDeskOptions {
  /**
   * The inbox page's URL as people open it (behind a proxy, its public address), e.g.
   * "https://ads.example.com/inbox/". Each pending result links to one request on it.
   */
  url: string;
  /** A name for this agent or job, shown on the page and recorded in the audit. */
  agent?: string;
}

/**
 * The inbox as a toolkit's approval desk (`createAdTools({ desk: inboxDesk(inbox, { url }) })`):
 * a call that needs a person is posted as an item no agent waits on (never abandoned; it expires
 * with the request), whose id is the request's id, and returns a pending result linking to it;
 * `toolkit.awaitApproval` reads the person's decision here. The toolkit's store stays the
 * authority: the decision is recorded and redeemed there, once.
 */
export function inboxDesk(inbox: Inbox, options: InboxDeskOptions): ApprovalDesk {
  const base = pageUrl(options.url);

  async function post(request: ConfirmRequest, requester: DeskRequester = {}): Promise<{ url: string }> {
    const url = itemUrl(base, request.id);
    const existing = await inbox.queue.get(request.id);
    // Once per request: the same request is never posted twice, and a decided item is never reset.
    // A request asked again after it expired (same id, a later ask) replaces the old item, and
    // whatever was decided on it.
    if (existing && existing.request.askedAt >= request.askedAt) return { url };
    const agent = requester.agent ?? options.agent;
    const item: InboxItem = {
      id: request.id,
      request,
      requester: {
        ...(agent ? { agent } : {}),
        ...(requester.conversation ? { conversation: requester.conversation } : {}),
        pid: process.pid,
        host: hostname(),
      },
      createdAt: Date.now(),
      state: "pending",
      detached: true,
    };
    await inbox.queue.add(item, 1);
    await inbox.audit
      .append({
        at: new Date().toISOString(),
        event: "request",
        id: item.id,
        approvalRequest: request.id,
        tool: request.tool,
        fingerprint: request.fingerprint,
        ...(request.account ? { account: request.account } : {}),
        ...(request.rule ? { rule: request.rule.name } : {}),
        channel: "inbox",
        requester: item.requester,
        requestedAt: new Date(request.askedAt).toISOString(),
        expiresAt: new Date(request.expiresAt).toISOString(),
      })
      .catch(() => {});
    return { url };
  }

  return { post, decision: (requestId) => readDecision(inbox, requestId) };
}

/**
 * What a person decided on the inbox item of request `requestId`: the one place a desk's decision
 * is read, so checks of its origin belong here. An item missing from the inbox is "waiting" (the
 * toolkit posts it again); a decision on another payload than the item's request counts for nothing.
 */
export async function readDecision(inbox: Inbox, requestId: string): Promise<DeskDecision> {
  const item = await inbox.queue.get(requestId);
  if (!item) return { state: "waiting" };
  switch (item.state) {
    case "approved": {
      const decision = item.decision;
      if (
        !decision ||
        (decision.fingerprint !== undefined && decision.fingerprint !== item.request.fingerprint)
      ) {
        return { state: "waiting" };
      }
      return {
        state: "approved",
        text: decision.text ?? "",
        who: decision.by,
        fingerprint: item.request.fingerprint,
      };
    }
    case "declined":
      return { state: "declined", reason: item.decision?.reason ?? "", who: item.decision?.by ?? "" };
    case "expired":
    case "abandoned":
      return { state: "expired" };
    default:
      return Date.now() >= item.request.expiresAt ? { state: "expired" } : { state: "waiting" };
  }
}

/** The page's URL with a trailing slash; an http(s) URL is required. */
function pageUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`inboxDesk url must be the inbox page's http(s) URL; got ${JSON.stringify(url)}.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`inboxDesk url must be an http(s) URL; got ${JSON.stringify(url)}.`);
  }
  if (!parsed.pathname.endsWith("/")) parsed.pathname = `${parsed.pathname}/`;
  parsed.search = "";
  parsed.hash = "";
  return parsed;
}

/** The URL that opens one request on the page. */
export function itemUrl(base: URL, id: string): string {
  const url = new URL(base);
  url.searchParams.set("item", id);
  return url.toString();
}
