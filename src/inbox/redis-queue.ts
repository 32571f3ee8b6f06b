import { AUDIT_GENESIS, chainedLine, lineHash } from "./audit-chain.js";
import { type InboxRedisOptions, type RedisConnection, redisConnection } from "./redis-connection.js";
import type { DecideRefusal, InboxAudit, InboxAuditEntry, InboxItem, InboxQueue } from "./types.js";

/** How long decided items stay visible as history. */
const KEEP_MS = 7 * 24 * 3600_000;
/** Audit entries the stream keeps (approximately). */
export const AUDIT_MAX = 100_000;
/** Audit entries one read of a follower takes at most. */
const FOLLOW_BATCH = 500;

const NOW =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

// Every change of an item is one script: read, check the state, write. Two decisions never both land.
const DECIDE = `
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

const CLOSE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
if item.state ~= 'pending' then return 0 end
item.state = ARGV[1]
item.closedAt = tonumber(ARGV[2])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`;

const REDEEM = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
if item.state ~= 'approved' or item.redeemedAt ~= nil then return 0 end
item.redeemedAt = tonumber(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`;

const SETTLE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
item.outcome = cjson.decode(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`;

// One audit line, chained: appended only while the head is the one the line names (processes
// racing on the stream retry with the head they are given back), so every line names the line
// before it in the stream, across processes. Redis' Lua has no sha256: the hash is made by the caller.
const APPEND = `
local head = redis.call('GET', KEYS[2])
if not head then head = '' end
if head ~= ARGV[1] then return {0, head} end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'entry', ARGV[2])
redis.call('SET', KEYS[2], ARGV[3])
return {1, id}`;

/** How many times an append retries when other processes keep appending first. */
const APPEND_TRIES = 50;

/**
 * The inbox in Redis, for a fleet: every agent process on the same Redis puts its waiting calls
 * here and every inbox page on it sees and decides them. Uses the fleet store's key prefix.
 */
export function redisInbox(options: InboxRedisOptions): { queue: InboxQueue; audit: InboxAudit } {
  const redis = redisConnection(options);
  return { queue: redisQueue(redis), audit: redisAudit(redis) };
}

function redisQueue(redis: RedisConnection): InboxQueue {
  const base = `${redis.prefix}:inbox`;
  const itemKey = (id: string) => `${base}:item:${id}`;
  const aliveKey = (id: string) => `${base}:alive:${id}`;
  const index = `${base}:index`;
  const script = (lua: string, keys: string[], args: (string | number)[]) =>
    redis.command(["EVAL", lua, String(keys.length), ...keys, ...args.map(String)]);
  const parse = (raw: unknown): InboxItem | null =>
    typeof raw === "string" && raw !== "" ? JSON.parse(raw) : null;

  return {
    name: redis.name,
    async add(item, aliveMs) {
      await redis.command(["SET", aliveKey(item.id), "1", "PX", String(Math.max(1, aliveMs))]);
      await redis.command(["SET", itemKey(item.id), JSON.stringify(item), "PX", String(KEEP_MS)]);
      await redis.command(["ZADD", index, String(item.createdAt), item.id]);
      // Index entries older than the items they name go.
      await redis.command(["ZREMRANGEBYSCORE", index, "-inf", String(Date.now() - KEEP_MS)]);
    },
    async beat(id, aliveMs) {
      await redis.command(["SET", aliveKey(id), "1", "PX", String(Math.max(1, aliveMs))]);
    },
    async get(id) {
      return parse(await redis.command(["GET", itemKey(id)]));
    },
    async list(limit) {
      const ids = (await redis.command(["ZREVRANGE", index, "0", String(limit - 1)])) as string[];
      if (ids.length === 0) return [];
      const raws = (await redis.command(["MGET", ...ids.map(itemKey)])) as unknown[];
      return raws.map(parse).filter((item): item is InboxItem => item !== null);
    },
    async alive(id) {
      return (await redis.command(["EXISTS", aliveKey(id)])) === 1;
    },
    async decide(id, decision, graceMs, count = { needed: 1, prior: 0 }) {
      const [code, raw] = (await script(
        DECIDE,
        [itemKey(id), aliveKey(id)],
        [JSON.stringify(decision), graceMs, count.needed, count.prior],
      )) as [string, string];
      const item = parse(raw) ?? undefined;
      if (code === "ok") return { ok: true, item: item! };
      return { ok: false, code: code as DecideRefusal, ...(item ? { item } : {}) };
    },
    async close(id, state, at) {
      return (await script(CLOSE, [itemKey(id)], [state, at])) === 1;
    },
    async redeem(id, at) {
      return (await script(REDEEM, [itemKey(id)], [at])) === 1;
    },
    async settle(id, outcome) {
      await script(SETTLE, [itemKey(id)], [JSON.stringify(outcome)]);
    },
    async mark(id, tag) {
      const set = await redis.command(["SET", `${base}:mark:${id}:${tag}`, "1", "NX", "PX", String(KEEP_MS)]);
      return set === "OK";
    },
    shutdown: () => redis.close(),
  };
}

/** The audit trail as a Redis stream beside the fleet store, `<prefix>:inbox:audit`. */
function redisAudit(redis: RedisConnection): InboxAudit {
  const stream = `${redis.prefix}:inbox:audit`;
  const headKey = `${stream}:head`;
  return {
    name: `${redis.name} stream ${stream}`,
    async append(entry) {
      // The head is "<seq> <hash>"; none on a new stream (or one written before the chain).
      let head = ((await redis.command(["GET", headKey])) as string | null) ?? "";
      for (let i = 0; i < APPEND_TRIES; i++) {
        const [seq, hash] =
          head === "" ? [0, AUDIT_GENESIS] : [Number(head.split(" ")[0]), head.split(" ")[1]!];
        const line = chainedLine(entry, { seq, hash });
        const next = `${seq + 1} ${lineHash(line)}`;
        const [ok, value] = (await redis.command([
          "EVAL",
          APPEND,
          "2",
          stream,
          headKey,
          head,
          line,
          next,
          String(AUDIT_MAX),
        ])) as [number, string];
        if (ok === 1) return;
        head = value;
      }
      throw new Error(
        `The audit stream ${stream} kept moving: ${APPEND_TRIES} appends in a row were overtaken.`,
      );
    },
    async lines() {
      const rows = (await redis.command(["XRANGE", stream, "-", "+"])) as [string, string[]][];
      return rows.map(([, fields]) => fields[1] ?? "{}");
    },
    async read() {
      const rows = (await redis.command(["XRANGE", stream, "-", "+"])) as [string, string[]][];
      return rows.map(([, fields]) => JSON.parse(fields[1] ?? "{}") as InboxAuditEntry);
    },
    async since(cursor) {
      if (cursor === undefined) {
        const last = (await redis.command(["XREVRANGE", stream, "+", "-", "COUNT", "1"])) as [string][];
        return { entries: [], cursor: last[0]?.[0] ?? "0-0" };
      }
      const rows = (await redis.command([
        "XRANGE",
        stream,
        `(${cursor}`,
        "+",
        "COUNT",
        String(FOLLOW_BATCH),
      ])) as [string, string[]][];
      return {
        entries: rows.map(([, fields]) => JSON.parse(fields[1] ?? "{}") as InboxAuditEntry),
        cursor: rows.at(-1)?.[0] ?? cursor,
      };
    },
  };
}
