import {
  redact
} from "./chunk-V6IESX3N.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/notify.js
import { createHash } from "node:crypto";

// dist/inbox/notify-send.js
import { createHmac, randomUUID } from "node:crypto";
function signature(secret, body) {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
__name(signature, "signature");
var MAX_BACKOFF_MS = 6e4;
var MAX_QUEUED = 1e3;
function deliveryQueue(url, options) {
  const host = new URL(url).host;
  const waiting = [];
  let busy = false;
  let closed = false;
  let timer;
  const current = /* @__PURE__ */ new Set();
  const giveUp = /* @__PURE__ */ __name((d, why) => options.onGiveUp(`The ${d.event} notification for request ${d.id} to ${host} was given up: ${why}.`), "giveUp");
  async function tryOnce(d) {
    const abort = new AbortController();
    current.add(abort);
    const timeout = setTimeout(() => abort.abort(), options.timeoutMs);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "adrails-inbox",
          "x-adrails-event": d.event,
          // The same on every retry: a receiver drops a delivery it already has.
          "x-adrails-delivery": d.key,
          ...options.secret ? { "x-adrails-signature": signature(options.secret, d.body) } : {}
        },
        body: d.body,
        redirect: "manual",
        signal: abort.signal
      });
      await response.body?.cancel().catch(() => {
      });
      if (response.ok)
        return "sent";
      if (response.status >= 500 || [408, 425, 429].includes(response.status))
        return "retry";
      return `the webhook answered ${response.status}`;
    } catch {
      return "retry";
    } finally {
      clearTimeout(timeout);
      current.delete(abort);
    }
  }
  __name(tryOnce, "tryOnce");
  async function run() {
    if (busy || closed)
      return;
    busy = true;
    try {
      while (!closed && waiting.length > 0) {
        const head = waiting[0];
        head.tries += 1;
        const outcome = await tryOnce(head);
        if (closed)
          return;
        if (outcome === "retry" && head.tries < options.attempts) {
          const delay = Math.min(MAX_BACKOFF_MS, options.backoffMs * 2 ** (head.tries - 1));
          timer = setTimeout(() => {
            timer = void 0;
            void run();
          }, delay * (0.8 + Math.random() * 0.4));
          timer.unref?.();
          return;
        }
        waiting.shift();
        if (outcome === "retry")
          giveUp(head, `no success after ${head.tries} tries`);
        else if (outcome !== "sent")
          giveUp(head, outcome);
      }
    } finally {
      busy = false;
    }
  }
  __name(run, "run");
  return {
    push(d) {
      if (closed)
        return;
      if (waiting.length >= MAX_QUEUED) {
        giveUp(d, `${MAX_QUEUED} notifications are already waiting for this webhook`);
        return;
      }
      waiting.push({ ...d, tries: 0, key: randomUUID() });
      if (!timer)
        void run();
    },
    size: /* @__PURE__ */ __name(() => waiting.length, "size"),
    close() {
      closed = true;
      clearTimeout(timer);
      for (const abort of current)
        abort.abort();
      waiting.length = 0;
    }
  };
}
__name(deliveryQueue, "deliveryQueue");

// dist/inbox/notify.js
var RECENT_MS = 10 * 6e4;
var SUMMARY_MAX = 160;
function itemUrl(publicUrl, id) {
  const page = new URL(publicUrl);
  if (!page.pathname.endsWith("/"))
    page.pathname = `${page.pathname}/`;
  page.search = "";
  page.hash = "";
  page.searchParams.set("item", id);
  return page.href;
}
__name(itemUrl, "itemUrl");
function isHttpUrl(text) {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
}
__name(isHttpUrl, "isHttpUrl");
function createNotifier(queue, options) {
  for (const url of options.urls) {
    if (!isHttpUrl(url))
      throw new Error("A notify URL must be an http:// or https:// URL.");
  }
  if (!isHttpUrl(options.publicUrl))
    throw new Error("The inbox's public URL must be http:// or https://.");
  const format = options.format ?? "json";
  const expiringMs = options.expiringMs ?? 6e4;
  const secrets = [...options.secrets ?? [], ...options.secret ? [options.secret] : []].filter((s) => s.length > 0);
  const clean = /* @__PURE__ */ __name((text) => {
    let out = redact(text, void 0);
    for (const secret of secrets)
      out = redact(out, secret).split(secret).join("***");
    return out;
  }, "clean");
  const targets = options.urls.map((url) => ({
    url,
    // Claims name the webhook by a hash: the URL itself (a Slack webhook's path is its secret) stays out of the store.
    tag: createHash("sha256").update(url).digest("hex").slice(0, 16),
    queue: deliveryQueue(url, {
      attempts: options.attempts ?? 8,
      backoffMs: options.backoffMs ?? 1e3,
      timeoutMs: options.timeoutMs ?? 1e4,
      ...options.secret ? { secret: options.secret } : {},
      onGiveUp: /* @__PURE__ */ __name((message) => options.onGiveUp?.(message), "onGiveUp")
    })
  }));
  const tried = /* @__PURE__ */ new Set();
  const fallback = /* @__PURE__ */ new Set();
  const claim = /* @__PURE__ */ __name(async (id, tag) => {
    const key = `${id}|${tag}`;
    if (tried.has(key))
      return false;
    if (tried.size > 5e4)
      tried.clear();
    tried.add(key);
    if (queue.mark) {
      try {
        return await queue.mark(id, tag);
      } catch (error) {
        tried.delete(key);
        throw error;
      }
    }
    if (fallback.has(key))
      return false;
    fallback.add(key);
    return true;
  }, "claim");
  function due(item, now) {
    const recent = /* @__PURE__ */ __name((at) => at !== void 0 && at >= now - RECENT_MS, "recent");
    const out = [];
    const expiresAt = item.request.expiresAt;
    if (item.state === "pending" ? now < expiresAt : recent(item.createdAt))
      out.push("approval.requested");
    if (item.state === "pending" && now >= expiresAt - expiringMs && now < expiresAt && // A request that lived less than the warning gets none: "requested" already said when it ends.
    expiresAt - item.createdAt > expiringMs) {
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
  __name(due, "due");
  function eventOf(item, name) {
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
      ...decided ? {
        decision: d.approved ? "approved" : "declined",
        decided_by: clean(String(d.by)).slice(0, 80),
        decided_at: new Date(d.at).toISOString()
      } : {},
      sent_at: (/* @__PURE__ */ new Date()).toISOString()
    };
  }
  __name(eventOf, "eventOf");
  let closed = false;
  return {
    async watch(items) {
      if (closed)
        return;
      const now = Date.now();
      for (const item of items) {
        for (const name of due(item, now)) {
          for (const target of targets) {
            if (!await claim(item.id, `${name}:${item.createdAt}:${target.tag}`))
              continue;
            const event = eventOf(item, name);
            const body = JSON.stringify(format === "slack" ? { text: slackText(event) } : event);
            const delivery = { event: name, id: item.id, body };
            target.queue.push(delivery);
          }
        }
      }
    },
    backlog: /* @__PURE__ */ __name(() => targets.reduce((n, t) => n + t.queue.size(), 0), "backlog"),
    close() {
      closed = true;
      for (const target of targets)
        target.queue.close();
    }
  };
}
__name(createNotifier, "createNotifier");
function accountOf(item) {
  const s = item.request.summary;
  return typeof s.account_id === "string" ? s.account_id.slice(0, 100) : null;
}
__name(accountOf, "accountOf");
function summaryOf(item) {
  const s = item.request.summary;
  const line = /* @__PURE__ */ __name((text) => text.replace(/\s+/g, " ").trim(), "line");
  const cut = /* @__PURE__ */ __name((text, n) => text.length > n ? `${text.slice(0, n - 1)}\u2026` : text, "cut");
  if (typeof s.media === "string") {
    const headline = s.headline ? `"${cut(line(s.headline), 60)}"` : "without a headline";
    return line(`${item.request.tool}: ${s.status ?? ""} ad ${headline} in ad set ${s.adset_id ?? "?"} of ${s.account_id ?? "?"}`);
  }
  return line(`${item.request.tool}: ${cut(line(String(s.description ?? "a call that needs a person")), 100)}`);
}
__name(summaryOf, "summaryOf");
var slackEscape = /* @__PURE__ */ __name((text) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;"), "slackEscape");
function slackText(event) {
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
__name(slackText, "slackText");

export {
  signature,
  itemUrl,
  isHttpUrl,
  createNotifier,
  slackText
};
