import { createHash } from "node:crypto";
import {
  type AnswerRefusal,
  type ApprovalRecord,
  type ApprovalRecordInput,
  type ApprovalRecords,
  askedKey,
  pageLimit,
  RECORD_KEEP_MS,
  type RecordedAnswer,
  type RedeemRefusal,
  type SettleRefusal,
  unknownAfter,
} from "./approval-records.js";

/** The most queue members one listing script looks at before it answers (the rest on the next). */
const LOOK_MAX = 2000;

// Each record is one hash: `rec` (the request as JSON, without its payload), `payload` (the exact
// canonical payload, compared byte for byte by Lua), `exp`, `at` (askedAt, 15 digits) and `sc` (the
// scope's hash), and once answered `ans` and `ok`, once redeemed `used`, and once the redeeming call
// ran `result`. Lua never decodes the JSON, so nothing it keeps is re-encoded. Every check reads the
// server's TIME: one clock for the whole fleet.
//
// A space's queue is one sorted set of equal scores read by lex range, holding two members per
// pending request, written and removed in the same script as the record: `a:<at>:<id hash>:<scope
// hash>` (the key's requests, oldest first) and `s:<scope hash>:<at>:<id hash>` (one scope's). Each
// member names its twin and its record, so a page, an answer and a cleanup cost O(log n) whatever
// the count. Requests that expired unanswered leave lazily: a listing drops those it meets, a create
// drops a few at the head. Every key of a space shares one hash tag, so a cluster keeps them in one
// slot (the listing script reads the records its members name).

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** Both queue members of a request from its record's `at` and `sc`, and the removal of both. */
const QUEUE = `
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

const FIELDS = `local function fields(key)
  local f = redis.call('HMGET', key, 'rec', 'payload', 'exp', 'ans', 'used', 'result')
  return {f[1] or '', f[2] or '', f[3] or '', f[4] or '', f[5] or '', f[6] or ''}
end
`;

/**
 * KEYS: record, queue. ARGV: id hash, rec, payload, expiresAt, keepMs, at, scope hash, record key
 * base. Returns {created, fields...}.
 */
const CREATE = `${NOW}${FIELDS}${QUEUE}
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

/** KEYS: record, queue. ARGV: answer JSON, '1' approved or '0' declined, id hash. Returns {why, fields...}. */
const ANSWER = `${NOW}${FIELDS}${QUEUE}
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

/**
 * KEYS: queue, then the records (one space, one slot). ARGV: '1' approve or '0' decline, then per
 * record its answer JSON and id hash. Approvals all or none; declines on every record that takes
 * one. Returns {why, index} of the first refusal, or {'ok'}.
 */
const ANSWER_MANY = `${NOW}${QUEUE}
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

/** KEYS: record. ARGV: payload. Returns {why, fields...}; 'ok' marks it used. */
const REDEEM = `${NOW}${FIELDS}
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

/** KEYS: record. ARGV: result JSON. Returns {why, fields...}; 'ok' stored it (used, no result yet). */
const SETTLE = `${FIELDS}
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

/**
 * KEYS: queue. ARGV: record key base, 'a' (the key's) or 's' (one scope's), scope hash, the id hash
 * of the request the page starts after (or ''), limit, the most members to look at, a member to
 * go on after (or ''). Returns {'ok', next member or '', rec, payload, rec, payload, ...} or
 * {'cursor'} when the request to start after is not recorded. Members of requests no longer
 * pending are dropped on the way; `next` is set when the look ran out before the page filled.
 */
const LIST = `${NOW}${QUEUE}
local q, base, mode, sc = KEYS[1], ARGV[1], ARGV[2], ARGV[3]
local limit, budget = tonumber(ARGV[5]), tonumber(ARGV[6])
local lo, hi = '[a:', '(a;'
if mode == 's' then lo, hi = '[s:' .. sc .. ':', '(s:' .. sc .. ';' end
if ARGV[7] ~= '' then
  lo = '(' .. ARGV[7]
elseif ARGV[4] ~= '' then
  local f = redis.call('HMGET', base .. ARGV[4], 'at', 'sc')
  if not f[1] or not f[2] then return {'cursor'} end
  -- Placed by its ask time and id, in the scope asked for, whatever scope it was asked in.
  local a, s = twins(f[1], ARGV[4], mode == 's' and sc or f[2])
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

const TIME = `${NOW}
return now`;

type Script = (lua: string, keys: string[], args: string[]) => Promise<unknown>;

/** The approval records in Redis, run through the store's own script path under `prefix`. */
export function redisApprovalRecords(prefix: string, script: Script): ApprovalRecords {
  const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 40);
  const base = (space: string) => `${prefix}:apr:{${hash(space)}}:`;
  const recordKey = (space: string, id: string) => `${base(space)}${hash(id)}`;
  const queueKey = (space: string) => `${prefix}:aprq:{${hash(space)}}`;

  const read = (f: unknown[]): ApprovalRecord | null => {
    const [rec, payload, , ans, used, result] = f as string[];
    if (!rec) return null;
    const record = {
      ...(JSON.parse(rec) as Omit<ApprovalRecordInput, "payload">),
      payload,
    } as ApprovalRecord;
    if (ans) record.answer = JSON.parse(ans) as RecordedAnswer;
    if (used) record.usedAt = Number(used);
    if (result) record.result = result;
    return record;
  };

  return {
    async clock() {
      return Number(await script(TIME, [], []));
    },

    async createApproval(space, input) {
      const { payload, ...rest } = input;
      const reply = (await script(
        CREATE,
        [recordKey(space, input.id), queueKey(space)],
        [
          hash(input.id),
          JSON.stringify(rest),
          payload,
          String(Math.floor(input.expiresAt)),
          String(RECORD_KEEP_MS),
          askedKey(input.askedAt),
          hash(input.scope),
          base(space),
        ],
      )) as unknown[];
      return { record: read(reply.slice(1))!, created: reply[0] === 1 };
    },

    async getApproval(space, id) {
      const reply = (await script(
        `${FIELDS}local f = fields(KEYS[1]) return {f[1], f[2], f[3], f[4], f[5], f[6]}`,
        [recordKey(space, id)],
        [],
      )) as unknown[];
      return read(reply);
    },

    async answerApproval(space, id, answer) {
      const reply = (await script(
        ANSWER,
        [recordKey(space, id), queueKey(space)],
        [JSON.stringify(answer), answer.approved ? "1" : "0", hash(id)],
      )) as unknown[];
      const record = read(reply.slice(1)) ?? undefined;
      if (reply[0] === "ok") return { ok: true, record: record! };
      return { ok: false, why: reply[0] as AnswerRefusal, ...(record ? { record } : {}) };
    },

    async answerApprovals(space, answers) {
      if (answers.length === 0) return { ok: true };
      const approved = answers.some((a) => a.answer.approved);
      const reply = (await script(
        ANSWER_MANY,
        [queueKey(space), ...answers.map((a) => recordKey(space, a.id))],
        [approved ? "1" : "0", ...answers.flatMap((a) => [JSON.stringify(a.answer), hash(a.id)])],
      )) as unknown[];
      if (reply[0] === "ok") return { ok: true };
      return { ok: false, id: answers[Number(reply[1]) - 1]!.id, why: reply[0] as AnswerRefusal };
    },

    async pendingApprovals(space, page = {}) {
      const limit = pageLimit(page.limit);
      const out: ApprovalRecord[] = [];
      let next = "";
      // One script per page; another only when the page met many requests no longer pending.
      do {
        const reply = (await script(
          LIST,
          [queueKey(space)],
          [
            base(space),
            page.scope === undefined ? "a" : "s",
            page.scope === undefined ? "" : hash(page.scope),
            page.after === undefined ? "" : hash(page.after),
            String(limit - out.length),
            String(LOOK_MAX),
            next,
          ],
        )) as string[];
        if (reply[0] === "cursor") throw new Error(unknownAfter(page.after!));
        next = reply[1]!;
        for (let i = 2; i + 1 < reply.length; i += 2) {
          out.push(read([reply[i]!, reply[i + 1]!, "", "", "", ""])!);
        }
      } while (next !== "" && out.length < limit);
      return out;
    },

    async redeemApproval(space, id, payload) {
      const reply = (await script(REDEEM, [recordKey(space, id)], [payload])) as unknown[];
      const record = read(reply.slice(1)) ?? undefined;
      if (reply[0] === "ok") return { ok: true, record: record! };
      return { ok: false, why: reply[0] as RedeemRefusal, ...(record ? { record } : {}) };
    },

    async settleApproval(space, id, result) {
      const reply = (await script(SETTLE, [recordKey(space, id)], [result])) as unknown[];
      const record = read(reply.slice(1)) ?? undefined;
      if (reply[0] === "ok") return { ok: true, record: record! };
      return { ok: false, why: reply[0] as SettleRefusal, ...(record ? { record } : {}) };
    },
  };
}
