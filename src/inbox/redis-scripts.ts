// The inbox's Lua scripts. Every change of an item is one script: read, check the state, write, and
// keep the waiting index in step, so two decisions never both land and the index never lies.
// A stored item that does not decode (malformed or foreign) fails its script's pcall: the script
// then answers as for a missing item instead of an error.

// Keys of the waiting index under ARGV base (account and asker keys are base64url: no ':'):
//   <base>:pend:accts           accounts, scored by their oldest waiting request
//   <base>:pend:a:<acct>        an account's askers, scored by their oldest waiting request
//   <base>:pend:q:<acct>:<ask>  an asker's waiting ids, scored by createdAt
//   <base>:pend:meta            id -> "<acct>:<ask>"
//   <base>:hist                 ids no longer waiting, scored by when they stopped
//   <base>:bad, <base>:bad:why  ids that cannot be read, and why
const NOW =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

const UNINDEX = `
local function unindex(base, id)
  local meta = base .. ':pend:meta'
  local place = redis.call('HGET', meta, id)
  if not place then return end
  redis.call('HDEL', meta, id)
  local acct, asker = string.match(place, '^([^:]+):(.+)$')
  local q = base .. ':pend:q:' .. place
  redis.call('ZREM', q, id)
  local a = base .. ':pend:a:' .. acct
  local first = redis.call('ZRANGE', q, 0, 0, 'WITHSCORES')
  if #first == 0 then redis.call('ZREM', a, asker) else redis.call('ZADD', a, first[2], asker) end
  local af = redis.call('ZRANGE', a, 0, 0, 'WITHSCORES')
  if #af == 0 then redis.call('ZREM', base .. ':pend:accts', acct)
  else redis.call('ZADD', base .. ':pend:accts', af[2], acct) end
end
local function ended(base, id, at)
  unindex(base, id)
  redis.call('ZADD', base .. ':hist', at, id)
end`;

const guarded = (body: string, fallback: string) => `${UNINDEX}
local function run()
${body}
end
local ok, out = pcall(run)
if ok then return out end
if type(out) == 'table' and out.err then return redis.error_reply(out.err) end
if type(out) == 'string' and string.find(out, 'OOM', 1, true) then return redis.error_reply(out) end
return ${fallback}`;

/** KEYS: item, alive, index. ARGV: base, json, aliveMs, keepMs, createdAt, id, acct, asker, pending (1/0). */
export const ADD = `${UNINDEX}
${NOW}
local base, id = ARGV[1], ARGV[6]
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
unindex(base, id)
redis.call('ZREM', base .. ':hist', id)
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[5], id)
-- Index entries older than the items they name go.
local old = now - tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', old)
redis.call('ZREMRANGEBYSCORE', base .. ':hist', '-inf', old)
for _, gone in ipairs(redis.call('ZRANGEBYSCORE', base .. ':bad', '-inf', old)) do
  redis.call('HDEL', base .. ':bad:why', gone)
end
redis.call('ZREMRANGEBYSCORE', base .. ':bad', '-inf', old)
if ARGV[9] ~= '1' then redis.call('ZADD', base .. ':hist', now, id) return 1 end
local acct, asker = ARGV[7], ARGV[8]
local q = base .. ':pend:q:' .. acct .. ':' .. asker
redis.call('ZADD', q, ARGV[5], id)
redis.call('HSET', base .. ':pend:meta', id, acct .. ':' .. asker)
local first = redis.call('ZRANGE', q, 0, 0, 'WITHSCORES')
redis.call('ZADD', base .. ':pend:a:' .. acct, first[2], asker)
local af = redis.call('ZRANGE', base .. ':pend:a:' .. acct, 0, 0, 'WITHSCORES')
redis.call('ZADD', base .. ':pend:accts', af[2], acct)
return 1`;

/** KEYS: item, alive. ARGV: decision, graceMs, needed, prior, base, id, held sigs (JSON), '1' when held is given. */
export const DECIDE = guarded(
  `local raw = redis.call('GET', KEYS[1])
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
  local held = {}
  for _, sig in ipairs(cjson.decode(ARGV[7])) do held[sig] = true end
  for _, a in ipairs(approvals) do
    if a.by == d.by and (ARGV[8] ~= '1' or held[a.sig]) then return {'same-person', raw} end
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
ended(ARGV[5], ARGV[6], now)
return {'ok', out}`,
  "{'not-found', ''}",
);

/** KEYS: item. ARGV: state, at, base, id. */
export const CLOSE = guarded(
  `local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
if item.state ~= 'pending' then return 0 end
item.state = ARGV[1]
item.closedAt = tonumber(ARGV[2])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
ended(ARGV[3], ARGV[4], tonumber(ARGV[2]))
return 1`,
  "0",
);

/** KEYS: item. ARGV: at. */
export const REDEEM = guarded(
  `local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
if item.state ~= 'approved' or item.redeemedAt ~= nil then return 0 end
item.redeemedAt = tonumber(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`,
  "0",
);

/** KEYS: item. ARGV: outcome. */
export const SETTLE = guarded(
  `local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local item = cjson.decode(raw)
item.outcome = cjson.decode(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(item), 'KEEPTTL')
return 1`,
  "0",
);

/**
 * ARGV: base, shown. Answers the waiting index's shape (for the fair order, without reading any
 * item): { accounts..., history count, unreadable count, up to `shown` unreadable id/why pairs },
 * each account as { key, askers count, asker key, waiting count, ... }.
 */
export const SHAPE = `
local base = ARGV[1]
local out = {}
local accts = redis.call('ZRANGE', base .. ':pend:accts', 0, -1)
out[1] = #accts
for _, acct in ipairs(accts) do
  local askers = redis.call('ZRANGE', base .. ':pend:a:' .. acct, 0, -1)
  table.insert(out, acct)
  table.insert(out, #askers)
  for _, asker in ipairs(askers) do
    table.insert(out, asker)
    table.insert(out, redis.call('ZCARD', base .. ':pend:q:' .. acct .. ':' .. asker))
  end
end
table.insert(out, redis.call('ZCARD', base .. ':hist'))
table.insert(out, redis.call('ZCARD', base .. ':bad'))
for _, id in ipairs(redis.call('ZREVRANGE', base .. ':bad', 0, tonumber(ARGV[2]) - 1)) do
  table.insert(out, id)
  table.insert(out, redis.call('HGET', base .. ':bad:why', id) or '')
end
return out`;

/**
 * ARGV: base, maxBytes, history offset, history count, then (acct:asker, index) pairs. Answers
 * [[id, raw, ...] of the waiting picks, [id, raw, ...] of the history page]; a raw over maxBytes is not sent
 * (answered '' and its length, so the reader names it oversized).
 */
export const FETCH = `
local base, max = ARGV[1], tonumber(ARGV[2])
local function put(out, id)
  if not id then return end
  local key = base .. ':item:' .. id
  local size = redis.call('STRLEN', key)
  table.insert(out, id)
  if size > max then table.insert(out, 'oversized:' .. size) else table.insert(out, redis.call('GET', key) or '') end
end
local pend, past = {}, {}
local from = tonumber(ARGV[3])
local hist = {}
if tonumber(ARGV[4]) > 0 then
  hist = redis.call('ZREVRANGE', base .. ':hist', from, from + tonumber(ARGV[4]) - 1)
end
for i = 5, #ARGV, 2 do
  local idx = tonumber(ARGV[i + 1])
  put(pend, redis.call('ZRANGE', base .. ':pend:q:' .. ARGV[i], idx, idx)[1])
end
for _, id in ipairs(hist) do put(past, id) end
return {pend, past}`;

/** ARGV: base, at, then (id, why) pairs: takes unreadable items out of every list, into the unreadable one. */
export const QUARANTINE = `${UNINDEX}
local base = ARGV[1]
for i = 3, #ARGV, 2 do
  unindex(base, ARGV[i])
  redis.call('ZREM', base .. ':hist', ARGV[i])
  redis.call('ZREM', base .. ':index', ARGV[i])
  redis.call('ZADD', base .. ':bad', ARGV[2], ARGV[i])
  redis.call('HSET', base .. ':bad:why', ARGV[i], ARGV[i + 1])
end
return 1`;
