import {
  RECORD_KEEP_MS,
  askedKey,
  memoryStore,
  pageLimit,
  redisLiveRecords,
  redisRuleCounts,
  unknownAfter
} from "./chunk-K626HZJL.js";
import {
  RESET_UNCERTAINTY_MS,
  SAME_WINDOW_SLACK_MS,
  StoreError,
  randomId
} from "./chunk-YOX5XIST.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/store/redis.js
import { createHash as createHash2 } from "node:crypto";
import { createClient } from "redis";

// dist/store/epoch.js
var withEpoch = /* @__PURE__ */ __name((body) => `
local current = redis.call('GET', KEYS[1])
local lost = ARGV[1] ~= '' and current ~= ARGV[1]
if not current then
  current = ARGV[2]
  redis.call('SET', KEYS[1], current)
end
if lost then return {0, current} end
local K, A = {}, {}
for i = 2, #KEYS do K[i - 1] = KEYS[i] end
for i = 3, #ARGV do A[i - 2] = ARGV[i] end
local function run()
${body}
end
return {1, current, run()}
`, "withEpoch");
var GET = `return redis.call('GET', K[1]) or ''`;
var SET_NX = `if redis.call('SET', K[1], A[1], 'NX', 'PX', A[2]) then return 1 end
return 0`;
var BUMP = `local current = tonumber(redis.call('GET', K[1])) or 0
if current ~= tonumber(A[1]) then return 0 end
redis.call('SET', K[1], current + 1, 'PX', A[2])
return 1`;
var USE_ONCE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expires = tonumber(A[1])
if expires <= now then return 0 end
if redis.call('SET', K[1], 1, 'NX', 'PX', expires - now) then return 1 end
return 0`;
var SUSPECT_MAX = 1e5;
var TOUCHED_MAX = 1e5;
var memos = /* @__PURE__ */ new Map();
var clientMemos = /* @__PURE__ */ new WeakMap();
function epochMemo(identity, client) {
  let byIdentity = memos;
  if (client) {
    byIdentity = clientMemos.get(client) ?? /* @__PURE__ */ new Map();
    clientMemos.set(client, byIdentity);
  }
  let memo = byIdentity.get(identity);
  if (!memo) {
    memo = { epoch: "", touched: /* @__PURE__ */ new Set(), suspect: /* @__PURE__ */ new Set() };
    byIdentity.set(identity, memo);
  }
  return memo;
}
__name(epochMemo, "epochMemo");
function epochGuard(storeName, memo, markerKey, script) {
  const lostError = /* @__PURE__ */ __name(() => new StoreError(storeName, `The shared store (${storeName}) lost its state since this process used it for this change (it restarted empty, or evicted adrails keys), so it no longer knows whether an earlier attempt was applied. Nothing was sent.`, "Do not repeat this change: a repeat could create it twice. Tell the user an earlier attempt may already have been applied: check the account (for example list the ads) before doing it again, in a new session. The store needs persistence and an eviction policy that keeps adrails keys."), "lostError");
  const add = /* @__PURE__ */ __name((set, key, max) => {
    set.delete(key);
    if (set.size >= max)
      set.delete(set.values().next().value);
    set.add(key);
  }, "add");
  return /* @__PURE__ */ __name(async function checked(body, key, args, track = true) {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (memo.suspect.has(key))
        throw lostError();
      const reply = await script(withEpoch(body), [markerKey, key], [memo.epoch, randomId(), ...args]);
      const [ok, epoch] = reply;
      if (ok === 1) {
        memo.epoch = epoch;
        if (track)
          add(memo.touched, key, TOUCHED_MAX);
        return reply[2];
      }
      for (const old of memo.touched)
        add(memo.suspect, old, SUSPECT_MAX);
      memo.touched.clear();
      memo.epoch = epoch;
    }
    throw lostError();
  }, "checked");
}
__name(epochGuard, "epochGuard");

// dist/store/redis-approvals.js
import { createHash } from "node:crypto";
var LOOK_MAX = 2e3;
var NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;
var QUEUE = `
local function twins(at, h, sc)
  return 'a:' .. at .. ':' .. h .. ':' .. sc, 's:' .. sc .. ':' .. at .. ':' .. h
end
local function unqueue(q, rec, h)
  local f = redis.call('HMGET', rec, 'at', 'sc')
  if f[1] and f[2] then
    local a, s = twins(f[1], h, f[2])
    redis.call('ZREM', q, a, s)
  end
end
local function pendingAt(base, at, h, now)
  local f = redis.call('HMGET', base .. h, 'exp', 'ans', 'at')
  return f[1] and tonumber(f[1]) > now and not f[2] and f[3] == at
end
`;
var FIELDS = `local function fields(key)
  local f = redis.call('HMGET', key, 'rec', 'payload', 'exp', 'ans', 'used', 'result')
  return {f[1] or '', f[2] or '', f[3] or '', f[4] or '', f[5] or '', f[6] or ''}
end
`;
var CREATE = `${NOW}${FIELDS}${QUEUE}
local exp = tonumber(redis.call('HGET', KEYS[1], 'exp'))
if exp and exp > now then
  local f = fields(KEYS[1])
  return {0, f[1], f[2], f[3], f[4], f[5], f[6]}
end
local expires = tonumber(ARGV[4])
unqueue(KEYS[2], KEYS[1], ARGV[1])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'rec', ARGV[2], 'payload', ARGV[3], 'exp', ARGV[4], 'at', ARGV[6], 'sc', ARGV[7])
local keep = math.max(1, expires + tonumber(ARGV[5]) - now)
redis.call('PEXPIRE', KEYS[1], keep)
-- A space nobody lists stays bounded: each create drops a few requests that expired at the head.
for _, m in ipairs(redis.call('ZRANGEBYLEX', KEYS[2], '[a:', '(a;', 'LIMIT', 0, 2)) do
  local at, h, sc = string.sub(m, 3, 17), string.sub(m, 19, 58), string.sub(m, 60, 99)
  if pendingAt(ARGV[8], at, h, now) then break end
  local a, s = twins(at, h, sc)
  redis.call('ZREM', KEYS[2], a, s)
end
local a, s = twins(ARGV[6], ARGV[1], ARGV[7])
redis.call('ZADD', KEYS[2], 0, a, 0, s)
redis.call('PEXPIRE', KEYS[2], math.max(keep, redis.call('PTTL', KEYS[2])))
local f = fields(KEYS[1])
return {1, f[1], f[2], f[3], f[4], f[5], f[6]}`;
var ANSWER = `${NOW}${FIELDS}${QUEUE}
local f = fields(KEYS[1])
if f[1] == '' then return {'missing'} end
local ok = redis.call('HGET', KEYS[1], 'ok')
local why = 'ok'
if tonumber(f[3]) <= now then why = 'expired'
elseif f[5] ~= '' then why = 'used'
elseif ok == '0' then why = 'declined'
elseif ok == '1' and ARGV[2] == '1' then why = 'answered'
else
  redis.call('HSET', KEYS[1], 'ans', ARGV[1], 'ok', ARGV[2])
  unqueue(KEYS[2], KEYS[1], ARGV[3])
  f = fields(KEYS[1])
end
return {why, f[1], f[2], f[3], f[4], f[5], f[6]}`;
var ANSWER_MANY = `${NOW}${QUEUE}
local n = #KEYS - 1
local flag = ARGV[1]
local why, at = 'ok', 0
local take = {}
for i = 1, n do
  local f = redis.call('HMGET', KEYS[i + 1], 'rec', 'exp', 'used', 'ok')
  local w = 'ok'
  if not f[1] then w = 'missing'
  elseif tonumber(f[2]) <= now then w = 'expired'
  elseif f[3] then w = 'used'
  elseif f[4] == '0' then w = 'declined'
  elseif f[4] == '1' and flag == '1' then w = 'answered'
  end
  if w == 'ok' then take[#take + 1] = i
  elseif w ~= 'answered' and why == 'ok' then why, at = w, i end
end
if flag == '1' and why ~= 'ok' then return {why, at} end
for _, i in ipairs(take) do
  redis.call('HSET', KEYS[i + 1], 'ans', ARGV[2 * i], 'ok', flag)
  unqueue(KEYS[1], KEYS[i + 1], ARGV[2 * i + 1])
end
return {why, at}`;
var REDEEM = `${NOW}${FIELDS}
local f = fields(KEYS[1])
if f[1] == '' then return {'missing'} end
local ok = redis.call('HGET', KEYS[1], 'ok')
local why = 'ok'
if tonumber(f[3]) <= now then why = 'expired'
elseif f[2] ~= ARGV[1] then why = 'payload'
elseif not ok then why = 'unanswered'
elseif ok ~= '1' then why = 'declined'
elseif f[5] ~= '' then why = 'used'
else
  redis.call('HSET', KEYS[1], 'used', now)
  f = fields(KEYS[1])
end
return {why, f[1], f[2], f[3], f[4], f[5], f[6]}`;
var SETTLE = `${FIELDS}
local f = fields(KEYS[1])
if f[1] == '' then return {'missing'} end
local why = 'ok'
if f[5] == '' then why = 'unused'
elseif f[6] ~= '' then why = 'settled'
else
  redis.call('HSET', KEYS[1], 'result', ARGV[1])
  f = fields(KEYS[1])
end
return {why, f[1], f[2], f[3], f[4], f[5], f[6]}`;
var LIST = `${NOW}${QUEUE}
local q, base, mode, sc = KEYS[1], ARGV[1], ARGV[2], ARGV[3]
local limit, budget = tonumber(ARGV[5]), tonumber(ARGV[6])
local lo, hi = '[a:', '(a;'
if mode == 's' then lo, hi = '[s:' .. sc .. ':', '(s:' .. sc .. ';' end
if ARGV[7] ~= '' then
  lo = '(' .. ARGV[7]
elseif ARGV[4] ~= '' then
  local f = redis.call('HMGET', base .. ARGV[4], 'at', 'sc')
  if not f[1] or not f[2] then return {'cursor'} end
  local a, s = twins(f[1], ARGV[4], f[2])
  if mode == 's' then lo = '(' .. s else lo = '(' .. a end
end
local out = {'ok', ''}
local found, seen = 0, 0
while found < limit do
  if seen >= budget then out[2] = string.sub(lo, 2); break end
  local batch = redis.call('ZRANGEBYLEX', q, lo, hi, 'LIMIT', 0, math.min(limit - found, budget - seen))
  if #batch == 0 then break end
  for _, m in ipairs(batch) do
    seen = seen + 1
    lo = '(' .. m
    local at, h, msc
    if mode == 's' then
      msc, at, h = string.sub(m, 3, 42), string.sub(m, 44, 58), string.sub(m, 60, 99)
    else
      at, h, msc = string.sub(m, 3, 17), string.sub(m, 19, 58), string.sub(m, 60, 99)
    end
    local f = redis.call('HMGET', base .. h, 'exp', 'ans', 'at', 'rec', 'payload')
    if f[1] and tonumber(f[1]) > now and not f[2] and f[3] == at then
      out[#out + 1] = f[4]
      out[#out + 1] = f[5]
      found = found + 1
    else
      local a, s = twins(at, h, msc)
      redis.call('ZREM', q, a, s)
    end
  end
end
return out`;
var TIME = `${NOW}
return now`;
function redisApprovalRecords(prefix, script) {
  const hash = /* @__PURE__ */ __name((text) => createHash("sha256").update(text).digest("hex").slice(0, 40), "hash");
  const base = /* @__PURE__ */ __name((space) => `${prefix}:apr:{${hash(space)}}:`, "base");
  const recordKey = /* @__PURE__ */ __name((space, id) => `${base(space)}${hash(id)}`, "recordKey");
  const queueKey = /* @__PURE__ */ __name((space) => `${prefix}:aprq:{${hash(space)}}`, "queueKey");
  const read = /* @__PURE__ */ __name((f) => {
    const [rec, payload, , ans, used, result] = f;
    if (!rec)
      return null;
    const record = {
      ...JSON.parse(rec),
      payload
    };
    if (ans)
      record.answer = JSON.parse(ans);
    if (used)
      record.usedAt = Number(used);
    if (result)
      record.result = result;
    return record;
  }, "read");
  return {
    async clock() {
      return Number(await script(TIME, [], []));
    },
    async createApproval(space, input) {
      const { payload, ...rest } = input;
      const reply = await script(CREATE, [recordKey(space, input.id), queueKey(space)], [
        hash(input.id),
        JSON.stringify(rest),
        payload,
        String(Math.floor(input.expiresAt)),
        String(RECORD_KEEP_MS),
        askedKey(input.askedAt),
        hash(input.scope),
        base(space)
      ]);
      return { record: read(reply.slice(1)), created: reply[0] === 1 };
    },
    async getApproval(space, id) {
      const reply = await script(`${FIELDS}local f = fields(KEYS[1]) return {f[1], f[2], f[3], f[4], f[5], f[6]}`, [recordKey(space, id)], []);
      return read(reply);
    },
    async answerApproval(space, id, answer) {
      const reply = await script(ANSWER, [recordKey(space, id), queueKey(space)], [JSON.stringify(answer), answer.approved ? "1" : "0", hash(id)]);
      const record = read(reply.slice(1)) ?? void 0;
      if (reply[0] === "ok")
        return { ok: true, record };
      return { ok: false, why: reply[0], ...record ? { record } : {} };
    },
    async answerApprovals(space, answers) {
      if (answers.length === 0)
        return { ok: true };
      const approved = answers.some((a) => a.answer.approved);
      const reply = await script(ANSWER_MANY, [queueKey(space), ...answers.map((a) => recordKey(space, a.id))], [approved ? "1" : "0", ...answers.flatMap((a) => [JSON.stringify(a.answer), hash(a.id)])]);
      if (reply[0] === "ok")
        return { ok: true };
      return { ok: false, id: answers[Number(reply[1]) - 1].id, why: reply[0] };
    },
    async pendingApprovals(space, page = {}) {
      const limit = pageLimit(page.limit);
      const out = [];
      let next = "";
      do {
        const reply = await script(LIST, [queueKey(space)], [
          base(space),
          page.scope === void 0 ? "a" : "s",
          page.scope === void 0 ? "" : hash(page.scope),
          page.after === void 0 ? "" : hash(page.after),
          String(limit - out.length),
          String(LOOK_MAX),
          next
        ]);
        if (reply[0] === "cursor")
          throw new Error(unknownAfter(page.after));
        next = reply[1];
        for (let i = 2; i + 1 < reply.length; i += 2) {
          out.push(read([reply[i], reply[i + 1], "", "", "", ""]));
        }
      } while (next !== "" && out.length < limit);
      return out;
    },
    async redeemApproval(space, id, payload) {
      const reply = await script(REDEEM, [recordKey(space, id)], [payload]);
      const record = read(reply.slice(1)) ?? void 0;
      if (reply[0] === "ok")
        return { ok: true, record };
      return { ok: false, why: reply[0], ...record ? { record } : {} };
    },
    async settleApproval(space, id, result) {
      const reply = await script(SETTLE, [recordKey(space, id)], [result]);
      const record = read(reply.slice(1)) ?? void 0;
      if (reply[0] === "ok")
        return { ok: true, record };
      return { ok: false, why: reply[0], ...record ? { record } : {} };
    }
  };
}
__name(redisApprovalRecords, "redisApprovalRecords");

// dist/store/scripts.js
var NOW2 = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;
var EXPIRE_BUCKET = `
local function expire(meta, log, ttl)
  ttl = math.max(ttl, redis.call('PTTL', meta), redis.call('PTTL', log))
  redis.call('PEXPIRE', meta, ttl)
  redis.call('PEXPIRE', log, ttl)
end
local function ttlOf(now, span, m)
  local ttl = span
  for _, at in ipairs(m) do
    local v = tonumber(at)
    if v and v - now > ttl then ttl = v - now end
  end
  return math.ceil(ttl) + 1000
end
`;
var RUN = `
local function runOf(member)
  local first, n, at = string.match(member, '^(%d+):(%d+):(%d+)$')
  return tonumber(first), tonumber(n), tonumber(at)
end
`;
var TAKE_RATE = `${NOW2}${EXPIRE_BUCKET}${RUN}
local meta, log = KEYS[1], KEYS[2]
local limit, span, hold = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local want, probeMs = tonumber(ARGV[4]), tonumber(ARGV[5])
local m = redis.call('HMGET', meta, 'total', 'seq', 'pause', 'heard', 'probe', 'sl', 'sr', 'sa', 'sw', 'sg', 'sf')
local total, seq = tonumber(m[1]) or 0, tonumber(m[2]) or 0
local pause, heard, probe = tonumber(m[3]) or 0, m[4], tonumber(m[5]) or 0
local sl, sr, sa, sw, sg = tonumber(m[6]), tonumber(m[7]), tonumber(m[8]), tonumber(m[9]), tonumber(m[10]) or 0
local sf = tonumber(m[11]) or 0
if pause > now then return {0, pause - now, seq, 1, ''} end
local old = redis.call('ZRANGEBYSCORE', log, '-inf', now)
for _, member in ipairs(old) do
  local _, n = runOf(member)
  total = total - n
  redis.call('HDEL', meta, 'p:' .. member)
end
if #old > 0 then redis.call('ZREMRANGEBYSCORE', log, '-inf', now) end
if total < 0 or redis.call('EXISTS', log) == 0 then total = 0 end
local free = limit - total
local wait = 0
if free <= 0 then
  local first = redis.call('ZRANGE', log, 0, 0, 'WITHSCORES')
  wait = tonumber(first[2]) - now
end
if sl then
  -- The service's reset passed: a fresh window of its limit opens with our next request. Its end
  -- is our guess until the service's own headers replace it: the longest reset heard, read a
  -- second late like every reset in whole seconds.
  if now >= sa then
    sr = sl
    sa = now + sw + ${RESET_UNCERTAINTY_MS}
    sg = 1
    sf = seq + 1
  end
  if sr <= 0 and sa - now > wait then wait = sa - now end
  if sr < free then free = sr end
end
-- The first answer carries the service's limit: learn it before sending a burst. A first request
-- that takes long holds the others back only probeMs.
if not heard and probe > 0 and probe <= now then
  heard = '1'
  redis.call('HSET', meta, 'heard', 1)
end
if not heard then
  if probe > now then return {0, math.min(25, probe - now), seq, 0, ''} end
  if free > 1 then free = 1 end
end
local granted = math.min(want, free)
if granted <= 0 then return {0, math.max(1, wait), seq, 0, ''} end
if not heard then probe = now + probeMs end
local run = (seq + 1) .. ':' .. granted .. ':' .. now
seq = seq + granted
total = total + granted
redis.call('ZADD', log, now + hold + span, run)
redis.call('HSET', meta, 'total', total, 'seq', seq, 'probe', probe, 'p:' .. run, granted)
if sl then redis.call('HSET', meta, 'sl', sl, 'sr', sr - granted, 'sa', sa, 'sw', sw, 'sg', sg, 'sf', sf) end
expire(meta, log, ttlOf(now, hold + span, {pause, probe, sa}))
return {granted, 0, seq, 0, run}
`;
var HEARD_RATE = `${NOW2}${EXPIRE_BUCKET}${RUN}
local meta, log = KEYS[1], KEYS[2]
local span, hold, run, seqOf = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
redis.call('HSET', meta, 'heard', 1)
redis.call('HDEL', meta, 'probe')
if run ~= '' and redis.call('HINCRBY', meta, 'p:' .. run, -1) <= 0 then
  redis.call('HDEL', meta, 'p:' .. run)
  if redis.call('ZSCORE', log, run) then
    local _, n, at = runOf(run)
    local upto = math.min(now, at + hold) + span
    if upto <= now then
      redis.call('ZREM', log, run)
      redis.call('HINCRBY', meta, 'total', -n)
    else
      redis.call('ZADD', log, 'XX', upto, run)
    end
  end
end
local m = redis.call('HMGET', meta, 'seq', 'pause', 'sl', 'sr', 'sa', 'sw', 'sg', 'sf')
local seq, pause = tonumber(m[1]) or 0, tonumber(m[2]) or 0
local sl, sr, sa, sw, sg = tonumber(m[3]), tonumber(m[4]), tonumber(m[5]), tonumber(m[6]), tonumber(m[7]) or 0
local sf = tonumber(m[8]) or 0
-- Headers of a request granted before the window we hold began, or before a reset that has passed
-- since, describe an older window: heard late, they would read as a fresh window with nothing left.
local stale = false
if sl then
  local _, _, grantedAt = runOf(run)
  if seqOf < sf or (now >= sa and grantedAt and grantedAt < sa) then stale = true end
end
local function addsNothing(limit, remaining, resetMs)
  local ruleLimit, ruleWindow = tonumber(ARGV[8]), tonumber(ARGV[9])
  -- longestOwnReset (types.ts): whole seconds, relative or epoch, rounded either way.
  if limit < ruleLimit or resetMs > math.ceil(ruleWindow / 1000) * 1000 + ${RESET_UNCERTAINTY_MS} then return false end
  -- The sum kept with the log (runs that stopped counting leave it at the next take): an answer
  -- costs the same however many runs the window holds.
  local counted = tonumber(redis.call('HGET', meta, 'total')) or 0
  return limit - remaining <= counted
end
-- The longest reset heard stays known: a service window longer than ours shows only early in it.
local longest = sw or 0
if ARGV[7] and tonumber(ARGV[7]) > longest then longest = tonumber(ARGV[7]) end
if ARGV[5] and not stale and addsNothing(tonumber(ARGV[5]), tonumber(ARGV[6]), longest) then
  -- headersAddNothing (types.ts): our own window is enough, the headers hold nothing back.
  redis.call('HDEL', meta, 'sl', 'sr', 'sa', 'sg', 'sf')
  redis.call('HSET', meta, 'sw', longest)
elseif ARGV[5] and not stale then
  local limit, remaining, resetMs = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
  local later = seq - seqOf
  if later < 0 then later = 0 end
  local left = remaining - later
  if left < 0 then left = 0 end
  -- A reset in whole seconds may have been rounded down: the window can end up to a second later.
  local at = now + resetMs + ${RESET_UNCERTAINTY_MS}
  local w = math.max(sw or 0, resetMs, 1000)
  -- Read a second late, resets never run early: they replace a guess, and within one window the
  -- earliest wins.
  if not sl or now >= sa or at > sa + ${SAME_WINDOW_SLACK_MS} then
    sl, sr, sa, sf = limit, left, at, seqOf
  elseif sg == 1 then
    sl, sr, sa = limit, math.min(sr, left), at
  else
    sl, sr, sa = limit, math.min(sr, left), math.min(sa, at)
  end
  sw = w
  redis.call('HSET', meta, 'sl', sl, 'sr', sr, 'sa', sa, 'sw', sw, 'sg', 0, 'sf', sf)
end
expire(meta, log, ttlOf(now, 0, {pause, sa}))
return 1
`;
var PAUSE_RATE = `${NOW2}${EXPIRE_BUCKET}
local meta, log = KEYS[1], KEYS[2]
local upto = now + tonumber(ARGV[1])
local m = redis.call('HMGET', meta, 'pause', 'sa')
local pause = tonumber(m[1]) or 0
if upto > pause then
  pause = upto
  redis.call('HSET', meta, 'pause', pause)
end
expire(meta, log, ttlOf(now, 0, {pause, m[2]}))
return 1
`;
var VIEW_RATE = `${NOW2}${RUN}
local meta, log = KEYS[1], KEYS[2]
local m = redis.call('HMGET', meta, 'pause', 'sl', 'sr', 'sa')
local used = 0
for _, member in ipairs(redis.call('ZRANGEBYSCORE', log, '(' .. now, '+inf')) do
  local _, n = runOf(member)
  used = used + n
end
local paused = math.max(0, (tonumber(m[1]) or 0) - now)
local sa = tonumber(m[4])
if sa and sa > now then return {used, paused, tonumber(m[2]), tonumber(m[3]), sa - now} end
return {used, paused}
`;
var RECORD_WRITE = `${NOW2}
local writes, counter = KEYS[1], KEYS[2]
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', writes, '-inf', now - window)
local n = redis.call('INCR', counter)
redis.call('PEXPIRE', counter, window)
redis.call('ZADD', writes, now, now .. ':' .. n)
redis.call('ZREMRANGEBYRANK', writes, 0, -(limit + 1))
redis.call('PEXPIRE', writes, window)
return 1
`;
var VIEW_BUDGET = `${NOW2}
local writes, spent = KEYS[1], KEYS[2]
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local left = redis.call('PTTL', spent)
if left > 0 then return {limit, left} end
local recent = redis.call('ZRANGEBYSCORE', writes, '(' .. (now - window), '+inf', 'WITHSCORES')
local used = #recent / 2
if used == 0 then return {0, -1} end
return {math.min(limit, used), tonumber(recent[2]) + window - now}
`;
var RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

// dist/store/redis.js
function redisStore(options) {
  const prefix = options.prefix ?? "adrails";
  const connectTimeoutMs = options.connectTimeoutMs ?? 2e3;
  const commandTimeoutMs = options.commandTimeoutMs ?? 1e3;
  const owned = "url" in options;
  const name = owned ? `redis at ${hostOf(options.url)}` : "redis";
  const client = owned ? createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      // Keep trying in the background: when Redis is back, work resumes without a restart.
      reconnectStrategy: /* @__PURE__ */ __name((retries) => Math.min(50 * 2 ** retries, 1e3), "reconnectStrategy")
    }
  }) : options.client;
  let lastError = "";
  client.on("error", (error) => {
    lastError = error instanceof Error ? error.message : String(error);
  });
  let connecting;
  let everReady = false;
  let closed = false;
  const fail = /* @__PURE__ */ __name((reason) => new StoreError(name, `The shared store (${name}) is unavailable: ${reason}. Nothing was sent.`), "fail");
  async function ready() {
    if (client.isReady) {
      everReady = true;
      return;
    }
    if (closed)
      throw fail("the store was closed");
    if (!client.isOpen && !connecting) {
      connecting = client.connect().catch((error) => {
        lastError = error instanceof Error ? error.message : String(error);
      });
    }
    if (everReady)
      throw fail(`not connected${lastError ? ` (${lastError})` : ""}`);
    if (!await readyWithin(client, connectTimeoutMs))
      throw fail(`no connection within ${connectTimeoutMs} ms`);
    everReady = true;
  }
  __name(ready, "ready");
  let evictionChecked;
  const checkEviction = /* @__PURE__ */ __name(async () => {
    if (options.allowEviction === true)
      return;
    const reply = client.sendCommand(["INFO", "memory"], { timeout: commandTimeoutMs });
    let info;
    try {
      info = String(await within(reply, commandTimeoutMs) ?? "");
    } catch (error) {
      throw fail(`its eviction policy could not be read (${error instanceof Error ? error.message : String(error)})`);
    }
    const policy = /maxmemory_policy:(\S+)/.exec(info)?.[1];
    const maxmemory = Number(/maxmemory:(\d+)/.exec(info)?.[1] ?? "0");
    if (policy === void 0)
      throw fail("its eviction policy could not be read (INFO memory gave none)");
    if (!evicts(policy, maxmemory))
      return;
    throw new StoreError(name, `The shared store (${name}) can evict adrails' keys: its maxmemory-policy is ${policy} with maxmemory ${maxmemory} bytes, so the ledger of retry ids, live ads and approval requests could vanish under memory pressure and a repeat could create a second ad. Nothing was sent.`, "Tell the user the store needs maxmemory-policy noeviction (or no maxmemory) for adrails; pass allowEviction: true to redisStore only to accept that risk.");
  }, "checkEviction");
  async function command(args) {
    await ready();
    evictionChecked ??= checkEviction().catch((error) => {
      evictionChecked = void 0;
      throw error;
    });
    await evictionChecked;
    const reply = client.sendCommand(args, { timeout: commandTimeoutMs });
    let result;
    try {
      result = await within(reply.then((value) => ({ value })), commandTimeoutMs);
    } catch (error) {
      throw fail(error instanceof Error ? error.message : String(error));
    }
    if (!result)
      throw fail(`no answer within ${commandTimeoutMs} ms`);
    return result.value;
  }
  __name(command, "command");
  const shas = /* @__PURE__ */ new Map();
  const script = /* @__PURE__ */ __name(async (lua, keys, args) => {
    const rest = [String(keys.length), ...keys, ...args.map(String)];
    let sha = shas.get(lua);
    if (sha === void 0) {
      sha = createHash2("sha1").update(lua).digest("hex");
      if (shas.size >= 256)
        shas.clear();
      shas.set(lua, sha);
      return command(["EVAL", lua, ...rest]);
    }
    try {
      return await command(["EVALSHA", sha, ...rest]);
    } catch (error) {
      if (!(error instanceof StoreError) || !error.message.includes("NOSCRIPT"))
        throw error;
      return command(["EVAL", lua, ...rest]);
    }
  }, "script");
  const hashed = /* @__PURE__ */ __name((kind, id) => `${prefix}:${kind}:${createHash2("sha256").update(id).digest("hex").slice(0, 40)}`, "hashed");
  const rateKeys = /* @__PURE__ */ __name((bucket) => {
    const base = `${prefix}:rate:{${createHash2("sha256").update(bucket).digest("hex").slice(0, 40)}}`;
    return [`${base}:m`, `${base}:l`];
  }, "rateKeys");
  const span = /* @__PURE__ */ __name((rule) => rule.windowMs + rule.marginMs, "span");
  const ledger = epochGuard(name, epochMemo(`${owned ? name : "client"}
${prefix}`, owned ? void 0 : options.client), `${prefix}:epoch`, script);
  const store = {
    name,
    ...redisLiveRecords(command, hashed),
    ...redisRuleCounts(script, prefix),
    ...redisApprovalRecords(prefix, script),
    ...options.onStoreError === "local" ? { fallback: memoryStore() } : {},
    async takeRate(bucket, rule, want) {
      const [granted, waitMs, seq, paused, run] = await script(TAKE_RATE, rateKeys(bucket), [
        rule.limit,
        span(rule),
        rule.holdMs,
        want,
        rule.probeMs
      ]);
      return { granted, waitMs, seq, run, ...paused === 1 ? { paused: true } : {} };
    },
    async heardRate(bucket, rule, heard) {
      const args = [span(rule), rule.holdMs, heard.run, heard.seq];
      if (heard.limit !== void 0 && heard.remaining !== void 0 && heard.resetMs !== void 0) {
        args.push(heard.limit, heard.remaining, Math.round(heard.resetMs), rule.limit, rule.windowMs);
      }
      await script(HEARD_RATE, rateKeys(bucket), args);
    },
    async pauseRate(bucket, ms) {
      await script(PAUSE_RATE, rateKeys(bucket), [Math.ceil(ms)]);
    },
    async viewRate(bucket) {
      const [used, pausedMs, limit, remaining, resetMs] = await script(VIEW_RATE, rateKeys(bucket), []);
      return {
        used,
        pausedMs,
        ...resetMs === void 0 ? {} : { server: { limit, remaining, resetMs } }
      };
    },
    async recordWrite(account, limit, windowMs) {
      const key = hashed("writes", account);
      await script(RECORD_WRITE, [key, `${key}:n`], [limit, windowMs]);
    },
    async markBudgetSpent(account, ms) {
      await command(["SET", hashed("spent", account), "1", "PX", String(Math.max(1, Math.ceil(ms)))]);
    },
    async viewBudget(account, limit, windowMs) {
      const [used, resetMs] = await script(VIEW_BUDGET, [hashed("writes", account), hashed("spent", account)], [limit, windowMs]);
      return { used, resetMs: resetMs < 0 ? null : resetMs };
    },
    async consume(id, expiresAtMs) {
      if (!Number.isFinite(expiresAtMs))
        return false;
      return await ledger(USE_ONCE, hashed("approval", id), [String(Math.floor(expiresAtMs))]) === 1;
    },
    async generation(slot) {
      const value = await ledger(GET, hashed("generation", slot), []);
      return value === "" ? 0 : Number(value);
    },
    async bumpGeneration(slot, expected, ttlMs) {
      const ms = String(Math.max(1, Math.ceil(ttlMs)));
      return await ledger(BUMP, hashed("generation", slot), [String(expected), ms]) === 1;
    },
    async pinned(slot) {
      const value = await ledger(GET, hashed("pin", slot), []);
      return typeof value === "string" && value !== "" ? value : null;
    },
    async pin(slot, id, ttlMs) {
      await ledger(SET_NX, hashed("pin", slot), [id, String(Math.max(1, Math.ceil(ttlMs)))]);
    },
    async unpin(slot, id) {
      await script(RELEASE, [hashed("pin", slot)], [id]);
    },
    async claim(key, ttlMs) {
      const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const ms = String(Math.max(1, Math.ceil(ttlMs)));
      const set = await ledger(SET_NX, hashed("claim", key), [token, ms], false);
      return set === 1 ? token : null;
    },
    async release(key, token) {
      await script(RELEASE, [hashed("claim", key)], [token]);
    },
    async close() {
      closed = true;
      if (!owned)
        return;
      if (client.isOpen)
        await client.close?.().catch(() => client.destroy?.());
      else
        client.destroy?.();
    }
  };
  return store;
}
__name(redisStore, "redisStore");
function evicts(policy, maxmemory) {
  return maxmemory > 0 && policy !== "noeviction";
}
__name(evicts, "evicts");
function hostOf(url) {
  try {
    return new URL(url).host || "localhost:6379";
  } catch {
    return "an unparsable URL";
  }
}
__name(hostOf, "hostOf");
function readyWithin(client, ms) {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const check = /* @__PURE__ */ __name(() => {
      if (client.isReady)
        resolve(true);
      else if (Date.now() >= deadline)
        resolve(false);
      else
        setTimeout(check, 10);
    }, "check");
    check();
  });
}
__name(readyWithin, "readyWithin");
async function within(promise, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(void 0), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
__name(within, "within");

export {
  redisStore
};
