import { RESET_UNCERTAINTY_MS, SAME_WINDOW_SLACK_MS } from "./types.js";

// Lua run by Redis, so each operation is atomic across every process and reads one clock: the
// server's TIME. The rate log keeps sends granted in the same ms as one run ("seq:n" scored by
// time) and their sum in the meta hash, so a take costs the same whatever the limit.

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * Both keys of a bucket always get the same expiry, so the sum never outlives its runs, and an
 * expiry is only ever extended: a short operation never cuts a window a take needed.
 */
const EXPIRE_BUCKET = `
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

/** Parts of a run's name: first seq, how many, granted at (ms). */
const RUN = `
local function runOf(member)
  local first, n, at = string.match(member, '^(%d+):(%d+):(%d+)$')
  return tonumber(first), tonumber(n), tonumber(at)
end
`;

/**
 * KEYS: meta, log. ARGV: limit, windowMs + marginMs, holdMs, want, probeMs.
 * Returns {granted, waitMs, seq, paused, run}. A run is scored by when it stops counting.
 */
export const TAKE_RATE = `${NOW}${EXPIRE_BUCKET}${RUN}
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

/**
 * KEYS: meta, log. ARGV: windowMs + marginMs, holdMs, run, seq, then limit, remaining, resetMs,
 * our limit and window when headers were heard. Once every answer of a run came, it counts until a window after the
 * last (it reached the service before). Requests granted after the answered one are not in its
 * headers yet.
 */
export const HEARD_RATE = `${NOW}${EXPIRE_BUCKET}${RUN}
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

/** KEYS: meta, log. ARGV: ms. */
export const PAUSE_RATE = `${NOW}${EXPIRE_BUCKET}
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

/** KEYS: meta, log. Returns {used, pausedMs, sl, sr, resetMs}. */
export const VIEW_RATE = `${NOW}${RUN}
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

/** KEYS: writes, counter. ARGV: limit, windowMs. */
export const RECORD_WRITE = `${NOW}
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

/** KEYS: writes, spent. ARGV: limit, windowMs. Returns {used, resetMs or -1}. */
export const VIEW_BUDGET = `${NOW}
local writes, spent = KEYS[1], KEYS[2]
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local left = redis.call('PTTL', spent)
if left > 0 then return {limit, left} end
local recent = redis.call('ZRANGEBYSCORE', writes, '(' .. (now - window), '+inf', 'WITHSCORES')
local used = #recent / 2
if used == 0 then return {0, -1} end
return {math.min(limit, used), tonumber(recent[2]) + window - now}
`;

/** KEYS: claim. ARGV: token. */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;
