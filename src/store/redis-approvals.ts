import { createHash } from "node:crypto";
import {
  type AnswerRefusal,
  type ApprovalRecord,
  type ApprovalRecordInput,
  type ApprovalRecords,
  RECORD_KEEP_MS,
  type RecordedAnswer,
  type RedeemRefusal,
  type SettleRefusal,
} from "./approval-records.js";

// Each record is one hash: `rec` (the request as JSON, without its payload), `payload` (the exact
// canonical payload, compared byte for byte by Lua), `exp`, and once answered `ans` and `ok`, once
// redeemed `used`, and once the redeeming call ran `result`. Lua never decodes the JSON, so nothing it keeps is re-encoded. Every check reads
// the server's TIME: one clock for the whole fleet. A space's index (a sorted set by expiry) lists
// its requests; both keys share a hash tag so a cluster keeps them in one slot.

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

const FIELDS = `local function fields(key)
  local f = redis.call('HMGET', key, 'rec', 'payload', 'exp', 'ans', 'used', 'result')
  return {f[1] or '', f[2] or '', f[3] or '', f[4] or '', f[5] or '', f[6] or ''}
end
`;

/** KEYS: record, index. ARGV: id, rec, payload, expiresAt, keepMs. Returns {created, fields...}. */
const CREATE = `${NOW}${FIELDS}
local exp = tonumber(redis.call('HGET', KEYS[1], 'exp'))
if exp and exp > now then
  local f = fields(KEYS[1])
  return {0, f[1], f[2], f[3], f[4], f[5], f[6]}
end
local expires = tonumber(ARGV[4])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'rec', ARGV[2], 'payload', ARGV[3], 'exp', ARGV[4])
local keep = math.max(1, expires + tonumber(ARGV[5]) - now)
redis.call('PEXPIRE', KEYS[1], keep)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[5]))
redis.call('ZADD', KEYS[2], expires, ARGV[1])
redis.call('PEXPIRE', KEYS[2], math.max(keep, redis.call('PTTL', KEYS[2])))
local f = fields(KEYS[1])
return {1, f[1], f[2], f[3], f[4], f[5], f[6]}`;

/** KEYS: record. ARGV: answer JSON, '1' approved or '0' declined. Returns {why, fields...}. */
const ANSWER = `${NOW}${FIELDS}
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
  f = fields(KEYS[1])
end
return {why, f[1], f[2], f[3], f[4], f[5], f[6]}`;

/**
 * KEYS: records (one space, one slot). ARGV: one answer JSON per key, then '1' approve or '0'
 * decline. Approvals all or none; declines on every record that takes one. Returns {why, index}
 * of the first refusal, or {'ok'}.
 */
const ANSWER_MANY = `${NOW}
local n = #KEYS
local flag = ARGV[n + 1]
local why, at = 'ok', 0
local take = {}
for i = 1, n do
  local f = redis.call('HMGET', KEYS[i], 'rec', 'exp', 'used', 'ok')
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
  redis.call('HSET', KEYS[i], 'ans', ARGV[i], 'ok', flag)
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

/** KEYS: index. ARGV: keepMs. The ids of requests not expired, after dropping long-expired ones. */
const LIST = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf')`;

const TIME = `${NOW}
return now`;

type Script = (lua: string, keys: string[], args: string[]) => Promise<unknown>;

/** The approval records in Redis, run through the store's own script path under `prefix`. */
export function redisApprovalRecords(prefix: string, script: Script): ApprovalRecords {
  const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 40);
  const recordKey = (space: string, id: string) => `${prefix}:apr:{${hash(space)}}:${hash(id)}`;
  const indexKey = (space: string) => `${prefix}:aprs:{${hash(space)}}`;

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
        [recordKey(space, input.id), indexKey(space)],
        [
          input.id,
          JSON.stringify(rest),
          payload,
          String(Math.floor(input.expiresAt)),
          String(RECORD_KEEP_MS),
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
        [recordKey(space, id)],
        [JSON.stringify(answer), answer.approved ? "1" : "0"],
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
        answers.map((a) => recordKey(space, a.id)),
        [...answers.map((a) => JSON.stringify(a.answer)), approved ? "1" : "0"],
      )) as unknown[];
      if (reply[0] === "ok") return { ok: true };
      return { ok: false, id: answers[Number(reply[1]) - 1]!.id, why: reply[0] as AnswerRefusal };
    },

    async pendingApprovals(space) {
      const ids = (await script(LIST, [indexKey(space)], [String(RECORD_KEEP_MS)])) as string[];
      const out: ApprovalRecord[] = [];
      for (const id of ids) {
        const record = await this.getApproval(space, id);
        if (record && record.answer === undefined) out.push(record);
      }
      return out.sort((a, b) => a.askedAt - b.askedAt);
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
