import {
  RESET_UNCERTAINTY_MS,
  SAME_WINDOW_SLACK_MS,
  StoreError,
  headersAddNothing,
  randomId,
  sha256Hex
} from "./chunk-YOX5XIST.js";
import {
  __name
} from "./chunk-CURNL2XW.js";

// dist/store/counts.js
var newToken = /* @__PURE__ */ __name(() => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`, "newToken");
function memoryRuleCounts(maxGroups = 1e4) {
  const groups = /* @__PURE__ */ new Map();
  const groupOf = /* @__PURE__ */ __name((name, ttlMs, now) => {
    let g = groups.get(name);
    if (!g || g.until <= now) {
      g = { done: /* @__PURE__ */ new Map(), holds: /* @__PURE__ */ new Map(), until: 0 };
      groups.delete(name);
      groups.set(name, g);
      for (const [k, old] of groups) {
        if (groups.size <= maxGroups && old.until > now)
          break;
        if (old !== g)
          groups.delete(k);
      }
    }
    g.until = Math.max(g.until, now + ttlMs);
    return g;
  }, "groupOf");
  const held = /* @__PURE__ */ __name((g, member, now) => {
    let n = 0;
    for (const [token, h] of g.holds) {
      if (h.until <= now)
        g.holds.delete(token);
      else if (h.member === member)
        n++;
    }
    return n;
  }, "held");
  return {
    async holdCount(group, member, limit, holdMs, ttlMs) {
      const now = Date.now();
      const g = groupOf(group, ttlMs, now);
      if ((g.done.get(member) ?? 0) + held(g, member, now) >= limit)
        return null;
      const token = newToken();
      g.holds.set(token, { member, until: now + holdMs });
      return token;
    },
    async settleCount(group, member, token, counted, ttlMs) {
      const g = groupOf(group, ttlMs, Date.now());
      if (token !== null)
        g.holds.delete(token);
      if (counted)
        g.done.set(member, (g.done.get(member) ?? 0) + 1);
    },
    async viewCounts(group) {
      const now = Date.now();
      const g = groups.get(group);
      if (!g || g.until <= now)
        return {};
      const out = {};
      for (const [member, done] of g.done)
        out[member] = { done, held: 0 };
      for (const h of g.holds.values()) {
        if (h.until <= now)
          continue;
        out[h.member] ??= { done: 0, held: 0 };
        out[h.member].held++;
      }
      return out;
    }
  };
}
__name(memoryRuleCounts, "memoryRuleCounts");
var NOW = `
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
var HOLD = `${NOW}
local member, limit, holdMs, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local done = tonumber(redis.call('HGET', KEYS[1], member)) or 0
if done + heldOf(member) >= limit then return 0 end
redis.call('ZADD', KEYS[2], now + holdMs, member .. '\\t' .. ARGV[5])
redis.call('HSETNX', KEYS[1], member, '0')
keep(ttl)
return 1
`;
var SETTLE = `${NOW}
if ARGV[2] ~= '' then redis.call('ZREM', KEYS[2], ARGV[1] .. '\\t' .. ARGV[2]) end
if ARGV[3] == '1' then redis.call('HINCRBY', KEYS[1], ARGV[1], 1) end
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then keep(tonumber(ARGV[4])) end
return 1
`;
var VIEW = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local out = {}
local seen = {}
for i, v in ipairs(redis.call('HGETALL', KEYS[1])) do
  if i % 2 == 1 then seen[v] = true; table.insert(out, v); table.insert(out, redis.call('HGET', KEYS[1], v)); table.insert(out, heldOf(v)) end
end
for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local member = string.match(m, '^(.*)\\t[^\\t]*$')
  if member and not seen[member] then seen[member] = true; table.insert(out, member); table.insert(out, '0'); table.insert(out, heldOf(member)) end
end
return out
`;
function redisRuleCounts(script, prefix) {
  const keys = /* @__PURE__ */ __name((group) => {
    const base = `${prefix}:count:{${sha256Hex(group).slice(0, 40)}}`;
    return [`${base}:n`, `${base}:h`];
  }, "keys");
  const ms = /* @__PURE__ */ __name((n) => Math.max(1, Math.ceil(n)), "ms");
  return {
    async holdCount(group, member, limit, holdMs, ttlMs) {
      const token = newToken();
      const got = await script(HOLD, keys(group), [member, limit, ms(holdMs), ms(ttlMs), token]);
      return got === 1 ? token : null;
    },
    async settleCount(group, member, token, counted, ttlMs) {
      await script(SETTLE, keys(group), [member, token ?? "", counted ? 1 : 0, ms(ttlMs)]);
    },
    async viewCounts(group) {
      const flat = await script(VIEW, keys(group), []);
      const out = {};
      for (let i = 0; i + 2 < flat.length; i += 3) {
        out[String(flat[i])] = { done: Number(flat[i + 1]), held: Number(flat[i + 2]) };
      }
      return out;
    }
  };
}
__name(redisRuleCounts, "redisRuleCounts");

// dist/store/live.js
function memoryLiveRecords(max = 1e4) {
  const records = /* @__PURE__ */ new Map();
  return {
    async noteLive(key, record, ttlMs) {
      const now = Date.now();
      records.delete(key);
      records.set(key, { value: record, until: now + Math.max(1, ttlMs) });
      for (const [k, entry] of records) {
        if (records.size <= max && entry.until > now)
          break;
        records.delete(k);
      }
    },
    async lastLive(key) {
      const entry = records.get(key);
      return entry && entry.until > Date.now() ? entry.value : null;
    }
  };
}
__name(memoryLiveRecords, "memoryLiveRecords");
function redisLiveRecords(command, hashed) {
  return {
    async noteLive(key, record, ttlMs) {
      await command(["SET", hashed("live", key), record, "PX", String(Math.max(1, Math.ceil(ttlMs)))]);
    },
    async lastLive(key) {
      const value = await command(["GET", hashed("live", key)]);
      return typeof value === "string" ? value : null;
    }
  };
}
__name(redisLiveRecords, "redisLiveRecords");

// dist/store/sorted.js
var SortedKeys = class {
  static {
    __name(this, "SortedKeys");
  }
  keys = [];
  get size() {
    return this.keys.length;
  }
  /** The position of the first key greater than `key` (`inclusive`: not less than). */
  bound(key, inclusive) {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      const k = this.keys[mid];
      if (k < key || !inclusive && k === key)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }
  add(key) {
    const last = this.keys[this.keys.length - 1];
    if (last === void 0 || last < key) {
      this.keys.push(key);
      return;
    }
    const at = this.bound(key, true);
    if (this.keys[at] !== key)
      this.keys.splice(at, 0, key);
  }
  delete(key) {
    const at = this.bound(key, true);
    if (this.keys[at] === key)
      this.keys.splice(at, 1);
  }
  /** Keys after `after` (all when undefined), in order; the caller may delete the key it was given. */
  *from(after) {
    let at = after === void 0 ? 0 : this.bound(after, false);
    while (at < this.keys.length) {
      const key = this.keys[at];
      yield key;
      at = this.bound(key, false);
    }
  }
};

// dist/store/approval-records.js
var PENDING_PAGE = 100;
var PENDING_PAGE_MAX = 1e3;
var pageLimit = /* @__PURE__ */ __name((limit) => limit === void 0 || !Number.isFinite(limit) ? PENDING_PAGE : Math.min(PENDING_PAGE_MAX, Math.max(1, Math.floor(limit))), "pageLimit");
var unknownAfter = /* @__PURE__ */ __name((id) => `No approval request "${id}" is recorded (it expired long ago, or never was), so no page starts after it. List from the start instead.`, "unknownAfter");
var askedKey = /* @__PURE__ */ __name((askedAt) => String(Math.max(0, Math.floor(askedAt))).padStart(15, "0"), "askedKey");
var RECORD_KEEP_MS = 15 * 6e4;
function memoryApprovalRecords(now = () => Date.now(), max = 1e5) {
  const records = /* @__PURE__ */ new Map();
  const keyOf = /* @__PURE__ */ __name((space, id) => `${space}
${id}`, "keyOf");
  const queues = /* @__PURE__ */ new Map();
  const queueOf = /* @__PURE__ */ __name((space) => {
    let q = queues.get(space);
    if (!q) {
      q = new PendingQueue();
      queues.set(space, q);
    }
    return q;
  }, "queueOf");
  const unqueue = /* @__PURE__ */ __name((space, r) => {
    const q = queues.get(space);
    q?.remove(queueKey(r));
    if (q?.all.size === 0)
      queues.delete(space);
  }, "unqueue");
  const pendingNow = /* @__PURE__ */ __name((space, key, at) => {
    const r = live(space, key.slice(16), at);
    return r !== void 0 && r.answer === void 0 && r.expiresAt > at && queueKey(r) === key ? r : void 0;
  }, "pendingNow");
  const live = /* @__PURE__ */ __name((space, id, at) => {
    const key = keyOf(space, id);
    const record = records.get(key);
    if (record && record.expiresAt + RECORD_KEEP_MS <= at) {
      records.delete(key);
      return void 0;
    }
    return record;
  }, "live");
  const copy = /* @__PURE__ */ __name((r) => structuredClone(r), "copy");
  const sweep = /* @__PURE__ */ __name((at) => {
    for (const [key, r] of records) {
      if (records.size < max && r.expiresAt + RECORD_KEEP_MS > at)
        break;
      if (r.expiresAt > at && records.size >= max)
        throw new Error("too many approval requests pending");
      records.delete(key);
    }
  }, "sweep");
  return {
    async clock() {
      return now();
    },
    async createApproval(space, input) {
      const at = now();
      const existing = live(space, input.id, at);
      if (existing && existing.expiresAt > at)
        return { record: copy(existing), created: false };
      sweep(at);
      const record = structuredClone(input);
      if (existing)
        unqueue(space, existing);
      records.delete(keyOf(space, input.id));
      records.set(keyOf(space, input.id), record);
      const q = queueOf(space);
      for (let i = 0; i < 2; i++) {
        const head = q.all.from(void 0).next();
        if (head.done || pendingNow(space, head.value, at))
          break;
        q.remove(head.value);
      }
      q.add(queueKey(record), record.scope);
      return { record: copy(record), created: true };
    },
    async getApproval(space, id) {
      const record = live(space, id, now());
      return record ? copy(record) : null;
    },
    async answerApproval(space, id, answer) {
      const at = now();
      const record = live(space, id, at);
      if (!record)
        return { ok: false, why: "missing" };
      const refused = answerRefusal(record, answer, at);
      if (refused)
        return { ok: false, why: refused, record: copy(record) };
      record.answer = structuredClone(answer);
      unqueue(space, record);
      return { ok: true, record: copy(record) };
    },
    async answerApprovals(space, answers) {
      const at = now();
      const approving = answers.some((a) => a.answer.approved);
      const found = answers.map((a) => ({ a, record: live(space, a.id, at) }));
      let first = { ok: true };
      for (const { a, record } of found) {
        const why = record ? answerRefusal(record, a.answer, at) : "missing";
        if (why === void 0 || why === "answered")
          continue;
        if (first.ok)
          first = { ok: false, id: a.id, why };
      }
      if (approving && !first.ok)
        return first;
      for (const { a, record } of found) {
        if (record && answerRefusal(record, a.answer, at) === void 0) {
          record.answer = structuredClone(a.answer);
          unqueue(space, record);
        }
      }
      return first;
    },
    async pendingApprovals(space, page = {}) {
      const at = now();
      const limit = pageLimit(page.limit);
      let after;
      if (page.after !== void 0) {
        const last = live(space, page.after, at);
        if (!last)
          throw new Error(unknownAfter(page.after));
        after = queueKey(last);
      }
      const q = queues.get(space);
      const keys = page.scope === void 0 ? q?.all : q?.byScope.get(page.scope);
      const out = [];
      if (!q || !keys)
        return out;
      for (const key of keys.from(after)) {
        if (out.length >= limit)
          break;
        const record = pendingNow(space, key, at);
        if (record)
          out.push(copy(record));
        else
          q.remove(key);
      }
      if (q.all.size === 0)
        queues.delete(space);
      return out;
    },
    async redeemApproval(space, id, payload) {
      const at = now();
      const record = live(space, id, at);
      if (!record)
        return { ok: false, why: "missing" };
      const refused = redeemRefusal(record, payload, at);
      if (refused)
        return { ok: false, why: refused, record: copy(record) };
      record.usedAt = at;
      return { ok: true, record: copy(record) };
    },
    async settleApproval(space, id, result) {
      const record = live(space, id, now());
      if (!record)
        return { ok: false, why: "missing" };
      if (record.usedAt === void 0)
        return { ok: false, why: "unused", record: copy(record) };
      if (record.result !== void 0)
        return { ok: false, why: "settled", record: copy(record) };
      record.result = result;
      return { ok: true, record: copy(record) };
    }
  };
}
__name(memoryApprovalRecords, "memoryApprovalRecords");
var queueKey = /* @__PURE__ */ __name((r) => `${askedKey(r.askedAt)}
${r.id}`, "queueKey");
var PendingQueue = class {
  static {
    __name(this, "PendingQueue");
  }
  all = new SortedKeys();
  byScope = /* @__PURE__ */ new Map();
  scopeOf = /* @__PURE__ */ new Map();
  add(key, scope) {
    this.all.add(key);
    this.scopeOf.set(key, scope);
    let keys = this.byScope.get(scope);
    if (!keys) {
      keys = new SortedKeys();
      this.byScope.set(scope, keys);
    }
    keys.add(key);
  }
  remove(key) {
    this.all.delete(key);
    const scope = this.scopeOf.get(key);
    if (scope === void 0)
      return;
    this.scopeOf.delete(key);
    const keys = this.byScope.get(scope);
    keys?.delete(key);
    if (keys?.size === 0)
      this.byScope.delete(scope);
  }
};
function answerRefusal(record, answer, at) {
  if (record.expiresAt <= at)
    return "expired";
  if (record.usedAt !== void 0)
    return "used";
  if (record.answer?.approved === false)
    return "declined";
  if (record.answer?.approved === true && answer.approved)
    return "answered";
  return void 0;
}
__name(answerRefusal, "answerRefusal");
function redeemRefusal(record, payload, at) {
  if (record.expiresAt <= at)
    return "expired";
  if (record.payload !== payload)
    return "payload";
  if (record.answer === void 0)
    return "unanswered";
  if (!record.answer.approved)
    return "declined";
  if (record.usedAt !== void 0)
    return "used";
  return void 0;
}
__name(redeemRefusal, "redeemRefusal");

// dist/store/expiring.js
var MEMORY_MAX_ENTRIES = 1e5;
var ExpiringMap = class {
  static {
    __name(this, "ExpiringMap");
  }
  what;
  forgetOldest;
  max;
  entries = /* @__PURE__ */ new Map();
  constructor(what, forgetOldest, max = MEMORY_MAX_ENTRIES) {
    this.what = what;
    this.forgetOldest = forgetOldest;
    this.max = max;
  }
  get(key, now = Date.now()) {
    const entry = this.entries.get(key);
    if (!entry)
      return void 0;
    if (entry.until > now)
      return entry.value;
    this.entries.delete(key);
    return void 0;
  }
  set(key, value, until, now = Date.now()) {
    if (!this.entries.has(key) && this.entries.size >= this.max)
      this.makeRoom(now);
    this.entries.delete(key);
    this.entries.set(key, { value, until });
  }
  delete(key) {
    this.entries.delete(key);
  }
  get size() {
    return this.entries.size;
  }
  /** Forgets every expired entry. */
  sweep(now = Date.now()) {
    for (const [key, entry] of this.entries)
      if (entry.until <= now)
        this.entries.delete(key);
  }
  makeRoom(now) {
    this.sweep(now);
    if (this.entries.size < this.max)
      return;
    if (this.forgetOldest) {
      this.entries.delete(this.entries.keys().next().value);
      return;
    }
    throw new StoreError("memory", `The memory store holds ${this.max} live ${this.what}, its limit, and forgetting one could let a change be sent twice. Nothing was sent.`, `Nothing was sent. Tell the user this process holds too many open ${this.what}; use a shared store (Redis) or restart it once no change is in doubt.`);
  }
};

// dist/store/memory.js
var SWEEP_EVERY = 256;
function memoryStore(options = {}) {
  const buckets = /* @__PURE__ */ new Map();
  const writes = new ExpiringMap("write counts", true);
  const spent = new ExpiringMap("spent budgets", true);
  const used = new ExpiringMap("used approvals", false);
  const generations = new ExpiringMap("refused changes", false);
  const claims = new ExpiringMap("claims", true);
  const pins = new ExpiringMap("changes with an unknown outcome", false);
  let ops = 0;
  const sweep = /* @__PURE__ */ __name((now) => {
    if (++ops % SWEEP_EVERY !== 0)
      return;
    for (const [k, b] of buckets)
      if (now - b.touched > 36e5 && b.total === 0)
        buckets.delete(k);
    for (const map of [writes, spent, used, generations, claims, pins])
      map.sweep(now);
  }, "sweep");
  const bucketOf = /* @__PURE__ */ __name((key, now) => {
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size >= MEMORY_MAX_ENTRIES)
        buckets.delete(idlest(buckets));
      b = {
        pending: [],
        pendingHead: 0,
        byId: /* @__PURE__ */ new Map(),
        settled: [],
        settledHead: 0,
        total: 0,
        seq: 0,
        pausedUntil: 0,
        heard: false,
        probeUntil: 0,
        longestResetMs: 0,
        touched: now
      };
      buckets.set(key, b);
    }
    b.touched = now;
    return b;
  }, "bucketOf");
  const evict = /* @__PURE__ */ __name((b, now) => {
    while (b.pendingHead < b.pending.length) {
      const run = b.pending[b.pendingHead];
      if (!run.settled && run.until > now)
        break;
      if (!run.settled) {
        b.total -= run.n;
        b.byId.delete(run.id);
      }
      b.pendingHead++;
    }
    while (b.settledHead < b.settled.length && b.settled[b.settledHead].until <= now) {
      b.total -= b.settled[b.settledHead++].n;
    }
    compact(b);
    const pendingAt = b.pending[b.pendingHead]?.until ?? Number.POSITIVE_INFINITY;
    const settledAt = b.settled[b.settledHead]?.until ?? Number.POSITIVE_INFINITY;
    return { used: b.total, nextAt: Math.min(pendingAt, settledAt) };
  }, "evict");
  const compact = /* @__PURE__ */ __name((b) => {
    if (b.pendingHead > 64 && b.pendingHead * 2 > b.pending.length) {
      b.pending = b.pending.slice(b.pendingHead);
      b.pendingHead = 0;
    }
    if (b.settledHead > 64 && b.settledHead * 2 > b.settled.length) {
      b.settled = b.settled.slice(b.settledHead);
      b.settledHead = 0;
    }
  }, "compact");
  const settle = /* @__PURE__ */ __name((b, rule, id, now) => {
    const run = b.byId.get(id);
    if (!run || --run.left > 0)
      return;
    b.byId.delete(id);
    run.settled = true;
    run.until = Math.min(now, run.at + rule.holdMs) + rule.windowMs + rule.marginMs;
    if (run.until <= now) {
      b.total -= run.n;
      return;
    }
    let at = b.settled.length;
    while (at > b.settledHead && b.settled[at - 1].until > run.until)
      at--;
    b.settled.splice(at, 0, run);
  }, "settle");
  const serverNow = /* @__PURE__ */ __name((b, now) => {
    const s = b.server;
    if (!s || now < s.resetAt)
      return s;
    const resetAt = now + s.windowMs + RESET_UNCERTAINTY_MS;
    return { ...s, remaining: s.limit, resetAt, guessed: true, fromSeq: b.seq + 1 };
  }, "serverNow");
  const view = /* @__PURE__ */ __name((key) => {
    const now = Date.now();
    const b = buckets.get(key);
    if (!b)
      return { used: 0, pausedMs: 0 };
    const usedNow = evict(b, now).used;
    const s = b.server && now < b.server.resetAt ? b.server : void 0;
    return {
      used: usedNow,
      pausedMs: Math.max(0, b.pausedUntil - now),
      ...s ? { server: { limit: s.limit, remaining: s.remaining, resetMs: s.resetAt - now } } : {}
    };
  }, "view");
  return {
    name: "memory",
    ...memoryLiveRecords(),
    ...memoryRuleCounts(),
    ...memoryApprovalRecords(options.now),
    async takeRate(key, rule, want) {
      const now = Date.now();
      sweep(now);
      const b = bucketOf(key, now);
      const none = { granted: 0, seq: b.seq, run: "" };
      if (b.pausedUntil > now)
        return { ...none, waitMs: b.pausedUntil - now, paused: true };
      const counted = evict(b, now);
      let free = rule.limit - counted.used;
      let waitMs = free > 0 ? 0 : counted.nextAt - now;
      const server = serverNow(b, now);
      if (server) {
        if (server.remaining <= 0)
          waitMs = Math.max(waitMs, server.resetAt - now);
        free = Math.min(free, server.remaining);
      }
      if (!b.heard && b.probeUntil > 0 && b.probeUntil <= now)
        b.heard = true;
      if (!b.heard) {
        if (b.probeUntil > now)
          return { ...none, waitMs: Math.min(25, b.probeUntil - now) };
        free = Math.min(free, 1);
      }
      const granted = Math.max(0, Math.min(want, free));
      if (granted === 0)
        return { ...none, waitMs: Math.max(1, waitMs) };
      if (!b.heard)
        b.probeUntil = now + rule.probeMs;
      const id = `${b.seq + 1}:${granted}:${now}`;
      const run = {
        id,
        at: now,
        n: granted,
        left: granted,
        until: now + rule.holdMs + rule.windowMs + rule.marginMs,
        settled: false
      };
      b.pending.push(run);
      b.byId.set(id, run);
      b.total += granted;
      b.seq += granted;
      if (server)
        b.server = { ...server, remaining: server.remaining - granted };
      return { granted, waitMs: 0, seq: b.seq, run: id };
    },
    async heardRate(key, rule, heard) {
      const now = Date.now();
      const b = bucketOf(key, now);
      b.heard = true;
      b.probeUntil = 0;
      settle(b, rule, heard.run, now);
      const { limit, remaining, resetMs } = heard;
      if (limit === void 0 || remaining === void 0 || resetMs === void 0)
        return;
      if (staleAnswer(b.server, heard, now))
        return;
      b.longestResetMs = Math.max(b.longestResetMs, resetMs);
      const answer = { ...heard, limit, remaining, resetMs: b.longestResetMs };
      if (headersAddNothing(rule, answer, evict(b, now).used)) {
        b.server = void 0;
        return;
      }
      const left = Math.max(0, remaining - Math.max(0, b.seq - heard.seq));
      const resetAt = now + resetMs + RESET_UNCERTAINTY_MS;
      const s = b.server;
      const windowMs = Math.max(s?.windowMs ?? 0, resetMs, 1e3);
      if (!s || now >= s.resetAt || resetAt > s.resetAt + SAME_WINDOW_SLACK_MS) {
        b.server = { limit, remaining: left, resetAt, windowMs, guessed: false, fromSeq: heard.seq };
      } else if (s.guessed) {
        b.server = { ...s, limit, remaining: Math.min(s.remaining, left), resetAt, windowMs, guessed: false };
      } else {
        b.server = {
          ...s,
          limit,
          remaining: Math.min(s.remaining, left),
          resetAt: Math.min(s.resetAt, resetAt),
          windowMs,
          guessed: false
        };
      }
    },
    async pauseRate(key, ms) {
      const now = Date.now();
      const b = bucketOf(key, now);
      b.pausedUntil = Math.max(b.pausedUntil, now + ms);
    },
    viewRate: /* @__PURE__ */ __name(async (key) => view(key), "viewRate"),
    viewRateNow: /* @__PURE__ */ __name((key) => view(key), "viewRateNow"),
    async recordWrite(account, limit, windowMs) {
      const now = Date.now();
      sweep(now);
      const times = (writes.get(account, now) ?? []).filter((t) => t > now - windowMs);
      times.push(now);
      if (times.length > limit)
        times.splice(0, times.length - limit);
      writes.set(account, times, now + windowMs, now);
    },
    async markBudgetSpent(account, ms) {
      const now = Date.now();
      spent.set(account, now + ms, now + ms, now);
    },
    async viewBudget(account, limit, windowMs) {
      const now = Date.now();
      const until = spent.get(account, now) ?? 0;
      if (until > now)
        return { used: limit, resetMs: until - now };
      const times = (writes.get(account, now) ?? []).filter((t) => t > now - windowMs);
      return {
        used: Math.min(limit, times.length),
        resetMs: times.length === 0 ? null : times[0] + windowMs - now
      };
    },
    async consume(id, expiresAtMs) {
      const now = Date.now();
      sweep(now);
      if (!(expiresAtMs > now))
        return false;
      if (used.get(id, now))
        return false;
      used.set(id, true, expiresAtMs, now);
      return true;
    },
    async generation(slot) {
      return generations.get(slot) ?? 0;
    },
    async bumpGeneration(slot, expected, ttlMs) {
      const now = Date.now();
      sweep(now);
      if ((generations.get(slot, now) ?? 0) !== expected)
        return false;
      generations.set(slot, expected + 1, now + ttlMs, now);
      return true;
    },
    async pinned(slot) {
      return pins.get(slot) ?? null;
    },
    async pin(slot, id, ttlMs) {
      const now = Date.now();
      sweep(now);
      if (pins.get(slot, now) === void 0)
        pins.set(slot, id, now + ttlMs, now);
    },
    async unpin(slot, id) {
      if (pins.get(slot) === id)
        pins.delete(slot);
    },
    async claim(key, ttlMs) {
      const now = Date.now();
      sweep(now);
      if (claims.get(key, now) !== void 0)
        return null;
      const token = randomId();
      claims.set(key, token, now + ttlMs, now);
      return token;
    },
    async release(key, token) {
      if (claims.get(key) === token)
        claims.delete(key);
    },
    async close() {
    }
  };
}
__name(memoryStore, "memoryStore");
function staleAnswer(server, heard, now) {
  if (!server)
    return false;
  if (heard.seq < server.fromSeq)
    return true;
  const grantedAt = Number(heard.run.split(":")[2]);
  return now >= server.resetAt && Number.isFinite(grantedAt) && grantedAt < server.resetAt;
}
__name(staleAnswer, "staleAnswer");
function idlest(buckets) {
  let oldest;
  for (const [key, b] of buckets)
    if (!oldest || b.touched < oldest[1])
      oldest = [key, b.touched];
  return oldest[0];
}
__name(idlest, "idlest");
var processStore;
function defaultStore() {
  processStore ??= memoryStore();
  return processStore;
}
__name(defaultStore, "defaultStore");

export {
  ExpiringMap,
  pageLimit,
  unknownAfter,
  askedKey,
  RECORD_KEEP_MS,
  redisRuleCounts,
  memoryLiveRecords,
  redisLiveRecords,
  memoryStore,
  defaultStore
};
