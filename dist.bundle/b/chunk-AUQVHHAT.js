import {
  approvalsNeeded,
  mayDecide,
  personOfToken
} from "./chunk-GLA6LA6S.js";
import {
  generateInboxKey,
  signDecision,
  verifyDecision
} from "./chunk-4TPLKNTJ.js";
import {
  canonicalJson,
  redactDeep
} from "./chunk-VFPHF6ZS.js";
import {
  StoreError
} from "./chunk-YOX5XIST.js";
import {
  redact
} from "./chunk-V6IESX3N.js";
import {
  isPrivateHost
} from "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/handler.js
import { createHash as createHash2 } from "node:crypto";
import { readFileSync } from "node:fs";

// dist/inbox/inbox.js
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

// dist/inbox/audit.js
import { appendFile, readFile } from "node:fs/promises";
function memoryAudit(max = 1e4) {
  const entries = [];
  return {
    name: "memory",
    async append(entry) {
      entries.push(structuredClone(entry));
      if (entries.length > max)
        entries.splice(0, entries.length - max);
    },
    async read() {
      return structuredClone(entries);
    }
  };
}
__name(memoryAudit, "memoryAudit");
function fileAudit(path) {
  let queue = Promise.resolve();
  return {
    name: `file ${path}`,
    append(entry) {
      const line = `${JSON.stringify(entry)}
`;
      const done = queue.then(() => appendFile(path, line, { encoding: "utf8", mode: 384 }));
      queue = done.catch(() => {
      });
      return done;
    },
    async read() {
      let text;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        if (error.code === "ENOENT")
          return [];
        throw error;
      }
      return text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
    }
  };
}
__name(fileAudit, "fileAudit");
function auditTo(trails, secrets = []) {
  const clean = /* @__PURE__ */ __name((entry) => secrets.reduce((value, secret) => secret ? redactSecret(value, secret) : value, redactDeep(entry)), "clean");
  return {
    name: trails.map((t) => t.name).join(" + "),
    async append(entry) {
      const safe = clean(entry);
      const results = await Promise.allSettled(trails.map((t) => t.append(safe)));
      const failed = results.find((r) => r.status === "rejected");
      if (failed)
        throw failed.reason;
    },
    async read() {
      return trails[0] ? trails[0].read() : [];
    }
  };
}
__name(auditTo, "auditTo");
function redactSecret(entry, secret) {
  const text = JSON.stringify(entry);
  return text.includes(secret) ? JSON.parse(text.split(secret).join("***")) : entry;
}
__name(redactSecret, "redactSecret");
async function mirrorAudit(source, target, intervalMs = 250) {
  if (!source.since)
    throw new Error(`The audit trail ${source.name} cannot be followed.`);
  const since = source.since.bind(source);
  let cursor;
  let timer;
  let stopped = false;
  const copy = /* @__PURE__ */ __name(async () => {
    cursor ??= (await since()).cursor;
    for (; ; ) {
      const next = await since(cursor);
      for (const entry of next.entries)
        await target.append(entry);
      if (next.cursor === cursor || next.entries.length === 0)
        return;
      cursor = next.cursor;
    }
  }, "copy");
  let running = Promise.resolve();
  const tick = /* @__PURE__ */ __name(() => {
    running = copy().catch(() => {
    });
    running.then(() => {
      if (!stopped)
        timer = setTimeout(tick, intervalMs);
    });
  }, "tick");
  await copy().catch(() => {
  });
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await copy().catch(() => {
      });
    }
  };
}
__name(mirrorAudit, "mirrorAudit");

// dist/inbox/memory-queue.js
var MAX_ITEMS = 1e3;
function memoryQueue() {
  const items = /* @__PURE__ */ new Map();
  const seenUntil = /* @__PURE__ */ new Map();
  const marks = /* @__PURE__ */ new Map();
  const copy = /* @__PURE__ */ __name((item) => structuredClone(item), "copy");
  const alive = /* @__PURE__ */ __name((id) => (seenUntil.get(id) ?? 0) > Date.now(), "alive");
  return {
    name: "memory",
    async add(item, aliveMs) {
      items.set(item.id, copy(item));
      seenUntil.set(item.id, Date.now() + aliveMs);
      for (const id of items.keys()) {
        if (items.size <= MAX_ITEMS)
          break;
        items.delete(id);
        seenUntil.delete(id);
        marks.delete(id);
      }
    },
    async beat(id, aliveMs) {
      if (items.has(id))
        seenUntil.set(id, Date.now() + aliveMs);
    },
    async get(id) {
      const item = items.get(id);
      return item ? copy(item) : null;
    },
    async list(limit) {
      return [...items.values()].sort((a, b) => b.createdAt - a.createdAt).slice(0, limit).map(copy);
    },
    async alive(id) {
      return alive(id);
    },
    async decide(id, decision, graceMs, count = { needed: 1, prior: 0 }) {
      const item = items.get(id);
      if (!item)
        return { ok: false, code: "not-found" };
      if (item.state === "expired" || item.state === "abandoned")
        return { ok: false, code: item.state, item: copy(item) };
      if (item.state !== "pending")
        return { ok: false, code: "already-decided", item: copy(item) };
      if (decision.fingerprint !== void 0 && decision.fingerprint !== item.request.fingerprint)
        return { ok: false, code: "changed", item: copy(item) };
      if (Date.now() >= item.request.expiresAt - graceMs)
        return { ok: false, code: "expired", item: copy(item) };
      if (!item.detached && !alive(id))
        return { ok: false, code: "abandoned", item: copy(item) };
      if (decision.approved && count.needed > 1) {
        const approvals = item.approvals ?? [];
        if (approvals.length !== count.prior)
          return { ok: false, code: "raced", item: copy(item) };
        if (approvals.some((a) => a.by === decision.by))
          return { ok: false, code: "same-person", item: copy(item) };
        item.approvals = [...approvals, { ...decision }];
        if (item.approvals.length < count.needed)
          return { ok: true, item: copy(item) };
      }
      item.state = decision.approved ? "approved" : "declined";
      item.decision = { ...decision };
      return { ok: true, item: copy(item) };
    },
    async close(id, state, at) {
      const item = items.get(id);
      if (item?.state !== "pending")
        return false;
      item.state = state;
      item.closedAt = at;
      return true;
    },
    async redeem(id, at) {
      const item = items.get(id);
      if (item?.state !== "approved" || item.redeemedAt !== void 0)
        return false;
      item.redeemedAt = at;
      return true;
    },
    async settle(id, outcome) {
      const item = items.get(id);
      if (item)
        item.outcome = { ...outcome };
    },
    async mark(id, tag) {
      const set = marks.get(id) ?? /* @__PURE__ */ new Set();
      marks.set(id, set);
      if (set.has(tag))
        return false;
      set.add(tag);
      return true;
    },
    async shutdown() {
    }
  };
}
__name(memoryQueue, "memoryQueue");

// dist/inbox/verify.js
async function checkDecision(trusted, item, expected) {
  const refuse = /* @__PURE__ */ __name((why) => ({
    state: "refused",
    reason: `${why}, so it does not count and nothing was sent`
  }), "refuse");
  const d = item.decision;
  if (!d || item.state !== "approved" && item.state !== "declined") {
    return refuse(`the inbox item is ${item.state} without a decision`);
  }
  if (trusted.length === 0)
    return refuse("this agent has no inbox public key to check the decision with");
  const claims = await verifyDecision(trusted, d.sig);
  if (!claims) {
    return refuse(d.sig ? "the decision in the store is not signed by the inbox's key (ADRAILS_INBOX_PUBLIC_KEY)" : "the decision in the store carries no inbox signature");
  }
  const want = item.state === "approved" ? "approved" : "declined";
  if (claims.decision !== want)
    return refuse(`the signature is for a ${claims.decision} decision, not ${want}`);
  if (claims.item !== expected.item || claims.request !== expected.request) {
    return refuse("the signed decision is for another request");
  }
  if (claims.fingerprint !== expected.fingerprint) {
    return refuse(`the signed decision is for payload ${claims.fingerprint}, not ${expected.fingerprint}`);
  }
  const words = want === "approved" ? d.text : d.reason;
  const signedWords = want === "approved" ? claims.text : claims.reason;
  if ((words ?? "") !== (signedWords ?? ""))
    return refuse("the decision's words differ from the signed ones");
  const who = d.who ?? [d.by];
  if (JSON.stringify(who) !== JSON.stringify(claims.who) || claims.at !== d.at) {
    return refuse("the decision's people or time differ from the signed ones");
  }
  const sig = d.sig;
  return want === "approved" ? { state: "approved", text: claims.text ?? "", who: claims.who, at: claims.at, sig } : { state: "declined", reason: claims.reason ?? "", who: claims.who, at: claims.at, sig };
}
__name(checkDecision, "checkDecision");

// dist/inbox/inbox.js
var iso = /* @__PURE__ */ __name((ms) => new Date(ms).toISOString(), "iso");
var SWEEP_LIMIT = 2e3;
function sameRequest(stored, asked) {
  return canonicalJson(stored) === canonicalJson(JSON.parse(JSON.stringify(asked)));
}
__name(sameRequest, "sameRequest");
function createInbox(options = {}) {
  const queue = options.queue ?? memoryQueue();
  const audit = options.audit ?? memoryAudit();
  const heartbeatMs = options.heartbeatMs ?? 1e3;
  const aliveMs = options.abandonAfterMs ?? 5e3;
  const pollMs = options.pollMs ?? 250;
  const graceMs = options.graceMs ?? 1e3;
  const people = options.people;
  let ownKey;
  const signingKey = /* @__PURE__ */ __name(() => ownKey ??= Promise.resolve(options.key ?? generateInboxKey()), "signingKey");
  const trustedKey = /* @__PURE__ */ __name(() => Promise.resolve(options.publicKey ?? signingKey()), "trustedKey");
  const check = /* @__PURE__ */ __name(async (item) => checkDecision([await trustedKey()], item, {
    item: item.id,
    request: item.request.id,
    fingerprint: item.request.fingerprint
  }), "check");
  const watch = /* @__PURE__ */ __name(async (items) => {
    try {
      await options.watch?.(items);
    } catch {
    }
  }, "watch");
  const entry = /* @__PURE__ */ __name((item, event, extra = {}) => {
    const base = {
      at: iso(Date.now()),
      event,
      id: item.id,
      tool: item.request.tool,
      fingerprint: item.request.fingerprint,
      ...item.request.account ? { account: item.request.account } : {},
      approvalRequest: item.request.id,
      ...item.request.rule ? { rule: item.request.rule.name } : {},
      channel: "inbox",
      requester: item.requester,
      ...extra
    };
    return audit.append(base);
  }, "entry");
  async function ask(request, who = {}, signal) {
    const item = {
      id: randomUUID(),
      request,
      requester: {
        ...who.agent ? { agent: who.agent } : {},
        ...who.conversation ? { conversation: who.conversation } : {},
        pid: who.pid ?? process.pid,
        host: who.host ?? hostname()
      },
      createdAt: Date.now(),
      state: "pending"
    };
    const no = /* @__PURE__ */ __name((reason) => ({ id: item.id, decision: { approved: false, reason } }), "no");
    try {
      await queue.add(item, aliveMs);
    } catch (error) {
      return no(`the inbox could not take the request (${message(error)})`);
    }
    await entry(item, "request", {
      requestedAt: iso(item.createdAt),
      expiresAt: iso(request.expiresAt)
    }).catch(() => {
    });
    void watch([item]);
    let lastBeat = Date.now();
    while (Date.now() < request.expiresAt - graceMs / 2 && !signal?.aborted) {
      try {
        if (Date.now() - lastBeat >= heartbeatMs) {
          await queue.beat(item.id, aliveMs);
          lastBeat = Date.now();
        }
        const now = await queue.get(item.id);
        if (now && (now.state === "approved" || now.state === "declined")) {
          if (!sameRequest(now.request, request)) {
            await queue.close(item.id, "expired", Date.now()).catch(() => false);
            return no("the inbox item was changed in the store after it was asked (it no longer matches this call's request), so its decision does not count");
          }
          const checked = await checkDecision([await trustedKey()], now, {
            item: item.id,
            request: request.id,
            fingerprint: request.fingerprint
          });
          if (checked.state === "refused")
            return no(`the inbox item reads ${now.state}, but ${checked.reason}`);
          if (checked.state === "declined")
            return no(checked.reason);
          if (await queue.redeem(item.id, Date.now())) {
            return { id: item.id, decision: { approved: true, text: checked.text } };
          }
          return no("the inbox approval was already taken once");
        }
        if (now && now.state !== "pending")
          return no(`the inbox request was ${now.state}`);
      } catch {
      }
      await sleep(Math.min(pollMs, Math.max(1, request.expiresAt - Date.now())));
    }
    const closed = await queue.close(item.id, "expired", Date.now()).catch(() => false);
    if (closed)
      await entry(item, "expire", { reason: "no decision before the request expired" }).catch(() => {
      });
    return {
      id: item.id,
      decision: {
        approved: false,
        undecided: true,
        reason: signal?.aborted ? "the call was cancelled while waiting in the inbox" : "nobody decided in the inbox before the request expired (not a decline: make the same call again to ask again)"
      }
    };
  }
  __name(ask, "ask");
  async function decide(id, decision, by, fingerprint) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const item = await queue.get(id);
      if (!item)
        return { ok: false, code: "not-found" };
      const account = accountOf(item.request);
      if (people) {
        const person = people.people.find((p) => p.name === by);
        if (!person || !mayDecide(person, account))
          return { ok: false, code: "not-allowed", item };
      }
      const needed = decision.approved ? approvalsNeeded(people, account) : 1;
      const prior = item.approvals ?? [];
      const who = needed > 1 ? [...prior.map((a) => a.by), by] : [by];
      const at = Date.now();
      const claims = {
        v: 1,
        item: item.id,
        request: item.request.id,
        fingerprint: item.request.fingerprint,
        decision: !decision.approved ? "declined" : who.length >= needed ? "approved" : "partial",
        ...decision.approved ? { text: decision.text } : { reason: decision.reason },
        who,
        at
      };
      const sig = await signDecision(await signingKey(), claims);
      const result = await queue.decide(id, {
        approved: decision.approved,
        by,
        at,
        ...decision.approved ? { text: decision.text } : { reason: decision.reason },
        ...fingerprint !== void 0 ? { fingerprint } : {},
        who,
        sig
      }, graceMs, { needed, prior: prior.length });
      if (!result.ok && result.code === "raced")
        continue;
      if (result.ok) {
        const event = claims.decision === "declined" ? "decline" : claims.decision === "partial" ? "first-approval" : "approve";
        await entry(result.item, event, {
          at: iso(at),
          decider: by,
          ...decision.approved ? { text: decision.text } : { reason: decision.reason },
          ...who.length > 1 || needed > 1 ? { approvers: who } : {},
          signature: sig
        });
        void watch([result.item]);
      } else if (result.code === "abandoned" && result.item) {
        await markClosed(result.item, "abandoned");
      } else if (result.code === "expired" && result.item && result.item.state === "pending") {
        await markClosed(result.item, "expired");
      }
      return result;
    }
    return { ok: false, code: "raced" };
  }
  __name(decide, "decide");
  async function markClosed(item, state) {
    if (await queue.close(item.id, state, Date.now())) {
      await entry(item, state === "expired" ? "expire" : "abandon", state === "expired" ? { reason: "no decision before the request expired" } : { reason: "the agent that asked stopped waiting (no heartbeat)" });
    }
  }
  __name(markClosed, "markClosed");
  async function closeStale(items) {
    const now = Date.now();
    let closed = 0;
    for (const item of items) {
      if (item.state !== "pending")
        continue;
      if (now >= item.request.expiresAt)
        await markClosed(item, "expired");
      else if (!item.detached && !await queue.alive(item.id))
        await markClosed(item, "abandoned");
      else
        continue;
      closed += 1;
      const fresh = await queue.get(item.id);
      if (fresh)
        Object.assign(item, fresh);
    }
    return closed;
  }
  __name(closeStale, "closeStale");
  async function list(limit = 200) {
    const items = await queue.list(limit);
    await closeStale(items);
    return items;
  }
  __name(list, "list");
  const sweep = /* @__PURE__ */ __name(async () => {
    const items = await queue.list(SWEEP_LIMIT);
    const closed = await closeStale(items);
    await watch(items);
    return closed;
  }, "sweep");
  let sweeper;
  let sweeping = false;
  function startSweeper(everyMs) {
    if (sweeper)
      return;
    sweeper = setInterval(() => {
      if (sweeping)
        return;
      sweeping = true;
      sweep().catch(() => {
      }).finally(() => {
        sweeping = false;
      });
    }, everyMs);
    sweeper.unref();
  }
  __name(startSweeper, "startSweeper");
  async function settle(id, outcome) {
    await queue.settle(id, outcome);
    const item = await queue.get(id);
    if (!item)
      return;
    await entry(item, "outcome", {
      ...item.decision ? { decider: item.decision.by } : {},
      ok: outcome.ok,
      status: outcome.status,
      ...outcome.requestId ? { requestId: outcome.requestId } : {},
      ...outcome.adId ? { adId: outcome.adId } : {},
      ...outcome.error ? { error: outcome.error } : {}
    });
  }
  __name(settle, "settle");
  return {
    queue,
    audit,
    ask,
    decide,
    list,
    settle,
    sweep,
    startSweeper,
    close: /* @__PURE__ */ __name(() => {
      clearInterval(sweeper);
      return queue.shutdown();
    }, "close"),
    publicJwk: /* @__PURE__ */ __name(async () => ({ ...(await trustedKey()).jwk }), "publicJwk"),
    checkDecision: check
  };
}
__name(createInbox, "createInbox");
function accountOf(request) {
  if (request.account)
    return request.account;
  const summary = request.summary;
  return typeof summary.account_id === "string" ? summary.account_id : void 0;
}
__name(accountOf, "accountOf");
function message(error) {
  return error instanceof Error ? error.message : String(error);
}
__name(message, "message");
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
__name(sleep, "sleep");

// dist/inbox/listing.js
var PAGE_SIZE = 25;
var askerOf = /* @__PURE__ */ __name((item) => JSON.stringify([item.requester.agent ?? "", item.requester.host ?? "", item.requester.pid ?? 0]), "askerOf");
function fairOrder(pending) {
  const byAsker = /* @__PURE__ */ new Map();
  for (const item of [...pending].sort((a, b) => a.createdAt - b.createdAt)) {
    const key = askerOf(item);
    const list = byAsker.get(key);
    if (list)
      list.push(item);
    else
      byAsker.set(key, [item]);
  }
  const queues = [...byAsker.values()];
  const out = [];
  for (let round = 0; out.length < pending.length; round++) {
    for (const queue of queues)
      if (queue[round])
        out.push(queue[round]);
  }
  return out;
}
__name(fairOrder, "fairOrder");
function pageOf(items, page, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((at - 1) * size, at * size), page: at, pages, total: items.length };
}
__name(pageOf, "pageOf");

// dist/inbox/security.js
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
var COOKIE = "adrails_inbox";
var KEY_HEADER = "x-adrails-inbox-key";
var SECURITY_HEADERS = {
  "content-security-policy": "default-src 'self'; img-src https:; media-src https:; connect-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
  "cross-origin-resource-policy": "same-origin"
};
function createSessions(ttlMs) {
  const sessions = /* @__PURE__ */ new Map();
  const browserOf = /* @__PURE__ */ __name((req) => cookie(req, COOKIE), "browserOf");
  const live = /* @__PURE__ */ __name((s) => s && s.expiresAt >= Date.now() ? s : void 0, "live");
  return {
    /** A new tab session; the browser's cookie is kept when it names a live session. */
    open(name, req) {
      for (const [key, s] of sessions)
        if (s.expiresAt < Date.now())
          sessions.delete(key);
      const known = browserOf(req);
      const id = known && [...sessions.values()].some((s) => s.id === known) ? known : token();
      const session = { id, name, key: token(), expiresAt: Date.now() + ttlMs };
      sessions.set(session.key, session);
      return session;
    },
    /** The session of the request's key, only when the request also carries its browser's cookie. */
    of(req) {
      const key = req.headers[KEY_HEADER];
      if (typeof key !== "string" || key === "")
        return void 0;
      const session = live(sessions.get(key));
      const browser = browserOf(req);
      if (!session || browser === void 0 || !sameSecret(browser, session.id))
        return void 0;
      return session;
    },
    end(session) {
      sessions.delete(session.key);
    }
  };
}
__name(createSessions, "createSessions");
function token(bytes = 24) {
  return randomBytes(bytes).toString("base64url");
}
__name(token, "token");
function sameSecret(given, expected) {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
__name(sameSecret, "sameSecret");
function createSignInLimit(perAddress, windowMs) {
  const failures = /* @__PURE__ */ new Map();
  const all = [];
  const recent = /* @__PURE__ */ __name((list) => {
    const since = Date.now() - windowMs;
    while (list.length > 0 && list[0] < since)
      list.shift();
    return list;
  }, "recent");
  return {
    /** Seconds a wrong try waits before the next is even compared, or 0. */
    waitS(address) {
      const mine = recent(failures.get(address) ?? []);
      const total = recent(all);
      const blocker = mine.length >= perAddress ? mine[0] : total.length >= perAddress * 4 ? total[0] : void 0;
      return blocker === void 0 ? 0 : Math.max(1, Math.ceil((blocker + windowMs - Date.now()) / 1e3));
    },
    fail(address) {
      const list = failures.get(address) ?? [];
      list.push(Date.now());
      failures.set(address, list);
      if (failures.size > 1e4)
        failures.delete(failures.keys().next().value);
      all.push(Date.now());
      if (all.length > perAddress * 40)
        all.shift();
    }
  };
}
__name(createSignInLimit, "createSignInLimit");
function cookie(req, name) {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name)
      return rest.join("=");
  }
  return void 0;
}
__name(cookie, "cookie");
function sessionCookie(session) {
  return session ? `${COOKIE}=${session.id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.floor((session.expiresAt - Date.now()) / 1e3)}` : `${COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}
__name(sessionCookie, "sessionCookie");
var LOOPBACK = /* @__PURE__ */ new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
function hostName(host) {
  return host.replace(/:\d+$/, "").toLowerCase();
}
__name(hostName, "hostName");
function foreignOrigin(req, allowedHosts, change = false) {
  const host = req.headers.host ?? "";
  const name = hostName(host);
  if (!LOOPBACK.has(name) && !allowedHosts.has(name))
    return `the Host ${JSON.stringify(host)} is not this inbox`;
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
  if (origin === void 0) {
    if (change && req.headers["sec-fetch-site"] !== "same-origin") {
      return "the request does not say it came from this inbox's page (no Origin)";
    }
    return null;
  }
  if (origin === "null" || !URL.canParse(origin) || new URL(origin).host.toLowerCase() !== host.toLowerCase()) {
    return `the request came from another origin (${origin})`;
  }
  return null;
}
__name(foreignOrigin, "foreignOrigin");
function refererOrigin(referer) {
  return referer && URL.canParse(referer) ? new URL(referer).origin : void 0;
}
__name(refererOrigin, "refererOrigin");
function contactableUrl(value, ownHosts, allowHttp) {
  if (!value || !URL.canParse(value))
    return null;
  const url = new URL(value);
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:"))
    return null;
  if (url.username || url.password)
    return null;
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (isPrivateHost(host) || LOOPBACK.has(host) || ownHosts.has(host))
    return null;
  return url.href;
}
__name(contactableUrl, "contactableUrl");
function scrubber(tokens) {
  const list = (typeof tokens === "string" ? [tokens] : tokens).filter((t) => t !== "");
  return (text) => list.reduce((out, token2) => redact(out, token2).split(token2).join("***"), redact(text));
}
__name(scrubber, "scrubber");
function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { ...SECURITY_HEADERS, "content-type": type, ...headers });
  res.end(body);
}
__name(send, "send");

// dist/inbox/plan-render.js
function isPlanItem(item) {
  const plan = item.request.plan;
  return typeof plan === "object" && plan !== null && Array.isArray(plan.requests);
}
__name(isPlanItem, "isPlanItem");
var adOf = /* @__PURE__ */ __name((r) => r.summary && "media" in r.summary ? r.summary : void 0, "adOf");
function planFields(item) {
  if (!isPlanItem(item))
    return {};
  const r = item.requester;
  const out = {
    message: item.request.message,
    agent: r.agent ?? "",
    conversation: r.conversation ?? "",
    host: String(r.host ?? "")
  };
  item.request.plan.requests.forEach((request, i) => {
    const p = `p${i + 1}.`;
    out[`${p}message`] = request.message ?? "";
    const ad = adOf(request);
    if (ad) {
      out[`${p}headline`] = ad.headline ?? "";
      out[`${p}primary_text`] = ad.primary_text ?? "";
      out[`${p}destination`] = ad.destination;
      out[`${p}media`] = ad.media;
      out[`${p}thumbnail`] = ad.thumbnail ?? "";
    } else {
      const s = request.summary;
      out[`${p}arguments`] = JSON.stringify(s.arguments ?? {}, null, 2);
    }
  });
  return out;
}
__name(planFields, "planFields");
function destination(item, n, value, ctx) {
  const url = contactableUrl(value, ctx.ownHosts, true);
  const text = `<span class="url">${capped(item, `p${n}.destination`, value, ctx)}</span>`;
  if (!url || url.length > 2e3)
    return text;
  return `${text} <a href="${esc(url)}" target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">open</a>`;
}
__name(destination, "destination");
function payload(item, request, n, ctx) {
  const f = planFields(item);
  const field = /* @__PURE__ */ __name((name) => capped(item, `p${n}.${name}`, f[`p${n}.${name}`] ?? "", ctx), "field");
  const ad = adOf(request);
  const warned = request.previousLive || request.possiblyLive || request.rule;
  const rows = ad ? [
    row("Account", short(ad.account_id, ctx)),
    row("Ad set", short(ad.adset_id, ctx)),
    row("Headline", ad.headline === void 0 ? "(none)" : field("headline")),
    row("Primary text", ad.primary_text === void 0 ? "(none)" : field("primary_text")),
    row("Destination", destination(item, n, ad.destination, ctx)),
    row("Media", field("media")),
    ...ad.thumbnail !== void 0 ? [row("Thumbnail", field("thumbnail"))] : [],
    row("Status asked", short(ad.status, ctx))
  ] : [
    row("Account", short(request.account ?? "(none)", ctx)),
    row("Exact arguments", `<pre>${field("arguments")}</pre>`)
  ];
  rows.push(row("Payload fingerprint", short(request.fingerprint, ctx)));
  if (warned)
    rows.unshift(row("Read first", field("message")));
  return `<li class="plan-payload${warned ? " warned" : ""}" data-payload="${n}"><h4>Payload ${n} of ${esc(item.request.plan.requests.length)}</h4><dl>${rows.join("")}</dl></li>`;
}
__name(payload, "payload");
function renderPlan(item, ctx) {
  if (!isPlanItem(item))
    return "";
  const id = esc(item.id);
  const { requests } = item.request.plan;
  const n = requests.length;
  const tool = short(item.request.tool, ctx);
  const common = [
    row("Plan", short(item.request.plan.id, ctx)),
    row("What approving does", capped(item, "message", item.request.message, ctx)),
    row("Plan fingerprint", short(item.request.fingerprint, ctx)),
    row("Asked by", asker(item, ctx)),
    row("Asked at", time(item.createdAt)),
    row("Expires at", time(item.request.expiresAt))
  ];
  const forms = item.state === "pending" ? decisionForms(item).replace("confirming this ad may go live now", `confirming these ${n} payloads may go live now`).replace(">Approve and launch<", `>Approve all ${n} and launch<`).replace(">Decline<", `>Decline all ${n}<`) : history(item, ctx);
  return `<article class="item plan state-${esc(item.state)}" id="item-${id}" data-id="${id}" data-state="${esc(item.state)}" data-plan-size="${n}" aria-labelledby="title-${id}">
<h3 id="title-${id}"><span class="badge">${esc(STATE_LABEL[item.state])}</span> Plan of ${n} ${tool} calls <span class="sub">\xB7 ${short(item.request.account ?? "several accounts", ctx)}</span></h3>
<dl class="plan-head">${common.join("")}</dl>
<ol class="plan-payloads">${requests.map((r, i) => payload(item, r, i + 1, ctx)).join("")}</ol>
${forms}
<p class="result" role="status" aria-live="polite"></p></article>`;
}
__name(renderPlan, "renderPlan");

// dist/inbox/render.js
var FIELD_CAP = 600;
function adOf2(item) {
  const s = item.request.summary;
  return "media" in s ? s : void 0;
}
__name(adOf2, "adOf");
function esc(value) {
  return String(value ?? "").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
__name(esc, "esc");
var time = /* @__PURE__ */ __name((ms) => {
  if (ms === void 0 || !Number.isFinite(ms))
    return "";
  const text = `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return `<time datetime="${esc(new Date(ms).toISOString())}">${esc(text)}</time>`;
}, "time");
var timeLeft = /* @__PURE__ */ __name((expiresAt) => `<span class="time-left" role="timer" data-expires="${esc(expiresAt)}">${time(expiresAt)}</span>`, "timeLeft");
var STATE_LABEL = {
  pending: "Waiting for a decision",
  approved: "Approved",
  declined: "Declined",
  expired: "Expired: nobody decided in time",
  abandoned: "Abandoned: the agent stopped waiting"
};
function fieldsOf(item) {
  if (isPlanItem(item))
    return planFields(item);
  const ad = adOf2(item);
  const r = item.requester;
  const common = {
    message: item.request.message,
    agent: r.agent ?? "",
    conversation: r.conversation ?? "",
    host: String(r.host ?? "")
  };
  if (!ad) {
    const s = item.request.summary;
    return {
      ...common,
      description: String(s.description ?? ""),
      arguments: JSON.stringify(s.arguments ?? {}, null, 2)
    };
  }
  return {
    ...common,
    headline: ad.headline ?? "",
    primary_text: ad.primary_text ?? "",
    destination: ad.destination,
    media: ad.media,
    thumbnail: ad.thumbnail ?? ""
  };
}
__name(fieldsOf, "fieldsOf");
var WINDOW = FIELD_CAP + 400;
function head(value, ctx, cap) {
  return ctx.clean(value.length > WINDOW ? value.slice(0, WINDOW) : value).slice(0, cap);
}
__name(head, "head");
function capped(item, name, value, ctx) {
  if (value.length <= FIELD_CAP)
    return `<span class="value">${esc(ctx.clean(value))}</span>`;
  const shown = head(value, ctx, FIELD_CAP);
  return `<span class="value">${esc(shown)}\u2026</span> <button type="button" class="link show-all" data-id="${esc(item.id)}" data-field="${esc(name)}">Show all ${value.length} characters</button>`;
}
__name(capped, "capped");
function preview(ad, ctx) {
  const kind = ad.media.startsWith("video ") ? "video" : "image";
  const url = ad.media.replace(/^(image|video) /, "");
  const shown = kind === "image" ? url : ad.thumbnail;
  const src = contactableUrl(shown, ctx.ownHosts, false);
  const text = /* @__PURE__ */ __name((why) => `<p class="no-preview">${esc(why)}</p>`, "text");
  let out;
  if (src) {
    out = `<img class="preview" src="${esc(src)}" alt="${kind === "image" ? "Ad image" : "Video thumbnail"}" loading="lazy" referrerpolicy="no-referrer">`;
  } else if (shown) {
    out = text(`No preview: the ${kind === "image" ? "image" : "thumbnail"} URL is not a public https address (shown as text below).`);
  } else {
    out = text("No thumbnail for this video.");
  }
  const video = kind === "video" ? contactableUrl(url, ctx.ownHosts, false) : null;
  if (video)
    out += `<p>${link(video, "Open the video")}</p>`;
  return out;
}
__name(preview, "preview");
var link = /* @__PURE__ */ __name((url, label) => `<a href="${esc(url)}" target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">${esc(label)}</a>`, "link");
var short = /* @__PURE__ */ __name((value, ctx) => esc(head(String(value ?? ""), ctx, 200)), "short");
function row(label, html) {
  return `<div class="row"><dt>${esc(label)}</dt><dd>${html}</dd></div>`;
}
__name(row, "row");
function destination2(item, value, ctx) {
  const url = contactableUrl(value, ctx.ownHosts, true);
  const text = `<span class="url">${capped(item, "destination", value, ctx)}</span>`;
  return url && url.length <= 2e3 ? `${text} ${link(url, "open")}` : text;
}
__name(destination2, "destination");
function asker(item, ctx) {
  const r = item.requester;
  return [
    r.agent ? `agent ${capped(item, "agent", r.agent, ctx)}` : "",
    `process ${esc(r.pid)} on ${capped(item, "host", String(r.host ?? ""), ctx)}`,
    r.conversation ? `conversation ${capped(item, "conversation", r.conversation, ctx)}` : ""
  ].filter(Boolean).join(", ");
}
__name(asker, "asker");
function decisionForms(item) {
  const id = esc(item.id);
  const hidden = `<input type="hidden" name="id" value="${id}"><input type="hidden" name="fingerprint" value="${esc(item.request.fingerprint)}">`;
  return `<div class="decide">
<form class="approve" method="post" action="decide" data-action="approve">${hidden}<input type="hidden" name="action" value="approve">
<label for="text-${id}">Type a sentence confirming this ad may go live now (sent to the service as the confirmation)</label>
<input id="text-${id}" name="text" type="text" required minlength="10" maxlength="500" autocomplete="off">
<button type="submit">Approve and launch</button></form>
<form class="decline" method="post" action="decide" data-action="decline">${hidden}<input type="hidden" name="action" value="decline">
<label for="reason-${id}">Reason for declining (the agent reads it)</label>
<textarea id="reason-${id}" name="reason" required maxlength="1000" rows="2"></textarea>
<button type="submit" class="secondary">Decline</button></form></div>`;
}
__name(decisionForms, "decisionForms");
function history(item, ctx) {
  const d = item.decision;
  const c = /* @__PURE__ */ __name((text) => esc(head(text ?? "", ctx, FIELD_CAP)), "c");
  const parts = [];
  if (d?.approved) {
    parts.push(`Approved by ${c((d.who ?? [d.by]).join(" and "))} at ${time(d.at)} with the sentence \u201C${c(d.text)}\u201D.`);
  }
  if (d && !d.approved)
    parts.push(`Declined by ${c(d.by)} at ${time(d.at)}: \u201C${c(d.reason)}\u201D.`);
  if (item.state === "expired")
    parts.push(`Expired at ${time(item.closedAt)} without a decision; nothing was sent.`);
  if (item.state === "abandoned") {
    parts.push(`The agent stopped waiting (noticed at ${time(item.closedAt)}); it cannot be approved and nothing was sent.`);
  }
  if (item.state === "expired" || item.state === "abandoned") {
    parts.push("This is not a decline: the agent can ask again by making the same call (a new request).");
  }
  const o = item.outcome;
  if (o?.ok === true) {
    parts.push(`Result: ad ${c(o.adId ?? "?")} created ${c(o.adStatus ?? "")} (request ${c(o.requestId ?? "")}).`);
  } else if (o) {
    parts.push(`Result: the write failed (${c(String(o.status ?? "no answer"))}): ${c(o.error ?? "")}.`);
  } else if (d?.approved) {
    parts.push(item.redeemedAt ? "The agent took the approval and is sending it." : "Waiting for the agent to take the approval.");
  }
  return `<p class="what-happened">${parts.join(" ")}</p>`;
}
__name(history, "history");
function renderItem(item, ctx) {
  if (isPlanItem(item))
    return renderPlan(item, ctx);
  const ad = adOf2(item);
  const id = esc(item.id);
  const f = fieldsOf(item);
  const field = /* @__PURE__ */ __name((name) => capped(item, name, f[name] ?? "", ctx), "field");
  const common = [
    row("Payload fingerprint", short(item.request.fingerprint, ctx)),
    row("Asked by", asker(item, ctx)),
    row("Asked at", time(item.createdAt)),
    row("Expires at", time(item.request.expiresAt)),
    ...item.state === "pending" ? [row("Time left", timeLeft(item.request.expiresAt))] : [],
    row("Full request", field("message")),
    ...item.approvals?.length && item.state === "pending" ? [
      row("Approvals so far", `${item.approvals.map((a) => `${short(a.by, ctx)} at ${time(a.at)}`).join(", ")}: this account needs two people, so the request waits for a second person.`)
    ] : [],
    ...item.request.rule ? [
      row("Money rule", short(`${item.request.rule.name}: ${item.request.rule.reason}${item.request.rule.override ? " (approving overrides it)" : ""}`, ctx))
    ] : []
  ];
  const rows = ad ? [
    row("Tool", short(item.request.tool, ctx)),
    row("Account", short(ad.account_id, ctx)),
    row("Ad set", short(ad.adset_id, ctx)),
    row("Headline", ad.headline === void 0 ? "(none)" : field("headline")),
    row("Primary text", ad.primary_text === void 0 ? "(none)" : field("primary_text")),
    row("Destination", destination2(item, ad.destination, ctx)),
    row("Media", field("media")),
    ...ad.thumbnail !== void 0 ? [row("Thumbnail", field("thumbnail"))] : [],
    row("Status asked", short(ad.status, ctx))
  ] : [
    row("Tool", short(item.request.tool, ctx)),
    row("Account", short(item.request.account ?? "(none)", ctx)),
    row("What it does", field("description")),
    row("Exact arguments", `<pre>${field("arguments")}</pre>`)
  ];
  const headline = ad?.headline ? head(ad.headline, ctx, 121) : void 0;
  const title = ad ? headline ? headline.slice(0, 120) + (headline.length > 120 ? "\u2026" : "") : "Untitled ad" : `Call of ${head(String(item.request.tool), ctx, 120)}`;
  const account = ad?.account_id ?? item.request.account ?? "";
  return `<article class="item state-${esc(item.state)}" id="item-${id}" data-id="${id}" data-state="${esc(item.state)}" aria-labelledby="title-${id}">
<h3 id="title-${id}"><span class="badge">${esc(STATE_LABEL[item.state])}</span> ${esc(title)} <span class="sub">\xB7 ${short(account, ctx)}</span></h3>
<div class="body"><div class="media">${ad ? preview(ad, ctx) : ""}</div><dl>${[...rows, ...common].join("")}</dl></div>
${item.state === "pending" ? decisionForms(item) : history(item, ctx)}
<p class="result" role="status" aria-live="polite"></p></article>`;
}
__name(renderItem, "renderItem");

// dist/inbox/page.js
function renderShell(title, options = {}) {
  const signInText = options.people ? "Sign in with your own approver token (given to you by whoever runs <code>adrails inbox</code>). It says who you are: your decisions are recorded under the name it belongs to. Each browser tab signs in on its own." : "Sign in with the inbox token (printed once by <code>adrails inbox</code>, or set as ADRAILS_INBOX_TOKEN). Each browser tab signs in on its own.";
  const nameField = options.people ? "" : `<label for="name">Your name (recorded with each decision)</label>
<input id="name" name="name" type="text" required maxlength="80" autocomplete="name">
`;
  const tokenLabel = options.people ? "Your approver token" : "Inbox token";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<link rel="stylesheet" href="inbox.css"><script src="inbox.js" defer></script></head>
<body${options.refreshMs === void 0 ? "" : ` data-refresh-ms="${Math.round(options.refreshMs)}"`}><noscript><p class="error">The approval inbox needs JavaScript: it keeps its session key in this tab, so that no other page or port can act with your cookie.</p></noscript>
<main class="signin" id="signin" aria-labelledby="signin-h" hidden><h1 id="signin-h">${esc(title)}</h1>
<p>${signInText}</p>
<p class="error" id="signin-error" role="alert" hidden></p>
<form method="post" action="signin" id="signin-form">${nameField}<label for="token">${tokenLabel}</label><input id="token" name="token" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button></form></main>
<div id="inbox" hidden><header><h1>${esc(title)}</h1>
<p class="who">Signed in as <span id="who"></span></p>
<button type="button" id="signout" class="secondary">Sign out</button></header>
<main><p id="connection" class="error" role="alert" hidden></p>
<div id="announce" class="visually-hidden" role="status" aria-live="polite"></div>
<section aria-labelledby="pending-h"><h2 id="pending-h">Waiting for a decision (<span id="pending-count">0</span>)</h2>
<p class="empty" id="pending-empty">Nothing is waiting.</p>
<div id="pending" class="list"></div>
<nav class="pager" id="pending-pager" aria-label="Pages of waiting requests" hidden></nav></section>
<section aria-labelledby="history-h"><h2 id="history-h">History</h2>
<div id="history" class="list"></div>
<nav class="pager" id="history-pager" aria-label="Pages of history" hidden></nav></section></main></div>
<div id="full" class="full" hidden role="dialog" aria-modal="true" aria-labelledby="full-h"><h2 id="full-h">Full value</h2><pre id="full-text"></pre><button type="button" id="full-close">Close</button></div>
</body></html>`;
}
__name(renderShell, "renderShell");

// dist/inbox/handler.js
var HTML = "text/html; charset=utf-8";
var TEXT = "text/plain; charset=utf-8";
var JSON_TYPE = "application/json; charset=utf-8";
var MAX_BODY = 16 * 1024;
var READ_LIMIT = 1e3;
var LOOPBACK2 = ["127.0.0.1", "localhost", "[::1]", "::1"];
var asset = /* @__PURE__ */ __name((name) => readFileSync(new URL(`./static/${name}`, new URL("../inbox/handler.js", import.meta.url).href), "utf8"), "asset");
function createInboxHandler(inbox, options) {
  const people = options.people;
  if (!people && (typeof options.token !== "string" || options.token.length < 16)) {
    throw new Error("The inbox token must be at least 16 characters: set ADRAILS_INBOX_TOKEN to a long random secret.");
  }
  const title = options.title ?? "adrails approval inbox";
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const sessions = createSessions(options.sessionTtlMs ?? 12 * 36e5);
  const limit = createSignInLimit(options.signInAttempts ?? 5, 15 * 6e4);
  const clean = scrubber([
    ...people ? [] : [options.token],
    ...people?.people.flatMap((p) => p.token ? [p.token] : []) ?? []
  ]);
  if (options.refreshMs !== void 0 && !(options.refreshMs >= 100)) {
    throw new Error("The inbox page's refreshMs must be at least 100 ms.");
  }
  const shell = renderShell(title, {
    people: people !== void 0,
    ...options.refreshMs === void 0 ? {} : { refreshMs: options.refreshMs }
  });
  const script = asset("inbox.js");
  const style = asset("inbox.css");
  if ((options.sweepMs ?? 2e3) > 0)
    inbox.startSweeper(options.sweepMs ?? 2e3);
  const contextOf = /* @__PURE__ */ __name((req) => ({
    ownHosts: /* @__PURE__ */ new Set([...LOOPBACK2, ...allowed, hostName(req.headers.host ?? "")]),
    clean
  }), "contextOf");
  async function route(req, res) {
    const url = new URL(req.url ?? "/", "http://inbox");
    const path = url.pathname.replace(/^.*\//, "/");
    const change = req.method !== "GET" && req.method !== "HEAD";
    const foreign = foreignOrigin(req, allowed, change);
    if (foreign)
      return reply(req, res, 403, `Refused: ${foreign}. Nothing was changed.`);
    if (!change) {
      if (path === "/inbox.js")
        return send(res, 200, "text/javascript; charset=utf-8", script);
      if (path === "/inbox.css")
        return send(res, 200, "text/css; charset=utf-8", style);
      if (path === "/favicon.ico")
        return send(res, 204, "image/x-icon", "");
      if (url.pathname.endsWith("/.well-known/adrails-inbox-key")) {
        return send(res, 200, "application/jwk+json", JSON.stringify(await inbox.publicJwk()));
      }
      if (path === "/items.json")
        return sendItems(req, res, url);
      if (path === "/field")
        return sendField(req, res, url);
      if (path !== "/")
        return send(res, 404, TEXT, "Not found.");
      const original = req.originalUrl;
      if (original && !new URL(original, "http://x").pathname.endsWith("/")) {
        return send(res, 308, TEXT, "", { location: `${new URL(original, "http://x").pathname}/` });
      }
      return send(res, 200, HTML, shell);
    }
    if (req.method !== "POST")
      return send(res, 405, TEXT, "Method not allowed.", { allow: "GET, POST" });
    let form;
    try {
      form = await readForm(req);
    } catch (error) {
      return reply(req, res, 400, error instanceof Error ? error.message : "Bad request.");
    }
    if (path === "/signin")
      return signIn(req, res, form);
    const session = sessions.of(req);
    if (!session) {
      return reply(req, res, 401, "Sign in first: no valid session in this tab. Nothing was changed.");
    }
    if (path === "/signout") {
      sessions.end(session);
      return send(res, 200, JSON_TYPE, JSON.stringify({ ok: true, message: "Signed out." }));
    }
    if (path === "/decide")
      return decide(req, res, session, form);
    return send(res, 404, TEXT, "Not found.");
  }
  __name(route, "route");
  function signIn(req, res, form) {
    const address = req.socket.remoteAddress ?? "unknown";
    const typed = clean((form.name ?? "").trim().slice(0, 80));
    if (typed === "" && !people)
      return reply(req, res, 400, "Give your name.");
    const person = people ? personOfToken(people, form.token ?? "") : void 0;
    const name = person ? person.name : typed;
    if (person || !people && sameSecret(form.token ?? "", options.token)) {
      const session = sessions.open(name, req);
      return send(res, 200, JSON_TYPE, JSON.stringify({ ok: true, key: session.key, name }), {
        "set-cookie": sessionCookie(session)
      });
    }
    const wait = limit.waitS(address);
    limit.fail(address);
    if (wait > 0) {
      return reply(req, res, 429, `Too many wrong tokens. Try again in ${wait} s.`, {
        "retry-after": String(wait)
      });
    }
    return reply(req, res, 401, "That token is not right.");
  }
  __name(signIn, "signIn");
  async function decide(req, res, session, form) {
    const id = form.id ?? "";
    const text = clean((form.text ?? "").trim());
    const reason = clean((form.reason ?? "").trim());
    const fingerprint = form.fingerprint ?? "";
    if (form.action !== "approve" && form.action !== "decline")
      return reply(req, res, 400, "Unknown action.");
    if (fingerprint === "")
      return reply(req, res, 400, "The decision names no payload fingerprint: reload the page.");
    if (form.action === "approve" && sentenceProblem(text))
      return reply(req, res, 400, sentenceProblem(text));
    if (form.action === "decline" && reason === "") {
      return reply(req, res, 400, "Give a reason for declining: the agent reads it.");
    }
    try {
      const result = await inbox.decide(id, form.action === "approve" ? { approved: true, text } : { approved: false, reason }, session.name, fingerprint);
      if (result.ok) {
        return reply(req, res, 200, form.action === "decline" ? "Declined: the agent reads your reason." : result.item.state === "pending" ? "Your approval is recorded. This account needs two people: the request waits for a second person's approval." : result.item.detached ? "Approved: the call runs when the agent next checks for your decision." : "Approved: the agent is launching this ad.");
      }
      const why = {
        "not-found": [404, "That request is not in the inbox."],
        "already-decided": [409, "Someone already decided this request; your decision was not recorded."],
        expired: [410, "This request expired; nothing was recorded and nothing will be sent."],
        abandoned: [
          410,
          "The agent that asked stopped waiting (abandoned); nothing was recorded and nothing will be sent."
        ],
        changed: [
          409,
          "This request changed since the page showed it (another payload fingerprint); nothing was recorded. Read it again."
        ],
        "not-allowed": [
          403,
          `You (${session.name}) may not decide requests on account ${accountOfItem(result.item)}; nothing was recorded. Ask someone listed for it.`
        ],
        "same-person": [
          409,
          "You approved this request already: this account needs a second person's approval. Nothing more was recorded."
        ],
        raced: [409, "Someone decided at the same moment; nothing was recorded. Read it again."]
      };
      const [status, text2] = why[result.code];
      return reply(req, res, status, text2);
    } catch (error) {
      const store = error instanceof StoreError ? error.store : "the inbox store";
      return reply(req, res, 503, `Not recorded: ${store} is unavailable. The agent keeps waiting; try again.`);
    }
  }
  __name(decide, "decide");
  async function sendItems(req, res, url) {
    const session = sessions.of(req);
    if (!session)
      return reply(req, res, 401, "Sign in first: no valid session in this tab.");
    let items;
    try {
      items = await inbox.list(READ_LIMIT);
    } catch (error) {
      const store = error instanceof StoreError ? error.store : "the inbox store";
      return reply(req, res, 503, `${store} is unavailable: the list may be out of date.`);
    }
    const ctx = contextOf(req);
    const shown = /* @__PURE__ */ __name((list, page) => {
      const at = pageOf(list, Number(page ?? 1));
      return {
        page: at.page,
        pages: at.pages,
        total: at.total,
        items: at.items.map((item) => ({
          id: item.id,
          state: item.state,
          version: versionOf(item),
          html: renderItem(item, ctx)
        }))
      };
    }, "shown");
    const body = JSON.stringify({
      name: session.name,
      pending: shown(opened(fairOrder(items.filter((i) => i.state === "pending")), url.searchParams.get("item")), url.searchParams.get("pending")),
      history: shown(items.filter((i) => i.state !== "pending"), url.searchParams.get("history"))
    });
    const etag = `"${createHash2("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    if (req.headers["if-none-match"] === etag)
      return send(res, 304, JSON_TYPE, "", { etag });
    send(res, 200, JSON_TYPE, body, { etag });
  }
  __name(sendItems, "sendItems");
  async function sendField(req, res, url) {
    if (!sessions.of(req))
      return reply(req, res, 401, "Sign in first: no valid session in this tab.");
    const item = await inbox.queue.get(url.searchParams.get("id") ?? "").catch(() => null);
    const value = item ? fieldsOf(item)[url.searchParams.get("name") ?? ""] : void 0;
    if (value === void 0)
      return send(res, 404, TEXT, "No such request or field.");
    send(res, 200, TEXT, clean(value));
  }
  __name(sendField, "sendField");
  function reply(req, res, status, message2, headers = {}) {
    if ((req.headers.accept ?? "").includes("application/json")) {
      return send(res, status, JSON_TYPE, JSON.stringify({ ok: status === 200, message: message2 }), headers);
    }
    send(res, status, TEXT, message2, headers);
  }
  __name(reply, "reply");
  return (req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent)
        send(res, 500, TEXT, "The inbox failed on this request; nothing was changed.");
      else
        res.end();
    });
  };
}
__name(createInboxHandler, "createInboxHandler");
function sentenceProblem(text) {
  if (text.split(/\s+/).filter(Boolean).length < 3 || text.length < 10) {
    return "Type a whole sentence confirming this ad may go live (at least three words).";
  }
  if (/^(n|no|nope|cancel|abort|stop|deny|refuse|don'?t|do not)\b/i.test(text)) {
    return "That reads as a no: to refuse, use Decline with a reason.";
  }
  return null;
}
__name(sentenceProblem, "sentenceProblem");
function opened(items, id) {
  const at = id ? items.findIndex((item) => item.id === id) : -1;
  return at <= 0 ? items : [items[at], ...items.slice(0, at), ...items.slice(at + 1)];
}
__name(opened, "opened");
function versionOf(item) {
  return JSON.stringify([
    item.state,
    item.decision ?? null,
    item.approvals ?? null,
    item.outcome ?? null,
    item.redeemedAt ?? null
  ]);
}
__name(versionOf, "versionOf");
function accountOfItem(item) {
  return (item && accountOf(item.request)) ?? "(none)";
}
__name(accountOfItem, "accountOfItem");
async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY)
      throw new Error("The request body is too large.");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    let parsed;
    try {
      parsed = JSON.parse(text || "{}");
    } catch {
      throw new Error("The request body is not JSON.");
    }
    if (typeof parsed !== "object" || parsed === null)
      throw new Error("The request body is not an object.");
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}
__name(readForm, "readForm");

export {
  memoryAudit,
  fileAudit,
  auditTo,
  mirrorAudit,
  memoryQueue,
  createInbox,
  createInboxHandler,
  sentenceProblem
};
