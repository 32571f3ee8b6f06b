import {
  inboxDesk
} from "./chunk-U54Q5E45.js";
import {
  auditTo,
  createInbox,
  createInboxHandler,
  fileAudit,
  memoryAudit,
  memoryQueue,
  mirrorAudit
} from "./chunk-AUQVHHAT.js";
import {
  PeopleFileError,
  parsePeople
} from "./chunk-GLA6LA6S.js";
import {
  createNotifier,
  signature,
  slackText
} from "./chunk-KXCN5XPJ.js";
import {
  inboxPlans,
  settlePlan
} from "./chunk-CKC572AJ.js";
import {
  inboxApprovals
} from "./chunk-EBQ3G2ES.js";
import {
  verifyTrail
} from "./chunk-GDXN6BVJ.js";
import {
  fetchInboxKey,
  generateInboxKey,
  inboxKeyFile,
  privateKeyFromText,
  publicKeyFromText
} from "./chunk-4TPLKNTJ.js";
import "./chunk-5PS4MVI4.js";
import "./chunk-VFPHF6ZS.js";
import {
  StoreError
} from "./chunk-YOX5XIST.js";
import "./chunk-V6IESX3N.js";
import "./chunk-LASFETXT.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/inbox/langgraph.js
function agentInboxInterrupt(request) {
  return {
    action_request: {
      action: request.tool,
      args: {
        ...request.summary,
        fingerprint: request.fingerprint,
        expires_at: new Date(request.expiresAt).toISOString()
      }
    },
    config: { allow_ignore: true, allow_respond: true, allow_edit: false, allow_accept: true },
    description: `${request.message}

Accept to let this ad go live once. Respond with a reason to decline; the agent reads it.`
  };
}
__name(agentInboxInterrupt, "agentInboxInterrupt");
function fromAgentInboxResponse(response, fingerprint) {
  const r = Array.isArray(response) ? response[0] : response;
  if (r?.type === "accept")
    return { approved: true, fingerprint };
  if (r?.type === "response" && typeof r.args === "string" && r.args.trim() !== "") {
    return { approved: false, fingerprint, reason: r.args.trim() };
  }
  if (r?.type === "edit") {
    return {
      approved: false,
      fingerprint,
      reason: "the person edited the ad; an edited ad needs its own approval"
    };
  }
  return { approved: false, fingerprint, reason: "the person dismissed the request in the Agent Inbox" };
}
__name(fromAgentInboxResponse, "fromAgentInboxResponse");

// dist/inbox/redis-connection.js
function redisConnection(options) {
  const prefix = options.prefix ?? "adrails";
  const timeoutMs = options.commandTimeoutMs ?? 1e3;
  const owned = "url" in options;
  const name = owned ? `redis at ${hostOf(options.url)}` : "redis";
  let client = owned ? void 0 : options.client;
  let opening;
  let lastError = "";
  const fail = /* @__PURE__ */ __name((reason) => new StoreError(name, `The shared store (${name}) is unavailable: ${reason}.`), "fail");
  async function open() {
    if (client)
      return client;
    opening ??= (async () => {
      const { createClient } = await import("redis");
      const created = createClient({
        url: options.url,
        disableOfflineQueue: true,
        socket: {
          connectTimeout: timeoutMs * 2,
          reconnectStrategy: /* @__PURE__ */ __name((n) => Math.min(50 * 2 ** n, 1e3), "reconnectStrategy")
        }
      });
      created.on("error", (error) => {
        lastError = error instanceof Error ? error.message : String(error);
      });
      client = created;
      return created;
    })();
    return opening;
  }
  __name(open, "open");
  async function ready(c) {
    if (c.isReady)
      return;
    if (!c.isOpen)
      c.connect().catch(() => {
      });
    const deadline = Date.now() + timeoutMs * 2;
    while (!c.isReady) {
      if (Date.now() >= deadline)
        throw fail(`not connected${lastError ? ` (${lastError})` : ""}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  __name(ready, "ready");
  return {
    name,
    prefix,
    async command(args) {
      const c = await open();
      await ready(c);
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(fail(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        return await Promise.race([c.sendCommand(args, { timeout: timeoutMs }), late]);
      } catch (error) {
        if (error instanceof StoreError)
          throw error;
        throw fail(error instanceof Error ? error.message : String(error));
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (!owned || !client)
        return;
      if (client.isOpen)
        await client.close?.().catch(() => client?.destroy?.());
      else
        client.destroy?.();
    }
  };
}
__name(redisConnection, "redisConnection");
function hostOf(url) {
  try {
    return new URL(url).host || "localhost:6379";
  } catch {
    return "an unparsable URL";
  }
}
__name(hostOf, "hostOf");

// dist/inbox/redis-queue.js
var KEEP_MS = 7 * 24 * 36e5;
var AUDIT_MAX = 1e5;
var FOLLOW_BATCH = 500;
var NOW = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";
var DECIDE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return {'not-found', ''} end
local item = cjson.decode(raw)
if item.state == 'expired' or item.state == 'abandoned' then return {item.state, raw} end
if item.state ~= 'pending' then return {'already-decided', raw} end
local d = cjson.decode(ARGV[1])
if d.fingerprint ~= nil and d.fingerprint ~= item.request.fingerprint then return {'changed', raw} end
${NOW}
if now >= item.request.expiresAt - tonumber(ARGV[2]) then return {'expired', raw} end
if item.detached ~= true and redis.call('EXISTS', KEYS[2]) == 0 then return {'abandoned', raw} end
local needed = tonumber(ARGV[3])
if d.approved and needed > 1 then
  local approvals = item.approvals or {}
  if #approvals ~= tonumber(ARGV[4]) then return {'raced', raw} end
  for _, a in ipairs(approvals) do
    if a.by == d.by then return {'same-person', raw} end
  end
  table.insert(approvals, d)
  item.approvals = approvals
  if #approvals < needed then
    local partial = cjson.encode(item)
    redis.call('SET', KEYS[1], partial, 'KEEPTTL')
    return {'ok', partial}
  end
end
if d.approved then item.state = 'approved' else item.state = 'declined' end
item.decision = d
local out = cjson.encode(item)
redis.call('SET', KEYS[1], out, 'KEEPTTL')
return {'ok', out}`;
var CLOSE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
if item.state ~= 'pending' then return 0 end
item.state = ARGV[1]
item.closedAt = tonumber(ARGV[2])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`;
var REDEEM = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
if item.state ~= 'approved' or item.redeemedAt ~= nil then return 0 end
item.redeemedAt = tonumber(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`;
var SETTLE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
item.outcome = cjson.decode(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`;
function redisInbox(options) {
  const redis = redisConnection(options);
  return { queue: redisQueue(redis), audit: redisAudit(redis) };
}
__name(redisInbox, "redisInbox");
function redisQueue(redis) {
  const base = `${redis.prefix}:inbox`;
  const itemKey = /* @__PURE__ */ __name((id) => `${base}:item:${id}`, "itemKey");
  const aliveKey = /* @__PURE__ */ __name((id) => `${base}:alive:${id}`, "aliveKey");
  const index = `${base}:index`;
  const script = /* @__PURE__ */ __name((lua, keys, args) => redis.command(["EVAL", lua, String(keys.length), ...keys, ...args.map(String)]), "script");
  const parse = /* @__PURE__ */ __name((raw) => typeof raw === "string" && raw !== "" ? JSON.parse(raw) : null, "parse");
  return {
    name: redis.name,
    async add(item, aliveMs) {
      await redis.command(["SET", aliveKey(item.id), "1", "PX", String(Math.max(1, aliveMs))]);
      await redis.command(["SET", itemKey(item.id), JSON.stringify(item), "PX", String(KEEP_MS)]);
      await redis.command(["ZADD", index, String(item.createdAt), item.id]);
      await redis.command(["ZREMRANGEBYSCORE", index, "-inf", String(Date.now() - KEEP_MS)]);
    },
    async beat(id, aliveMs) {
      await redis.command(["SET", aliveKey(id), "1", "PX", String(Math.max(1, aliveMs))]);
    },
    async get(id) {
      return parse(await redis.command(["GET", itemKey(id)]));
    },
    async list(limit) {
      const ids = await redis.command(["ZREVRANGE", index, "0", String(limit - 1)]);
      if (ids.length === 0)
        return [];
      const raws = await redis.command(["MGET", ...ids.map(itemKey)]);
      return raws.map(parse).filter((item) => item !== null);
    },
    async alive(id) {
      return await redis.command(["EXISTS", aliveKey(id)]) === 1;
    },
    async decide(id, decision, graceMs, count = { needed: 1, prior: 0 }) {
      const [code, raw] = await script(DECIDE, [itemKey(id), aliveKey(id)], [JSON.stringify(decision), graceMs, count.needed, count.prior]);
      const item = parse(raw) ?? void 0;
      if (code === "ok")
        return { ok: true, item };
      return { ok: false, code, ...item ? { item } : {} };
    },
    async close(id, state, at) {
      return await script(CLOSE, [itemKey(id)], [state, at]) === 1;
    },
    async redeem(id, at) {
      return await script(REDEEM, [itemKey(id)], [at]) === 1;
    },
    async settle(id, outcome) {
      await script(SETTLE, [itemKey(id)], [JSON.stringify(outcome)]);
    },
    async mark(id, tag) {
      const set = await redis.command(["SET", `${base}:mark:${id}:${tag}`, "1", "NX", "PX", String(KEEP_MS)]);
      return set === "OK";
    },
    shutdown: /* @__PURE__ */ __name(() => redis.close(), "shutdown")
  };
}
__name(redisQueue, "redisQueue");
function redisAudit(redis) {
  const stream = `${redis.prefix}:inbox:audit`;
  return {
    name: `${redis.name} stream ${stream}`,
    async append(entry) {
      await redis.command([
        "XADD",
        stream,
        "MAXLEN",
        "~",
        String(AUDIT_MAX),
        "*",
        "entry",
        JSON.stringify(entry)
      ]);
    },
    async read() {
      const rows = await redis.command(["XRANGE", stream, "-", "+"]);
      return rows.map(([, fields]) => JSON.parse(fields[1] ?? "{}"));
    },
    async since(cursor) {
      if (cursor === void 0) {
        const last = await redis.command(["XREVRANGE", stream, "+", "-", "COUNT", "1"]);
        return { entries: [], cursor: last[0]?.[0] ?? "0-0" };
      }
      const rows = await redis.command([
        "XRANGE",
        stream,
        `(${cursor}`,
        "+",
        "COUNT",
        String(FOLLOW_BATCH)
      ]);
      return {
        entries: rows.map(([, fields]) => JSON.parse(fields[1] ?? "{}")),
        cursor: rows.at(-1)?.[0] ?? cursor
      };
    }
  };
}
__name(redisAudit, "redisAudit");
export {
  PeopleFileError,
  agentInboxInterrupt,
  auditTo,
  createInbox,
  createInboxHandler,
  createNotifier,
  fetchInboxKey,
  fileAudit,
  fromAgentInboxResponse,
  generateInboxKey,
  inboxApprovals,
  inboxDesk,
  inboxKeyFile,
  inboxPlans,
  memoryAudit,
  memoryQueue,
  mirrorAudit,
  signature as notifySignature,
  parsePeople,
  privateKeyFromText,
  publicKeyFromText,
  redisInbox,
  settlePlan,
  slackText,
  verifyTrail
};
