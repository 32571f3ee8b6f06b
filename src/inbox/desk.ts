import { hostname } from "node:os";
import type { ApprovalDesk, ConfirmRequest, DeskDecision, DeskRequester, ToolResult } from "../types.js";
import { type Inbox, statementsOf } from "./inbox.js";
import type { InboxItem, ItemOutcome } from "./types.js";

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

  async function settled(requestId: string, result: ToolResult): Promise<void> {
    const data = (result.ok === true ? result.data : undefined) as Record<string, unknown> | undefined;
    const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
    const outcome: ItemOutcome = {
      at: Date.now(),
      ok: result.ok === "pending" ? false : result.ok,
      status: result.status,
      ...(text(data?.request_id) ? { requestId: text(data?.request_id) } : {}),
      ...(data?.ad_id != null ? { adId: String(data.ad_id) } : {}),
      ...(text(data?.status) ? { adStatus: text(data?.status) } : {}),
      ...("error" in result ? { error: result.error } : {}),
    };
    if (await inbox.queue.get(requestId)) await inbox.settle(requestId, outcome);
  }

  return {
    post,
    decision: (requestId) => readDecision(inbox, requestId),
    settled,
    authority: inbox.authority,
  };
}

/**
 * What a person decided on the inbox item of request `requestId`, as the item carries it: the
 * state, the words, and the signed statements. The desk does not judge it; the toolkit's verifier
 * does, against the call it is about to send. An item missing from the inbox is "waiting" (the
 * toolkit posts it again).
 */
export async function readDecision(inbox: Inbox, requestId: string): Promise<DeskDecision> {
  const item = await inbox.queue.get(requestId);
  if (!item) return { state: "waiting" };
  switch (item.state) {
    case "approved":
    case "declined": {
      const d = item.decision;
      const who = (d?.who ?? (d?.by ? [d.by] : [])).join(" and ");
      const statements = statementsOf(item);
      return item.state === "approved"
        ? { state: "approved", text: d?.text ?? "", who, statements }
        : { state: "declined", reason: d?.reason ?? "", who, statements };
    }
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
