import { sha256Hex } from "../hashing.js";

// Counts the money rules keep (launches per account per day, writes per session): a count per
// member of a group, plus holds on it while a call is in flight, so that parallel calls cannot
// pass a cap together. Kept apart from the rest of the store's state; each store spreads it in.

/** One member's count in a group: done, and held by calls still in flight. */
export interface CountView {
  done: number;
  held: number;
}

/** The rule counts of a store. Group and member names are hashed into keys like every identifier. */
export interface RuleCountStore {
  /**
   * Holds one of `limit` for `member` of `group` for `holdMs`: a token when done + held stayed
   * under the limit (atomically, fleet-wide), null when it did not. The group lives `ttlMs`.
   * A `key` already counted (an earlier send of the same request id) holds whatever the limit:
   * repeating it adds nothing.
   */
  holdCount(
    group: string,
    member: string,
    limit: number,
    holdMs: number,
    ttlMs: number,
    key?: string,
  ): Promise<string | null>;
  /**
   * Ends a hold (a null token: none was taken). `counted` true adds one to the member's count,
   * once per `key` when one is given (a request id counts once however often it is sent);
   * `"undo"` takes back the count of `key`, when it was counted (the send was shown not applied).
   */
  settleCount(
    group: string,
    member: string,
    token: string | null,
    counted: boolean | "undo",
    ttlMs: number,
    key?: string,
  ): Promise<void>;
  /** Every member of the group with a count or a hold. */
  viewCounts(group: string): Promise<Record<string, CountView>>;
}

const newToken = () => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The rule counts in this process's memory. */
export function memoryRuleCounts(maxGroups = 10_000): RuleCountStore {
  type Group = {
    done: Map<string, number>;
    /** "member\nkey" of each request id counted. */
    keys: Set<string>;
    holds: Map<string, { member: string; until: number }>;
    until: number;
  };
  const groups = new Map<string, Group>();
  const groupOf = (name: string, ttlMs: number, now: number): Group => {
    let g = groups.get(name);
    if (!g || g.until <= now) {
      g = { done: new Map(), keys: new Set(), holds: new Map(), until: 0 };
      groups.delete(name);
      groups.set(name, g);
      for (const [k, old] of groups) {
        if (groups.size <= maxGroups && old.until > now) break;
        if (old !== g) groups.delete(k);
      }
    }
    g.until = Math.max(g.until, now + ttlMs);
    return g;
  };
  const held = (g: Group, member: string, now: number) => {
    let n = 0;
    for (const [token, h] of g.holds) {
      if (h.until <= now) g.holds.delete(token);
      else if (h.member === member) n++;
    }
    return n;
  };
  return {
    async holdCount(group, member, limit, holdMs, ttlMs, key) {
      const now = Date.now();
      const g = groupOf(group, ttlMs, now);
      const repeat = key !== undefined && g.keys.has(`${member}\n${key}`);
      if (!repeat && (g.done.get(member) ?? 0) + held(g, member, now) >= limit) return null;
      const token = newToken();
      g.holds.set(token, { member, until: now + holdMs });
      return token;
    },
    async settleCount(group, member, token, counted, ttlMs, key) {
      const g = groupOf(group, ttlMs, Date.now());
      if (token !== null) g.holds.delete(token);
      const marker = key === undefined ? undefined : `${member}\n${key}`;
      if (counted === "undo") {
        if (marker !== undefined && g.keys.delete(marker)) {
          g.done.set(member, Math.max(0, (g.done.get(member) ?? 0) - 1));
        }
        return;
      }
      if (!counted || (marker !== undefined && g.keys.has(marker))) return;
      if (marker !== undefined) g.keys.add(marker);
      g.done.set(member, (g.done.get(member) ?? 0) + 1);
    },
    async viewCounts(group) {
      const now = Date.now();
      const g = groups.get(group);
      if (!g || g.until <= now) return {};
      const out: Record<string, CountView> = {};
      for (const [member, done] of g.done) out[member] = { done, held: 0 };
      for (const h of g.holds.values()) {
        if (h.until <= now) continue;
        out[h.member] ??= { done: 0, held: 0 };
        out[h.member]!.held++;
      }
      return out;
    },
  };
}

// Lua run by Redis: each step atomic across the fleet, on the server's clock. KEYS: the counts
// hash (member -> done) and the holds sorted set ("member\ttoken" scored by when the hold ends).
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function keep(ttl)
  for _, k in ipairs(KEYS) do
    if redis.call('PTTL', k) < ttl then redis.call('PEXPIRE', k, ttl) end
  end
end
local function heldOf(member)
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  local n = 0
  for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    if string.sub(m, 1, #member + 1) == member .. '\\t' then n = n + 1 end
  end
  return n
end
`;

// A request id counted for a member is the hash field "member\n#id" (never a member's own name).

/** ARGV: member, limit, holdMs, ttlMs, token, key ("" for none). Returns 1 when held, 0 when the cap is reached. */
const HOLD = `${NOW}
local member, limit, holdMs, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local done = tonumber(redis.call('HGET', KEYS[1], member)) or 0
local again = ARGV[6] ~= '' and redis.call('HEXISTS', KEYS[1], member .. '\\n#' .. ARGV[6]) == 1
if not again and done + heldOf(member) >= limit then return 0 end
redis.call('ZADD', KEYS[2], now + holdMs, member .. '\\t' .. ARGV[5])
redis.call('HSETNX', KEYS[1], member, '0')
keep(ttl)
return 1
`;

/** ARGV: member, token ("" for none), counted (1, 0 or -1 to undo), ttlMs, key ("" for none). */
const SETTLE = `${NOW}
if ARGV[2] ~= '' then redis.call('ZREM', KEYS[2], ARGV[1] .. '\\t' .. ARGV[2]) end
local marker = ARGV[1] .. '\\n#' .. ARGV[5]
if ARGV[3] == '1' and (ARGV[5] == '' or redis.call('HSETNX', KEYS[1], marker, '1') == 1) then
  redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
elseif ARGV[3] == '-1' and ARGV[5] ~= '' and redis.call('HDEL', KEYS[1], marker) == 1 then
  redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
end
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then keep(tonumber(ARGV[4])) end
return 1
`;

/** Returns a flat list: member, done, held, member, done, held, ... */
const VIEW = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local out = {}
local seen = {}
for i, v in ipairs(redis.call('HGETALL', KEYS[1])) do
  if i % 2 == 1 and not string.find(v, '\\n#', 1, true) then seen[v] = true; table.insert(out, v); table.insert(out, redis.call('HGET', KEYS[1], v)); table.insert(out, heldOf(v)) end
end
for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local member = string.match(m, '^(.*)\\t[^\\t]*$')
  if member and not seen[member] then seen[member] = true; table.insert(out, member); table.insert(out, '0'); table.insert(out, heldOf(member)) end
end
return out
`;

/** The rule counts in Redis, through the store's own command path (timeouts, fail closed). */
export function redisRuleCounts(
  script: (lua: string, keys: string[], args: (string | number)[]) => Promise<unknown>,
  prefix: string,
): RuleCountStore {
  // One hash tag per group keeps both keys in one slot of a cluster.
  const keys = (group: string) => {
    const base = `${prefix}:count:{${sha256Hex(group).slice(0, 40)}}`;
    return [`${base}:n`, `${base}:h`];
  };
  const ms = (n: number) => Math.max(1, Math.ceil(n));
  return {
    async holdCount(group, member, limit, holdMs, ttlMs, key) {
      const token = newToken();
      const got = await script(HOLD, keys(group), [member, limit, ms(holdMs), ms(ttlMs), token, key ?? ""]);
      return got === 1 ? token : null;
    },
    async settleCount(group, member, token, counted, ttlMs, key) {
      const n = counted === "undo" ? -1 : counted ? 1 : 0;
      await script(SETTLE, keys(group), [member, token ?? "", n, ms(ttlMs), key ?? ""]);
    },
    async viewCounts(group) {
      const flat = (await script(VIEW, keys(group), [])) as (string | number)[];
      const out: Record<string, CountView> = {};
      for (let i = 0; i + 2 < flat.length; i += 3) {
        out[String(flat[i])] = { done: Number(flat[i + 1]), held: Number(flat[i + 2]) };
      }
      return out;
    },
  };
}
