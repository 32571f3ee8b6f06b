import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/desk.js
import { hostname } from "node:os";
function inboxDesk(inbox, options) {
  const base = pageUrl(options.url);
  async function post(request, requester = {}) {
    const url = itemUrl(base, request.id);
    const existing = await inbox.queue.get(request.id);
    if (existing && existing.request.askedAt >= request.askedAt)
      return { url };
    const agent = requester.agent ?? options.agent;
    const item = {
      id: request.id,
      request,
      requester: {
        ...agent ? { agent } : {},
        ...requester.conversation ? { conversation: requester.conversation } : {},
        pid: process.pid,
        host: hostname()
      },
      createdAt: Date.now(),
      state: "pending",
      detached: true
    };
    await inbox.queue.add(item, 1);
    await inbox.audit.append({
      at: (/* @__PURE__ */ new Date()).toISOString(),
      event: "request",
      id: item.id,
      approvalRequest: request.id,
      tool: request.tool,
      fingerprint: request.fingerprint,
      ...request.account ? { account: request.account } : {},
      ...request.rule ? { rule: request.rule.name } : {},
      channel: "inbox",
      requester: item.requester,
      requestedAt: new Date(request.askedAt).toISOString(),
      expiresAt: new Date(request.expiresAt).toISOString()
    }).catch(() => {
    });
    return { url };
  }
  __name(post, "post");
  async function settled(requestId, result) {
    const data = result.ok === true ? result.data : void 0;
    const text = /* @__PURE__ */ __name((v) => typeof v === "string" && v !== "" ? v : void 0, "text");
    const outcome = {
      at: Date.now(),
      ok: result.ok === "pending" ? false : result.ok,
      status: result.status,
      ...text(data?.request_id) ? { requestId: text(data?.request_id) } : {},
      ...data?.ad_id != null ? { adId: String(data.ad_id) } : {},
      ...text(data?.status) ? { adStatus: text(data?.status) } : {},
      ..."error" in result ? { error: result.error } : {}
    };
    if (await inbox.queue.get(requestId))
      await inbox.settle(requestId, outcome);
  }
  __name(settled, "settled");
  return { post, decision: /* @__PURE__ */ __name((requestId) => readDecision(inbox, requestId), "decision"), settled };
}
__name(inboxDesk, "inboxDesk");
async function readDecision(inbox, requestId) {
  const item = await inbox.queue.get(requestId);
  if (!item)
    return { state: "waiting" };
  switch (item.state) {
    case "approved":
    case "declined": {
      const checked = item.id === requestId && item.request.id === requestId ? await inbox.checkDecision(item) : {
        state: "refused",
        reason: "the inbox item is for another request, so nothing was sent"
      };
      if (checked.state === "refused") {
        return {
          state: "declined",
          reason: `The inbox item reads ${item.state}, but ${checked.reason}.`,
          who: ""
        };
      }
      const who = checked.who.join(" and ");
      const signed = { who, fingerprint: item.request.fingerprint, sig: checked.sig };
      return checked.state === "approved" ? { state: "approved", text: checked.text, ...signed } : { state: "declined", reason: checked.reason, ...signed };
    }
    case "expired":
    case "abandoned":
      return { state: "expired" };
    default:
      return Date.now() >= item.request.expiresAt ? { state: "expired" } : { state: "waiting" };
  }
}
__name(readDecision, "readDecision");
function pageUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`inboxDesk url must be the inbox page's http(s) URL; got ${JSON.stringify(url)}.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`inboxDesk url must be an http(s) URL; got ${JSON.stringify(url)}.`);
  }
  if (!parsed.pathname.endsWith("/"))
    parsed.pathname = `${parsed.pathname}/`;
  parsed.search = "";
  parsed.hash = "";
  return parsed;
}
__name(pageUrl, "pageUrl");
function itemUrl(base, id) {
  const url = new URL(base);
  url.searchParams.set("item", id);
  return url.toString();
}
__name(itemUrl, "itemUrl");

export {
  inboxDesk,
  readDecision,
  itemUrl
};
